import Testing

/// The problems found for one model, grouped by the check that found them, so that a problem
/// in every document shows once with a count.
struct DifferentialReport {
    let model: String
    private var problems: [String: (count: Int, examples: [String])] = [:]
    private var minimalDocuments: [String: String] = [:]
    private var order: [String] = []

    init(model: String) {
        self.model = model
    }

    /// The checks that found problems, in the order they first did.
    var failedChecks: [String] { order }

    /// Adds a problem that `check` found in the document `label` names; `example` gives its
    /// message and the document's text, asked for only for the first examples of each check.
    mutating func add(_ check: String, label: String, example: () -> (message: String, document: String)) {
        if problems[check] == nil {
            problems[check] = (0, [])
            order.append(check)
        }
        problems[check]?.count += 1
        if problems[check]?.examples.count ?? 0 < 2 {
            let (message, document) = example()
            problems[check]?.examples.append("\(label): \(message)\n  document: \(document)")
        }
    }

    /// Records the smallest document found that fails a check.
    mutating func addMinimalDocument(_ json: DifferentialJSON, for check: String) {
        var spelling = DifferentialJSON.Spelling()
        minimalDocuments[check] = json.text(&spelling)
    }

    /// Records an issue for each check that found problems, with its first examples.
    func record() {
        for check in order {
            guard let problem = problems[check] else { continue }
            let examples = problem.examples.joined(separator: "\n")
            let minimal = minimalDocuments[check].map { "\n  smallest failing document: \($0)" } ?? ""
            let message = Comment(rawValue: "\(model): \(check) (\(problem.count) documents)\n\(examples)\(minimal)")
            guard DifferentialKnownIssues.pairs.contains("\(model): \(check)") else {
                Issue.record(message)
                continue
            }
            withKnownIssue("an open defect that DifferentialKnownIssues lists", isIntermittent: true) {
                Issue.record(message)
            }
        }
    }
}
