import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@Suite struct EqualityTests {
    @Test func equalValuesAreEqualAndHashAlike() throws {
        let first = try Note(json: #"{"text":"a","tags":["x"],"children":[{"text":"b"}]}"#)
        let second = try Note(json: #"{"text":"a","tags":["x"],"children":[{"text":"b"}]}"#)
        #expect(first == second)
        #expect(first.isEqual(second))
        #expect(first.hash == second.hash)
        #expect(Set([first, second]).count == 1)
    }

    @Test func differentValuesOrClassesAreNotEqual() throws {
        let first = Note()
        let second = Note()
        second.children = [Note()]
        #expect(first != second)
        #expect(Circle() != Square())
        #expect(!Circle().isEqual("circle"))
        let shape = Shape()
        let circle = Circle()
        #expect(shape != circle, "the class is part of equality")
    }

    @Test func copyIsDeepAndOfTheSameClass() throws {
        let drawing = Drawing()
        drawing.shapes = [Circle(), Square()]
        let copy = drawing.copy()
        #expect(copy == drawing)
        #expect(copy !== drawing)
        #expect(copy.shapes[0] !== drawing.shapes[0])
        #expect(copy.shapes[0] is Circle)
        (copy.shapes[0] as? Circle)?.radius = 9
        #expect((drawing.shapes[0] as? Circle)?.radius == 1)
        let untyped = (drawing as ModelObject).copy()
        #expect(type(of: untyped) == Drawing.self)
    }

    @Test func copyKeepsSharedObjectsSharedAndCyclesCyclic() {
        let note = Note()
        let shared = Note()
        note.children = [shared, shared]
        let copy = note.copy()
        #expect(copy.children[0] === copy.children[1])
        let cyclic = Note()
        cyclic.attachment = cyclic
        let cyclicCopy = cyclic.copy()
        #expect(cyclicCopy.attachment === cyclicCopy)
    }

    @Test func descriptionShowsClassValuesAndChanges() {
        let note = Note()
        #expect(note.description.hasPrefix(#"Demo(text: "Foo", number: 12345"#))
        #expect(note.description.contains("note: nil"))
        note.number = 1
        #expect(note.description.hasPrefix("Demo*(text:"))
    }

    @Test func cyclicGraphsCompareAndDescribeWithoutOverflowing() {
        let first = Note()
        first.attachment = first
        let second = Note()
        second.attachment = second
        // Each refers to itself and their own values match, so the cycles compare equal.
        #expect(first == second)
        // A cycle of two objects with the same values as the cycle of one is equal to it.
        let third = Note()
        third.attachment = Note()
        third.attachment?.attachment = third
        #expect(first == third)
        #expect(first.hash == second.hash, "equal objects hash alike")
        second.text = "other"
        #expect(first != second)
        #expect(!first.description.isEmpty)
    }
}
