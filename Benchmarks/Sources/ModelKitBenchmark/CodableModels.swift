import Foundation

/// Plain Swift structs equivalent to the ModelKit models, for the `Codable` and hand-written mappings.
///
/// `Codable` conformances are synthesized here; the hand-written mapping is in `HandWrittenMapping.swift`.
enum Plain {
    struct BenchmarkColor: Codable, Equatable {
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double
    }

    struct DemoItem: Codable, Equatable {
        var text: String
        var number: Int
        var score: Double
        var isActive: Bool
        var when: Date
        var label: BenchmarkColor
        var tags: [String]
        var note: String?
    }

    struct DemoCatalog: Codable, Equatable {
        var items: [DemoItem]
    }

    struct GitHubUser: Codable, Equatable {
        var login: String
        var id: Int
        var avatarURL: String
        var gravatarID: String
        var url: String
        var htmlURL: String
        var followersURL: String
        var followingURL: String
        var gistsURL: String
        var starredURL: String
        var subscriptionsURL: String
        var organizationsURL: String
        var reposURL: String
        var eventsURL: String
        var receivedEventsURL: String
        var type: String
        var siteAdmin: Bool
        var name: String
        var company: String?
        var blog: String
        var location: String
        var email: String?
        var hireable: Bool?
        var bio: String
        var publicRepos: Int
        var publicGists: Int
        var followers: Int
        var following: Int

        enum CodingKeys: String, CodingKey {
            case login
            case id
            case avatarURL = "avatar_url"
            case gravatarID = "gravatar_id"
            case url
            case htmlURL = "html_url"
            case followersURL = "followers_url"
            case followingURL = "following_url"
            case gistsURL = "gists_url"
            case starredURL = "starred_url"
            case subscriptionsURL = "subscriptions_url"
            case organizationsURL = "organizations_url"
            case reposURL = "repos_url"
            case eventsURL = "events_url"
            case receivedEventsURL = "received_events_url"
            case type
            case siteAdmin = "site_admin"
            case name
            case company
            case blog
            case location
            case email
            case hireable
            case bio
            case publicRepos = "public_repos"
            case publicGists = "public_gists"
            case followers
            case following
        }
    }

    struct WeiboStatus: Codable, Equatable {
        var favorited: Bool
        var attitudesStatus: Int
        var createdAt: WeiboDate
        var id: Int
        var truncated: Bool
        var inReplyToScreenName: String
        var mblogid: String
        var text: String
        var idstr: String
        var sourceType: Int
        var geo: String
        var user: WeiboUser
        var commentsCount: Int
        var thumbnailPic: String
        var source: String
        var recomState: Int
        var sourceAllowclick: Int
        var bizFeature: Int
        var mblogtypename: String
        var annotations: [WeiboAnnotation]
        var filterID: String
        var bmiddlePic: String
        var scheme: String
        var visible: WeiboVisibility
        var inReplyToStatusID: String
        var mid: String
        var picIDs: [String]
        var repostsCount: Int
        var mlevel: Int
        var attitudesCount: Int
        var darwinTags: [String]
        var userType: Int
        var picInfos: [String: WeiboPicture]
        var inReplyToUserID: String
        var originalPic: String

        enum CodingKeys: String, CodingKey {
            case favorited
            case attitudesStatus = "attitudes_status"
            case createdAt = "created_at"
            case id
            case truncated
            case inReplyToScreenName = "in_reply_to_screen_name"
            case mblogid
            case text
            case idstr
            case sourceType = "source_type"
            case geo
            case user
            case commentsCount = "comments_count"
            case thumbnailPic = "thumbnail_pic"
            case source
            case recomState = "recom_state"
            case sourceAllowclick = "source_allowclick"
            case bizFeature = "biz_feature"
            case mblogtypename
            case annotations
            case filterID
            case bmiddlePic = "bmiddle_pic"
            case scheme
            case visible
            case inReplyToStatusID = "in_reply_to_status_id"
            case mid
            case picIDs = "pic_ids"
            case repostsCount = "reposts_count"
            case mlevel
            case attitudesCount = "attitudes_count"
            case darwinTags = "darwin_tags"
            case userType
            case picInfos = "pic_infos"
            case inReplyToUserID = "in_reply_to_user_id"
            case originalPic = "original_pic"
        }
    }

    struct WeiboUser: Codable, Equatable {
        var coverImagePhone: String
        var id: Int
        var biFollowersCount: Int
        var urank: Int
        var profileImageURL: String
        var icons: [WeiboIcon]
        var userClass: Int
        var verifiedContactEmail: String
        var province: String
        var verified: Bool
        var url: String
        var statusesCount: Int
        var geoEnabled: Bool
        var followMe: Bool
        var userDescription: String
        var type: Int
        var followersCount: Int
        var verifiedContactMobile: String
        var location: String
        var mbrank: Int
        var avatarLarge: String
        var star: Int
        var verifiedTrade: String
        var profileURL: String
        var weihao: String
        var onlineStatus: Int
        var badgeTop: String
        var verifiedContactName: String
        var screenName: String
        var verifiedSourceURL: String
        var pagefriendsCount: Int
        var name: String
        var verifiedReason: String
        var friendsCount: Int
        var mbtype: Int
        var blockApp: Int
        var hasAbilityTag: Int
        var avatarHd: String
        var creditScore: Int
        var remark: String
        var createdAt: WeiboDate
        var blockWord: Int
        var ulevel: Int
        var allowAllActMsg: Bool
        var verifiedState: Int
        var domain: String
        var verifiedReasonModified: String
        var level: Int
        var allowAllComment: Bool
        var verifiedLevel: Int
        var verifiedReasonURL: String
        var gender: String
        var favouritesCount: Int
        var idstr: String
        var verifiedType: Int
        var city: String
        var verifiedSource: String
        var badge: WeiboBadge
        var userAbility: Int
        var extend: WeiboUserExtension
        var lang: String
        var ptype: Int
        var following: Bool

