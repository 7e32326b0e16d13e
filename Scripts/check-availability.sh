#!/usr/bin/env bash
# Fails when ModelKit uses a declaration of the standard library or Foundation that is newer than
# the Apple deployment targets in Package.swift, outside a matching `if #available`.
#
#   Scripts/check-availability.sh [SWIFT BUILD ARGUMENTS]
#   Scripts/check-availability.sh -Xswiftc -DMODELKIT_PORTABLE   # the portable code paths
#
# Arguments go to `swift build`: passing the flags of an earlier build reuses it, and passing a
# condition checks the code that it compiles.
#
# The compiler on Linux ignores Apple availability, so a call such as `String(validating:as:)`
# (macOS 15, iOS 18) builds and passes every test here and breaks the build for an app that
# deploys to macOS 14. This script checks the whole module the way an Apple compiler would:
#
# - The deployment targets come from the `platforms:` of Package.swift.
# - The availability of each declaration comes from the toolchain itself: symbol graphs that
#   `swift-symbolgraph-extract` writes for the standard library (Swift, _Concurrency,
#   _StringProcessing, ...), Foundation, FoundationEssentials, FoundationInternationalization and
#   every other toolchain module that ModelKit imports. A member inherits the availability of
#   the type or protocol it belongs to, visionOS and Mac Catalyst that of iOS where they carry
#   none of their own, as the compiler has them. The tables are cached in .build/availability.
# - Which declaration each reference resolves to comes from the compiler: the index that
#   `swift build` writes while building (read through the toolchain's libIndexStore), which
#   names every reference, implicit ones and type names included, by its USR.
# - Whether a reference is guarded comes from the compiler's syntax tree (`-dump-ast`): a use
#   passes inside `if #available`/`while #available`, after `guard #available`, in the `else` of
#   `if #unavailable` and inside a declaration marked `@available` with a high enough version,
#   each for the platforms it names (a `*` stands for the deployment target, as in Swift).
# - It fails, listing each use with its file, line, declaration, availability and target, when
#   a use needs a later release than the target on any platform, or one on which the
#   declaration is unavailable or obsoleted; otherwise it prints one line with the count.
#
# What it cannot see:
# - Code that Linux does not compile. It checks only what the Linux compiler type-checks:
#   whatever sits behind `#if canImport(Darwin)`, `#if canImport(UIKit)`, `#if os(...)` and
#   the like is neither type-checked nor indexed here. In ModelKit that is under one percent of
#   the lines: the Darwin twins of a few Glibc calls (thread stacks, thread-locals, file
#   syncing, CFBoolean) and the CGColor, UIColor, NSColor and SwiftUI bridges of ColorValue.
#   Everything else, reading, writing, changes, coding and the runtime shortcuts, is one code
#   path on Linux and Apple platforms (SPEC §12), so it is checked in full. Code behind such a
#   fence is checked by reading Apple's documentation, and by the Apple builds of the CI
#   workflow where they run.
# - Availability that the Linux toolchain's annotations do not carry. The symbol graphs hold
#   what the standard library, swift-corelibs-foundation and swift-foundation declare; for API
#   that Apple's Foundation has had for many years that is often nothing, and now and then it
#   differs from Apple's SDK. Declarations that symbol graphs leave out (underscored names) and
#   the availability of conformances (which no index entry names) are not checked either.
# - Overload resolution that would go another way on Apple platforms. Where a use resolves to a
#   protocol requirement that is newer than the context, an Apple compiler picks a default
#   implementation that is not, so such a use passes when one exists (`&*`, a requirement of
#   FixedWidthInteger since Swift 6.0 that every release has had as an extension method).
#
# It builds ModelKit first (a no-op after `swift build`) and takes the compiler flags, the source
# list and the index store of that debug build, so that what it checks is what was built. Run
# from anywhere; it exits 0 when every use fits, 1 when one does not, 2 when it cannot check.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build --target ModelKit "$@" >"$log" 2>&1; then
    cat "$log" >&2
    exit 2
