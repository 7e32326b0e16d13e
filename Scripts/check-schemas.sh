#!/usr/bin/env bash
# Checks the JSON Schemas that ModelKit writes for the schema corpus's models
# (Tests/ModelKitTests/Schema) against what ModelKit loads: each schema against the draft
# 2020-12 meta-schema, then every document of the corpus (the models' own output, documents
# written by hand, documents generated from the models' data with one value changed, and what
# the models write for each document they load) against each schema, with Python's
# jsonschema, formats asserted. SchemaCorpusTests loads each document with ModelKit and
# records its answer in the corpus's manifest; the two answers must agree:
#   - a reading schema of draft 2020-12 accepts exactly the documents that load;
#   - every other schema accepts only documents that load;
#   - the schemas that describe a model's output accept what the model writes.
# A disagreement fails the check, unless the manifest names it a limit of what JSON Schema can
# say (a value of an enum that cannot list its cases, say); a limit that no document reaches
# any more fails the check too.
#
# MODELKIT_SCRATCH_PATH, when set, is the build folder that `swift test` uses
# (`--scratch-path`); otherwise the package's default. MODELKIT_SCHEMA_VERBOSE=1 lists the
# disagreements that limits explain.
set -euo pipefail
cd "$(dirname "$0")/.."

# jsonschema, and the format checkers that it uses for `date-time` and `time`.
if ! python3 -c 'import jsonschema, rfc3339_validator' 2>/dev/null; then
    # A system Python that its distribution manages takes packages for the user only.
    packages=(jsonschema rfc3339-validator)
    python3 -m pip install --quiet "${packages[@]}" || python3 -m pip install --quiet --user "${packages[@]}" ||
        python3 -m pip install --quiet --user --break-system-packages "${packages[@]}"
fi

corpus=$(mktemp -d)
trap 'rm -rf "$corpus" "$corpus.log"' EXIT
scratch=()
if [[ -n "${MODELKIT_SCRATCH_PATH:-}" ]]; then scratch=(--scratch-path "$MODELKIT_SCRATCH_PATH"); fi
MODELKIT_SCHEMA_OUTPUT="$corpus" swift test ${scratch[@]+"${scratch[@]}"} --filter SchemaCorpusTests >"$corpus.log" 2>&1 || {
    cat "$corpus.log" >&2
    exit 1
}

python3 - "$corpus" <<'PY'
import json, os, pathlib, sys
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

corpus = pathlib.Path(sys.argv[1])
cases = sorted(path.parent for path in corpus.glob("*/manifest.json"))
if not cases:
    sys.exit("error: the schema corpus is empty")
checker = FormatChecker()
for required in ("date-time", "date", "uuid"):
    if required not in checker.checkers:
        sys.exit(f"error: jsonschema cannot check the format {required}; install rfc3339-validator")

def shown(instance, limit=160):
    text = json.dumps(instance, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"

failures, explained, checks, documents = [], [], 0, 0
for folder in cases:
    manifest = json.loads((folder / "manifest.json").read_text())
    validators = {}
    for name in manifest["schemas"]:
        schema = json.loads((folder / f"{name}.json").read_text())
        Draft202012Validator.check_schema(schema)
        validators[name] = Draft202012Validator(schema, format_checker=checker)
    reached = set()
    for document in manifest["documents"]:
        documents += 1
        instance = json.loads((folder / document["file"]).read_text())
        where = f"{folder.name}/{document['file']} ({document['origin']}): {shown(instance)}"
        loads = document["loads"]
        answer = "ModelKit loads it" if loads else f"ModelKit does not load it: {document['error']}"
        for name, validator in validators.items():
            checks += 1
            error = best_match(validator.iter_errors(instance))
            valid = error is None
            reason = "" if valid else f" ({error.message} at {error.json_path})"
            if name in document["mustAccept"] and not valid:
                failures.append(f"{where}\n    {name} must accept what the model writes, but rejects it{reason}")
                continue
            rule = manifest["agreement"][name]
            if valid == loads or (rule == "sound" and not valid):
                continue
            verdict = "accepts it" if valid else f"rejects it{reason}"
            message = f"{where}\n    {name} {verdict}, and {answer}"
            limit = document.get("limit")
            if limit is not None:
                reached.add(limit)
                explained.append(f"{message}\n    (a limit: {manifest['limits'][limit]})")
            else:
                failures.append(message)
    for limit, reason in sorted(manifest["limits"].items()):
        if limit not in reached:
            failures.append(
                f"{folder.name}: the limit at {limit} ({reason}) explains no disagreement any more; remove it"
            )

if os.environ.get("MODELKIT_SCHEMA_VERBOSE") == "1":
    for note in explained:
        print("limit:", note)
for failure in failures:
    print("error:", failure, file=sys.stderr)
if failures:
    sys.exit(f"{len(failures)} disagreements between the schemas and loading")
print(
    f"schemas agree with loading: {len(cases)} models, {documents} documents, {checks} checks"
    f" ({len(explained)} disagreements that JSON Schema cannot avoid)"
)
PY
