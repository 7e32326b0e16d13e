#!/usr/bin/env bash
# Kills saves part-way and counts what they leave behind, then saves one file from several
# processes at once.
#
#   Scripts/interrupted-saves.sh                  # 40 kills, this checkout
#   Scripts/interrupted-saves.sh 100 ../other     # 100 kills, another checkout of ModelKit
#
# Builds, in a scratch folder, a package that depends on the checkout by path, with a `saver`
# that saves a document to one file over and over. KILLS times, it starts a saver of a 1 MB
# document, kills it with SIGKILL after a random 50-500 ms, and counts the `.modelkit-*.tmp`
# files beside the document: those that a killed save left and that no later save has removed
# yet. Then one saver makes one save, to its end, and the files are counted again. Last, eight
# savers save a small document to one file at once, 300 times each, so that each save's removal
# of abandoned files races the others' new files; every save must succeed.
#
# Prints the counts and exits non-zero when a new file is left after the last save, when a
# concurrent save fails or when the document is not whole.
set -euo pipefail
cd "$(dirname "$0")/.."

kills="${1:-40}"
checkout=$(cd "${2:-.}" && pwd -P)
if ! [[ "$kills" =~ ^[0-9]+$ ]]; then
    echo "usage: Scripts/interrupted-saves.sh [KILLS [CHECKOUT]]" >&2
    exit 2
fi

scratch=$(mktemp -d)
saver_pid=
cleanup() {
    if [ -n "$saver_pid" ]; then kill -9 "$saver_pid" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT

probe="$scratch/probe"
mkdir -p "$probe/Sources/saver"
cat >"$probe/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Probe",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "$checkout")],
    targets: [
        .executableTarget(
            name: "saver",
            dependencies: [.product(name: "ModelKit", package: "$(basename "$checkout")")]
        )
    ]
)
MANIFEST
cat >"$probe/Sources/saver/main.swift" <<'SOURCE'
import Foundation
import ModelKit

final class Document: ModelObject {
    @Saved var title = ""
    @Saved var lines: [String] = []
}

// saver FILE LINES ROUNDS: saves a document of LINES lines to FILE ROUNDS times, or until
// killed when ROUNDS is 0.
// saver FILE LINES check: loads FILE, and fails unless it holds a whole document of LINES lines.
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: saver FILE LINES ROUNDS|check\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: arguments[1])
let lines = (0..<count).map { "line \($0) of a document that is saved over and over" }
if arguments[3] == "check" {
    let isWhole = (try? Document(contentsOf: url))?.lines == lines
    exit(isWhole ? 0 : 1)
}
guard let rounds = Int(arguments[3]) else { exit(2) }
let document = Document()
document.lines = lines
var round = 0
while rounds == 0 || round < rounds {
    document.title = "round \(round)"
    do {
        try document.save(to: url)
    } catch {
        FileHandle.standardError.write(Data("saver: \(error)\n".utf8))
        exit(1)
    }
    round += 1
}
SOURCE
echo "== building the saver against $checkout"
swift build --package-path "$probe" --product saver 2>&1 | tail -1
saver="$probe/.build/debug/saver"

documents="$scratch/documents"
mkdir -p "$documents"
document="$documents/document.json"
new_files() {
    find "$documents" -maxdepth 1 -name '.modelkit-*.tmp' | sort
}
count_left() {
    new_files | wc -l | tr -d ' '
}

echo "== $kills saves killed part-way"
landed=0
for _ in $(seq "$kills"); do
    before=$(new_files)
    "$saver" "$document" 20000 0 &
    saver_pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 450 + 50)))"
    kill -9 "$saver_pid" 2>/dev/null || true
    wait "$saver_pid" 2>/dev/null || true
    saver_pid=
    # A name that was not there before is what this kill left; the saver started next removes
    # it, where saves remove what interrupted ones left.
    if [ -n "$(comm -13 <(echo "$before") <(new_files))" ]; then
        landed=$((landed + 1))
    fi
done
after_kills=$(count_left)
"$saver" "$document" 20000 1
after_save=$(count_left)
echo "kills that left a new file: $landed of $kills"
echo "new files left after the kills: $after_kills"
echo "new files left after one more save: $after_save"

echo "== eight processes saving the same document at once"
pids=()
for _ in $(seq 8); do
    "$saver" "$document" 10 300 &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
    wait "$pid" || failed=$((failed + 1))
done
after_concurrent=$(count_left)
echo "savers that failed: $failed of 8; new files left: $after_concurrent"

whole=1
"$saver" "$document" 10 check || whole=0
if [ "$after_save" != 0 ] || [ "$failed" != 0 ] || [ "$after_concurrent" != 0 ] || [ "$whole" != 1 ]; then
    echo "error: saves left new files behind, failed, or left the document broken" >&2
    exit 1
fi
