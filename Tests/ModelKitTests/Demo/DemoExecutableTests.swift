import Foundation
import ModelKitTestSupport
import Testing

/// The result of one run of the `demo` executable.
private struct DemoRun {
    var status: Int32
    var output: String
    var error: String

    /// The lines of standard error, without the final line break.
    var errorLines: [Substring] {
        error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
}

/// Finds and runs the `demo` executable that `swift build` and `swift test` put beside the
/// test bundle.
private enum DemoExecutable {
    static func url() throws -> URL {
        let candidates = searchDirectories().map { $0.appendingPathComponent("demo") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            let searched = candidates.map(\.path).joined(separator: ", ")
            throw DemoNotFound(
                description: "the demo executable was not found; run `swift build` first. Searched: \(searched)")
        }
        return found
    }

    /// The build products folder and its parents, found from the running test bundle; then
    /// the package's own `.build` folders.
    private static func searchDirectories() -> [URL] {
        var starts = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        starts.append(Bundle.main.bundleURL)
        if let program = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: program)) }
        var directories: [URL] = []
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                directories.append(directory)
                directory = directory.deletingLastPathComponent()
            }
        }
        directories.append(PackageFolders.root.appendingPathComponent(".build/debug"))
        return directories
    }

    static func run(_ arguments: [String]) throws -> DemoRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "modelkit-demo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files rather than pipes, so that no amount of output can block the process.
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return DemoRun(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }
}

private struct DemoNotFound: Error, CustomStringConvertible {
    var description: String
}

/// Writes `text` to a new temporary file and returns its path.
private func temporaryFile(containing text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "modelkit-demo-input-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url.path
}

@Suite struct DemoExecutableTests {
    @Test func runsTheFullDemo() throws {
        let run = try DemoExecutable.run([])
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.last == "Round trip succeeded: the loaded object equals the original.")
        #expect(run.output.contains("demo: number, text"))
        #expect(run.output.contains("label: green"))

        // The sample's JSON runs from the first line that is "{" to the first that is "}".
        let start = try #require(lines.firstIndex(of: "{"))
        let end = try #require(lines.firstIndex(of: "}"))
        let sample = try jsonObject(lines[start...end].joined(separator: "\n"))
        #expect(sample["representedClassName"] as? String == "Demo")
        #expect(sample["created_at"] is String)
        let valueClasses = [
            ("label", "ColorValue"), ("when", "DateValue"), ("interval", "IntervalValue"),
            ("attachment", "DataValue"), ("reminder", "TimeValue"),
        ]
        for (key, className) in valueClasses {
            let nested = try #require(sample[key] as? [String: Any], "\(key)")
            #expect(nested["representedClassName"] as? String == className)
        }
        #expect((sample["children"] as? [Any])?.count == 2)
        for name in ["DejalColor", "DejalDate", "DejalData", "DejalTime"] {
            #expect(run.output.contains(#""representedClassName":"\#(name)""#), "\(name)")
        }

        // The merge patch of a few changes holds those changes only, and applies.
        let patchIntroduction = try #require(lines.firstIndex { $0.hasPrefix("as a JSON Merge Patch") })
        let patchEnd = try #require(lines[patchIntroduction...].firstIndex(of: "}"))
        let patch = try jsonObject(lines[(patchIntroduction + 1)...patchEnd].joined(separator: "\n"))
        #expect(Set(patch.keys) == ["text", "note", "tags", "label"])
        #expect(patch["note"] is NSNull)
        #expect(sameJSON(try #require(patch["label"] as? [String: Any]), ["green": 0.5]))
        #expect(run.output.contains("the patch makes it equal: true"))

        // The saved file is kept, where the demo says, and holds the changed object.
        let saved = try #require(lines.first { $0.hasPrefix("Saved to ") })
        let path = String(try #require(saved.dropFirst("Saved to ".count).split(separator: ";").first))
        let roundTrip = try DemoExecutable.run(["roundtrip", path])
        #expect(roundTrip.status == 0)
        #expect(try jsonObject(roundTrip.output)["text"] as? String == "Bar")
    }

    @Test(arguments: ["--help", "-h"])
    func printsHelp(flag: String) throws {
        let run = try DemoExecutable.run([flag])
        #expect(run.status == 0)
        #expect(run.output.contains("Usage: demo"))
        #expect(run.output.contains("roundtrip FILE"))
        #expect(run.output.contains("shapes FILE") && run.output.contains("drawing FILE"))
        #expect(run.output.contains("stream "))
        #expect(run.error.isEmpty)
    }

    @Test func printsTheSchemaOfItsModel() throws {
        let run = try DemoExecutable.run(["schema"])
        #expect(run.status == 0 && run.error.isEmpty)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect((properties["children"] as? [String: Any])?["items"] as? [String: String] == ["$ref": "#"])
        #expect((properties["priority"] as? [String: Any])?["enum"] as? [String] == ["low", "normal", "high"])
    }

