#!/usr/bin/env bash
# Checks the layering that ARCHITECTURE.md describes:
#
# - The bottom folders of Sources/ModelKit name no type that a folder above them declares:
#   Support/, plumbing with no domain, names the types of no other folder; Runtime/, the reads
#   of the runtime's metadata and of values' memory, names only Support/'s, and of Declaration/
#   only `ModelObject` (whose superclasses `ClassHierarchy` lists) and `Saved` (in which
#   `FieldStorage` finds a value's offset), the seam where it reaches a model's storage; JSON/,
#   bytes, numbers and strings, names only Runtime/'s (`ExactDecimal`) and Support/'s
#   (`CallStack`). Comments and the text of string literals do not count (interpolations do).
#   A folder's types are those it declares (`struct`, `class`, `enum`, `protocol` and `actor`
#   at any depth, `typealias` at the top level of a file; not `private` or `fileprivate` ones),
#   and a name is a folder's own when it declares it too, as a type or a generic parameter.
#   The names that the standard library gives its generic parameters and associated types
#   (`Element`, `Key`, `Value`, ...) are every folder's own.
# - JSON/ names none of the model-facing types, listed by name below: not the errors, key
#   paths, numbers and dates of models, nor the writer of saved values, which writes through
#   JSON/'s JSONOutput; its own errors become ModelErrors in Errors/ModelError+JSON.swift.
# - No source folder holds 25 files or more.
#
# It also prints, without failing, how many other folders each folder names types of (names
# that more than one folder declares aside): a reader's first guide to what builds on what.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
sources=Sources/ModelKit
model_types='SavedValue|LoadContext|SaveContext|ModelMetadata|KeyTable|WriteOptions|ObjectHeader|MatchedEntries|ModelObject'
model_types+='|ModelError|ModelKeyPath|SettledError|SavedNumber|ISO8601|DateCoding|DateFormat|JSONWriter'
if grep -n -w -E "$model_types" $sources/JSON/*.swift | grep -v -E '^[^:]+:[0-9]+:[[:space:]]*//'; then
    echo "error: Sources/ModelKit/JSON names model-facing types; that code belongs outside JSON/, in Reading/, Writing/ or the folder of the type it names" >&2
    status=1
fi
for folder in $sources/*/; do
    count=$(find "$folder" -maxdepth 1 -name '*.swift' | wc -l)
    if [ "$count" -ge 25 ]; then
        echo "error: $folder holds $count source files; split it by role" >&2
        status=1
    fi
done

# Each folder below may name the types of its own and of the folders after the colon.
lower_layers='Support: Runtime:Support JSON:Runtime,Support'
# The names of other folders' types that a folder below uses at a seam that ARCHITECTURE.md
# names, as folder:name.
seams='Runtime:ModelObject Runtime:Saved'

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Every line of code as "folder<TAB>file:line<TAB>code": comments removed, the text of string
# literals blanked (an interpolation stays code), multi-line strings and raw strings included.
awk '
function push(state, count) { depth++; states[depth] = state; counts[depth] = count }
FNR == 1 {
    depth = 0; states[0] = "code"
    folder = FILENAME; sub(/^.*ModelKit\//, "", folder); sub(/\/.*$/, "", folder)
}
{
    line = $0; length_ = length(line); out = ""; i = 1
    while (i <= length_) {
        c = substr(line, i, 1); state = states[depth]
        if (state == "code" || state == "interpolation") {
            if (substr(line, i, 2) == "//") break
            if (substr(line, i, 2) == "/*") { push("comment", 1); i += 2; continue }
            if (substr(line, i, 3) == "\"\"\"") { push("lines", 0); out = out "\""; i += 3; continue }
            if (c == "\"") { push("string", 0); out = out "\""; i++; continue }
            if (c == "#") {
                j = i; while (substr(line, j, 1) == "#") j++
                if (substr(line, j, 1) == "\"") {
                    if (substr(line, j, 3) == "\"\"\"") { push("raw lines", j - i); i = j + 3 } else { push("raw", j - i); i = j + 1 }
                    out = out "\""; continue
                }
                out = out substr(line, i, j - i); i = j; continue
            }
            if (state == "interpolation") {
                if (c == "(") counts[depth]++
                else if (c == ")" && --counts[depth] == 0) { depth--; out = out " "; i++; continue }
            }
            out = out c; i++; continue
        }
        if (state == "comment") {
            if (substr(line, i, 2) == "/*") { counts[depth]++; i += 2; continue }
            if (substr(line, i, 2) == "*/") { if (--counts[depth] == 0) depth--; out = out " "; i += 2; continue }
            i++; continue
        }
        if (state == "string" || state == "lines") {
            if (c == "\\") {
                if (substr(line, i + 1, 1) == "(") { push("interpolation", 1); out = out " "; i += 2; continue }
                i += 2; continue
            }
            if (state == "string" && c == "\"") { depth--; out = out "\""; i++; continue }
            if (state == "lines" && substr(line, i, 3) == "\"\"\"") { depth--; out = out "\""; i += 3; continue }
            i++; continue
        }
        # A raw string ends at its quote or quotes followed by as many hashes as it began with.
        hashes = substr("################", 1, counts[depth])
        close_ = (state == "raw" ? "\"" : "\"\"\"") hashes
        if (substr(line, i, length(close_)) == close_) { depth--; out = out "\""; i += length(close_); continue }
        i++
    }
    # A string on one line ends with it.
    while (states[depth] == "string" || states[depth] == "raw" || states[depth] == "interpolation") depth--
    printf "%s\t%s:%d\t%s\n", folder, FILENAME, FNR, out
}' $sources/*/*.swift > "$scratch/code"

