import Foundation
import ModelKit

// A tagged family for `demo shapes` and `demo drawing`: each shape's "type" names its class,
// and the base class lists the classes, so that the first load of the process finds them
// without a `register` call.

/// The base of the demo's shapes, told apart by `"type"`.
class Shape: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "type" }
    override class var modelName: String { "shape" }
    override class var knownSubclasses: [ModelObject.Type] { [Circle.self, Square.self] }

    @Saved var name = ""
}

/// A shape with `"type": "circle"`.
final class Circle: Shape {
    override class var modelName: String { "circle" }

    @Saved var radius = 1.0
}

/// A shape with `"type": "square"`.
final class Square: Shape {
    override class var modelName: String { "square" }

    @Saved var side = 1.0
}

/// A drawing of shapes, in plain JSON.
final class Drawing: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }

    @Saved var title = ""
    @Saved var shapes: [Shape] = []
}

/// Loads a shape or an array of shapes, prints the class of each and writes them back.
///
/// - Parameter path: The file to load: an object or an array of objects.
func showShapes(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let isArray = data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "[")
    let shapes = isArray ? try [Shape](json: data) : [try Shape.make(json: data)]
    printClasses(of: shapes)
    print(isArray ? try shapes.jsonString(options: .compact) : try shapes[0].jsonString(options: .compact))
}

/// Loads a drawing, prints the class of each of its shapes and writes it back.
///
/// - Parameter path: The file to load.
func showDrawing(path: String) throws {
    let drawing = try Drawing(contentsOf: URL(fileURLWithPath: path))
    printClasses(of: drawing.shapes)
    print(try drawing.jsonString(options: .compact))
}

private func printClasses(of shapes: [Shape]) {
    for (index, shape) in shapes.enumerated() {
        print("[\(index)] \(type(of: shape))")
    }
}
