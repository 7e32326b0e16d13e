#!/usr/bin/env bash
# Builds the ModelKit documentation with the toolchain's docc and fails on any warning.
#
# Usage: Scripts/docs.sh [OUTPUT]
#   OUTPUT  where to write the archive; .build/docs/ModelKit.doccarchive by default.
#
# Symbol graphs come from `swift build` in a scratch folder of its own, so that the extra
# compiler flags do not invalidate the everyday build in .build.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
symbol_graphs="$scratch/symbol-graphs"
output="${1:-$scratch/ModelKit.doccarchive}"
log="$scratch/docc.log"

docc_path="$(command -v docc || true)"
if [ -z "$docc_path" ]; then
    docc_path="$(dirname "$(command -v swift)")/docc"
fi
if [ ! -x "$docc_path" ]; then
    echo "error: docc not found; it ships with the Swift toolchain" >&2
    exit 1
fi

build_symbol_graphs() {
    swift build --scratch-path "$scratch/build" --target ModelKit \
        -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbol_graphs"
}

rm -rf "$output"
mkdir -p "$symbol_graphs"

echo "== swift build (symbol graphs)"
# The compiler writes symbol graphs only when it compiles the module, so they stay in place
# between runs; if they are missing while the build is up to date, build again from clean.
build_symbol_graphs
if [ ! -f "$symbol_graphs/ModelKit.symbols.json" ]; then
    rm -rf "$scratch/build" "$symbol_graphs"
    mkdir -p "$symbol_graphs"
    build_symbol_graphs
fi

echo "== docc convert"
set +e
"$docc_path" convert Sources/ModelKit/Documentation.docc \
    --additional-symbol-graph-dir "$symbol_graphs" \
    --fallback-display-name ModelKit \
    --fallback-bundle-identifier org.modelkit.ModelKit \
    --output-path "$output" \
    --diagnostic-filter warning \
    --warnings-as-errors 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

if [ "$status" -ne 0 ] || grep -qE "(warning|error):" "$log"; then
    echo "error: docc reported problems (see above)" >&2
    exit 1
fi
echo "Documentation built at $output"
