import Foundation
import ModelKit

/// A document whose graph holds objects every way a property can: directly, optionally, in an
/// array and in a dictionary.
final class UndoDocument: ModelObject {
    @Saved var title = "Untitled"
    @Saved var count = 0
    @Saved var note: String? = nil
    @Saved var cover: UndoPage? = nil
    @Saved var pages: [UndoPage] = []
    @Saved var pagesByName: [String: UndoPage] = [:]
}

final class UndoPage: ModelObject {
    @Saved var text = ""
    @Saved var child: UndoPage? = nil
}

/// A model that accepts no negative count when it loads or is saved.
final class CheckedCounter: ModelObject {
    @Saved var count = 0

    override func validate() throws {
        guard count >= 0 else { throw ValidationError("must not be negative", key: "count") }
    }
}
