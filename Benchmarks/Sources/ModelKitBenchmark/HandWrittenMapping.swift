import Foundation

/// The mapping a developer writes by hand over `JSONSerialization`: read each key with a cast and a default,
/// write a dictionary literal.
///
/// The dictionaries it writes equal ModelKit's, `version` and `representedClassName` included, so both do the
/// same work.
protocol HandMapped {
    init(dictionary: [String: Any])
    var dictionary: [String: Any] { get }
}

extension Plain.BenchmarkColor: HandMapped {
    init(dictionary: [String: Any]) {
        red = dictionary["red"] as? Double ?? 0
        green = dictionary["green"] as? Double ?? 0
        blue = dictionary["blue"] as? Double ?? 0
        alpha = dictionary["alpha"] as? Double ?? 1
    }

    var dictionary: [String: Any] {
        [
            "version": 1, "representedClassName": "BenchmarkColor", "red": red, "green": green, "blue": blue,
            "alpha": alpha,
        ]
    }
}

extension Plain.DemoItem: HandMapped {
    private static let dateStyle = Date.ISO8601FormatStyle()

    init(dictionary: [String: Any]) {
        text = dictionary["text"] as? String ?? ""
        number = dictionary["number"] as? Int ?? 0
        score = dictionary["score"] as? Double ?? 0
        isActive = dictionary["isActive"] as? Bool ?? false
        when =
            (dictionary["when"] as? String).flatMap { try? Self.dateStyle.parse($0) } ?? Date(timeIntervalSince1970: 0)
        label = Plain.BenchmarkColor(dictionary: dictionary["label"] as? [String: Any] ?? [:])
        tags = dictionary["tags"] as? [String] ?? []
        note = dictionary["note"] as? String
    }

    var dictionary: [String: Any] {
        var dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "DemoItem",
            "text": text,
            "number": number,
            "score": score,
            "isActive": isActive,
            "when": Self.dateStyle.format(when),
            "label": label.dictionary,
            "tags": tags,
        ]
        if let note { dictionary["note"] = note }
        return dictionary
    }
}

extension Plain.DemoCatalog: HandMapped {
    init(dictionary: [String: Any]) {
        items = (dictionary["items"] as? [[String: Any]] ?? []).map(Plain.DemoItem.init(dictionary:))
    }

    var dictionary: [String: Any] {
        ["version": 1, "representedClassName": "DemoCatalog", "items": items.map(\.dictionary)]
    }
}

extension Plain.GitHubUser: HandMapped {
    init(dictionary: [String: Any]) {
        login = dictionary["login"] as? String ?? ""
        id = dictionary["id"] as? Int ?? 0
        avatarURL = dictionary["avatar_url"] as? String ?? ""
        gravatarID = dictionary["gravatar_id"] as? String ?? ""
        url = dictionary["url"] as? String ?? ""
        htmlURL = dictionary["html_url"] as? String ?? ""
        followersURL = dictionary["followers_url"] as? String ?? ""
        followingURL = dictionary["following_url"] as? String ?? ""
        gistsURL = dictionary["gists_url"] as? String ?? ""
        starredURL = dictionary["starred_url"] as? String ?? ""
        subscriptionsURL = dictionary["subscriptions_url"] as? String ?? ""
        organizationsURL = dictionary["organizations_url"] as? String ?? ""
        reposURL = dictionary["repos_url"] as? String ?? ""
        eventsURL = dictionary["events_url"] as? String ?? ""
        receivedEventsURL = dictionary["received_events_url"] as? String ?? ""
        type = dictionary["type"] as? String ?? ""
        siteAdmin = dictionary["site_admin"] as? Bool ?? false
        name = dictionary["name"] as? String ?? ""
        company = dictionary["company"] as? String
        blog = dictionary["blog"] as? String ?? ""
        location = dictionary["location"] as? String ?? ""
        email = dictionary["email"] as? String
        hireable = dictionary["hireable"] as? Bool
        bio = dictionary["bio"] as? String ?? ""
        publicRepos = dictionary["public_repos"] as? Int ?? 0
        publicGists = dictionary["public_gists"] as? Int ?? 0
        followers = dictionary["followers"] as? Int ?? 0
        following = dictionary["following"] as? Int ?? 0
    }

