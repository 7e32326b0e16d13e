import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Each family here is loaded by one test only, so that the test's first load is the family's
// first use in the process: nothing registers its classes before. Their tags are not their
// Swift type names, so loading could not find them by name either.

/// Stripe's payment sources, told apart by `"object"`.
class PaymentSource: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "object" }
    override class var modelName: String { "payment_source" }
    override class var knownSubclasses: [ModelObject.Type] { [SourceCard.self, SourceBankAccount.self] }

    @Saved var id = ""
}

class SourceCard: PaymentSource {
    override class var modelName: String { "card" }
    override class var knownSubclasses: [ModelObject.Type] { [SourcePrepaidCard.self] }

    @Saved var last4 = ""
}

/// Listed by `SourceCard`, not by `PaymentSource`.
final class SourcePrepaidCard: SourceCard {
    override class var modelName: String { "prepaid_card" }

    @Saved var balance = 0
}

final class SourceBankAccount: PaymentSource {
    override class var modelName: String { "bank_account" }

    @Saved("bank_name") var bankName = ""
}

/// GitHub's issue timeline events, told apart by `"event"`.
class TimelineEvent: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "event" }
    override class var modelName: String { "event" }
    override class var knownSubclasses: [ModelObject.Type] { [LabeledEvent.self, CommentedEvent.self] }

    @Saved var id = 0
}

final class LabeledEvent: TimelineEvent {
    override class var modelName: String { "labeled" }

    @Saved(path: "label", "name") var label = ""
}

final class CommentedEvent: TimelineEvent {
    override class var modelName: String { "commented" }

    @Saved var body = ""
}

/// Shapes told apart by `"type"`, in a drawing.
class FamilyShape: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { "type" }
    override class var modelName: String { "shape" }
    override class var knownSubclasses: [ModelObject.Type] { [FamilyCircle.self, FamilySquare.self] }
}

final class FamilyCircle: FamilyShape {
    override class var modelName: String { "circle" }

    @Saved var radius = 1.0
}

final class FamilySquare: FamilyShape {
    override class var modelName: String { "square" }

    @Saved var side = 1.0
}

final class FamilyDrawing: ModelObject {
    override class var versionKey: String? { nil }
    override class var typeKey: String? { nil }

    @Saved var shapes: [FamilyShape] = []
    @Saved var named: [String: FamilyShape] = [:]
    @Saved var main: FamilyShape? = nil
}

/// A family first used by many threads at once.
class Vehicle: ModelObject {
    override class var typeKey: String? { "kind" }
    override class var modelName: String { "vehicle" }
    override class var knownSubclasses: [ModelObject.Type] { [VehicleCar.self, VehicleBike.self] }
}

final class VehicleCar: Vehicle {
    override class var modelName: String { "car" }

    @Saved var doors = 4
}

final class VehicleBike: Vehicle {
    override class var modelName: String { "bike" }

    @Saved var gears = 1
}

/// A family whose lists name each other, and one that lists a class of another family.
class LoopingBase: ModelObject {
    override class var typeKey: String? { "type" }
    override class var knownSubclasses: [ModelObject.Type] { [LoopingChild.self, LoopingBase.self] }
}

final class LoopingChild: LoopingBase {
    override class var modelName: String { "looping_child" }
    override class var knownSubclasses: [ModelObject.Type] { [LoopingBase.self, UnrelatedListed.self] }
}

final class UnrelatedListed: ModelObject {
    override class var typeKey: String? { "type" }
    override class var modelName: String { "unrelated" }
}

/// A family that lists two classes under one tag.
class TwinBase: ModelObject {
    override class var typeKey: String? { "type" }
    override class var knownSubclasses: [ModelObject.Type] { [TwinFirst.self, TwinSecond.self] }
}

final class TwinFirst: TwinBase {
    override class var modelName: String { "twin" }
}

final class TwinSecond: TwinBase {
    override class var modelName: String { "twin" }
}

