#!/usr/bin/env bash
# Fuzzes ModelKit's JSON loading and writing with libFuzzer for SECONDS seconds (default 60).
#
#   Scripts/fuzz.sh 600
#
# Builds ModelKit and the target in Fuzz/ModelKitFuzz with `swiftc -sanitize=fuzzer,address`
# (libFuzzer needs flags that a package manifest may not carry), then runs it from the seeds in
# Fuzz/corpus; what a run finds is kept only for that run, so a run takes SECONDS plus the
# build, however often it has run before. Exits non-zero on any crash,
# leak or timeout; the input that caused it is saved in fuzz-out/ and can be replayed with
#
#   .build/fuzz/modelkit-fuzz fuzz-out/crash-…
#
# Once it is fixed, copy the input to Fuzz/regressions, where `swift test` checks it again.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: Scripts/fuzz.sh [SECONDS]" >&2
    exit 2
fi

build=.build/fuzz
mkdir -p "$build/module" fuzz-out
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g)

echo "== building ModelKit for fuzzing"
find Sources/ModelKit -name '*.swift' -print0 | sort -z | xargs -0 swiftc "${flags[@]}" \
    -module-name ModelKit -emit-module -emit-module-path "$build/module/ModelKit.swiftmodule" \
    -emit-library -static -o "$build/module/libModelKit.a"

# The checks and models are shared with FuzzRegressionTests, which replays Fuzz/corpus and
# Fuzz/regressions under `swift test`.
echo "== building the fuzz target"
swiftc "${flags[@]}" -use-ld=lld -module-name ModelKitFuzz \
    -I "$build/module" -L "$build/module" -lModelKit \
    Fuzz/ModelKitFuzz/*.swift Tests/ModelKitTests/FuzzInputCheck.swift Tests/ModelKitTests/FuzzModels.swift \
    -o "$build/modelkit-fuzz"

echo "== fuzzing for $seconds seconds"
# Swift's own crash reporter would print its backtrace in place of libFuzzer's report and
# keep libFuzzer from saving the input; leave crashes to libFuzzer and AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
"$build/modelkit-fuzz" "$corpus" Fuzz/corpus Fuzz/regressions \
    -dict=Fuzz/modelkit.dict \
    -max_total_time="$seconds" \
    -max_len=8192 \
    -timeout=30 \
    -artifact_prefix=fuzz-out/ \
    -print_final_stats=1
echo "== no crash in $seconds seconds"