    var dictionary: [String: Any] {
        var dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "GitHubUser",
            "login": login,
            "id": id,
            "avatar_url": avatarURL,
            "gravatar_id": gravatarID,
            "url": url,
            "html_url": htmlURL,
            "followers_url": followersURL,
            "following_url": followingURL,
            "gists_url": gistsURL,
            "starred_url": starredURL,
            "subscriptions_url": subscriptionsURL,
            "organizations_url": organizationsURL,
            "repos_url": reposURL,
            "events_url": eventsURL,
            "received_events_url": receivedEventsURL,
            "type": type,
            "site_admin": siteAdmin,
            "name": name,
            "blog": blog,
            "location": location,
            "bio": bio,
            "public_repos": publicRepos,
            "public_gists": publicGists,
            "followers": followers,
            "following": following,
        ]
        if let company { dictionary["company"] = company }
        if let email { dictionary["email"] = email }
        if let hireable { dictionary["hireable"] = hireable }
        return dictionary
    }
}

extension Plain.WeiboStatus: HandMapped {
    init(dictionary: [String: Any]) {
        favorited = dictionary["favorited"] as? Bool ?? false
        attitudesStatus = dictionary["attitudes_status"] as? Int ?? 0
        createdAt = (try? WeiboDate(string: dictionary["created_at"] as? String ?? "")) ?? .unknown
        id = dictionary["id"] as? Int ?? 0
        truncated = dictionary["truncated"] as? Bool ?? false
        inReplyToScreenName = dictionary["in_reply_to_screen_name"] as? String ?? ""
        mblogid = dictionary["mblogid"] as? String ?? ""
        text = dictionary["text"] as? String ?? ""
        idstr = dictionary["idstr"] as? String ?? ""
        sourceType = dictionary["source_type"] as? Int ?? 0
        geo = dictionary["geo"] as? String ?? ""
        user = Plain.WeiboUser(dictionary: dictionary["user"] as? [String: Any] ?? [:])
        commentsCount = dictionary["comments_count"] as? Int ?? 0
        thumbnailPic = dictionary["thumbnail_pic"] as? String ?? ""
        source = dictionary["source"] as? String ?? ""
        recomState = dictionary["recom_state"] as? Int ?? 0
        sourceAllowclick = dictionary["source_allowclick"] as? Int ?? 0
        bizFeature = dictionary["biz_feature"] as? Int ?? 0
        mblogtypename = dictionary["mblogtypename"] as? String ?? ""
        annotations = (dictionary["annotations"] as? [[String: Any]] ?? []).map(Plain.WeiboAnnotation.init(dictionary:))
        filterID = dictionary["filterID"] as? String ?? ""
        bmiddlePic = dictionary["bmiddle_pic"] as? String ?? ""
        scheme = dictionary["scheme"] as? String ?? ""
        visible = Plain.WeiboVisibility(dictionary: dictionary["visible"] as? [String: Any] ?? [:])
        inReplyToStatusID = dictionary["in_reply_to_status_id"] as? String ?? ""
        mid = dictionary["mid"] as? String ?? ""
        picIDs = dictionary["pic_ids"] as? [String] ?? []
        repostsCount = dictionary["reposts_count"] as? Int ?? 0
        mlevel = dictionary["mlevel"] as? Int ?? 0
        attitudesCount = dictionary["attitudes_count"] as? Int ?? 0
        darwinTags = dictionary["darwin_tags"] as? [String] ?? []
        userType = dictionary["userType"] as? Int ?? 0
        picInfos = (dictionary["pic_infos"] as? [String: [String: Any]] ?? [:]).mapValues(
            Plain.WeiboPicture.init(dictionary:))
        inReplyToUserID = dictionary["in_reply_to_user_id"] as? String ?? ""
        originalPic = dictionary["original_pic"] as? String ?? ""
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboStatus",
            "favorited": favorited,
            "attitudes_status": attitudesStatus,
            "created_at": createdAt.string,
            "id": id,
            "truncated": truncated,
            "in_reply_to_screen_name": inReplyToScreenName,
            "mblogid": mblogid,
            "text": text,
            "idstr": idstr,
            "source_type": sourceType,
            "geo": geo,
            "user": user.dictionary,
            "comments_count": commentsCount,
            "thumbnail_pic": thumbnailPic,
            "source": source,
            "recom_state": recomState,
            "source_allowclick": sourceAllowclick,
            "biz_feature": bizFeature,
            "mblogtypename": mblogtypename,
            "annotations": annotations.map(\.dictionary),
            "filterID": filterID,
            "bmiddle_pic": bmiddlePic,
            "scheme": scheme,
            "visible": visible.dictionary,
            "in_reply_to_status_id": inReplyToStatusID,
            "mid": mid,
            "pic_ids": picIDs,
            "reposts_count": repostsCount,
            "mlevel": mlevel,
            "attitudes_count": attitudesCount,
            "darwin_tags": darwinTags,
            "userType": userType,
            "pic_infos": picInfos.mapValues(\.dictionary),
            "in_reply_to_user_id": inReplyToUserID,
            "original_pic": originalPic,
        ]
        return dictionary
    }
}

