/// What ModelKit assumes of the Swift runtime and of Foundation's memory layouts.
///
/// Everything in this folder reads the runtime's metadata or a value's memory directly, for
/// speed or because no public API gives the answer. Each assumption is pinned by a test in
/// `RuntimeAssumptionTests`, so that a toolchain that breaks one fails a named test instead of
/// loading wrong values:
///
/// 1. The runtime's exported reflection entry points (`swift_reflectionMirror_recursiveCount`,
///    `…recursiveChildMetadata`, `…recursiveChildOffset`, which `Mirror` is built on) list a
///    class's stored fields, superclass fields first, with names, offsets and types; a
///    `@Saved var text` is stored in a field `_text` of type `Saved<Value>`
///    (``FieldReflection``). The same calls on every platform, with no SPI. A module built
///    without reflection metadata lists none of its fields: a ``SavedCensus`` notices at the
///    class's first use and stops there, naming the class and the build setting.
/// 2. The value inside a `Saved<Value>` lies at the offset that
///    `MemoryLayout<Saved<Value>>.offset(of: \.value)` gives, which the language documents for
///    addressing a stored property (``FieldStorage/valueOffset(in:)``), on every platform and in
///    every build, so no portable path is needed. References to any class, and optionals of
///    them, share one representation, so a field of a model class is also read as
///    `ModelObject`; that is the Swift ABI, whatever the size of a word.
/// 3. The address of a `Saved` field reached through its key path, minus the object's address,
///    is the offset that reflection reported (``FieldStorage/offset(of:in:)``); checked on every
///    recorded change.
/// 4. An `Any` holds a value of up to three words inline, followed by its type's metadata in the
///    fourth word (``FastCast``); `String`, `Array`, `Dictionary`, `Int`, `Bool` and, on 64-bit
///    platforms, `Double` fit inline, and a type whose alignment exceeds a word's never does.
///    Portable path: `type(of:)` and the runtime's casts (`value as? String`); a value is read
///    from the container only when its type's size and alignment let it lie inline.
/// 5. `Decimal` is 20 bytes: an exponent byte, a byte of length and sign bits, two reserved
///    bytes and eight 16-bit words (``ExactDecimal``); which order the length and sign bits
///    take is found once, by reading known values. Portable path, also taken where the layout
///    is not a known one: the digits of the decimal's `description`, read as `strtod` reads
///    them, which gives the same numbers.
/// 6. `JSONSerialization` and property lists give `NSNumber` booleans and numbers as instances
///    of two distinct classes, which tell `true` from `1` (``FastCast``, ``SavedNumber``). Not a
///    memory read: Foundation's classes, compared by identity on every platform.
/// 7. The standard library's `_getSuperclass` gives a class's superclass, and `nil` above a
///    root class (``ClassHierarchy``), as the class metadata records it. Not a memory read:
///    an underscored entry point, on every platform.
///
/// Assumptions 4 and 5 read memory, and their shortcuts are taken only where
/// ``takesLayoutShortcuts`` is `true`: on platforms with 64-bit pointers, unless the package is
/// built with `-D MODELKIT_PORTABLE` (`swift build -Xswiftc -DMODELKIT_PORTABLE`). Elsewhere
/// the portable paths run instead: on watchOS's arm64_32, for one, an `Any`'s three words are
/// aligned to 4 bytes, too loosely for an 8-byte-aligned `Double`, which it keeps in a box.
enum RuntimeAssumptions {
    /// Whether the shortcuts that read a value's memory directly are taken, decided when the
    /// package is compiled: `false` where pointers are not 64 bits wide or `MODELKIT_PORTABLE`
    /// is defined.
    ///
    /// Every shortcut branches on this one constant, and both of its paths compile on every
    /// platform, so that the tests of a normal build can check that the portable path gives
    /// what the shortcut gives; an optimized build keeps only the path taken.
    @inline(__always)
    static var takesLayoutShortcuts: Bool {
        #if MODELKIT_PORTABLE || !_pointerBitWidth(_64)
            return false
        #else
            return true
        #endif
    }
}