@Suite struct KnownSubclassesTests {
    @Test func makePicksAListedSubclassOnTheFamilysFirstUse() throws {
        let card = try PaymentSource.make(json: #"{"object": "card", "id": "card_1", "last4": "4242"}"#)
        #expect((card as? SourceCard)?.last4 == "4242")
        for options: LoadOptions in [[], .foundationReader] {
            let bank = try PaymentSource.make(
                json: #"{"object": "bank_account", "bank_name": "STRIPE TEST BANK"}"#, options: options)
            #expect((bank as? SourceBankAccount)?.bankName == "STRIPE TEST BANK")
            // Listed by a listed class.
            let prepaid = try PaymentSource.make(json: #"{"object": "prepaid_card", "balance": 5}"#, options: options)
            #expect((prepaid as? SourcePrepaidCard)?.balance == 5)
        }
        #expect(try writtenObject(card.jsonData()) == ["object": "card", "id": "card_1", "last4": "4242"])
        // A subclass's name never picks a class outside the expected class's subclasses.
        let error = try #require(throws: ModelError.self) {
            try SourceCard.make(json: #"{"object": "bank_account"}"#)
        }
        #expect(error.description.hasPrefix("object: class \"bank_account\" is not card"))
    }

    @Test func topLevelArraysPickListedSubclassesOnTheFamilysFirstUse() throws {
        let json = #"""
            [{"id": 1, "event": "labeled", "label": {"name": "bug", "color": "d73a4a"}},
             {"id": 2, "event": "commented", "body": "Thanks!"},
             {"id": 3, "event": "closed"}]
            """#
        let events = try [TimelineEvent](json: json)
        #expect(events.map { String(describing: type(of: $0)) } == ["LabeledEvent", "CommentedEvent", "TimelineEvent"])
        #expect((events[0] as? LabeledEvent)?.label == "bug")
        #expect((events[1] as? CommentedEvent)?.body == "Thanks!")
        #expect(try [TimelineEvent](json: json, options: .foundationReader) == events)
        let written = try #require(try JSONSerialization.jsonObject(with: events.jsonData()) as? [NSDictionary])
        #expect(written.map { $0["event"] as? String } == ["labeled", "commented", "closed"])
    }

    @Test func propertiesOfTheBaseClassPickListedSubclassesOnTheFamilysFirstUse() throws {
        let json = #"""
            {"shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3}],
             "named": {"sun": {"type": "circle", "radius": 9}}, "main": {"type": "square"}}
            """#
        let drawing = try FamilyDrawing(json: json)
        #expect(drawing.shapes.map { String(describing: type(of: $0)) } == ["FamilyCircle", "FamilySquare"])
        #expect((drawing.named["sun"] as? FamilyCircle)?.radius == 9)
        #expect(drawing.main is FamilySquare)
        #expect(try FamilyDrawing(json: json, options: .foundationReader) == drawing)
        #expect(try FamilyDrawing(json: drawing.jsonData()) == drawing)
    }

    @Test func aFamilyFirstUsedOnManyThreadsAtOnceResolvesOnEach() {
        let found = FoundNames()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let json = index.isMultiple(of: 2) ? #"{"kind": "car", "doors": 2}"# : #"{"kind": "bike", "gears": 21}"#
            let name = (try? Vehicle.make(json: json)).map { String(describing: type(of: $0)) } ?? "failed"
            found.append(name)
        }
        let names = found.all
        #expect(names.filter { $0 == "VehicleCar" }.count == 8)
        #expect(names.filter { $0 == "VehicleBike" }.count == 8)
    }

    @Test func listsThatNameEachOtherOrAnUnrelatedClassAreHarmless() throws {
        #expect(try LoopingBase.make(json: #"{"type": "looping_child"}"#) is LoopingChild)
        // Listed, but not a subclass: the data still cannot choose it.
        let error = try #require(throws: ModelError.self) { try LoopingBase.make(json: #"{"type": "unrelated"}"#) }
        #expect(error.description == #"type: class "unrelated" is not LoopingBase or one of its subclasses"#)
        let unknown = try LoopingBase(json: #"{"type": "hexagon"}"#)
        #expect(try writtenObject(unknown.jsonData())["type"] as? String == "hexagon")
    }

    @Test func twoListedClassesUnderOneNameAreAnErrorNotAGuess() throws {
        let error = try #require(throws: ModelError.self) { try TwinBase.make(json: #"{"type": "twin"}"#) }
        guard case .ambiguousClass(let name, let candidates) = error.reason else {
            Issue.record("expected an ambiguous class, got \(error)")
            return
        }
        #expect(name == "twin" && candidates.count == 2)
    }
}

/// The class names that the threads of a test found, behind a lock.
private final class FoundNames: @unchecked Sendable {
    // Every access to `names` holds `lock`.
    private let lock = NSLock()
    private var names: [String] = []

    func append(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        names.append(name)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}
