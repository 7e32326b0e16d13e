#!/usr/bin/env bash
# Fuzzes ModelKit's JSON loading and writing with libFuzzer for SECONDS seconds (default 60).
#
#   Scripts/fuzz.sh 600
#   Scripts/fuzz.sh 30 1     # seed 1: the same inputs in the same order on every run
#
# Without SEED, each run starts from a seed of its own and so explores new ground; with one,
# and with Swift's hashing made deterministic, a run repeats the one before it input for
# input as far as the time allows, so that a failure it finds can be reproduced.
#
# Builds the package in Fuzz/ with SwiftPM, ModelKit included, instrumented for libFuzzer and
# AddressSanitizer (flags that a package manifest may not carry, so they are given here), then
# runs it from the seeds in Fuzz/corpus; what a run finds is kept only for that run, so a run
# takes SECONDS plus the build, however often it has run before. Exits non-zero on any crash,
# leak or timeout; the input that caused it is saved in fuzz-out/ and can be replayed with
#
#   Fuzz/.build/release/modelkit-fuzz fuzz-out/crash-…
#
# Once it is fixed, copy the input to Fuzz/regressions, where `swift test` checks it again.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
seed="${2:-}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || ! [[ "$seed" =~ ^[0-9]*$ ]]; then
    echo "usage: Scripts/fuzz.sh [SECONDS [SEED]]" >&2
    exit 2
fi
seeding=()
if [ -n "$seed" ]; then
    seeding=(-seed="$seed")
    export SWIFT_DETERMINISTIC_HASHING=1
fi

mkdir -p fuzz-out
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT

# `-Xswiftc -sanitize=fuzzer,address` instruments every module, ModelKit's too, for coverage
# and AddressSanitizer. `--sanitize=fuzzer` links libFuzzer, whose `main` runs the target, and
# keeps SwiftPM from pointing the executable's entry at a Swift `main` that it does not have.
# Without a cached build plan, files added to ModelKit since the last fuzz build are seen.
# MODELKIT_TEST_SUPPORT makes ModelKit's manifest offer its test support library, which holds
# the fuzz checks and models, as a product that the fuzz package can depend on.
echo "== building the fuzz target"
MODELKIT_TEST_SUPPORT=1 swift build --package-path Fuzz -c release --disable-build-manifest-caching \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
fuzzer="Fuzz/.build/release/modelkit-fuzz"

echo "== fuzzing for $seconds seconds"
# Swift's own crash reporter would print its backtrace in place of libFuzzer's report and
# keep libFuzzer from saving the input; leave crashes to libFuzzer and AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
"$fuzzer" "$corpus" Fuzz/corpus Fuzz/regressions \
    -dict=Fuzz/modelkit.dict \
    -max_total_time="$seconds" \
    -max_len=8192 \
    -timeout=30 \
    -artifact_prefix=fuzz-out/ \
    -print_final_stats=1 \
    ${seeding[@]+"${seeding[@]}"}
echo "== no crash in $seconds seconds"
