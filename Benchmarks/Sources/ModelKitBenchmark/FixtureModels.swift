import Foundation
import ModelKit

// The models of the fixture payloads, as a user maps those APIs: every field of the GitHub user
// and of the Weibo status, with Swift names and the API's keys (for GitHub, through its key
// style).

final class GitHubUser: ModelObject {
    // GitHub's keys are the Swift names in snake case: `avatarURL` is `avatar_url`.
    override class var keyStyle: KeyStyle { .snakeCase }

    @Saved var login = ""
    @Saved var id = 0
    @Saved var avatarURL = ""
    @Saved var gravatarID = ""
    @Saved var url = ""
    @Saved var htmlURL = ""
    @Saved var followersURL = ""
    @Saved var followingURL = ""
    @Saved var gistsURL = ""
    @Saved var starredURL = ""
    @Saved var subscriptionsURL = ""
    @Saved var organizationsURL = ""
    @Saved var reposURL = ""
    @Saved var eventsURL = ""
    @Saved var receivedEventsURL = ""
    @Saved var type = ""
    @Saved var siteAdmin = false
    @Saved var name = ""
    @Saved var company: String?
    @Saved var blog = ""
    @Saved var location = ""
    @Saved var email: String?
    @Saved var hireable: Bool?
    @Saved var bio = ""
    @Saved var publicRepos = 0
    @Saved var publicGists = 0
    @Saved var followers = 0
    @Saved var following = 0
}

final class WeiboStatus: ModelObject {
    @Saved var favorited = false
    @Saved("attitudes_status") var attitudesStatus = 0
    // Weibo writes dates as `Tue May 31 17:46:55 +0800 2011`.
    @Saved("created_at", date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) var createdAt = Date(timeIntervalSince1970: 0)
    @Saved var id = 0
    @Saved var truncated = false
    @Saved("in_reply_to_screen_name") var inReplyToScreenName = ""
    @Saved var mblogid = ""
    @Saved var text = ""
    @Saved var idstr = ""
    @Saved("source_type") var sourceType = 0
    @Saved var geo = ""
    @Saved var user = WeiboUser()
    @Saved("comments_count") var commentsCount = 0
    @Saved("thumbnail_pic") var thumbnailPic = ""
    @Saved var source = ""
    @Saved("recom_state") var recomState = 0
    @Saved("source_allowclick") var sourceAllowclick = 0
    @Saved("biz_feature") var bizFeature = 0
    @Saved var mblogtypename = ""
    @Saved var annotations: [WeiboAnnotation] = []
    @Saved var filterID = ""
    @Saved("bmiddle_pic") var bmiddlePic = ""
    @Saved var scheme = ""
    @Saved var visible = WeiboVisibility()
    @Saved("in_reply_to_status_id") var inReplyToStatusID = ""
    @Saved var mid = ""
    @Saved("pic_ids") var picIDs: [String] = []
    @Saved("reposts_count") var repostsCount = 0
    @Saved var mlevel = 0
    @Saved("attitudes_count") var attitudesCount = 0
    @Saved("darwin_tags") var darwinTags: [String] = []
    @Saved var userType = 0
    @Saved("pic_infos") var picInfos: [String: WeiboPicture] = [:]
    @Saved("in_reply_to_user_id") var inReplyToUserID = ""
    @Saved("original_pic") var originalPic = ""
}