fi
bin=$(swift build --show-bin-path "$@")

python3 - "$bin" <<'PY'
import concurrent.futures, ctypes, glob, hashlib, json, os, re, shlex, subprocess, sys, tempfile

bin_path = sys.argv[1]
module = "ModelKit"
sys.setrecursionlimit(20000)  # the syntax tree of a long expression nests deeply
APPLE = ("macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "DriverKit")
NEVER = (1 << 30,)  # the version of a context in which code never runs (`unavailable`)
jobs = max(1, min(os.cpu_count() or 1, 4))


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(2)


def version(value):
    """A version as a tuple of three numbers, from "15", "15.0.1" or a symbol graph object."""
    if isinstance(value, dict):
        parts = [value.get("major", 0), value.get("minor", 0), value.get("patch", 0)]
    else:
        parts = [int(part) for part in str(value).split(".")]
    return tuple((parts + [0, 0, 0])[:3])


def spelled(value):
    major, minor, patch = value
    return "%d.%d" % (major, minor) + (".%d" % patch if patch else "")


def from_ios(platform, value):
    """The version of `platform` that the compiler infers from an iOS version."""
    if platform == "visionOS":
        if value[0] <= 17:
            return (1, 0, 0)
        return (value[0] - 16,) + value[1:] if value[0] < 26 else value
    return max(value, (13, 1, 0))  # Mac Catalyst started with iOS 13.1


# --- The deployment targets ------------------------------------------------------------------

manifest = re.sub(r"//[^\n]*", "", open("Package.swift").read())
platforms = re.search(r"platforms\s*:\s*\[(.*?)\]", manifest, re.S)
targets = {}
for name, dotted, quoted in re.findall(
    r'\.(\w+)\(\s*(?:\.v(\d+(?:_\d+)*)|"(\d+(?:\.\d+)*)")\s*\)', platforms.group(1) if platforms else ""
):
    spelling = {p.lower(): p for p in APPLE}.get(name.lower())
    if spelling is None:
        fail("Package.swift names a platform this script does not know: %s" % name)
    targets[spelling] = version(dotted.replace("_", ".") if dotted else quoted)
if not targets:
    fail("no deployment targets found in the platforms of Package.swift")
target_text = ", ".join("%s %s" % (p, spelled(v)) for p, v in targets.items())

# --- The build: flags, sources and index store ---------------------------------------------

scratch = os.path.dirname(os.path.dirname(bin_path))
manifest_yaml = os.path.join(scratch, os.path.basename(bin_path) + ".yaml")
if not os.path.exists(manifest_yaml):
    fail("no build manifest at %s" % manifest_yaml)
command = re.search(
    r'"C\.%s-[^"]*\.module":\n(?:    .*\n)*?    args: (\[.*\])' % module, open(manifest_yaml).read()
)
if command is None:
    fail("no compile command for %s in %s" % (module, manifest_yaml))
args = json.loads(command.group(1))
toolchain = os.path.dirname(os.path.dirname(os.path.realpath(args.pop(0))))  # .../usr of the swiftc that built

sources, flags, store, triple = [], [], None, None
with_value = {"-module-name", "-swift-version", "-target", "-package-name", "-I", "-F", "-Xcc",
              "-module-cache-path", "-enable-upcoming-feature", "-enable-experimental-feature",
              "-default-isolation", "-sdk", "-resource-dir", "-D"}
alone = {"-parse-as-library", "-enable-testing", "-enable-bare-slash-regex"}
index = 0
while index < len(args):
    arg = args[index]
    if arg.startswith("@"):
        for line in open(arg[1:]):
            sources += shlex.split(line)
    elif arg == "-index-store-path":
        store = args[index + 1]
    elif arg == "-Xfrontend":
        flags.append(args[index + 1])
    elif arg in with_value:
        flags += [arg, args[index + 1]]
        triple = args[index + 1] if arg == "-target" else triple
    elif arg in alone or arg.startswith(("-D", "-strict-concurrency=")):
        flags.append(arg)
    elif arg.endswith(".swift"):
        sources.append(arg)
    if arg in with_value or arg in ("-index-store-path", "-Xfrontend"):
        index += 1
    index += 1
sources = [os.path.realpath(source) for source in sources]
if not sources or store is None or triple is None:
    fail("the compile command for %s has no sources, index store or target" % module)

# --- References, from the index ------------------------------------------------------------

lib = ctypes.CDLL(os.path.join(toolchain, "lib", "libIndexStore.so"))


class Text(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


P, U, B = ctypes.c_void_p, ctypes.c_uint, ctypes.c_bool
for name, result, parameters in [
    ("store_create", P, [ctypes.c_char_p, ctypes.POINTER(P)]),
    ("store_units_apply_f", B, [P, U, P, P]),
    ("unit_reader_create", P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
    ("unit_reader_dispose", None, [P]),
    ("unit_reader_get_main_file", Text, [P]),
    ("unit_reader_get_module_name", Text, [P]),
    ("unit_reader_get_modification_time", None, [P, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
    ("unit_reader_dependencies_apply_f", B, [P, P, P]),
    ("unit_dependency_get_kind", ctypes.c_int, [P]),
    ("unit_dependency_get_name", Text, [P]),
    ("unit_dependency_get_filepath", Text, [P]),
    ("record_reader_create", P, [P, ctypes.c_char_p, ctypes.POINTER(P)]),
    ("record_reader_dispose", None, [P]),
    ("record_reader_occurrences_apply_f", B, [P, P, P]),
    ("occurrence_get_symbol", P, [P]),
    ("occurrence_get_roles", ctypes.c_uint64, [P]),
    ("occurrence_get_line_col", None, [P, ctypes.POINTER(U), ctypes.POINTER(U)]),
    ("symbol_get_usr", Text, [P]),
    ("error_get_description", ctypes.c_char_p, [P]),
]:
    function = getattr(lib, "indexstore_" + name)
    function.restype, function.argtypes = result, parameters
NameApplier = ctypes.CFUNCTYPE(B, P, Text)
Applier = ctypes.CFUNCTYPE(B, P, P)
ROLE_REFERENCE = 1 << 2
DEPENDENCY_UNIT, DEPENDENCY_RECORD = 1, 2


def checked(value, error):
    if not value:
        fail("the index store: %s" % lib.indexstore_error_get_description(error).decode())
    return value


error = P()
if not os.path.isdir(store):
    fail("no index store at %s: build with `swift build` (debug builds index)" % store)
index_store = checked(lib.indexstore_store_create(store.encode(), ctypes.byref(error)), error)
unit_names = []
collect = NameApplier(lambda _, name: unit_names.append(text(name)) or True)
lib.indexstore_store_units_apply_f(index_store, 0, None, collect)

newest = {}  # source -> (unit time, record name)
imported = set()
wanted = set(sources)
for unit_name in unit_names:
    unit = checked(lib.indexstore_unit_reader_create(index_store, unit_name.encode(), ctypes.byref(error)), error)
    main = text(lib.indexstore_unit_reader_get_main_file(unit))
    if text(lib.indexstore_unit_reader_get_module_name(unit)) == module and os.path.realpath(main) in wanted:
        seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
        lib.indexstore_unit_reader_get_modification_time(unit, ctypes.byref(seconds), ctypes.byref(nanoseconds))
        records, modules = [], []

        def dependency(_, item):
            kind = lib.indexstore_unit_dependency_get_kind(item)
            path = text(lib.indexstore_unit_dependency_get_filepath(item))
            if kind == DEPENDENCY_RECORD and os.path.realpath(path) == os.path.realpath(main):
                records.append(text(lib.indexstore_unit_dependency_get_name(item)))
            found = re.search(r"/([^/]+)\.swiftmodule(/|$)", path)
            if kind == DEPENDENCY_UNIT and found and path.startswith(toolchain):
                modules.append(found.group(1))
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(unit, None, Applier(dependency))
        stamp = seconds.value + nanoseconds.value / 1e9
        key = os.path.realpath(main)
        if records and (key not in newest or newest[key][0] < stamp):
            newest[key] = (stamp, records[0])
            imported.update(modules)
    lib.indexstore_unit_reader_dispose(unit)

missing = [source for source in sources if source not in newest]
if missing:
    fail("no index data for %s; build with `swift build`" % ", ".join(os.path.relpath(m) for m in missing))
stale = [source for source in sources if os.path.getmtime(source) > newest[source][0] + 1]
if stale:
    fail("the index is older than %s; build with `swift build`" % ", ".join(os.path.relpath(s) for s in stale))

references = {}  # (source, line, column, usr)
for source, (_, record_name) in newest.items():
    record = checked(lib.indexstore_record_reader_create(index_store, record_name.encode(), ctypes.byref(error)), error)

    def occurrence(_, item, source=source):
        if lib.indexstore_occurrence_get_roles(item) & ROLE_REFERENCE:
            line, column = U(), U()
            lib.indexstore_occurrence_get_line_col(item, ctypes.byref(line), ctypes.byref(column))
            usr = text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(item)))
            if line.value > 0 and usr:
                references[(source, line.value, column.value, usr)] = True
        return True

    lib.indexstore_record_reader_occurrences_apply_f(record, None, Applier(occurrence))
    lib.indexstore_record_reader_dispose(record)

# --- Availability of the toolchain's declarations, from its symbol graphs -------------------

# The modules ModelKit imports, and those that the standard library and Foundation re-export.
modules = sorted(imported | {"Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
                             "FoundationInternationalization", "Dispatch"})
extract = os.path.join(toolchain, "bin", "swift-symbolgraph-extract")
toolchain_version = subprocess.run([os.path.join(toolchain, "bin", "swiftc"), "--version"],
                                   capture_output=True, text=True).stdout
key = hashlib.sha256(json.dumps([5, toolchain, toolchain_version, triple, modules]).encode()).hexdigest()[:16]
cache = os.path.join(scratch, "availability", "declarations-%s.json" % key)


def effective_availability(graphs):
    """USR -> [name, {platform: [introduced, unavailable, obsoleted]}, defaults] of every
    declaration with Apple availability, its own or its parents', and every declaration's USR.

    `defaults` holds the availability of the default implementations of a protocol requirement:
    where the requirement is newer than the context, the compiler picks a default that is not,
    as it does for `&*`, a requirement of FixedWidthInteger since Swift 6.0 (macOS 15) whose
    default implementation every release has."""
    own, names, parents, defaults = {}, {}, {}, {}
    for path in graphs:
        graph = json.load(open(path))
        owner = os.path.basename(path).split("@")[0].split(".")[0]
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in usr:
                continue
            names[usr] = "%s.%s" % (owner, ".".join(symbol["pathComponents"]))
            entries = own.setdefault(usr, {})
            for item in symbol.get("availability", []):
                if item.get("domain") not in APPLE:
                    continue
                entry = entries.setdefault(item["domain"], [None, False, None])
                if "introduced" in item:
                    entry[0] = version(item["introduced"])
                if item.get("isUnconditionallyUnavailable"):
                    entry[1] = True
                if "obsoleted" in item:
                    entry[2] = version(item["obsoleted"])
        for relation in graph.get("relationships", []):
            if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                parents.setdefault(relation["source"], []).append(relation["target"])
            elif relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], []).append(relation["source"])
    for entries in own.values():
        ios = entries.get("iOS")
        for platform in ("visionOS", "macCatalyst"):
            if ios and platform not in entries:
                introduced, unavailable, obsoleted = ios
                entries[platform] = [introduced and from_ios(platform, introduced), unavailable,
                                     obsoleted and from_ios(platform, obsoleted)]
    merged = {}

    def resolve(usr, seen=()):
        if usr in merged:
            return merged[usr]
        result = {platform: list(entry) for platform, entry in own.get(usr, {}).items()}
        for parent in parents.get(usr, []):
            if parent in seen:
                continue
            for platform, (introduced, unavailable, obsoleted) in resolve(parent, seen + (usr,)).items():
                entry = result.setdefault(platform, [None, False, None])
                if introduced and (entry[0] is None or introduced > entry[0]):
                    entry[0] = introduced
                entry[1] = entry[1] or unavailable
                if obsoleted and (entry[2] is None or obsoleted < entry[2]):
                    entry[2] = obsoleted
        merged[usr] = result
        return result

    table = {}
    for usr in names:
        result = {p: e for p, e in resolve(usr).items() if e[0] or e[1] or e[2]}
        if result:
            table[usr] = [names[usr], result, [resolve(default) for default in defaults.get(usr, [])]]
    return table, sorted(names)


if os.path.exists(cache):
    table, known = json.load(open(cache))
else:
    with tempfile.TemporaryDirectory() as output:

        def graph_of(name):
            return subprocess.run([extract, "-module-name", name, "-target", triple, "-minimum-access-level", "public",
                                   "-output-dir", output], capture_output=True, text=True)

        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = dict(zip(modules, pool.map(graph_of, modules)))
        for name in ("Swift", "Foundation"):
            if results[name].returncode != 0:
                fail("swift-symbolgraph-extract failed for %s:\n%s" % (name, results[name].stderr))
        table, known = effective_availability(glob.glob(os.path.join(output, "*.symbols.json")))
    if not any(entry[1] for entry in table.values()):
        fail("the symbol graphs carry no Apple availability at all")
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    partial = "%s.%d" % (cache, os.getpid())
    with open(partial, "w") as file:
        json.dump([table, known], file)
    os.replace(partial, cache)
for usr, (name, entries, alternatives) in table.items():
    for item in [entries] + alternatives:
        for entry in item.values():
            entry[0], entry[2] = entry[0] and tuple(entry[0]), entry[2] and tuple(entry[2])
known = set(known)

# --- Guarded regions, from the syntax tree --------------------------------------------------


swiftc = [os.path.join(toolchain, "bin", "swiftc"), "-frontend", "-dump-ast", "-dump-ast-format", "json"]

# A file whose guards the script must find, to notice when a new compiler dumps its syntax tree
# in another shape (its JSON form is not promised to stay the same) instead of passing silently.
CANARY = b"""@available(macOS 99, *)
func marked() { _ = 1 }
func guarded() {
    if #available(macOS 98, *) { _ = 2 }
    guard #available(macOS 97, *) else { return }
    _ = 3
}
func reversed() {
    if #unavailable(macOS 96) { _ = 4 } else { _ = 5 }
}
"""
CANARY_GUARDS = {b"_ = 1": (99, 0, 0), b"_ = 2": (98, 0, 0), b"_ = 3": (97, 0, 0), b"_ = 4": None, b"_ = 5": (96, 0, 0)}


def dump_ast(batch, output):
    """Writes the syntax tree of each file of `batch` to `output`/<its index in sources>.json."""
    if batch == "canary":
        path = os.path.join(output, "canary.swift")
        with open(path, "wb") as file:
            file.write(CANARY)
        command = swiftc + ["-target", triple, "-module-name", "Canary", "-parse-as-library",
                            "-primary-file", path, "-o", path + ".json"]
        return subprocess.run(command, capture_output=True, text=True)
    command = swiftc + flags
    for source in sources:
        command += ["-primary-file", source] if source in batch else [source]
    for source in batch:
        command += ["-o", os.path.join(output, "%d.json" % sources.index(source))]
    return subprocess.run(command, capture_output=True, text=True)


def spec(queries, declaration):
    """Platform -> version that an `@available` attribute or `#available` query guarantees."""
    result = {}
    for query in queries:
        domain = query.get("domain") or query.get("domainIdentifier")
        if domain == "*" and query.get("unavailable"):
            return {platform: NEVER for platform in APPLE}
        if domain not in APPLE:
            continue
        if query.get("unavailable"):
            result[domain] = NEVER
        elif query.get("introduced") or query.get("version"):
            result[domain] = version(query.get("introduced") or query.get("version"))
    # An `@available(iOS ...)` holds on visionOS and Mac Catalyst too, where they name no version
    # of their own; an `#available(iOS ...)` holds on Mac Catalyst, but not on visionOS.
    for platform in ("visionOS", "macCatalyst") if declaration else ("macCatalyst",):
        if "iOS" in result:
            result.setdefault(platform, NEVER if result["iOS"] == NEVER else from_ios(platform, result["iOS"]))
    return result


def span(node):
    """The first and last offsets of the ranges in a subtree."""
    starts, ends = [], []

    def visit(item):
        if isinstance(item, dict):
            if isinstance(item.get("range"), dict):
                starts.append(item["range"]["start"])
                ends.append(item["range"]["end"])
            for value in item.values():
                visit(value)
        elif isinstance(item, list):
            for value in item:
                visit(value)

    visit(node)
    return (min(starts), max(ends)) if starts else None


def regions_of(tree, text_bytes):
    """(start, end, {platform: version}) for each range of the file that a guard covers."""
    regions = []

    def add(extent, guarantee):
        if extent and guarantee:
            regions.append((extent[0], extent[1], guarantee))

    def extent(node):
        return (node["range"]["start"], node["range"]["end"]) if isinstance(node, dict) and "range" in node else None

    def conditional(node, scope_end):
        conditions = node.get("conditions") or []
        queries = [c for c in conditions if isinstance(c, dict) and c.get("_kind") == "#available"]
        if not queries:
            return
        body = node.get("then_stmt") or node.get("body")
        start, body_start = extent(node), extent(body)
        if not start or not body_start:
            return
        words = re.findall(rb"#(un)?available\b", text_bytes[start[0]:body_start[0]])
        if len(words) != len(queries):
            return  # a condition that holds a closure with guards of its own: no refinement
        kinds = iter(words)
        for position, condition in enumerate(conditions):
            if not (isinstance(condition, dict) and condition.get("_kind") == "#available"):
                continue
            guarantee = spec(condition.get("queries", []), False)
            later = [span(c) for c in conditions[position + 1:]]
            if next(kinds) == b"un":
                if len(conditions) == 1:
                    add(extent(node.get("else_stmt")) if node["_kind"] == "if_stmt" else
                        extent(body) if node["_kind"] == "guard_stmt" else None, guarantee)
                continue
            for item in later:
                add(item, guarantee)
            if node["_kind"] == "guard_stmt":
                add((start[1] + 1, scope_end), guarantee)
            else:
                add(body_start, guarantee)

    def visit(node, scope_end):
        if isinstance(node, list):
            binding = None
            for item in node:
                if isinstance(item, dict) and item.get("_kind") == "pattern_binding_decl":
                    binding = extent(item)
                visit(item, scope_end)
                if isinstance(item, dict) and item.get("_kind") == "var_decl" and binding and extent(item):
                    if binding[0] <= extent(item)[0] <= binding[1]:
                        attrs = [a for a in item.get("attrs", []) if a.get("_kind") == "available_attr"]
                        add(binding, spec(attrs, True))
            return
        if not isinstance(node, dict):
            return
        attrs = [a for a in node.get("attrs", []) if isinstance(a, dict) and a.get("_kind") == "available_attr"]
        if attrs:
            add(extent(node), spec(attrs, True))
        if node.get("_kind") in ("if_stmt", "guard_stmt", "while_stmt"):
            conditional(node, scope_end)
        if node.get("_kind") == "brace_stmt" and extent(node):
            scope_end = extent(node)[1]
        for value in node.values():
            if isinstance(value, (dict, list)):
                visit(value, scope_end)

    visit(tree, len(text_bytes))
    return regions


def guaranteed(found, offset, platform):
    """The highest version of `platform` that the regions around `offset` guarantee, or None."""
    versions = [g[platform] for start, end, g in found if start <= offset <= end and platform in g]
    return max(versions) if versions else None


with tempfile.TemporaryDirectory() as output:
    batches = [sources[number::jobs] for number in range(jobs)] + ["canary"]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for result in pool.map(lambda batch: dump_ast(batch, output), batches):
            if result.returncode != 0:
                fail("the compiler could not dump the syntax tree:\n" + result.stderr[-4000:])
    canary = regions_of(json.load(open(os.path.join(output, "canary.swift.json"))), CANARY)
    for marker, expected in CANARY_GUARDS.items():
        if guaranteed(canary, CANARY.index(marker), "macOS") != expected:
            fail("this compiler's -dump-ast output has a shape the script does not know: "
                 "it reads the guards of its own test wrongly at `%s`; update regions_of" % marker.decode())
    regions, line_starts = {}, {}
    for number, source in enumerate(sources):
        text_bytes = open(source, "rb").read()
        line_starts[source] = [0] + [m.end() for m in re.finditer(rb"\n", text_bytes)]
        regions[source] = regions_of(json.load(open(os.path.join(output, "%d.json" % number))), text_bytes)

# --- The check -------------------------------------------------------------------------------


def context(source, offset, platform):
    """The version the code at `offset` may assume on `platform`."""
    return max(targets[platform], guaranteed(regions[source], offset, platform) or (0,))


def shortfall(entries, platform, assumed):
    """Whether a declaration with these entries is out of reach of code that may assume `assumed`."""
    introduced, unavailable, obsoleted = entries.get(platform, (None, False, None))
    return unavailable or bool(obsoleted and obsoleted <= assumed) or bool(introduced and introduced > assumed)


problems, checked_references, declarations = [], 0, set()
for source, line, column, usr in sorted(references):
    if usr not in known:
        continue
    checked_references += 1
    declarations.add(usr)
    if usr not in table:
        continue
    name, entries, alternatives = table[usr]
    offset = line_starts[source][line - 1] + column - 1
    needs = []
    for platform in targets:
        assumed = context(source, offset, platform)
        if assumed == NEVER or any(not shortfall(item, platform, assumed) for item in alternatives):
            continue
        introduced, unavailable, obsoleted = entries.get(platform, (None, False, None))
        if unavailable:
            needs.append("unavailable on %s" % platform)
        elif obsoleted and obsoleted <= assumed:
            needs.append("obsoleted in %s %s" % (platform, spelled(obsoleted)))
        elif introduced and introduced > assumed:
            reach = "target" if assumed == targets[platform] else "guarded for"
            needs.append("%s %s (%s %s)" % (platform, spelled(introduced), reach, spelled(assumed)))
    if needs:
        where = "%s:%d:%d" % (os.path.relpath(source), line, column)
        problems.append("%s: error: %s needs %s" % (where, name, ", ".join(needs)))

if not checked_references:
    fail("the index names no declaration of %s; the check would prove nothing" % ", ".join(modules))
if problems:
    print("\n".join(problems))
    print("availability: %d of %d references to the toolchain's declarations need a later release than %s;"
          " use an older API or guard them with `if #available`" % (len(problems), checked_references, target_text))
    sys.exit(1)
print("availability: %d references to %d declarations of %s checked against %s: none needs a later release"
      % (checked_references, len(declarations), ", ".join(modules), target_text))
PY