extension Plain.WeiboUser: HandMapped {
    init(dictionary: [String: Any]) {
        coverImagePhone = dictionary["cover_image_phone"] as? String ?? ""
        id = dictionary["id"] as? Int ?? 0
        biFollowersCount = dictionary["bi_followers_count"] as? Int ?? 0
        urank = dictionary["urank"] as? Int ?? 0
        profileImageURL = dictionary["profile_image_url"] as? String ?? ""
        icons = (dictionary["icons"] as? [[String: Any]] ?? []).map(Plain.WeiboIcon.init(dictionary:))
        userClass = dictionary["class"] as? Int ?? 0
        verifiedContactEmail = dictionary["verified_contact_email"] as? String ?? ""
        province = dictionary["province"] as? String ?? ""
        verified = dictionary["verified"] as? Bool ?? false
        url = dictionary["url"] as? String ?? ""
        statusesCount = dictionary["statuses_count"] as? Int ?? 0
        geoEnabled = dictionary["geo_enabled"] as? Bool ?? false
        followMe = dictionary["follow_me"] as? Bool ?? false
        userDescription = dictionary["description"] as? String ?? ""
        type = dictionary["type"] as? Int ?? 0
        followersCount = dictionary["followers_count"] as? Int ?? 0
        verifiedContactMobile = dictionary["verified_contact_mobile"] as? String ?? ""
        location = dictionary["location"] as? String ?? ""
        mbrank = dictionary["mbrank"] as? Int ?? 0
        avatarLarge = dictionary["avatar_large"] as? String ?? ""
        star = dictionary["star"] as? Int ?? 0
        verifiedTrade = dictionary["verified_trade"] as? String ?? ""
        profileURL = dictionary["profile_url"] as? String ?? ""
        weihao = dictionary["weihao"] as? String ?? ""
        onlineStatus = dictionary["online_status"] as? Int ?? 0
        badgeTop = dictionary["badge_top"] as? String ?? ""
        verifiedContactName = dictionary["verified_contact_name"] as? String ?? ""
        screenName = dictionary["screen_name"] as? String ?? ""
        verifiedSourceURL = dictionary["verified_source_url"] as? String ?? ""
        pagefriendsCount = dictionary["pagefriends_count"] as? Int ?? 0
        name = dictionary["name"] as? String ?? ""
        verifiedReason = dictionary["verified_reason"] as? String ?? ""
        friendsCount = dictionary["friends_count"] as? Int ?? 0
        mbtype = dictionary["mbtype"] as? Int ?? 0
        blockApp = dictionary["block_app"] as? Int ?? 0
        hasAbilityTag = dictionary["has_ability_tag"] as? Int ?? 0
        avatarHd = dictionary["avatar_hd"] as? String ?? ""
        creditScore = dictionary["credit_score"] as? Int ?? 0
        remark = dictionary["remark"] as? String ?? ""
        createdAt = (try? WeiboDate(string: dictionary["created_at"] as? String ?? "")) ?? .unknown
        blockWord = dictionary["block_word"] as? Int ?? 0
        ulevel = dictionary["ulevel"] as? Int ?? 0
        allowAllActMsg = dictionary["allow_all_act_msg"] as? Bool ?? false
        verifiedState = dictionary["verified_state"] as? Int ?? 0
        domain = dictionary["domain"] as? String ?? ""
        verifiedReasonModified = dictionary["verified_reason_modified"] as? String ?? ""
        level = dictionary["level"] as? Int ?? 0
        allowAllComment = dictionary["allow_all_comment"] as? Bool ?? false
        verifiedLevel = dictionary["verified_level"] as? Int ?? 0
        verifiedReasonURL = dictionary["verified_reason_url"] as? String ?? ""
        gender = dictionary["gender"] as? String ?? ""
        favouritesCount = dictionary["favourites_count"] as? Int ?? 0
        idstr = dictionary["idstr"] as? String ?? ""
        verifiedType = dictionary["verified_type"] as? Int ?? 0
        city = dictionary["city"] as? String ?? ""
        verifiedSource = dictionary["verified_source"] as? String ?? ""
        badge = Plain.WeiboBadge(dictionary: dictionary["badge"] as? [String: Any] ?? [:])
        userAbility = dictionary["user_ability"] as? Int ?? 0
        extend = Plain.WeiboUserExtension(dictionary: dictionary["extend"] as? [String: Any] ?? [:])
        lang = dictionary["lang"] as? String ?? ""
        ptype = dictionary["ptype"] as? Int ?? 0
        following = dictionary["following"] as? Bool ?? false
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboUser",
            "cover_image_phone": coverImagePhone,
            "id": id,
            "bi_followers_count": biFollowersCount,
            "urank": urank,
            "profile_image_url": profileImageURL,
            "icons": icons.map(\.dictionary),
            "class": userClass,
            "verified_contact_email": verifiedContactEmail,
            "province": province,
            "verified": verified,
            "url": url,
            "statuses_count": statusesCount,
            "geo_enabled": geoEnabled,
            "follow_me": followMe,
            "description": userDescription,
            "type": type,
            "followers_count": followersCount,
            "verified_contact_mobile": verifiedContactMobile,
            "location": location,
            "mbrank": mbrank,
            "avatar_large": avatarLarge,
            "star": star,
            "verified_trade": verifiedTrade,
            "profile_url": profileURL,
            "weihao": weihao,
            "online_status": onlineStatus,
            "badge_top": badgeTop,
            "verified_contact_name": verifiedContactName,
            "screen_name": screenName,
            "verified_source_url": verifiedSourceURL,
            "pagefriends_count": pagefriendsCount,
            "name": name,
            "verified_reason": verifiedReason,
            "friends_count": friendsCount,
            "mbtype": mbtype,
            "block_app": blockApp,
            "has_ability_tag": hasAbilityTag,
            "avatar_hd": avatarHd,
            "credit_score": creditScore,
            "remark": remark,
            "created_at": createdAt.string,
            "block_word": blockWord,
            "ulevel": ulevel,
            "allow_all_act_msg": allowAllActMsg,
            "verified_state": verifiedState,
            "domain": domain,
            "verified_reason_modified": verifiedReasonModified,
            "level": level,
            "allow_all_comment": allowAllComment,
            "verified_level": verifiedLevel,
            "verified_reason_url": verifiedReasonURL,
            "gender": gender,
            "favourites_count": favouritesCount,
            "idstr": idstr,
            "verified_type": verifiedType,
            "city": city,
            "verified_source": verifiedSource,
            "badge": badge.dictionary,
            "user_ability": userAbility,
            "extend": extend.dictionary,
            "lang": lang,
            "ptype": ptype,
            "following": following,
        ]
        return dictionary
    }
}