final class WeiboUser: ModelObject {
    @Saved("cover_image_phone") var coverImagePhone = ""
    @Saved var id = 0
    @Saved("bi_followers_count") var biFollowersCount = 0
    @Saved var urank = 0
    @Saved("profile_image_url") var profileImageURL = ""
    @Saved var icons: [WeiboIcon] = []
    @Saved("class") var userClass = 0
    @Saved("verified_contact_email") var verifiedContactEmail = ""
    @Saved var province = ""
    @Saved var verified = false
    @Saved var url = ""
    @Saved("statuses_count") var statusesCount = 0
    @Saved("geo_enabled") var geoEnabled = false
    @Saved("follow_me") var followMe = false
    @Saved("description") var userDescription = ""
    @Saved var type = 0
    @Saved("followers_count") var followersCount = 0
    @Saved("verified_contact_mobile") var verifiedContactMobile = ""
    @Saved var location = ""
    @Saved var mbrank = 0
    @Saved("avatar_large") var avatarLarge = ""
    @Saved var star = 0
    @Saved("verified_trade") var verifiedTrade = ""
    @Saved("profile_url") var profileURL = ""
    @Saved var weihao = ""
    @Saved("online_status") var onlineStatus = 0
    @Saved("badge_top") var badgeTop = ""
    @Saved("verified_contact_name") var verifiedContactName = ""
    @Saved("screen_name") var screenName = ""
    @Saved("verified_source_url") var verifiedSourceURL = ""
    @Saved("pagefriends_count") var pagefriendsCount = 0
    @Saved var name = ""
    @Saved("verified_reason") var verifiedReason = ""
    @Saved("friends_count") var friendsCount = 0
    @Saved var mbtype = 0
    @Saved("block_app") var blockApp = 0
    @Saved("has_ability_tag") var hasAbilityTag = 0
    @Saved("avatar_hd") var avatarHd = ""
    @Saved("credit_score") var creditScore = 0
    @Saved var remark = ""
    // Weibo writes dates as `Tue May 31 17:46:55 +0800 2011`.
    @Saved("created_at", date: .pattern("EEE MMM dd HH:mm:ss Z yyyy")) var createdAt = Date(timeIntervalSince1970: 0)
    @Saved("block_word") var blockWord = 0
    @Saved var ulevel = 0
    @Saved("allow_all_act_msg") var allowAllActMsg = false
    @Saved("verified_state") var verifiedState = 0
    @Saved var domain = ""
    @Saved("verified_reason_modified") var verifiedReasonModified = ""
    @Saved var level = 0
    @Saved("allow_all_comment") var allowAllComment = false
    @Saved("verified_level") var verifiedLevel = 0
    @Saved("verified_reason_url") var verifiedReasonURL = ""
    @Saved var gender = ""
    @Saved("favourites_count") var favouritesCount = 0
    @Saved var idstr = ""
    @Saved("verified_type") var verifiedType = 0
    @Saved var city = ""
    @Saved("verified_source") var verifiedSource = ""
    @Saved var badge = WeiboBadge()
    @Saved("user_ability") var userAbility = 0
    @Saved var extend = WeiboUserExtension()
    @Saved var lang = ""
    @Saved var ptype = 0
    @Saved var following = false
}

final class WeiboIcon: ModelObject {
    @Saved var url = ""
}

final class WeiboBadge: ModelObject {
    @Saved var gongyi = 0
    @Saved("gongyi_level") var gongyiLevel = 0
    @Saved var enterprise = 0
    @Saved var zongyiji = 0
    @Saved("suishoupai_2014") var suishoupai2014 = 0
    @Saved var travel2013 = 0
    @Saved var anniversary = 0
    @Saved var taobao = 0
    @Saved("hongbao_2014") var hongbao2014 = 0
    @Saved("dzwbqlv_2015") var dzwbqlv2015 = 0
    @Saved("uc_domain") var ucDomain = 0
    @Saved("bind_taobao") var bindTaobao = 0
    @Saved var dailv = 0
    @Saved("pzsd_2015") var pzsd2015 = 0
}

final class WeiboUserExtension: ModelObject {
    @Saved var privacy = WeiboPrivacy()
    @Saved var mbprivilege = ""
}

final class WeiboPrivacy: ModelObject {
    @Saved var mobile = 0
}

final class WeiboAnnotation: ModelObject {
    @Saved("client_mblogid") var clientMblogid: String?
    @Saved("mapi_request") var mapiRequest: Bool?
}

final class WeiboVisibility: ModelObject {
    @Saved var type = 0
    @Saved("list_id") var listID = 0
}

final class WeiboPicture: ModelObject {
    @Saved var thumbnail = WeiboPictureSize()
    @Saved var bmiddle = WeiboPictureSize()
    @Saved var large = WeiboPictureSize()
    @Saved var largest = WeiboPictureSize()
    @Saved var original = WeiboPictureSize()
    @Saved var middleplus = WeiboPictureSize()
    @Saved("pic_id") var picID = ""
    @Saved("photo_tag") var photoTag = 0
    @Saved("filter_id") var filterID = ""
    @Saved("object_id") var objectID = ""
}

final class WeiboPictureSize: ModelObject {
    @Saved("cut_type") var cutType = 0
    @Saved var type = ""
    @Saved var url = ""
    @Saved var width = LenientInt(0)
    @Saved var height = LenientInt(0)
}
