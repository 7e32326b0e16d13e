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
#      names the class and the setting, never save nothing.
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

swift build --package-path "$client" -Xswiftc -warnings-as-errors
binaries=$(swift build --package-path "$client" -Xswiftc -warnings-as-errors --show-bin-path)

echo "-- an app with a target named Demo"
"$binaries/Demo"

echo "-- an app module isolated to the main actor by default"
"$binaries/App"

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
