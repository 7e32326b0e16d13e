#!/usr/bin/env bash
# Fails when ModelKit's machinery shows as a public member of a standard-library or Foundation
# type: the symbol graph of an app's view of ModelKit must not list the members that only
# ModelKit calls (their public spellings are underscored, which the symbol graph leaves out).
set -euo pipefail
cd "$(dirname "$0")/.."

# The symbol graph of the ModelKit module alone, extracted from the everyday debug build.
swift build --target ModelKit >/dev/null
modules="$(swift build --show-bin-path)/Modules"
target=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
"$(dirname "$(command -v swift)")/swift-symbolgraph-extract" -module-name ModelKit -target "$target" -I "$modules" \
    -minimum-access-level public -output-dir "$output"
graphs=$(find "$output" -name 'ModelKit@*.symbols.json')
if [ -z "$graphs" ]; then
    echo "error: no symbol graph of ModelKit's extensions to other modules was written" >&2
    exit 1
fi
python3 - $graphs <<'PY'
import json, sys
machinery = ("savedCopy", "containsModelObjects", "visitModelObjects", "isNilSavedValue",
             "make(savedValue:", "read(from:", "savedValue(context:", "writeJSON(to:")
leaks = []
for path in sys.argv[1:]:
    for symbol in json.load(open(path))["symbols"]:
        name = ".".join(symbol["pathComponents"])
        if any(word in name for word in machinery):
            leaks.append(name)
if leaks:
    print("error: ModelKit members public on other modules' types:", *sorted(set(leaks)), sep="\n  ")
    sys.exit(1)
print("no ModelKit machinery on standard types (%d symbol graphs)" % len(sys.argv[1:]))
PY
