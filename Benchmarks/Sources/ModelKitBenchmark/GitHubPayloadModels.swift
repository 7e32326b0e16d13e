import Foundation
import ModelKit

// The GitHub payloads of the API workload, modelled as an app would: the keys it shows or acts
// on, about a third to a half of each object's, with the rest left to ModelKit to keep and
// write back.

/// The base of the GitHub models: plain JSON in snake case, with no version or class name.
class GitHubModel: ModelObject {
    override class var keyStyle: KeyStyle { .snakeCase }
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
}

/// The kind of a GitHub account, open to kinds added later.
enum GitHubAccountType: String, SavedValue, Codable {
    case user = "User"
    case organization = "Organization"
    case bot = "Bot"
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// The state of an issue or a milestone, open to states added later.
enum GitHubIssueState: String, SavedValue, Codable {
    case open
    case closed
    case unknown

    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
    }
}

/// `GET /orgs/{org}`: 17 of its 42 keys.
final class GitHubOrganization: GitHubModel {
    @Saved var login = ""
    @Saved var id = 0
    @Saved var nodeID = ""
    @Saved var url = ""
    @Saved var reposURL = ""
    @Saved var avatarURL = ""
    @Saved("description") var summary: String?
    @Saved var isVerified = false
    @Saved var publicRepos = 0
    @Saved var followers = 0
    @Saved var htmlURL = ""
    @Saved var createdAt = Date(timeIntervalSince1970: 0)
    @Saved var updatedAt = Date(timeIntervalSince1970: 0)
    @Saved(fallback: .unknown) var type = GitHubAccountType.organization
    @Saved var billingEmail: String?
    @Saved var twoFactorRequirementEnabled = false
    // The plan's other keys (space, seats, ...) stay in the data, written back around the name.
    @Saved(path: "plan", "name") var planName = ""
}

/// `GET /search/issues`: the result and its page of issues.
final class GitHubSearchResult: GitHubModel {
    @Saved var totalCount = 0
    @Saved var incompleteResults = false
    @Saved var items: [GitHubIssue] = []
}

/// An issue of a search result: 14 of its 29 keys.
final class GitHubIssue: GitHubModel {
    @Saved var id = 0
    @Saved var number = 0
    @Saved var title = ""
    @Saved var user = GitHubAccount()
    @Saved var labels: [GitHubLabel] = []
    @Saved(fallback: .unknown) var state = GitHubIssueState.open
    @Saved var assignee: GitHubAccount?
    @Saved var milestone: GitHubMilestone?
    @Saved var comments = 0
    @Saved var createdAt = Date(timeIntervalSince1970: 0)
    @Saved var updatedAt = Date(timeIntervalSince1970: 0)
    @Saved var closedAt: Date?
    @Saved var body: String?
    @Saved(path: "reactions", "total_count") var reactionCount = 0
}

/// The account of an issue's author or assignee: 6 of its 18 keys.
final class GitHubAccount: GitHubModel {
    @Saved var login = ""
    @Saved var id = 0
    @Saved var avatarURL = ""
    @Saved var htmlURL = ""
    @Saved(fallback: .unknown) var type = GitHubAccountType.user
    @Saved var siteAdmin = false
}

/// A label of an issue.
final class GitHubLabel: GitHubModel {
    @Saved var id = 0
    @Saved var name = ""
    @Saved var color = ""
    @Saved("description") var summary: String?
}

/// The milestone of an issue.
final class GitHubMilestone: GitHubModel {
    @Saved var id = 0
    @Saved var number = 0
    @Saved var title = ""
    @Saved(fallback: .unknown) var state = GitHubIssueState.open
    @Saved var dueOn: Date?
}