        enum CodingKeys: String, CodingKey {
            case coverImagePhone = "cover_image_phone"
            case id
            case biFollowersCount = "bi_followers_count"
            case urank
            case profileImageURL = "profile_image_url"
            case icons
            case userClass = "class"
            case verifiedContactEmail = "verified_contact_email"
            case province
            case verified
            case url
            case statusesCount = "statuses_count"
            case geoEnabled = "geo_enabled"
            case followMe = "follow_me"
            case userDescription = "description"
            case type
            case followersCount = "followers_count"
            case verifiedContactMobile = "verified_contact_mobile"
            case location
            case mbrank
            case avatarLarge = "avatar_large"
            case star
            case verifiedTrade = "verified_trade"
            case profileURL = "profile_url"
            case weihao
            case onlineStatus = "online_status"
            case badgeTop = "badge_top"
            case verifiedContactName = "verified_contact_name"
            case screenName = "screen_name"
            case verifiedSourceURL = "verified_source_url"
            case pagefriendsCount = "pagefriends_count"
            case name
            case verifiedReason = "verified_reason"
            case friendsCount = "friends_count"
            case mbtype
            case blockApp = "block_app"
            case hasAbilityTag = "has_ability_tag"
            case avatarHd = "avatar_hd"
            case creditScore = "credit_score"
            case remark
            case createdAt = "created_at"
            case blockWord = "block_word"
            case ulevel
            case allowAllActMsg = "allow_all_act_msg"
            case verifiedState = "verified_state"
            case domain
            case verifiedReasonModified = "verified_reason_modified"
            case level
            case allowAllComment = "allow_all_comment"
            case verifiedLevel = "verified_level"
            case verifiedReasonURL = "verified_reason_url"
            case gender
            case favouritesCount = "favourites_count"
            case idstr
            case verifiedType = "verified_type"
            case city
            case verifiedSource = "verified_source"
            case badge
            case userAbility = "user_ability"
            case extend
            case lang
            case ptype
            case following
        }
    }

    struct WeiboIcon: Codable, Equatable {
        var url: String
    }

    struct WeiboBadge: Codable, Equatable {
        var gongyi: Int
        var gongyiLevel: Int
        var enterprise: Int
        var zongyiji: Int
        var suishoupai2014: Int
        var travel2013: Int
        var anniversary: Int
        var taobao: Int
        var hongbao2014: Int
        var dzwbqlv2015: Int
        var ucDomain: Int
        var bindTaobao: Int
        var dailv: Int
        var pzsd2015: Int

        enum CodingKeys: String, CodingKey {
            case gongyi
            case gongyiLevel = "gongyi_level"
            case enterprise
            case zongyiji
            case suishoupai2014 = "suishoupai_2014"
            case travel2013
            case anniversary
            case taobao
            case hongbao2014 = "hongbao_2014"
            case dzwbqlv2015 = "dzwbqlv_2015"
            case ucDomain = "uc_domain"
            case bindTaobao = "bind_taobao"
            case dailv
            case pzsd2015 = "pzsd_2015"
        }
    }

    struct WeiboUserExtension: Codable, Equatable {
        var privacy: WeiboPrivacy
        var mbprivilege: String
    }

    struct WeiboPrivacy: Codable, Equatable {
        var mobile: Int
    }

    struct WeiboAnnotation: Codable, Equatable {
        var clientMblogid: String?
        var mapiRequest: Bool?

        enum CodingKeys: String, CodingKey {
            case clientMblogid = "client_mblogid"
            case mapiRequest = "mapi_request"
        }
    }

    struct WeiboVisibility: Codable, Equatable {
        var type: Int
        var listID: Int

        enum CodingKeys: String, CodingKey {
            case type
            case listID = "list_id"
        }
    }

    struct WeiboPicture: Codable, Equatable {
        var thumbnail: WeiboPictureSize
        var bmiddle: WeiboPictureSize
        var large: WeiboPictureSize
        var largest: WeiboPictureSize
        var original: WeiboPictureSize
        var middleplus: WeiboPictureSize
        var picID: String
        var photoTag: Int
        var filterID: String
        var objectID: String

        enum CodingKeys: String, CodingKey {
            case thumbnail
            case bmiddle
            case large
            case largest
            case original
            case middleplus
            case picID = "pic_id"
            case photoTag = "photo_tag"
            case filterID = "filter_id"
            case objectID = "object_id"
        }
    }

    struct WeiboPictureSize: Codable, Equatable {
        var cutType: Int
        var type: String
        var url: String
        var width: LenientInt
        var height: LenientInt

        enum CodingKeys: String, CodingKey {
            case cutType = "cut_type"
            case type
            case url
            case width
            case height
        }
    }
}
