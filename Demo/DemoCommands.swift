import Foundation
import ModelKit

/// What the demo was asked to do.
enum DemoCommand: Equatable {
    case fullDemo
    case roundTrip(path: String)
    case shapes(path: String)
    case drawing(path: String)
    case schema
    case stream
    case help

    static let usage = """
        Usage: demo [command]

        Commands:
          (none)            Build a sample Demo object, print its JSON, change it, save it
                            to modelkit-demo.json in the temporary folder, load it back and
                            check that the copy equals the original. The file is kept.
          roundtrip FILE    Load a Demo JSON file and write it back to standard output.
          shapes FILE       Load a shape or an array of shapes tagged by "type" ("circle",
                            "square"), print the class of each and write them back.
          drawing FILE      Load a drawing ({"title": ..., "shapes": [...]}), print the class
                            of each of its shapes and write it back.
          schema            Print the JSON Schema of the data a Demo object reads.
          stream            Stream a recorded language-model answer into a Recipe with
                            PartialLoader, a few bytes at a time, redrawing the recipe as it
                            fills in; when standard output is not a terminal, print a few
                            snapshots and the final state instead.
          --help, -h        Show this help.
        """

    /// Reads the command from the arguments after the program name.
    ///
    /// - Throws: A ``DemoFailure`` for an unknown command or missing file name.
    init(arguments: [String]) throws {
        switch arguments.first {
        case nil:
            self = .fullDemo
        case "--help", "-h", "help":
            self = .help
        case "roundtrip":
            self = .roundTrip(path: try Self.file(in: arguments))
        case "shapes":
            self = .shapes(path: try Self.file(in: arguments))
        case "drawing":
            self = .drawing(path: try Self.file(in: arguments))
        case "schema":
            self = .schema
        case "stream":
            self = .stream
        case let other?:
            throw DemoFailure("unknown command \"\(other)\"; see demo --help")
        }
    }

    /// The FILE argument of a command that takes one.
    ///
    /// - Throws: A ``DemoFailure`` when there is not exactly one.
    private static func file(in arguments: [String]) throws -> String {
        guard arguments.count == 2 else {
            throw DemoFailure("\(arguments.first ?? "the command") needs one FILE argument; see demo --help")
        }
        return arguments[1]
    }
}

/// A problem that ends the demo, with its one-line message.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The full demo: build, print, change, save, load and compare.
func runFullDemo() throws {
    let demo = Demo.makeSample()
    print("A sample Demo object, \(demo.title), as JSON:")
    print(try demo.jsonString())
    print()

    try showMergePatch(from: demo)
    try showUndo(from: demo)

    demo.text = "Bar"
    demo.number = 42
    demo.label.green = 0.8
    demo.interval.units = .hour
    demo.children[1].isDone = false
    demo.reminder.minute = 45
    print("After changing some values, the changed keys are:")
    for line in demo.changeSummary { print("  \(line)") }
    print("demo.changedKeys = \(demo.changedKeys.sorted()), hasAnyChanges = \(demo.hasAnyChanges)")
    print()

    print("In DejalObject's format (WriteOptions.dejalObjectFormat), which DejalObject reads back:")
    for value: ModelObject in [demo.label, demo.when, demo.attachment, demo.reminder] {
        print("  \(try value.jsonString(options: [.dejalObjectFormat, .compact]))")
    }
    print()

    // The file stays, so that `demo roundtrip` can read it; the next run replaces it.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-demo.json")
    try demo.save(to: url)
    print("Saved to \(url.path); it stays there, and `swift run demo roundtrip \(url.path)` reads it back.")
    let loaded = try Demo(contentsOf: url)
    print("Loaded \(loaded.title): interval \(loaded.interval.fullText), label \(loaded.label.hexString)")
    print("The loaded copy equals the original: \(loaded == demo); it has changes: \(loaded.hasAnyChanges)")
    guard loaded == demo, try loaded.jsonData() == demo.jsonData() else {
        throw DemoFailure("round trip failed: the loaded object differs from the original")
    }
    print("Round trip succeeded: the loaded object equals the original.")
}

/// Changes a copy of `demo` in a few places, prints the changes as a JSON Merge Patch, the
/// body of an HTTP `PATCH` request, and applies the patch to another copy.
func showMergePatch(from demo: Demo) throws {
    let edited = demo.copy()
    edited.text = "Baz"
    edited.note = nil
    edited.tags.append("synced")
    edited.label.green = 0.5
    let patch = try edited.mergePatchJSON()
    print("A copy with a new text, no note, another tag and a greener label sends only these changes,")
    print("as a JSON Merge Patch (mergePatchJSON(), for a PATCH with Content-Type application/merge-patch+json):")
    print(String(decoding: patch, as: UTF8.self))
    let other = demo.copy()
    try other.apply(mergePatchJSON: patch)
    print("Applied to another copy with apply(mergePatchJSON:), the patch makes it equal: \(other == edited)")
    guard other == edited else {
        throw DemoFailure("the merge patch did not carry every change")
    }
    print()
}

/// Loads a Demo JSON file and writes it back to standard output.
///
/// - Parameter path: The file to load.
func roundTrip(path: String) throws {
    let demo = try Demo(contentsOf: URL(fileURLWithPath: path))
    print(try demo.jsonString())
}