extension Plain.WeiboIcon: HandMapped {
    init(dictionary: [String: Any]) {
        url = dictionary["url"] as? String ?? ""
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboIcon",
            "url": url,
        ]
        return dictionary
    }
}

extension Plain.WeiboBadge: HandMapped {
    init(dictionary: [String: Any]) {
        gongyi = dictionary["gongyi"] as? Int ?? 0
        gongyiLevel = dictionary["gongyi_level"] as? Int ?? 0
        enterprise = dictionary["enterprise"] as? Int ?? 0
        zongyiji = dictionary["zongyiji"] as? Int ?? 0
        suishoupai2014 = dictionary["suishoupai_2014"] as? Int ?? 0
        travel2013 = dictionary["travel2013"] as? Int ?? 0
        anniversary = dictionary["anniversary"] as? Int ?? 0
        taobao = dictionary["taobao"] as? Int ?? 0
        hongbao2014 = dictionary["hongbao_2014"] as? Int ?? 0
        dzwbqlv2015 = dictionary["dzwbqlv_2015"] as? Int ?? 0
        ucDomain = dictionary["uc_domain"] as? Int ?? 0
        bindTaobao = dictionary["bind_taobao"] as? Int ?? 0
        dailv = dictionary["dailv"] as? Int ?? 0
        pzsd2015 = dictionary["pzsd_2015"] as? Int ?? 0
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboBadge",
            "gongyi": gongyi,
            "gongyi_level": gongyiLevel,
            "enterprise": enterprise,
            "zongyiji": zongyiji,
            "suishoupai_2014": suishoupai2014,
            "travel2013": travel2013,
            "anniversary": anniversary,
            "taobao": taobao,
            "hongbao_2014": hongbao2014,
            "dzwbqlv_2015": dzwbqlv2015,
            "uc_domain": ucDomain,
            "bind_taobao": bindTaobao,
            "dailv": dailv,
            "pzsd_2015": pzsd2015,
        ]
        return dictionary
    }
}

