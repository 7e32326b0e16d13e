import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

// Properties that hold model objects: assigning an equal object, the same instance or equal
// copies, and loading over nested changes.

extension ObservationTests {
    @Test func modelObjectPropertiesAreTracked() {
        let special = SpecialEntry()
        let changes = observe { _ = special.base.text }
        special.base.text = "Inner"
        #expect(changes.count == 1)
        let flagChanges = observe { _ = special.flag }
        special.flag = true
        #expect(flagChanges.count == 1)
    }

    @Test func assigningAnEqualObjectThatIsAnotherInstanceNotifies() {
        let tint = Tint()
        let changes = observe { _ = tint.color }
        let replacement = ColorValue(red: 1, green: 0, blue: 0)
        tint.color = replacement
        #expect(changes.count == 1)
        #expect(tint.color === replacement)
        #expect(!tint.hasChanges, "an equal value is no change")

        // Observers that read through the property now follow the new instance.
        let later = observe { _ = tint.color.green }
        tint.color.green = 0.5
        #expect(later.count == 1)
    }

    @Test func assigningTheSameInstanceDoesNotNotify() {
        let tint = Tint()
        let changes = observe { _ = tint.color }
        tint.color = tint.color
        tint.swatches = tint.swatches
        #expect(changes.count == 0)
    }

    @Test func assigningEqualCopiesOfNestedObjectsNotifies() {
        let tint = Tint()
        let changes = observe { _ = tint.swatches }
        tint.swatches = tint.swatches.map { $0.copy() }
        #expect(changes.count == 1)
        #expect(!tint.hasChanges)
    }

    @Test func replacingAChangedNestedObjectWithAnEqualOneNotifiesObserversOfHasAnyChanges() {
        let tint = Tint()
        tint.color.green = 0.5
        tint.color.green = 0
        tint.color.blue = 0.25
        let clean = ColorValue(red: 1, green: 0, blue: 0.25)
        #expect(tint.hasAnyChanges)
        let changes = observe { _ = tint.hasAnyChanges }
        tint.color = clean
        #expect(changes.count == 1)
        #expect(!tint.hasAnyChanges)
    }

    @Test(arguments: [false, true])
    func loadingOverNestedChangesNotifiesObserversOfHasAnyChanges(asJSON: Bool) throws {
        let special = SpecialEntry()
        special.base.text = "Unsaved"
        #expect(special.hasAnyChanges && !special.hasChanges)
        let changes = observe { _ = special.hasAnyChanges }
        if asJSON {
            try special.load(json: Data(#"{"version":1,"representedClassName":"SpecialEntry","flag":true}"#.utf8))
        } else {
            try special.load(dictionary: ["base": ["text": "Saved"]])
        }
        #expect(changes.count == 1)
        #expect(!special.hasAnyChanges)
    }
}
