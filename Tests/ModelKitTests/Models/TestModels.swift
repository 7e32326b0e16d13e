import Foundation
import ModelKit
import ModelKitTestSupport

// Models shared by several suites. Each suite keeps its own private models where it can.

final class Note: ModelObject {
    @Saved var text = "Foo"
    @Saved var number = 12345
    @Saved var tags: [String] = []
    @Saved var note: String? = nil
    @Saved("created_at") var createdAt = Date(timeIntervalSince1970: 0)
    @Saved var children: [Note] = []
    @Saved var attachment: Note? = nil
    var title: String { "\(text) (\(number))" }

    override class var modelName: String { "Demo" }
    override class var modelVersion: Int { 2 }
}

class Shape: ModelObject {
    @Saved var name = "shape"
}

final class Circle: Shape {
    @Saved var radius = 1.0
}

final class Square: Shape {
    @Saved var side = 1.0
}

final class Drawing: ModelObject {
    @Saved var shapes: [Shape] = []
    @Saved var main: Shape? = nil
    @Saved var named: [String: Shape] = [:]
}

final class Unrelated: ModelObject {
    @Saved var value = 0
}
