#!/usr/bin/env python3
"""Writes the models of the generated differential suite.

Swift cannot declare classes at run time, so the random models that
Tests/ModelKitTests/Differential/ModelDifferentialTests.swift checks are declared here, from a
fixed seed, into a Swift file that is committed:

    Tests/ModelKitTests/Differential/DifferentialModels.swift

For each model the file holds
- the `ModelObject` subclass: `@Saved` properties of every kind of number, strings, booleans,
  dates, open and closed enums, arrays, nested models, optionals, explicit keys with escapes and
  multi-byte characters, alternative keys, `@Saved(path:)` properties two to four keys deep whose
  containers several properties share, flattened objects, a key style, a header or none;
- its twin, a `Decodable` struct that `JSONDecoder` reads with the same meaning: nested structs
  for the containers, explicit `CodingKeys`, and an `init(from:)` that says what an absent key,
  a `null`, an alternative key and a fallback mean;
- the model's shape (`DifferentialShape`): its keys, containers, kinds of value and defaults,
  from which the suite builds random documents and what every writer must write for them.

Run it after changing it:

    python3 Scripts/generate-differential-models.py            # writes the file
    python3 Scripts/generate-differential-models.py --check    # exits 1 when the file is stale
    python3 Scripts/generate-differential-models.py --stdout   # prints what it would write

The suite fails when the committed file differs from what this script writes. Standard library
only; the same seed always gives the same file.
"""

import argparse
import pathlib
import random
import sys

SEED = 20_261_206
MODEL_COUNT = 24
PART_COUNT = 6
OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/ModelKitTests/Differential/DifferentialModels.swift"

# Names of properties, in lower camel case with acronyms and digits, so that the key styles have
# words to split. None is a name NSObject or ModelObject already uses.
PROPERTY_NAMES = [
    "title", "count", "createdAt", "avatarURL", "userID2", "htmlURLPath", "isActive", "ratio",
    "amountDue", "zIndex", "name", "value9", "lastSeenAt", "totalCount", "urlString", "iOSVersion",
    "score", "note", "tags", "items", "limit", "offsetX", "level", "color", "shade", "owner",
    "parent", "child", "summary", "width", "height", "depth", "small", "big", "tiny", "label",
    "kind", "flag", "weight", "balance", "priceCents", "latitude", "longitude", "eTag", "pageSize",
    "maxHTTPRetries", "x2", "y", "when", "updatedAt", "deletedAt", "readings", "samples", "numbers",
]

# Explicit keys: escapes, multi-byte characters, dots and brackets that key paths quote.
EXPLICIT_KEYS = [
    "na\u00efve", "\u65e5\u672c\u8a9e", 'quo"te', "back\\slash", "tab\tkey", "emoji\U0001F600", "a/b",
    "with space", "\u00fcn\u00efc\u00f6d\u00e9", "key.with.dots", "[bracket]", "_id", "$ref", "@type",
    "\u00c5ngstr\u00f6m", "line\nbreak", "ID", "Title",
]

# Keys of containers and of the properties inside them.
PATH_KEYS = [
    "a", "b", "c", "d", "e", "stats", "meta", "inner", "deep", "count", "\u00fcn\u00ef", "x y",
    'k"q', "n\u00e9", "links", "data", "total", "page", "z",
]

ALTERNATIVE_KEYS = ["ID", "legacy_id", "old-name", "Alt", "\u00e0lt", "alt\\2", "v1Name", "other"]

SCALARS = ["int", "int64", "uint8", "double", "bool", "string"]

ENUMS = {
    # name: (raw type, cases [(case, raw)], fallback case or None)
    "DifferentialColor": ("String", [("red", '"red"'), ("green", '"green"'), ("blue", '"blue"'),
                                     ("unknown", '"unknown"')], "unknown"),
    "DifferentialLevel": ("Int", [("low", "1"), ("middle", "2"), ("high", "3"), ("unknown", "0")], "unknown"),
    "DifferentialShade": ("String", [("light", '"light"'), ("dark", '"dark"')], None),
}


