import Foundation
import ModelKit
import Testing

/// Parses JSON text into a dictionary, for comparing documents without regard to key order.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// Whether two dictionary forms hold the same values.
func sameJSON(_ lhs: [String: Any], _ rhs: [String: Any]) -> Bool {
    // `isEqual(to:)` on Linux finds Swift numbers unequal to equal `NSNumber`s.
    NSDictionary(dictionary: lhs).isEqual(NSDictionary(dictionary: rhs))
}
