import Foundation
import ModelKit
import Testing

// Used by this suite only, so that nothing else in the process uses the base class first.
class RegistrationFigure: ModelObject {
    override class var typeKey: String? { "kind" }
    override class var versionKey: String? { nil }
    override class var modelName: String { "registration-figure" }
    override class var knownSubclasses: [ModelObject.Type] {
        [RegistrationCircle.self, RegistrationSquare.self]
    }
    @Saved var name = ""
}

final class RegistrationCircle: RegistrationFigure {
    override class var modelName: String { "registration-circle" }
    @Saved var radius = 0.0
}

final class RegistrationSquare: RegistrationFigure {
    override class var modelName: String { "registration-square" }
    @Saved var side = 0.0
}

final class RegistrationHolder: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }
    @Saved var square = RegistrationSquare()
}

/// What a name in the data resolves to does not depend on which class of a family a process
/// used first.
@Suite struct FamilyRegistrationTests {
    @Test func aSuperclassNameResolvesFromASubclassFirstUse() throws {
        // The first use of the family is through the square: the base class is named only in
        // the data.
        let json = #"{"square":{"kind":"registration-figure","side":2}}"#
        let error = try #require(throws: ModelError.self) { try RegistrationHolder(json: json) }
        #expect(error.keyPath.description == "square.kind")
        let lenient = try RegistrationHolder(json: json, options: .lenient)
        #expect(lenient.loadIssues.count == 1)
        // The same once the base class has been used.
        _ = RegistrationFigure()
        #expect(throws: ModelError.self) { try RegistrationHolder(json: json) }
        let circle = #"{"square":{"kind":"registration-circle","radius":1}}"#
        #expect(throws: ModelError.self) { try RegistrationHolder(json: circle) }
    }
}