class Kind:
    """A kind of value: a scalar, a date, an enum, an array of a kind, or a model."""

    def __init__(self, tag, element=None, model=None, enum=None, date=None):
        self.tag = tag
        self.element = element
        self.model = model
        self.enum = enum
        self.date = date

    def swift_type(self):
        if self.tag == "array":
            return "[" + self.element.swift_type() + "]"
        if self.tag == "model":
            return self.model.name
        if self.tag == "enum":
            return self.enum
        if self.tag == "date":
            return "Date"
        return {"int": "Int", "int64": "Int64", "uint8": "UInt8", "double": "Double", "bool": "Bool",
                "string": "String"}[self.tag]

    def twin_type(self):
        if self.tag == "array":
            return "[" + self.element.twin_type() + "]"
        if self.tag == "model":
            return self.model.name + "Twin"
        return self.swift_type()

    def shape(self, has_fallback=False):
        if self.tag == "array":
            return ".array(" + self.element.shape() + ")"
        if self.tag == "model":
            return ".model(" + self.model.name + ".shape)"
        if self.tag == "enum":
            raw_type, cases, fallback = ENUMS[self.enum]
            raws = ", ".join(swift_raw_string(raw) for _, raw in cases)
            return ".enumeration([" + raws + "], hasFallback: " + ("true" if has_fallback else "false") + ")"
        if self.tag == "date":
            return ".date(." + self.date + ")"
        return {"int": ".integer(.int)", "int64": ".integer(.int64)", "uint8": ".integer(.uint8)",
                "double": ".double", "bool": ".bool", "string": ".string"}[self.tag]


class Property:
    def __init__(self, name, kind):
        self.name = name
        self.kind = kind
        self.optional = False
        self.explicit_key = None
        self.path = None
        self.alternatives = []
        self.fallback = None
        self.flattened = False
        self.default = None  # (Swift literal, JSON text) or None for nil
        self.date_declared = False  # a date format given on the property itself

    def key(self, model):
        if self.explicit_key is not None:
            return self.explicit_key
        return key_for(self.name, model.key_style)


class Model:
    def __init__(self, name, is_part):
        self.name = name
        self.is_part = is_part
        self.header = "none"
        self.model_version = 1
        self.key_style = "propertyName"
        self.writes_nil_as_null = False
        self.date_format = None
        self.properties = []
        self.summary = []


def key_for(name, style):
    """The key of a property named `name` in a key style, as KeyStyle gives it."""
    if style == "propertyName":
        return name
    separator = "_" if style == "snakeCase" else "-"
    characters = list(name)
    firsts = [i for i, c in enumerate(characters) if c != "_"]
    if not firsts:
        return name
    first, last = firsts[0], firsts[-1]
    result = name[:first]
    for index in range(first, last + 1):
        character = characters[index]
        if character.isupper() and index > first:
            previous = characters[index - 1]
            next_is_lowercase = index < last and characters[index + 1].islower()
            starts_word = previous.islower() or previous.isdigit() or (previous.isupper() and next_is_lowercase)
            if starts_word and previous != "_":
                result += separator
        result += character.lower()
    return result + name[last + 1:]


def swift_string(text):
    """A Swift string literal of `text`."""
    out = '"'
    for character in text:
        if character == '"':
            out += '\\"'
        elif character == "\\":
            out += "\\\\"
        elif character == "\n":
            out += "\\n"
        elif character == "\t":
            out += "\\t"
        else:
            out += character
    return out + '"'


def swift_raw_string(text):
    """A Swift raw string literal of `text`, which holds no `"#`."""
    return '#"' + text + '"#'


def json_string(text):
    """The JSON text of a string."""
    out = '"'
    for character in text:
        if character == '"':
            out += '\\"'
        elif character == "\\":
            out += "\\\\"
        elif character == "\n":
            out += "\\n"
        elif character == "\t":
            out += "\\t"
        else:
            out += character
    return out + '"'