    @Test func streamsARecordedAnswerIntoARecipe() throws {
        let run = try DemoExecutable.run(["stream"])
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.last == "The streamed recipe equals Recipe(json: wholeText): true.")
        #expect(lines.contains("Changes recorded while streaming: none."))
        // Not a terminal: three snapshots and the final state, no escapes and no pauses.
        #expect(lines.filter { $0.hasPrefix("After ") && $0.hasSuffix(" bytes:") }.count == 3)
        #expect(lines.contains("After finish():"))
        #expect(lines.contains { $0.hasPrefix("title") && $0.hasSuffix("Rustic plum and almond galette") })
        #expect(run.output.contains("▍") && run.output.contains("…"))
        #expect(!run.output.contains("\u{1B}"))
    }

    @Test func roundTripsDejalObjectFile() throws {
        let path = try temporaryFile(
            containing: #"""
                {"version":1,"representedClassName":"Demo","text":"Foo","number":12345,"extra":{"a":[1,2]},
                 "label":{"version":1,"representedClassName":"DejalColor","red":1,"green":0.5,"blue":0,"alpha":1},
                 "interval":{"version":1,"representedClassName":"DejalInterval","usingRange":1,"firstAmount":5,"secondAmount":10,"units":1},
                 "attachment":{"version":1,"representedClassName":"DejalData","length":2,"string":"yv4="},
                 "reminder":{"version":1,"representedClassName":"DejalTime","hour":7,"minute":15,"second":0,"timeZoneName":""}}
                """#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoExecutable.run(["roundtrip", path])
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "\(run.error)")
        let written = try jsonObject(run.output)
        #expect(written["text"] as? String == "Foo")
        #expect(written["number"] as? Int == 12345)
        let extra = try #require(written["extra"] as? [String: Any])
        #expect(sameJSON(extra, ["a": [1, 2]]))
        let label = try #require(written["label"] as? [String: Any])
        #expect(label["representedClassName"] as? String == "ColorValue")
        #expect(label["green"] as? Double == 0.5)
        let interval = try #require(written["interval"] as? [String: Any])
        #expect(interval["usingRange"] as? Bool == true)
        let attachment = try #require(written["attachment"] as? [String: Any])
        #expect(attachment["representedClassName"] as? String == "DataValue")
        #expect(attachment["string"] as? String == "yv4=")
        let reminder = try #require(written["reminder"] as? [String: Any])
        #expect(reminder["representedClassName"] as? String == "TimeValue")
        #expect(reminder["timeZoneName"] as? String == "")
    }

    @Test(
        arguments: [
            (["roundtrip", "/nonexistent/modelkit-demo.json"], nil, "could not read"),
            (["roundtrip"], #"{"text": "#, "invalid JSON"),
            (["roundtrip"], #"{"number": "abc"}"#, #"number: expected a number, found "abc""#),
            (["roundtrip"], #"{"children": [{"label": {"red": "red"}}]}"#, "children[0].label.red: expected a number"),
            (["roundtrip"], "[1, 2]", "expected an object, found an array"),
            (["roundtrip"], nil, "roundtrip needs one FILE argument"),
            (["shapes"], nil, "shapes needs one FILE argument"),
            (["frobnicate"], nil, #"unknown command "frobnicate""#),
        ] as [([String], String?, String)])
    func failsWithOneLineError(arguments: [String], fileContents: String?, message: String) throws {
        var arguments = arguments
        var path: String?
        if let fileContents {
            path = try temporaryFile(containing: fileContents)
            arguments.append(path ?? "")
        }
        defer { path.map { try? FileManager.default.removeItem(atPath: $0) } }
        let run = try DemoExecutable.run(arguments)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorLines.count == 1, "\(run.error)")
        #expect(run.error.hasPrefix("demo: error: "))
        #expect(run.error.contains(message), "\(run.error)")
    }
}

/// The tagged family of `demo shapes` and `demo drawing`, each run in a process of its own, so
/// that nothing registered the family before the first load.
@Suite struct DemoTaggedFamilyTests {
    @Test func anArrayOfShapesPicksTheListedSubclassesInAFreshProcess() throws {
        let path = try temporaryFile(
            containing: #"[{"type": "circle", "radius": 2}, {"type": "square", "side": 3}, {"type": "hexagon"}]"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoExecutable.run(["shapes", path])
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.prefix(3) == ["[0] Circle", "[1] Square", "[2] Shape"])
        #expect(
            lines.last
                == #"[{"type":"circle","name":"","radius":2},{"type":"square","name":"","side":3},{"type":"hexagon","name":""}]"#
        )
    }

    @Test func makePicksTheListedSubclassInAFreshProcess() throws {
        let path = try temporaryFile(containing: #"{"type": "square", "name": "box", "side": 4}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoExecutable.run(["shapes", path])
        #expect(run.status == 0)
        #expect(run.output == "[0] Square\n" + #"{"type":"square","name":"box","side":4}"# + "\n")
    }

    @Test func aDrawingPicksTheListedSubclassesInAFreshProcess() throws {
        let path = try temporaryFile(
            containing: #"{"title": "Sun", "shapes": [{"type": "circle", "radius": 9}, {"type": "square"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoExecutable.run(["drawing", path])
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.prefix(2) == ["[0] Circle", "[1] Square"])
        #expect(
            lines.last
                == #"{"title":"Sun","shapes":[{"type":"circle","name":"","radius":9},{"type":"square","name":"","side":1}]}"#
        )
    }

    @Test func aShapeOfAnotherKindIsAOneLineError() throws {
        let path = try temporaryFile(containing: #"{"shapes": [{"type": "circle", "radius": "big"}]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try DemoExecutable.run(["drawing", path])
        #expect(run.status == 1)
        #expect(run.error == "demo: error: " + #"shapes[0].radius: expected a number, found "big""# + "\n")
    }
}
