import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Helpers that record issues or require values, and so use the testing library, which the
// support target shared with the fuzz package does not link.

/// Parses JSON text into a dictionary, for comparing documents without regard to key order.
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// The `ModelError` that `body` throws, or `nil` when it throws none; any other error is an
/// issue.
func modelError(_ body: () throws -> Void) -> ModelError? {
    do {
        try body()
        return nil
    } catch let error as ModelError {
        return error
    } catch {
        Issue.record("expected a ModelError, got \(error)")
        return nil
    }
}
