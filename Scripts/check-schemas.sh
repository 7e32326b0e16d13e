#!/usr/bin/env bash
# Validates the JSON Schemas that ModelKit writes for the schema corpus's models
# (Tests/ModelKitTests/Schema): each against the draft 2020-12 meta-schema, each model's own
# output against its schemas, and the corpus's documents as its manifest says (accepted or
# rejected, as loading them does). Uses Python's jsonschema package, installed when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import jsonschema' 2>/dev/null; then
    # A system Python that its distribution manages takes packages for the user only.
    python3 -m pip install --quiet jsonschema || python3 -m pip install --quiet --user jsonschema ||
        python3 -m pip install --quiet --user --break-system-packages jsonschema
fi

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
MODELKIT_SCHEMA_OUTPUT="$corpus" swift test --filter SchemaCorpusTests >"$corpus.log" 2>&1 || {
    cat "$corpus.log" >&2
    rm -f "$corpus.log"
    exit 1
}
rm -f "$corpus.log"

python3 - "$corpus" <<'PY'
import json, pathlib, sys
from jsonschema import Draft202012Validator, FormatChecker

corpus = pathlib.Path(sys.argv[1])
cases = sorted(path.parent for path in corpus.glob("*/manifest.json"))
if not cases:
    sys.exit("error: the schema corpus is empty")
failures, checked = [], 0
for folder in cases:
    manifest = json.loads((folder / "manifest.json").read_text())
    validators = {}
    for name in manifest["schemas"]:
        schema = json.loads((folder / f"{name}.json").read_text())
        Draft202012Validator.check_schema(schema)
        validators[name] = Draft202012Validator(schema, format_checker=FormatChecker())
        checked += 1
    for document in manifest["documents"]:
        instance = json.loads((folder / document["file"]).read_text())
        for name in document["valid"]:
            errors = list(validators[name].iter_errors(instance))
            if errors:
                failures.append(f"{folder.name}/{document['file']} against {name}: {errors[0].message}")
        for name in document["invalid"]:
            if validators[name].is_valid(instance):
                failures.append(f"{folder.name}/{document['file']} is accepted by {name}, which must reject it")
        checked += len(document["valid"]) + len(document["invalid"])
for failure in failures:
    print("error:", failure, file=sys.stderr)
if failures:
    sys.exit(1)
print(f"schemas valid: {len(cases)} models, {checked} checks")
PY
