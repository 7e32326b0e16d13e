import Foundation
import ModelKit
import Testing

/// Parses JSON text into a dictionary, for comparing documents without regard to key order.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// Whether two dictionary forms hold the same values: their sorted JSON is the same.
func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: lhs, options: options),
        let right = try? JSONSerialization.data(withJSONObject: rhs, options: options)
    else { return false }
    return left == right
}
