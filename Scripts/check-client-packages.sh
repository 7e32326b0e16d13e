#!/usr/bin/env bash
# Builds and runs packages of the shapes that apps have, each depending on this checkout by
# path, to check what only a separate client module shows:
#   1. an app whose own executable target is named `Demo`, as many are: SwiftPM wants target
#      names to be unique across a whole package graph, so this fails if a target of ModelKit's
#      takes a name that an app would use;
#   2. an app module whose default isolation is the main actor (Xcode 26 app targets, SwiftPM's
#      `.defaultIsolation(MainActor.self)`), declaring models with overrides and using them from
#      main-actor code, as Getting Started shows;
#   3. an app module built without reflection metadata (Xcode's "Reflection Metadata Level:
#      None"), whose models ModelKit cannot see into: the first use must stop with a message that
#      names the class and the setting, never save nothing;
#   4. the patterns of the article "Models and Swift Concurrency", each as the article shows it,
#      in a module of Swift 6's defaults and in one with the settings of Xcode 26 app targets
#      (main-actor default isolation, `NonisolatedNonsendingByDefault`), run and checked.
# Usage: Scripts/check-client-packages.sh [scratch-directory]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
name=$(basename "$root")
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch"

client="$scratch/client"
# One package, so that ModelKit builds once, with a target for each shape; each
# `add_target NAME SETTINGS` reads the target's main.swift from standard input.
targets=""
add_target() {
    mkdir -p "$client/Sources/$1"
    cat >"$client/Sources/$1/main.swift"
    targets+="
        .executableTarget(
            name: \"$1\",
            dependencies: [.product(name: \"ModelKit\", package: \"$name\")],
            swiftSettings: [$2]
        ),"
}

add_target Demo "" <<'SOURCE'
import Foundation
import ModelKit

final class Note: ModelObject {
    @Saved var text = "Untitled"
    @Saved var tags: [String] = []
}

let note = Note()
note.text = "Shopping"
note.tags = ["home"]
let file = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).json")
defer { try? FileManager.default.removeItem(at: file) }
try note.save(to: file)
let loaded = try Note(contentsOf: file)
let parsed = try Note(json: note.jsonString())
guard loaded == note, parsed == note, loaded.tags == ["home"] else {
    fatalError("the note did not read back equal")
}
print(try loaded.jsonString(options: [.compact, .sortedKeys]))
SOURCE

add_target App ".defaultIsolation(MainActor.self)" <<'SOURCE'
import Foundation
import ModelKit
import Observation

// In a module whose default isolation is the main actor, a model class is declared
// `nonisolated`: ModelObject's initializers and hooks are nonisolated, and an override must
// match the isolation of what it overrides.
nonisolated final class Note: ModelObject {
    @Saved var text = "Untitled"
    @Saved var tags: [String] = []
    @Saved var attachments: [Attachment] = []

    override class var modelVersion: Int { 2 }

    override class func migrate(_ dictionary: inout [String: Any], from version: Int) throws {
        if version < 2, let title = dictionary.removeValue(forKey: "title") {
            dictionary["text"] = title
        }
    }

    override func upgrade(from version: Int, dictionary: [String: Any]) throws {
        if tags.isEmpty { tags = ["upgraded"] }
    }

    override func loadDefaultValues() {
        tags = ["new"]
    }
}

nonisolated class Attachment: ModelObject {
    @Saved var name = ""
}

nonisolated final class Photo: Attachment {
    @Saved var width = 0
    override class var modelName: String { "Photo" }
}

// Main-actor code, as a view model is, holds and changes models.
@Observable final class NoteViewModel {
    var note = Note()

    func rename(_ text: String) {
        note.text = text
    }

    func open(_ data: Data) throws {
        note = try Note(json: data)
    }
}

let viewModel = NoteViewModel()
try viewModel.open(Data(#"{"version": 1, "title": "Old"}"#.utf8))
guard viewModel.note.text == "Old", viewModel.note.tags == ["new"], !viewModel.note.hasChanges else {
    fatalError("the migrated note did not load as expected")
}
let photo = Photo()
photo.width = 640
viewModel.note.attachments = [photo]
viewModel.rename("Trip")
let reloaded = try Note(json: viewModel.note.jsonData())
guard reloaded == viewModel.note, reloaded.attachments.first is Photo else {
    fatalError("the note did not read back equal")
}
print(try reloaded.jsonString(options: [.compact, .sortedKeys]))
SOURCE

add_target Stripped '.unsafeFlags(["-disable-reflection-metadata"])' <<'SOURCE'
import ModelKit

final class Note: ModelObject {
    @Saved var text = "Untitled"
}

let note = Note()
note.text = "Shopping"
print(try note.jsonString())
SOURCE
# The code blocks of the article, verbatim, then code that runs them and checks the results.
add_target Concurrency "" <<'SOURCE'
import Foundation
import ModelKit
import Observation

final class Repo: ModelObject {
    @Saved var name = ""
    @Saved var stars = 0
    @Saved var topics: [String] = []
}

@MainActor @Observable final class RepoViewModel {
    var repo = Repo()
    var isBusy = false

    func open(_ url: URL) async throws {
        isBusy = true
        defer { isBusy = false }
        repo = try await Repo.load(contentsOf: url)
    }

    func save(to url: URL) async throws {
        try await repo.snapshot().save(to: url)
    }
}

@concurrent func loadRepo(from url: URL) async throws -> Repo {
    try Repo(contentsOf: url)
}

@MainActor func open(_ data: Data, into viewModel: RepoViewModel) async throws {
    try await Task.detached {
        let repo = try Repo(json: data)
        await MainActor.run { viewModel.repo = repo }
    }.value
}

@MainActor func openPair(_ first: Data, _ second: Data) async throws -> [Repo] {
    async let left = Repo(json: first)
    async let right = Repo(json: second)
    return try await [left, right]
}

actor RepoStore {
    private var repos: [String: Repo] = [:]

    func add(_ repo: sending Repo) {
        repos[repo.name] = repo
    }

    func copy(named name: String) -> sending Repo? {
        repos[name]?.copy()
    }
}

actor RepoCache {
    private var snapshots: [String: ModelSnapshot<Repo>] = [:]

    func store(_ snapshot: ModelSnapshot<Repo>, named name: String) {
        snapshots[name] = snapshot
    }

    func repo(named name: String) throws -> sending Repo? {
        try snapshots[name]?.makeModel()
    }
}

func loadAll(_ urls: [URL]) async throws -> [Repo] {
    try await withThrowingTaskGroup(of: ModelSnapshot<Repo>.self) { group in
        for url in urls {
            group.addTask { try Repo(contentsOf: url).snapshot() }
        }
        var repos: [Repo] = []
        for try await snapshot in group {
            repos.append(try snapshot.makeModel())
        }
        return repos
    }
}

struct RepoEvent: Sendable, Codable, Hashable {
    var repo: ModelSnapshot<Repo>
    var receivedAt: Date
}

func loadInBackground(_ data: Data) async throws -> Repo {
    try await Task.detached { try Repo(json: data).snapshot() }.value.makeModel()
}

@MainActor func share(_ viewModel: RepoViewModel, with store: RepoStore) async throws -> Int {
    await store.add(viewModel.repo.copy())
    let snapshot = try viewModel.repo.snapshot()
    return try await Task.detached { try snapshot.makeModel().stars }.value
}

func check(_ condition: Bool, _ what: String) {
    guard condition else { fatalError("concurrency pattern failed: \(what)") }
}

func makeRepo(_ name: String, stars: Int) -> Repo {
    let repo = Repo()
    repo.name = name
    repo.stars = stars
    repo.topics = ["swift", name.lowercased()]
    return repo
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("concurrency-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let names = ["ModelKit", "Observation", "Foundation", "Testing"]
var urls: [URL] = []
for (index, name) in names.enumerated() {
    let url = directory.appendingPathComponent("\(name).json")
    try makeRepo(name, stars: index).save(to: url)
    urls.append(url)
}

let viewModel = RepoViewModel()
try await viewModel.open(urls[0])
check(viewModel.repo == makeRepo("ModelKit", stars: 0) && !viewModel.repo.hasChanges && !viewModel.isBusy, "open")
viewModel.repo.stars = 10
let saved = directory.appendingPathComponent("saved.json")
try await viewModel.save(to: saved)
check(try Repo(contentsOf: saved).stars == 10, "save")

check(try await loadRepo(from: urls[1]).name == "Observation", "a @concurrent loader")
try await open(makeRepo("Detached", stars: 3).jsonData(), into: viewModel)
check(viewModel.repo.name == "Detached", "Task.detached and MainActor.run")
let pair = try await openPair(makeRepo("Left", stars: 1).jsonData(), makeRepo("Right", stars: 2).jsonData())
check(pair.map(\.name) == ["Left", "Right"], "async let")

let store = RepoStore()
let added = makeRepo("Added", stars: 5)
await store.add(added)
let firstCopy = await store.copy(named: "Added")
let secondCopy = await store.copy(named: "Added")
check(firstCopy?.stars == 5 && firstCopy !== secondCopy, "copies from an actor")
check(try await share(viewModel, with: store) == 3, "a copy to an actor and a snapshot to a task")
check(await store.copy(named: "Detached")?.stars == 3, "the shared copy")

let cache = RepoCache()
try await cache.store(makeRepo("Cached", stars: 7).snapshot(), named: "Cached")
let cached = try await cache.repo(named: "Cached")
let cachedAgain = try await cache.repo(named: "Cached")
check(cached?.stars == 7 && cached !== cachedAgain && cached == cachedAgain, "models from a cache of snapshots")
check(try await cache.repo(named: "Missing") == nil, "a missing cache entry")

let all = try await loadAll(urls)
check(all.map(\.name).sorted() == names.sorted(), "a task group of snapshots")

let event = RepoEvent(repo: try makeRepo("Event", stars: 9).snapshot(), receivedAt: Date(timeIntervalSince1970: 0))
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
let encoded = try encoder.encode(event)
check(try JSONDecoder().decode(RepoEvent.self, from: encoded) == event, "a Sendable, Codable event")
check(
    String(decoding: encoded, as: UTF8.self).contains(#""repo":{"name":"Event","representedClassName":"Repo""#),
    "an event encodes its model's own form")
check(try await loadInBackground(makeRepo("Background", stars: 4).jsonData()).stars == 4, "a detached snapshot")
print("all \(names.count) repos and every pattern of the article checked")
SOURCE

add_target ConcurrencyApp '.defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault")' <<'SOURCE'
import Foundation
import ModelKit
import Observation

nonisolated final class Note: ModelObject {
    @Saved var text = ""
}

@Observable final class NoteViewModel {
    var note = Note()

    func open(_ url: URL) async throws {
        note = try await Note.load(contentsOf: url)
    }

    func save(to url: URL) async throws {
        try await note.snapshot().save(to: url)
    }
}

@concurrent func loadNote(from url: URL) async throws -> Note {
    try Note(contentsOf: url)
}

struct NoteEvent: Sendable, Codable, Hashable {
    var note: ModelSnapshot<Note>
}

let url = FileManager.default.temporaryDirectory.appendingPathComponent("concurrency-app-\(UUID().uuidString).json")
defer { try? FileManager.default.removeItem(at: url) }
let original = Note()
original.text = "Groceries"
try original.save(to: url)

let viewModel = NoteViewModel()
try await viewModel.open(url)
guard viewModel.note == original, !viewModel.note.hasChanges else {
    fatalError("the note did not open")
}
viewModel.note.text = "Groceries and flowers"
try await viewModel.save(to: url)
let loaded = try await loadNote(from: url)
let event = NoteEvent(note: try loaded.snapshot())
guard loaded.text == "Groceries and flowers",
    try JSONDecoder().decode(NoteEvent.self, from: JSONEncoder().encode(event)) == event
else {
    fatalError("the note did not save, load or encode as expected")
}
print(try event.note.makeModel().jsonString(options: [.compact, .sortedKeys]))
SOURCE

cat >"$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Client",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(path: "$root")],
    targets: [$targets
    ]
)
MANIFEST

# Every code block of the article must appear, as it is, in the client targets above, so that
# what the article shows is what was compiled and run.
python3 - "$root/Sources/ModelKit/Documentation.docc/ModelsAndSwiftConcurrency.md" \
    "$client/Sources/Concurrency/main.swift" "$client/Sources/ConcurrencyApp/main.swift" <<'PY'
import re, sys
article = open(sys.argv[1]).read()
sources = "".join(open(path).read() for path in sys.argv[2:])
blocks = re.findall(r"```swift\n(.*?)```", article, re.S)
missing = [block for block in blocks if block not in sources]
if not blocks or missing:
    print("error: code blocks of ModelsAndSwiftConcurrency.md that no client target compiles:", file=sys.stderr)
    for block in missing:
        print(block, file=sys.stderr)
    sys.exit(1)
print("the article's %d code blocks are all compiled" % len(blocks))
PY

swift build --package-path "$client" -Xswiftc -warnings-as-errors
binaries=$(swift build --package-path "$client" -Xswiftc -warnings-as-errors --show-bin-path)

echo "-- an app with a target named Demo"
"$binaries/Demo"

echo "-- an app module isolated to the main actor by default"
"$binaries/App"

echo "-- the patterns of Models and Swift Concurrency"
"$binaries/Concurrency"
"$binaries/ConcurrencyApp"

echo "-- an app module built without reflection metadata"
log="$scratch/no-reflection.log"
if ("$binaries/Stripped") >"$log" 2>&1; then
    echo "error: a model whose module has no reflection metadata was used without stopping" >&2
    cat "$log" >&2
    exit 1
fi
if ! grep -q "Note (or a model class its initializer creates) initializes 1 @Saved values" "$log" ||
    ! grep -q "Reflection Metadata Level" "$log"; then
    echo "error: the stop did not name the class and the setting" >&2
    cat "$log" >&2
    exit 1
fi
echo "stopped with: $(grep -o 'Note (or a model class.*' "$log" | head -c 160)..."
