import Foundation
import ModelKit

/// Whether two dictionary forms hold the same values: their sorted JSON is the same.
public func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: lhs, options: options),
        let right = try? JSONSerialization.data(withJSONObject: rhs, options: options)
    else { return false }
    return left == right
}

/// A temporary directory for one test, removed by the caller.
public func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether `body` returns or throws a `ModelError`, and so neither traps nor lets another
/// error through.
///
/// This is what the tests expect of a load through Apple's `JSONSerialization` where Apple
/// does not document what it reads, such as how it rounds a long number or what it makes of
/// a number beyond `Double`: its source is not public, and ModelKit promises only to load
/// what it gives or to throw a `ModelError`. (Linux's swift-corelibs-foundation is public,
/// and the tests state exactly what it gives.)
public func returnsOrThrowsModelError(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return true
    } catch {
        return error is ModelError
    }
}
