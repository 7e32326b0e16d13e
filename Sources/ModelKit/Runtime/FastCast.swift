import Foundation

/// Casts of the values that `JSONSerialization` and property lists hand back, with a fast path
/// for the exact types they use.
///
/// `value as? String` goes through the runtime's general cast, which also tries bridging and
/// protocol conformances; for a `Dictionary` or an `NSNumber` that costs hundreds of
/// instructions, and `value is NSNull` on a `String` almost a thousand. Loading spends most of
/// its time in such casts. When the dynamic type is exactly the wanted type, the value is read
/// straight out of the `Any` instead; every other case falls back to the general cast, so the
/// results are the same.
///
/// - Warning: ``containerType(of:)``, ``loadFromContainer(_:as:)`` and ``withObject(in:as:_:)``
///   read the memory of an `Any` (assumption 4 of ``RuntimeAssumptions``). Where
///   ``RuntimeAssumptions/takesLayoutShortcuts`` is `false`, no memory is read: every cast here
///   goes through `type(of:)` and the runtime's general cast.
enum FastCast {
    private static let stringType = ObjectIdentifier(String.self)
    private static let dictionaryType = ObjectIdentifier([String: Any].self)
    private static let arrayType = ObjectIdentifier([Any].self)
    private static let nullType = ObjectIdentifier(NSNull.self)
    static let numberType = ObjectIdentifier(type(of: NSNumber(value: 1)))
    static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))
    static let decimalType = ObjectIdentifier(NSDecimalNumber.self)

    @inline(__always)
    static func string(_ value: Any) -> String? {
        if storedType(of: value) == stringType { return load(value, as: String.self) }
        return value as? String
    }

    @inline(__always)
    static func dictionary(_ value: Any) -> [String: Any]? {
        if storedType(of: value) == dictionaryType { return load(value, as: [String: Any].self) }
        return value as? [String: Any]
    }

    /// `value` when it holds exactly a `String`; `nil` for every other value, without the
    /// general cast, even for values that would cast to a string.
    @inline(__always)
    static func exactString(_ value: Any) -> String? {
        storedType(of: value) == stringType ? load(value, as: String.self) : nil
    }

    /// `value` as a dictionary, answering `nil` without the general cast for the other kinds
    /// of value that a dictionary form holds, which are never dictionaries.
    @inline(__always)
    static func object(_ value: Any) -> [String: Any]? {
        let stored = storedType(of: value)
        if stored == dictionaryType { return load(value, as: [String: Any].self) }
        if stored == stringType || stored == arrayType { return nil }
        let type = ObjectIdentifier(type(of: value))
        if type == numberType || type == booleanType || type == nullType || type == decimalType { return nil }
        return value as? [String: Any]
    }

    @inline(__always)
    static func array(_ value: Any) -> [Any]? {
        if storedType(of: value) == arrayType { return load(value, as: [Any].self) }
        return value as? [Any]
    }

    @inline(__always)
    static func isNull(_ value: Any) -> Bool {
        let stored = storedType(of: value)
        if stored == stringType || stored == dictionaryType || stored == arrayType { return false }
        let type = ObjectIdentifier(type(of: value))
        if type == nullType { return true }
        if type == stringType || type == numberType || type == booleanType || type == dictionaryType
            || type == arrayType
        {
            return false
        }
        return value is NSNull
    }

    /// Calls `body` with the object inside `value`, whose dynamic type the caller has checked to be `T` or a
    /// subclass, without retaining and releasing it: `value` holds it for the whole call.
    ///
    /// Numbers are read this way, and the atomic reference counting would cost more than the read. Where
    /// ``RuntimeAssumptions/takesLayoutShortcuts`` is `false`, the object comes from `value as? T` instead.
    ///
    /// - Warning: Reads the object reference from the first word of the `Any` (assumption 4 of
    ///   ``RuntimeAssumptions``).
    /// - Returns: What `body` returns; `nil` only on the portable path, when `value` does not hold a `T`.
    @inline(__always)
    static func withObject<T: AnyObject, Result>(in value: Any, as type: T.Type, _ body: (T) -> Result) -> Result? {
        guard RuntimeAssumptions.takesLayoutShortcuts else { return (value as? T).map(body) }
        assert(value is T)
        return withUnsafePointer(to: value) { container in
            let object = UnsafeRawPointer(container).load(as: UnsafeRawPointer.self)
            return Unmanaged<T>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
        }
    }

    /// The type an `Any` records for its value: the value's own type for a struct such as `String`, `Array`
    /// or `Dictionary`, which is all it is compared with. (For a class instance it can be a superclass;
    /// `type(of:)` asks the runtime for the instance's own class, which costs a call.)
    ///
    /// Where ``RuntimeAssumptions/takesLayoutShortcuts`` is `false`, this is `type(of:)`, which gives the
    /// same type for every struct.
    @inline(__always)
    static func storedType(of value: Any) -> ObjectIdentifier {
        guard RuntimeAssumptions.takesLayoutShortcuts else { return ObjectIdentifier(Swift.type(of: value)) }
        return containerType(of: value)
    }

    /// The type metadata that the container of `value` holds in its fourth word.
    ///
    /// - Warning: Reads the container's memory (assumption 4 of ``RuntimeAssumptions``); only for
    ///   ``storedType(of:)`` and the tests that pin the assumption.
    @inline(__always)
    static func containerType(of value: Any) -> ObjectIdentifier {
        withUnsafePointer(to: value) { container in
            let metadata = UnsafeRawPointer(container).load(
                fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
            return unsafeBitCast(metadata, to: ObjectIdentifier.self)
        }
    }

    /// The value inside `value`, whose dynamic type the caller has checked to be exactly `T`: a `String`, an
    /// `Array`, a `Dictionary` or a number, which the runtime may move bit by bit.
    ///
    /// An `Any` keeps such a value inline at the start of its container when it fits the container's three
    /// words and their alignment; the load copies it out (retaining it) without the runtime's cast
    /// machinery. A value that does not fit, such as a `Double` where a word is 32 bits, and every value
    /// where ``RuntimeAssumptions/takesLayoutShortcuts`` is `false`, comes from `value as? T` instead.
    ///
    /// - Returns: The value; `nil` only on the portable path, when `value` does not hold a `T`.
    @inline(__always)
    static func load<T>(_ value: Any, as type: T.Type) -> T? {
        guard RuntimeAssumptions.takesLayoutShortcuts, isKeptInline(T.self) else { return value as? T }
        return loadFromContainer(value, as: T.self)
    }

    /// Whether an `Any` has room in its container for a value of type `T`, which the runtime may move bit by
    /// bit: no larger than three words, and aligned no more strictly than a word.
    @inline(__always)
    static func isKeptInline<T>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size <= 3 * MemoryLayout<UnsafeRawPointer>.size
            && MemoryLayout<T>.alignment <= MemoryLayout<UnsafeRawPointer>.alignment
    }

    /// The value of type `T` at the start of the container of `value`.
    ///
    /// - Warning: Reads the container's memory (assumption 4 of ``RuntimeAssumptions``); the caller checks
    ///   that `value` holds exactly a `T` and that ``isKeptInline(_:)`` holds for it.
    @inline(__always)
    static func loadFromContainer<T>(_ value: Any, as type: T.Type) -> T {
        assert(isKeptInline(T.self) && value is T)
        return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
    }

    /// `object` as `Element`, a class that the caller knows `object` is an instance of.
    ///
    /// Such as the element class of an array of model objects that the caller read: a value
    /// of a class type is the object's reference, so no cast is needed where layout shortcuts
    /// are taken. Elsewhere, and for a type that is not a class, the general cast decides.
    @inline(__always)
    static func reference<Element>(_ object: AnyObject, as type: Element.Type) -> Element? {
        if RuntimeAssumptions.takesLayoutShortcuts, Element.self is AnyObject.Type,
            MemoryLayout<Element>.size == MemoryLayout<AnyObject>.size
        {
            assert(object is Element)
            return unsafeBitCast(object, to: Element.self)
        }
        return object as? Element
    }
}
