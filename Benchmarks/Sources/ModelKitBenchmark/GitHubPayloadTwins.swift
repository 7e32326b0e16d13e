import Foundation

// The `Codable` twins of the GitHub models of the API workload: the same keys, and nothing
// else. A property that ModelKit reads through a path is a nested struct of one key here.

extension Plain {
    struct GitHubOrganization: Codable, Equatable {
        var login: String
        var id: Int
        var nodeID: String
        var url: String
        var reposURL: String
        var avatarURL: String
        var summary: String?
        var isVerified: Bool
        var publicRepos: Int
        var followers: Int
        var htmlURL: String
        var createdAt: Date
        var updatedAt: Date
        var type: GitHubAccountType
        var billingEmail: String?
        var twoFactorRequirementEnabled: Bool
        var plan: Plan

        struct Plan: Codable, Equatable {
            var name: String
        }

        enum CodingKeys: String, CodingKey {
            case login
            case id
            case nodeID = "node_id"
            case url
            case reposURL = "repos_url"
            case avatarURL = "avatar_url"
            case summary = "description"
            case isVerified = "is_verified"
            case publicRepos = "public_repos"
            case followers
            case htmlURL = "html_url"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case type
            case billingEmail = "billing_email"
            case twoFactorRequirementEnabled = "two_factor_requirement_enabled"
            case plan
        }
    }

    struct GitHubSearchResult: Codable, Equatable {
        var totalCount: Int
        var incompleteResults: Bool
        var items: [GitHubIssue]

        enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case incompleteResults = "incomplete_results"
            case items
        }
    }

    struct GitHubIssue: Codable, Equatable {
        var id: Int
        var number: Int
        var title: String
        var user: GitHubAccount
        var labels: [GitHubLabel]
        var state: GitHubIssueState
        var assignee: GitHubAccount?
        var milestone: GitHubMilestone?
        var comments: Int
        var createdAt: Date
        var updatedAt: Date
        var closedAt: Date?
        var body: String?
        var reactions: Reactions

        struct Reactions: Codable, Equatable {
            var totalCount: Int

            enum CodingKeys: String, CodingKey {
                case totalCount = "total_count"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id
            case number
            case title
            case user
            case labels
            case state
            case assignee
            case milestone
            case comments
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case closedAt = "closed_at"
            case body
            case reactions
        }
    }

    struct GitHubAccount: Codable, Equatable {
        var login: String
        var id: Int
        var avatarURL: String
        var htmlURL: String
        var type: GitHubAccountType
        var siteAdmin: Bool

        enum CodingKeys: String, CodingKey {
            case login
            case id
            case avatarURL = "avatar_url"
            case htmlURL = "html_url"
            case type
            case siteAdmin = "site_admin"
        }
    }

    struct GitHubLabel: Codable, Equatable {
        var id: Int
        var name: String
        var color: String
        var summary: String?

        enum CodingKeys: String, CodingKey {
            case id
            case name
            case color
            case summary = "description"
        }
    }

    struct GitHubMilestone: Codable, Equatable {
        var id: Int
        var number: Int
        var title: String
        var state: GitHubIssueState
        var dueOn: Date?

        enum CodingKeys: String, CodingKey {
            case id
            case number
            case title
            case state
            case dueOn = "due_on"
        }
    }
}
