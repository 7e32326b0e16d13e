import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A serial executor that runs its jobs on a dispatch queue of its own, and marks the thread
/// while it runs one, so that code can tell whether it runs on such an executor.
private final class MarkedExecutor: SerialExecutor {
    private static let markKey = "ModelKitTests.MarkedExecutor"
    private let queue = DispatchQueue(label: "ModelKitTests.MarkedExecutor")

    /// Whether the calling code runs in a job of a marked executor.
    static var isRunning: Bool {
        Thread.current.threadDictionary[markKey] != nil
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async {
            Thread.current.threadDictionary[Self.markKey] = true
            job.runSynchronously(on: executor)
            Thread.current.threadDictionary[Self.markKey] = nil
        }
    }
}

/// How many objects of ``ThreadProbe`` were created on a ``MarkedExecutor``, counted under a
/// lock since objects are created on any thread.
private final class ProbeCount: @unchecked Sendable {
    // Safe to share: `count` is read and written only under `lock`.
    private let lock = NSLock()
    private var count = 0

    func record() {
        if MarkedExecutor.isRunning { lock.withLock { count += 1 } }
    }

    var total: Int {
        lock.withLock { count }
    }
}

/// A model that counts the objects created on a ``MarkedExecutor``.
private final class ThreadProbe: ModelObject {
    static let createdOnMarkedExecutor = ProbeCount()

    @Saved var text = ""

    override func loadDefaultValues() {
        Self.createdOnMarkedExecutor.record()
    }
}

/// An actor that runs on a ``MarkedExecutor``, as a main-actor app's code runs on the main
/// actor, and opens and saves a document.
private actor DocumentOwner {
    private let executor = MarkedExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// How many probes were created on this actor's executor: by `ThreadProbe()` here, and
    /// by the asynchronous load and save, which should run elsewhere.
    func openAndSave(_ url: URL) async throws -> (here: Int, loadAndSave: Int) {
        let count = ThreadProbe.createdOnMarkedExecutor
        let before = count.total
        _ = ThreadProbe()
        let here = count.total - before
        let probe = try await ThreadProbe.load(contentsOf: url)
        probe.text += " saved"
        try await probe.snapshot().save(to: url)
        return (here, count.total - before - here)
    }
}

