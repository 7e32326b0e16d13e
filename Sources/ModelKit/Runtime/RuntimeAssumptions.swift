/// What ModelKit assumes of the Swift runtime and of Foundation's memory layouts.
///
/// Everything in this folder reads the runtime's metadata or a value's memory directly, for
/// speed or because no public API gives the answer. Each assumption is pinned by a test in
/// `RuntimeAssumptionTests`, so that a toolchain that breaks one fails a named test instead of
/// loading wrong values:
///
/// 1. `_forEachField(of:options:body:)` lists a class's stored fields, superclass fields first,
///    with names, offsets and types; a `@Saved var text` is stored in a field `_text` of type
///    `Saved<Value>` (``FieldReflection``). A refusal stops at the class's first use.
/// 2. `Saved<Value>` stores its value first, at offset 0 (``FieldStorage``); checked when a
///    property is first described.
/// 3. The address of a `Saved` field reached through its key path, minus the object's address,
///    is the offset that reflection reported (``FieldStorage/offset(of:in:)``); checked on every
///    recorded change.
/// 4. An `Any` holds a value of up to three words inline, followed by its type's metadata in the
///    fourth word (`FastCast`); `String`, `Array` and `Dictionary` fit inline.
/// 5. `Decimal` is 20 bytes: an exponent byte, a byte of length and sign bits, two reserved
///    bytes and eight 16-bit words (`ExactDecimal`); where the layout differs, the exact
///    conversions fall back to Foundation's own.
/// 6. `JSONSerialization` and property lists give `NSNumber` booleans and numbers as instances
///    of two distinct classes, which tell `true` from `1` (`FastCast`, `SavedNumber`).
enum RuntimeAssumptions {}
