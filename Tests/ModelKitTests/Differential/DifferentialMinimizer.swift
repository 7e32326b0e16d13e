import Foundation

/// Makes a document that fails a check smaller, a member or an element at a time, for as long
/// as the same check still fails, so that a report shows the least of the document that
/// matters.
///
/// It runs when `MODELKIT_MINIMIZE` is set, for the first document of each model that fails each
/// check:
///
///     MODELKIT_MINIMIZE=1 swift test --filter ModelDifferentialTests
///
/// For `{"a": 1, "b": {"c": null, "d": 2}}` failing because of the `null`, it tries the document
/// without `a` (still fails: keep it), then without `b` (passes: keep `b`), then `b` without
/// `c` (passes) and without `d` (still fails), and ends with `{"b": {"c": null}}`.
enum DifferentialMinimizer {
    static let isEnabled = ProcessInfo.processInfo.environment["MODELKIT_MINIMIZE"] != nil

    /// The smallest document found, reached by taking members and elements away, that still
    /// fails `check`.
    static func minimize(
        _ document: DifferentialDocument, failing check: String, model: DifferentialCase, seed: UInt64
    ) -> DifferentialJSON {
        func fails(_ json: DifferentialJSON) -> Bool {
            let candidate = DifferentialDocument(
                json: json, exceedsDouble: document.exceedsDouble, hasOverlongNumber: document.hasOverlongNumber,
                hasBareNegativeZero: document.hasBareNegativeZero)
            var again = DifferentialCheck(
                model: model, seed: seed, document: candidate, report: DifferentialReport(model: model.name))
            again.run()
            return again.report.failedChecks.contains(check)
        }
        var current = document.json
        while let smaller = smaller(current).first(where: fails) {
            current = smaller
        }
        return current
    }

    /// The documents with one member or element less, anywhere in `json`.
    private static func smaller(_ json: DifferentialJSON) -> [DifferentialJSON] {
        switch json.plain {
        case .object(let members):
            let fewer = members.indices.map { index in
                DifferentialJSON.object(members.enumerated().filter { $0.offset != index }.map(\.element))
            }
            let inner = members.indices.flatMap { index in
                smaller(members[index].value).map { value in
                    var changed = members
                    changed[index].value = value
                    return DifferentialJSON.object(changed)
                }
            }
            return fewer + inner
        case .array(let elements):
            let fewer = elements.indices.map { index in
                DifferentialJSON.array(elements.enumerated().filter { $0.offset != index }.map(\.element))
            }
            let inner = elements.indices.flatMap { index in
                smaller(elements[index]).map { element in
                    var changed = elements
                    changed[index] = element
                    return DifferentialJSON.array(changed)
                }
            }
            return fewer + inner
        default:
            return []
        }
    }
}
