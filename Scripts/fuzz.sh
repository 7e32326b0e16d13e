#!/usr/bin/env bash
# Fuzzes ModelKit's JSON loading and writing with libFuzzer for SECONDS seconds (default 60).
#
#   Scripts/fuzz.sh 600
#
# Builds ModelKit and the target in Fuzz/ModelKitFuzz with `swiftc -sanitize=fuzzer,address`
# (libFuzzer needs flags that a package manifest may not carry), then runs it from the seeds in
# Fuzz/corpus plus whatever earlier runs found (.build/fuzz/corpus). Exits non-zero on any crash,
# leak or timeout; the input that caused it is saved in fuzz-out/ and can be replayed with
#
#   .build/fuzz/modelkit-fuzz fuzz-out/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "usage: Scripts/fuzz.sh [SECONDS]" >&2
    exit 2
fi

build=.build/fuzz
mkdir -p "$build/module" "$build/corpus" fuzz-out
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g)

echo "== building ModelKit for fuzzing"
find Sources/ModelKit -name '*.swift' -print0 | sort -z | xargs -0 swiftc "${flags[@]}" \
    -module-name ModelKit -emit-module -emit-module-path "$build/module/ModelKit.swiftmodule" \
    -emit-library -static -o "$build/module/libModelKit.a"

echo "== building the fuzz target"
swiftc "${flags[@]}" -use-ld=lld -module-name ModelKitFuzz \
    -I "$build/module" -L "$build/module" -lModelKit \
    Fuzz/ModelKitFuzz/*.swift -o "$build/modelkit-fuzz"

echo "== fuzzing for $seconds seconds"
# Swift's own crash reporter would print its backtrace in place of libFuzzer's report and
# keep libFuzzer from saving the input; leave crashes to libFuzzer and AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
"$build/modelkit-fuzz" "$build/corpus" Fuzz/corpus \
    -dict=Fuzz/modelkit.dict \
    -max_total_time="$seconds" \
    -max_len=8192 \
    -timeout=30 \
    -artifact_prefix=fuzz-out/ \
    -print_final_stats=1
echo "== no crash in $seconds seconds"
