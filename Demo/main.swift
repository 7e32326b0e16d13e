import Foundation
import ModelKit

final class Demo: ModelObject {
    @Saved var text = "Foo"
    @Saved var number = 12345
    @Saved var tags: [String] = []
    @Saved var note: String? = nil
    @Saved("created_at") var createdAt = Date()
    @Saved var children: [Demo] = []
    var title: String { "\(text) (\(number))" }

    override class var modelVersion: Int { 2 }
}

do {
    let demo = Demo()
    demo.tags = ["swift", "models"]
    let child = Demo()
    child.text = "Child"
    demo.children = [child]
    demo.clearChanges()
    print(try demo.jsonString())
    demo.text = "Bar"
    demo.number = 42
    print("changed keys:", demo.changedKeys.sorted())
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-demo.json")
    try demo.save(to: url)
    let loaded = try Demo(contentsOf: url)
    print("loaded equals original:", loaded == demo)
    print(loaded == demo ? "Round trip succeeded." : "Round trip FAILED.")
    if loaded != demo { exit(1) }
} catch {
    print("error: \(error)")
    exit(1)
}