extension Plain.WeiboUserExtension: HandMapped {
    init(dictionary: [String: Any]) {
        privacy = Plain.WeiboPrivacy(dictionary: dictionary["privacy"] as? [String: Any] ?? [:])
        mbprivilege = dictionary["mbprivilege"] as? String ?? ""
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboUserExtension",
            "privacy": privacy.dictionary,
            "mbprivilege": mbprivilege,
        ]
        return dictionary
    }
}

extension Plain.WeiboPrivacy: HandMapped {
    init(dictionary: [String: Any]) {
        mobile = dictionary["mobile"] as? Int ?? 0
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboPrivacy",
            "mobile": mobile,
        ]
        return dictionary
    }
}

extension Plain.WeiboAnnotation: HandMapped {
    init(dictionary: [String: Any]) {
        clientMblogid = dictionary["client_mblogid"] as? String
        mapiRequest = dictionary["mapi_request"] as? Bool
    }

    var dictionary: [String: Any] {
        var dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboAnnotation",
        ]
        if let clientMblogid { dictionary["client_mblogid"] = clientMblogid }
        if let mapiRequest { dictionary["mapi_request"] = mapiRequest }
        return dictionary
    }
}

extension Plain.WeiboVisibility: HandMapped {
    init(dictionary: [String: Any]) {
        type = dictionary["type"] as? Int ?? 0
        listID = dictionary["list_id"] as? Int ?? 0
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboVisibility",
            "type": type,
            "list_id": listID,
        ]
        return dictionary
    }
}

extension Plain.WeiboPicture: HandMapped {
    init(dictionary: [String: Any]) {
        thumbnail = Plain.WeiboPictureSize(dictionary: dictionary["thumbnail"] as? [String: Any] ?? [:])
        bmiddle = Plain.WeiboPictureSize(dictionary: dictionary["bmiddle"] as? [String: Any] ?? [:])
        large = Plain.WeiboPictureSize(dictionary: dictionary["large"] as? [String: Any] ?? [:])
        largest = Plain.WeiboPictureSize(dictionary: dictionary["largest"] as? [String: Any] ?? [:])
        original = Plain.WeiboPictureSize(dictionary: dictionary["original"] as? [String: Any] ?? [:])
        middleplus = Plain.WeiboPictureSize(dictionary: dictionary["middleplus"] as? [String: Any] ?? [:])
        picID = dictionary["pic_id"] as? String ?? ""
        photoTag = dictionary["photo_tag"] as? Int ?? 0
        filterID = dictionary["filter_id"] as? String ?? ""
        objectID = dictionary["object_id"] as? String ?? ""
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboPicture",
            "thumbnail": thumbnail.dictionary,
            "bmiddle": bmiddle.dictionary,
            "large": large.dictionary,
            "largest": largest.dictionary,
            "original": original.dictionary,
            "middleplus": middleplus.dictionary,
            "pic_id": picID,
            "photo_tag": photoTag,
            "filter_id": filterID,
            "object_id": objectID,
        ]
        return dictionary
    }
}

extension Plain.WeiboPictureSize: HandMapped {
    init(dictionary: [String: Any]) {
        cutType = dictionary["cut_type"] as? Int ?? 0
        type = dictionary["type"] as? String ?? ""
        url = dictionary["url"] as? String ?? ""
        width = LenientInt(any: dictionary["width"]) ?? LenientInt(0)
        height = LenientInt(any: dictionary["height"]) ?? LenientInt(0)
    }

    var dictionary: [String: Any] {
        let dictionary: [String: Any] = [
            "version": 1,
            "representedClassName": "WeiboPictureSize",
            "cut_type": cutType,
            "type": type,
            "url": url,
            "width": width.value,
            "height": height.value,
        ]
        return dictionary
    }
}