def camel(text):
    """A lower camel case identifier made of the ASCII letters and digits of `text`."""
    words = []
    word = ""
    for character in text:
        if character.isascii() and character.isalnum():
            word += character
        elif word:
            words.append(word)
            word = ""
    if word:
        words.append(word)
    if not words:
        return "key"
    result = words[0][0].lower() + words[0][1:] + "".join(w[0].upper() + w[1:] for w in words[1:])
    if result[0].isdigit():
        result = "key" + result
    return result


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.parts = []
        self.models = []

    def chance(self, probability):
        return self.random.random() < probability

    def choice(self, items):
        return items[self.random.randrange(len(items))]

    # MARK: Values

    def default_for(self, kind):
        """A default: its Swift literal and its JSON text, or None for the model default."""
        tag = kind.tag
        if tag == "int":
            return self.choice([("0", "0"), ("7", "7"), ("-1", "-1"), ("42", "42")])
        if tag == "int64":
            return self.choice([("0", "0"), ("-5", "-5"), ("9_223_372_036_854_775_807", "9223372036854775807")])
        if tag == "uint8":
            return self.choice([("0", "0"), ("200", "200"), ("255", "255")])
        if tag == "double":
            return self.choice([("0.0", "0"), ("-0.0", "-0.0"), ("1.5", "1.5"), ("0.1", "0.1"), ("1e-7", "1e-7")])
        if tag == "bool":
            return self.choice([("false", "false"), ("true", "true")])
        if tag == "string":
            return self.choice([('""', '""'), ('"dflt"', '"dflt"'), ('"\u00e9\u65e5"', '"\u00e9\u65e5"')])
        if tag == "date":
            if kind.date == "iso8601":
                return ("Date(timeIntervalSince1970: 0)", '"1970-01-01T00:00:00Z"')
            if kind.date == "secondsSince1970":
                return ("Date(timeIntervalSince1970: 1_296_068_472)", "1296068472")
            return ("Date(timeIntervalSince1970: 0)", "0")
        if tag == "enum":
            _, cases, _ = ENUMS[kind.enum]
            case, raw = self.choice(cases)
            return (kind.enum + "." + case, raw)
        if tag == "array":
            if kind.element.tag == "int" and self.chance(0.3):
                return ("[1, 2]", "[1, 2]")
            return ("[]", "[]")
        return None

    def scalar_kind(self):
        return Kind(self.choice(SCALARS))

    def value_kind(self, model, nested_pool, allow_models=True):
        roll = self.random.random()
        if roll < 0.5:
            return self.scalar_kind()
        if roll < 0.6:
            return Kind("enum", enum=self.choice(list(ENUMS)))
        if roll < 0.68 and not model.is_part:
            return Kind("date", date=self.choice(["iso8601", "secondsSince1970", "millisecondsSince1970"]))
        if roll < 0.82:
            return Kind("array", element=Kind(self.choice(["int", "int64", "double", "string", "bool"])))
        if allow_models and nested_pool:
            target = self.choice(nested_pool)
            if self.chance(0.3):
                return Kind("array", element=Kind("model", model=target))
            return Kind("model", model=target)
        return self.scalar_kind()

    # MARK: Declarations

    def new_property(self, model, used_names, kind, claimed, key_choice=True, allow_path=False):
        name = self.choice([n for n in PROPERTY_NAMES if n not in used_names])
        used_names.add(name)
        prop = Property(name, kind)
        if key_choice and self.chance(0.25):
            candidates = [k for k in EXPLICIT_KEYS if k not in claimed]
            prop.explicit_key = self.choice(candidates)
        while prop.key(model) in claimed:
            # The key style gave a key another property has: give this one a key of its own.
            prop.explicit_key = prop.key(model) + "2"
        return prop

    def configure_value(self, prop, model):
        kind = prop.kind
        if kind.tag == "date":
            if model.date_format and not self.chance(0.4):
                kind.date = model.date_format
            else:
                prop.date_declared = kind.date != (model.date_format or "iso8601")
        if kind.tag == "enum" and ENUMS[kind.enum][2] and prop.path is None and self.chance(0.7):
            prop.fallback = ENUMS[kind.enum][2]
        prop.optional = self.chance(0.4)
        if prop.optional:
            if kind.tag == "enum" and prop.fallback:
                prop.default = None
            elif kind.tag != "model" and self.chance(0.12):
                prop.default = self.default_for(kind)
            else:
                prop.default = None
        else:
            prop.default = self.default_for(kind)

    def make_part(self, index):
        model = Model("DifferentialPart%d" % index, is_part=True)
        model.key_style = ["propertyName", "snakeCase", "kebabCase"][index % 3]
        model.header = ["default", "none", "renamed"][index % 3]
        model.writes_nil_as_null = index % 4 == 1
        used = set()
        claimed = set(header_keys(model))
        for _ in range(self.random.randint(2, 4)):
            prop = self.new_property(model, used, self.value_kind(model, [], allow_models=False), claimed)
            self.configure_value(prop, model)
            if self.chance(0.35):
                prop.alternatives = self.alternatives_for(claimed | {prop.key(model)})
            claimed.add(prop.key(model))
            claimed.update(prop.alternatives)
            model.properties.append(prop)
        model.summary.append("a flattened part: %s keys, %s" % (model.key_style, describe_header(model)))
        return model

    def alternatives_for(self, claimed):
        candidates = [k for k in ALTERNATIVE_KEYS if k not in claimed]
        count = 1 if self.chance(0.6) else 2
        return self.random.sample(candidates, count)

    def make_model(self, index):
        model = Model("DifferentialModel%02d" % index, is_part=False)
        model.key_style = ["propertyName", "snakeCase", "kebabCase"][(index // 3) % 3]
        model.header = ["none", "default", "renamed"][index % 3]
        model.model_version = 2 if index % 4 == 3 else 1
        model.writes_nil_as_null = index % 5 == 4
        if index % 6 == 5:
            model.date_format = self.choice(["secondsSince1970", "millisecondsSince1970"])
        used = set()
        claimed = set(header_keys(model))
        # Nested models nest at most one level more, so that documents stay small enough to
        # check thousands of them in seconds.
        nested_pool = [m for m in self.models if len(m.properties) < 12 and nesting_depth(m) < 2]
        # Flattened parts first, so that the model's own keys keep clear of theirs.
        flattened = []
        if index % 3 == 1 or self.chance(0.2):
            for part in self.random.sample(self.parts, self.random.randint(1, 2)):
                keys = part_keys(part)
                if keys & claimed:
                    continue
                claimed |= keys
                flattened.append(part)
        plain = []
        for _ in range(self.random.randint(3, 6)):
            kind = self.value_kind(model, nested_pool)
            prop = self.new_property(model, used, kind, claimed)
            self.configure_value(prop, model)
            if self.chance(0.25):
                prop.alternatives = self.alternatives_for(claimed | {prop.key(model)})
            claimed.add(prop.key(model))
            claimed.update(prop.alternatives)
            plain.append(prop)
        paths = self.path_properties(model, used, claimed, nested_pool, index)
        for part in flattened:
            prop = Property(self.choice([n for n in PROPERTY_NAMES if n not in used]), Kind("model", model=part))
            used.add(prop.name)
            prop.flattened = True
            prop.default = None
            plain.append(prop)
        declared = plain + paths
        self.random.shuffle(declared)
        model.properties = declared
        depths = sorted({len(p.path) for p in paths})
        model.summary.append(
            "%s keys, %s%s%s%s" % (
                model.key_style, describe_header(model),
                ", paths %s keys deep" % "/".join(map(str, depths)) if depths else "",
                ", flattened " + " and ".join(p.name for p in flattened) if flattened else "",
                ", nil written as null" if model.writes_nil_as_null else ""))
        return model

    def path_properties(self, model, used, claimed, nested_pool, index):
        """Properties in one or two containers, two to four keys deep, sharing containers."""
        properties = []
        for group in range(1 if index % 4 else 2):
            # Now and then a container whose properties are all optionals without a default, so
            # that a null container has nothing to write in its place.
            all_nil = (index + group) % 5 == 2
            root_candidates = [k for k in PATH_KEYS if k not in claimed]
            root = self.choice(root_candidates)
            claimed.add(root)
            # The trie of the container: a dictionary of child key to subtrie, or to None for
            # a value's key.
            trie = {}
            count = self.random.randint(2, 5)
            for number in range(count):
                depth = [2, 3, 4][number % 3] if number < 3 else self.random.randint(2, 4)
                node = trie
                path = [root]
                for level in range(1, depth):
                    containers = [k for k, v in node.items() if v is not None]
                    if level < depth - 1:
                        if containers and self.chance(0.6):
                            key = self.choice(containers)
                        else:
                            key = self.choice([k for k in PATH_KEYS if k not in node])
                            node[key] = {}
                        path.append(key)
                        node = node[key]
                    else:
                        key = self.choice([k for k in PATH_KEYS if k not in node])
                        node[key] = None
                        path.append(key)
                kind = self.value_kind(model, nested_pool)
                prop = Property(self.choice([n for n in PROPERTY_NAMES if n not in used]), kind)
                used.add(prop.name)
                prop.path = path
                self.configure_value(prop, model)
                if all_nil:
                    prop.optional = True
                    prop.fallback = None
                    prop.default = None
                properties.append(prop)
        return properties

    def generate(self):
        for index in range(1, PART_COUNT + 1):
            self.parts.append(self.make_part(index))
        for index in range(1, MODEL_COUNT + 1):
            self.models.append(self.make_model(index))


def nesting_depth(model):
    """How many levels of nested models a model's data can hold."""
    depths = [0]
    for prop in model.properties:
        kind = prop.kind.element if prop.kind.tag == "array" else prop.kind
        if kind.tag == "model" and not prop.flattened:
            depths.append(1 + nesting_depth(kind.model))
    return max(depths)


def header_keys(model):
    if model.header == "default":
        return ["version", "representedClassName"]
    if model.header == "renamed":
        return ["v", "kind"]
    return []


def describe_header(model):
    if model.header == "default":
        return "version %d header" % model.model_version
    if model.header == "renamed":
        return "version %d header under \"v\" and \"kind\"" % model.model_version
    return "no header"


def part_keys(part):
    keys = set()
    for prop in part.properties:
        keys.add(prop.key(part))
        keys.update(prop.alternatives)
    return keys


# MARK: Swift


def saved_attribute(prop, model):
    arguments = []
    if prop.flattened:
        return "@Saved(flattened: true)"
    if prop.path is not None:
        arguments.append("path: " + ", ".join(swift_string(k) for k in prop.path))
    elif prop.explicit_key is not None:
        arguments.append(swift_string(prop.explicit_key))
    if prop.alternatives:
        arguments.append("alternatives: [" + ", ".join(swift_string(k) for k in prop.alternatives) + "]")
    if prop.kind.tag == "date" and prop.date_declared:
        arguments.append("date: ." + prop.kind.date)
    if prop.fallback is not None:
        if prop.optional:
            arguments.append("fallback: " + prop.kind.enum + "." + prop.fallback)
        else:
            arguments.append("fallback: ." + prop.fallback)
    if not arguments:
        return "@Saved"
    return "@Saved(" + ", ".join(arguments) + ")"


def declaration(prop, model):
    attribute = saved_attribute(prop, model)
    swift_type = prop.kind.swift_type()
    if prop.flattened:
        return "%s var %s = %s()" % (attribute, prop.name, swift_type)
    if prop.optional:
        if prop.fallback is not None:
            return "%s var %s: %s?" % (attribute, prop.name, swift_type)
        value = prop.default[0] if prop.default else "nil"
        return "%s var %s: %s? = %s" % (attribute, prop.name, swift_type, value)
    if prop.kind.tag == "model":
        return "%s var %s = %s()" % (attribute, prop.name, swift_type)
    return "%s var %s: %s = %s" % (attribute, prop.name, swift_type, prop.default[0])


def twin_default(prop):
    if prop.flattened or (prop.kind.tag == "model" and not prop.optional):
        return prop.kind.twin_type() + "()"
    if prop.optional:
        return prop.default[0] if prop.default else "nil"
    return prop.default[0]


def twin_field(prop):
    twin_type = prop.kind.twin_type() + ("?" if prop.optional else "")
    return "var %s: %s = %s" % (prop.name, twin_type, twin_default(prop))


def shape_line(prop, model):
    """The shape builder's call for a property, as a list of lines."""
    path = prop.path if prop.path is not None else [prop.key(model)]
    arguments = ["[" + ", ".join(swift_string(k) for k in path) + "]"]
    if prop.alternatives:
        arguments.append("alternatives: [" + ", ".join(swift_string(k) for k in prop.alternatives) + "]")
    arguments.append(prop.kind.shape(has_fallback=prop.fallback is not None))
    if prop.optional:
        arguments.append("optional: true")
    if prop.default is not None:
        arguments.append("default: " + swift_raw_string(prop.default[1]))
    if model.writes_nil_as_null and prop.optional:
        arguments.append("nilAsNull: true")
    return "shape.add(" + ", ".join(arguments) + ")"


class Writer:
    def __init__(self):
        self.lines = []

    def line(self, text=""):
        self.lines.append(text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def wrap_call(prefix, arguments, suffix, indent):
    """`prefix(arguments)suffix` on one line when it fits in 120 columns, else one argument a line."""
    one_line = indent + prefix + "(" + ", ".join(arguments) + ")" + suffix
    if len(one_line) < 120:
        return [one_line]
    lines = [indent + prefix + "("]
    for index, argument in enumerate(arguments):
        lines.append(indent + "    " + argument + ("," if index < len(arguments) - 1 else ""))
    lines.append(indent + ")" + suffix)
    return lines


def write_enums(out):
    for name, (raw_type, cases, fallback) in ENUMS.items():
        if fallback:
            out.line("/// An enum of the generated models that loads unknown raw values as `.%s`." % fallback)
        else:
            out.line("/// An enum of the generated models without a fallback: an unknown raw value is an error.")
        out.line("enum %s: %s, SavedValue, TwinDecodable, DifferentialValueConvertible {" % (name, raw_type))
        for case, raw in cases:
            if raw_type == "String":
                out.line("    case %s" % case)
            else:
                out.line("    case %s = %s" % (case, raw))
        out.line("")
        out.line("    static func decodeTwin(from decoder: any Decoder) throws -> Self {")
        out.line("        try decodeRawValue(from: decoder)")
        out.line("    }")
        out.line("")
        out.line("    var differentialValue: DifferentialValue { rawValue.differentialValue }")
        out.line("}")
        out.line("")


def write_model(out, model):
    for summary in model.summary:
        out.line("/// A generated model: %s." % summary)
    out.line("final class %s: ModelObject, DifferentialModel {" % model.name)
    out.line("    typealias Twin = %sTwin" % model.name)
    out.line("")
    if model.key_style != "propertyName":
        out.line("    override class var keyStyle: KeyStyle { .%s }" % model.key_style)
    if model.header == "none":
        out.line("    override class var versionKey: String? { nil }")
        out.line("    override class var typeKey: String? { nil }")
    elif model.header == "renamed":
        out.line('    override class var versionKey: String? { "v" }')
        out.line('    override class var typeKey: String? { "kind" }')
    if model.model_version != 1:
        out.line("    override class var modelVersion: Int { %d }" % model.model_version)
    if model.writes_nil_as_null:
        out.line("    override class var writesNilAsNull: Bool { true }")
    if model.date_format:
        out.line("    override class var dateFormat: DateFormat { .%s }" % model.date_format)
    if out.lines[-1]:
        out.line("")
    for prop in model.properties:
        for line in declaration_lines(prop, model):
            out.line("    " + line)
    out.line("")
    out.line("    static let shape: DifferentialShape = {")
    for line in wrap_line("var shape = DifferentialShape(header: %s)" % shape_header(model), "        "):
        out.line(line)
    for prop in model.properties:
        if prop.flattened:
            out.line("        shape.addFlattened(%s.shape)" % prop.kind.model.name)
        else:
            for line in wrap_line(shape_line(prop, model), "        "):
                out.line(line)
    out.line("        return shape")
    out.line("    }()")
    out.line("")
    out.line("    var differentialValue: DifferentialValue {")
    out.line("        var values = DifferentialValues()")
    for prop in model.properties:
        out.line('        values.add("%s", %s)' % (prop.name, prop.name))
    out.line("        return values.value")
    out.line("    }")
    out.line("}")
    out.line("")
    write_twin(out, model)


def declaration_lines(prop, model):
    line = declaration(prop, model)
    if len("    " + line) < 120:
        return [line]
    # The attribute on a line of its own.
    attribute = saved_attribute(prop, model)
    return [attribute, line[len(attribute) + 1:]]


def wrap_line(line, indent):
    """A statement too long for one line, broken where swift-format breaks it."""
    full = indent + line
    if len(full) < 120:
        return [full]
    # A call: break after its opening parenthesis, one argument a line.
    open_index = line.index("(")
    prefix = line[:open_index]
    inner = line[open_index + 1:line.rindex(")")]
    suffix = line[line.rindex(")") + 1:]
    arguments = split_arguments(inner)
    return wrap_call(prefix, arguments, suffix, indent)


def split_arguments(text):
    arguments = []
    depth = 0
    current = ""
    in_string = False
    escaped = False
    index = 0
    while index < len(text):
        character = text[index]
        if in_string:
            current += character
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
            current += character
        elif character in "([":
            depth += 1
            current += character
        elif character in ")]":
            depth -= 1
            current += character
        elif character == "," and depth == 0:
            arguments.append(current.strip())
            current = ""
        else:
            current += character
        index += 1
    if current.strip():
        arguments.append(current.strip())
    return arguments


def shape_header(model):
    if model.header == "default":
        return '.keys("version", "representedClassName", name: "%s", modelVersion: %d)' % (
            model.name, model.model_version)
    if model.header == "renamed":
        return '.keys("v", "kind", name: "%s", modelVersion: %d)' % (model.name, model.model_version)
    return ".none"


def container_trie(model):
    """The containers of a model's path properties: key to (subtrie, properties directly inside)."""
    trie = {}
    for prop in model.properties:
        if prop.path is None:
            continue
        node = trie
        for key in prop.path[:-1]:
            node = node.setdefault(key, {"children": {}, "values": []})
            last = node
            node = node["children"]
        last["values"].append(prop)
    name_containers(trie)
    return trie


def name_containers(level):
    """Gives each container of a level a struct name and a field name, unique in the level."""
    types = {}
    for key, node in level.items():
        node["type"] = container_type_name(key, types)
        types[key] = node["type"]
        node["field"] = node["type"][0].lower() + node["type"][1:-len("Container")] + "Object"
        name_containers(node["children"])


def write_twin(out, model):
    out.line("/// `%s` as a struct that `JSONDecoder` reads with the same meaning." % model.name)
    out.line("struct %sTwin: Decodable, TwinDecodable, DifferentialValueConvertible {" % model.name)
    top = [p for p in model.properties if p.path is None]
    trie = container_trie(model)
    for prop in top:
        out.line("    " + twin_field(prop))
    for key, node in trie.items():
        out.line("    var %s = %s()" % (node["field"], node["type"]))
    out.line("")
    out.line("    init() {}")
    out.line("")
    out.line("    init(from decoder: any Decoder) throws {")
    coding_keys = []
    if top or trie:
        needs_container = any(not p.flattened for p in top) or trie
        if needs_container:
            out.line("        let container = try decoder.container(keyedBy: CodingKeys.self)")
    for prop in top:
        if prop.flattened:
            out.line("        %s = try %sTwin(from: decoder)" % (prop.name, prop.kind.model.name))
            continue
        keys = [prop.key(model)] + prop.alternatives
        cases = []
        for number, key in enumerate(keys):
            case = prop.name if number == 0 else "%sAlternative%d" % (prop.name, number)
            coding_keys.append((case, key))
            cases.append("." + case)
        write_decode(out, prop, "[" + ", ".join(cases) + "]", "        ")
    for key, node in trie.items():
        case = node["field"] + "Container"
        coding_keys.append((case, key))
        out.line("        %s = try container.decodeContainer(forKey: .%s, default: %s())" % (
            node["field"], case, node["type"]))
    out.line("    }")
    out.line("")
    out.line("    var differentialValue: DifferentialValue {")
    out.line("        var values = DifferentialValues()")
    for prop in model.properties:
        out.line('        values.add("%s", %s)' % (prop.name, twin_access(prop, trie)))
    out.line("        return values.value")
    out.line("    }")
    if coding_keys:
        out.line("")
        write_coding_keys(out, coding_keys, "    ")
    for node in trie.values():
        out.line("")
        write_container(out, node, "    ")
    out.line("}")
    out.line("")


def write_decode(out, prop, keys, indent):
    default = twin_default(prop)
    if prop.optional and prop.default is not None and prop.kind.tag != "date":
        # An optional's default as an optional, so that the value decoded is one too.
        default = "Optional(%s)" % default
    if prop.fallback is not None:
        if prop.optional:
            line = "%s = try container.decodeOptionalEnum(forKeys: %s, fallback: .%s)" % (
                prop.name, keys, prop.fallback)
        else:
            line = "%s = try container.decodeEnum(forKeys: %s, fallback: .%s, default: %s)" % (
                prop.name, keys, prop.fallback, default)
    elif prop.kind.tag == "date":
        twin_type = "Date?" if prop.optional else "Date"
        line = "%s = try container.decodeDate(%s.self, forKeys: %s, format: .%s, default: %s)" % (
            prop.name, twin_type, keys, prop.kind.date, default)
    else:
        line = "%s = try container.decodeTwin(forKeys: %s, default: %s)" % (prop.name, keys, default)
    for text in wrap_line(line, indent):
        out.line(text)


def container_type_name(key, names):
    base = camel(key)
    base = base[0].upper() + base[1:] + "Container"
    name = base
    number = 2
    while name in names.values():
        name = base + str(number)
        number += 1
    return name


def twin_access(prop, trie):
    if prop.path is None:
        return prop.name
    fields = []
    level = trie
    for key in prop.path[:-1]:
        fields.append(level[key]["field"])
        level = level[key]["children"]
    return ".".join(fields) + "." + prop.name


def write_coding_keys(out, coding_keys, indent):
    out.line(indent + "private enum CodingKeys: String, CodingKey {")
    for case, key in coding_keys:
        if case == key:
            out.line(indent + "    case %s" % case)
        else:
            out.line(indent + "    case %s = %s" % (case, swift_string(key)))
    out.line(indent + "}")


def write_container(out, node, indent):
    out.line(indent + "/// A nested object that properties live inside.")
    out.line(indent + "struct %s: Decodable, TwinDecodable {" % node["type"])
    for prop in node["values"]:
        out.line(indent + "    " + twin_field(prop))
    for child in node["children"].values():
        out.line(indent + "    var %s = %s()" % (child["field"], child["type"]))
    out.line("")
    out.line(indent + "    init() {}")
    out.line("")
    out.line(indent + "    init(from decoder: any Decoder) throws {")
    out.line(indent + "        let container = try decoder.container(keyedBy: CodingKeys.self)")
    coding_keys = []
    for prop in node["values"]:
        coding_keys.append((prop.name, prop.path[-1]))
        write_decode(out, prop, "[." + prop.name + "]", indent + "        ")
    for key, child in node["children"].items():
        case = child["field"] + "Container"
        coding_keys.append((case, key))
        out.line(indent + "        %s = try container.decodeContainer(forKey: .%s, default: %s())" % (
            child["field"], case, child["type"]))
    out.line(indent + "    }")
    out.line("")
    write_coding_keys(out, coding_keys, indent + "    ")
    for child in node["children"].values():
        out.line("")
        write_container(out, child, indent + "    ")
    out.line(indent + "}")


def write_part(out, model):
    write_model(out, model)


def render(generator):
    out = Writer()
    out.line("// Generated by Scripts/generate-differential-models.py from seed %d: do not edit." % SEED)
    out.line("// Change the script and run it again; ModelDifferentialTests checks that this file is what it")
    out.line("// writes.")
    out.line("")
    out.line("import Foundation")
    out.line("import ModelKit")
    out.line("")
    write_enums(out)
    for part in generator.parts:
        write_part(out, part)
    for model in generator.models:
        write_model(out, model)
    out.line("/// Every generated model, flattened parts first.")
    out.line("enum DifferentialModels {")
    out.line("    static let all: [DifferentialCase] = [")
    for model in generator.parts + generator.models:
        out.line("        DifferentialCase(%s.self)," % model.name)
    out.line("    ]")
    out.line("}")
    return out.text()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed file is stale")
    parser.add_argument("--stdout", action="store_true", help="print the file instead of writing it")
    arguments = parser.parse_args()
    generator = Generator(SEED)
    generator.generate()
    text = render(generator)
    if arguments.stdout:
        sys.stdout.write(text)
        return 0
    if arguments.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            sys.stderr.write("%s is stale: run python3 Scripts/generate-differential-models.py\n" % OUTPUT)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