/// A snapshot of a drawing that keeps all that loaded data can leave with a model: unknown
/// values, class names that did not resolve (which every load looks up in the registry
/// again) and values that a lenient load skipped.
private func makeSharedSnapshot() throws -> ModelSnapshot<Drawing> {
    var shapes: [String] = []
    for index in 0..<40 {
        switch index % 4 {
        case 0: shapes.append(#"{"representedClassName": "Circle", "name": "c\#(index)", "radius": \#(index)}"#)
        case 1: shapes.append(#"{"representedClassName": "Square", "side": "wide", "extra": [\#(index)]}"#)
        case 2: shapes.append(#"{"representedClassName": "Hexagon\#(index)", "sides": 6}"#)
        default: shapes.append(#"{"representedClassName": "Shape", "name": "ünïcödé \#(index)"}"#)
        }
    }
    let json = #"{"version": 1, "representedClassName": "Drawing", "shapes": [\#(shapes.joined(separator: ","))]}"#
    return try Drawing(json: json, options: .lenient).snapshot()
}

/// A note whose text tells which task changed it.
private func note(changedBy task: Int, from snapshot: ModelSnapshot<Note>) throws -> ModelSnapshot<Note> {
    let note = try snapshot.makeModel()
    note.text = "task \(task)"
    note.children[0].number = task
    return try note.snapshot()
}

@Suite struct SnapshotConcurrencyTests {
    /// One snapshot, read by many tasks at once: each makes models from the same bytes,
    /// compares them, hashes the snapshot and takes snapshots of its own.
    @Test func oneSnapshotFromManyTasksAtOnce() async throws {
        let shared = try makeSharedSnapshot()
        let expected = try shared.makeModel().jsonData(options: .sortedKeys)
        let results = try await withThrowingTaskGroup(of: ModelSnapshot<Drawing>.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var last = try shared.makeModel()
                    for _ in 0..<10 {
                        let model = try shared.makeModel()
                        guard model == last, model !== last, try model.jsonData(options: .sortedKeys) == expected,
                            try model.snapshot() == shared, shared.hashValue == (try model.snapshot()).hashValue
                        else { throw ModelError(.custom("task \(task) made another model")) }
                        last = model
                    }
                    last.shapes.removeFirst(task)
                    return try last.snapshot()
                }
            }
            var all: [ModelSnapshot<Drawing>] = []
            for try await snapshot in group { all.append(snapshot) }
            return all
        }
        #expect(Set(results).count == 16)
        #expect(Set(try results.map { try $0.makeModel().shapes.count }) == Set(25...40))
    }

    /// Snapshots go into and out of a task group, and into an actor that hands models out.
    @Test func snapshotsCrossTasksAndActors() async throws {
        let original = Note()
        original.children = [Note()]
        let snapshot = try original.snapshot()
        let changed = try await withThrowingTaskGroup(of: ModelSnapshot<Note>.self) { group in
            for task in 0..<8 {
                group.addTask { try note(changedBy: task, from: snapshot) }
            }
            var all: [ModelSnapshot<Note>] = []
            for try await snapshot in group { all.append(snapshot) }
            return all
        }
        let store = NoteStore()
        for snapshot in changed {
            await store.keep(snapshot)
        }
        let texts = try await store.makeNotes().map(\.text)
        #expect(texts.sorted() == (0..<8).map { "task \($0)" })
        #expect(try await store.makeNotes().map { $0.children[0].number }.sorted() == Array(0..<8))
    }

    /// A copy, and a model that a snapshot makes, are `sending`: they go to another task
    /// while the original stays in use here.
    @Test func copiesAndMadeModelsGoToOtherTasks() async throws {
        let note = Note()
        note.text = "original"
        let copy = note.copy()
        let copiedText = await Task.detached {
            copy.text += " (copied)"
            return copy.text
        }.value
        let made = try note.snapshot().makeModel()
        let madeText = await Task.detached { made.text }.value
        #expect(copiedText == "original (copied)" && madeText == "original")
        #expect(note.text == "original")
    }

    @Test func savesAndLoadsFilesAsynchronously() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let note = Note()
        note.text = "saved"
        note[extra: "kept"] = [1, 2]
        let url = directory.appendingPathComponent("note.json")
        try await note.snapshot().save(to: url)
        #expect(try Data(contentsOf: url) == note.jsonData())
        let loaded = try await Note.load(contentsOf: url)
        #expect(loaded == note && !loaded.hasAnyChanges)

        let circle = Circle()
        circle.radius = 9
        let circleURL = directory.appendingPathComponent("circle.json")
        try await ModelSnapshot<Shape>(circle).save(to: circleURL, options: [.compact, .sortedKeys])
        #expect(try Data(contentsOf: circleURL) == circle.jsonData(options: [.compact, .sortedKeys]))
        #expect((try await Shape.load(contentsOf: circleURL) as? Circle)?.radius == 9)
    }

    @Test func asynchronousFilesThrowModelErrors() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json")
        await #expect(throws: ModelError.self) { try await Note.load(contentsOf: missing) }
        let url = directory.appendingPathComponent("bad.json")
        try Data(#"{"number": "many"}"#.utf8).write(to: url)
        await #expect(throws: ModelError.self) { try await Note.load(contentsOf: url) }
        #expect(try await Note.load(contentsOf: url, options: .lenient).loadIssues.count == 1)
        let notAFile = try #require(URL(string: "https://example.com/note.json"))
        await #expect(throws: ModelError.self) { try await Note().snapshot().save(to: notAFile) }
    }

    /// Loading and saving asynchronously leave the caller's actor: no probe is created on
    /// the executor of the actor that awaits them.
    @Test func asynchronousFilesRunOffTheCallersActor() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("probe.json")
        try Data(#"{"text": "probe"}"#.utf8).write(to: url)
        let counts = try await DocumentOwner().openAndSave(url)
        #expect(counts.here == 1, "the probe notices the actor's executor")
        #expect(counts.loadAndSave == 0)
        #expect(try ThreadProbe(contentsOf: url).text == "probe saved")
    }
}

/// An actor that keeps snapshots and hands out new models made from them.
private actor NoteStore {
    private var snapshots: [ModelSnapshot<Note>] = []

    func keep(_ snapshot: ModelSnapshot<Note>) {
        snapshots.append(snapshot)
    }

    func makeNotes() throws -> sending [Note] {
        try snapshots.map { try $0.makeModel() }
    }
}
