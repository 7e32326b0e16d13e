#!/usr/bin/env bash
# Checks the layering that ARCHITECTURE.md describes: the code in Sources/ModelKit/JSON names
# none of the model-facing types (comments aside) — not the errors, key paths, numbers and dates
# of models, nor the writer of saved values, which writes through JSON/'s JSONOutput; its own
# errors become ModelErrors in Errors/ModelError+JSON.swift — and no source folder holds 25
# files or more.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
model_types='SavedValue|LoadContext|SaveContext|ModelMetadata|KeyTable|WriteOptions|ObjectHeader|MatchedEntries|ModelObject'
model_types+='|ModelError|ModelKeyPath|SettledError|SavedNumber|ISO8601|DateCoding|DateFormat|JSONWriter'
if grep -n -w -E "$model_types" Sources/ModelKit/JSON/*.swift | grep -v -E '^[^:]+:[0-9]+:[[:space:]]*//'; then
    echo "error: Sources/ModelKit/JSON names model-facing types; that code belongs outside JSON/, in Reading/, Writing/ or the folder of the type it names" >&2
    status=1
fi
for folder in Sources/ModelKit/*/; do
    count=$(find "$folder" -maxdepth 1 -name '*.swift' | wc -l)
    if [ "$count" -ge 25 ]; then
        echo "error: $folder holds $count source files; split it by role" >&2
        status=1
    fi
done
exit $status