# The types each folder declares, as "folder<TAB>name", and the generic parameters of its
# declarations, as "folder<TAB>name<TAB>generic": inside the folder, such a name is its own.
awk -F '\t' '
{
    code = $3
    while (match(code, /(^|[^A-Za-z0-9_.])(struct|class|enum|protocol|actor|typealias)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
        before = substr(code, 1, RSTART); declaration = substr(code, RSTART, RLENGTH)
        code = substr(code, RSTART + RLENGTH)
        sub(/^[^A-Za-z]*/, "", declaration); split(declaration, words, /[ \t]+/)
        if (words[2] ~ /^(func|var|let|subscript|init|deinit|override|final|static|required|convenience|case)$/) continue
        if (before ~ /(^|[^A-Za-z0-9_])(private|fileprivate)[ \t]/) continue
        # A nested typealias is a member, such as a conformance'\''s `Element`, named qualified.
        if (words[1] == "typealias" && before ~ /^[ \t]/) continue
        print $1 "\t" words[2]
    }
    code = $3
    while (match(code, /(^|[^A-Za-z0-9_])((func|struct|class|enum|actor|typealias)[ \t]+[A-Za-z_][A-Za-z0-9_]*|init|subscript)[ \t]*</)) {
        rest = substr(code, RSTART + RLENGTH); code = rest
        level = 1; parameter = ""; expectsName = 1
        for (k = 1; k <= length(rest) && level > 0; k++) {
            c = substr(rest, k, 1)
            if (c == "<") level++
            else if (c == ">") level--
            else if (c == "," && level == 1) { expectsName = 1; continue }
            if (expectsName && c ~ /[A-Za-z_]/) { parameter = parameter c; continue }
            if (expectsName && parameter != "") { print $1 "\t" parameter "\tgeneric"; parameter = ""; expectsName = 0 }
        }
    }
}' "$scratch/code" | sort -u > "$scratch/declared"

# Each name in a folder's code of a type that only other folders declare, as
# "folder<TAB>file:line<TAB>name<TAB>the folders that declare it". The names that the standard
# library gives its generic parameters and associated types name no folder's type, since an
# extension of a standard type uses them as its own (`extension Dictionary where Key == String`).
standard='Element Key Value Wrapped Index Indices Iterator SubSequence Failure Output Input Result Success RawValue Bound Stride'
awk -F '\t' -v standard="$standard" '
BEGIN { count = split(standard, names, " "); for (n = 1; n <= count; n++) own_everywhere[names[n]] = 1 }
NR == FNR {
    if ($2 in own_everywhere) next
    own[$2, $1] = 1
    if ($3 != "generic" && !(($2, $1) in typed)) { typed[$2, $1] = 1; folders[$2] = folders[$2] (folders[$2] == "" ? "" : ",") $1 }
    next
}
{
    rest = $3
    while (match(rest, /[A-Za-z_][A-Za-z0-9_]*/)) {
        name = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
        if ((name in folders) && !((name, $1) in own)) print $1 "\t" $2 "\t" name "\t" folders[name]
    }
}' "$scratch/declared" "$scratch/code" > "$scratch/uses"

violations=$(awk -F '\t' -v layers="$lower_layers" -v seams="$seams" '
BEGIN {
    count = split(layers, entries, " ")
    for (e = 1; e <= count; e++) {
        split(entries[e], parts, ":"); checked[parts[1]] = 1
        allowed_count = split(parts[2], allowed_folders, ",")
        for (a = 1; a <= allowed_count; a++) allowed[parts[1], allowed_folders[a]] = 1
    }
    count = split(seams, entries, " ")
    for (e = 1; e <= count; e++) { split(entries[e], parts, ":"); seam[parts[1], parts[2]] = 1 }
}
$1 in checked && !(($1, $3) in seam) {
    declaring_count = split($4, declaring, ",")
    for (d = 1; d <= declaring_count; d++) if (($1, declaring[d]) in allowed) next
    print $2 ": " $3 " (" $4 "/)"
}' "$scratch/uses")
if [ -n "$violations" ]; then
    echo "$violations"
    echo "error: a bottom folder of Sources/ModelKit names a type of a folder above it: Support/ names no other folder's types, Runtime/ only Support/'s, JSON/ only Runtime/'s and Support/'s; move the code to the folder of the type it names, or name the seam in ARCHITECTURE.md and in this script" >&2
    status=1
fi

# How many other folders each folder names types of, counting only names that one folder declares.
awk -F '\t' '
NR == FNR { folder[$1] = 1; next }
index($4, ",") == 0 && !(($1, $4) in seen) { seen[$1, $4] = 1; used[$1]++ }
END {
    line = "folders of types each folder names:"
    count = 0; for (f in folder) names[++count] = f
    for (a = 2; a <= count; a++) for (b = a; b > 1 && names[b - 1] > names[b]; b--) {
        t = names[b]; names[b] = names[b - 1]; names[b - 1] = t
    }
    for (a = 1; a <= count; a++) line = line " " names[a] " " used[names[a]] + 0 (a < count ? "," : "")
    print line
}' "$scratch/declared" "$scratch/uses"
exit $status
