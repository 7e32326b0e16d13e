import Foundation

// The initializers that say where a value lives in the data and how it is read: other keys,
// a path through nested objects, a date format, an enum's fallback. What they are told is
// recorded once per class, while its prototype is created; in every other instance they
// only store the value, and the arguments in autoclosures are never evaluated.

extension Saved {
    // MARK: Alternative keys

    /// Declares a saved property that loading also finds under other keys.
    ///
    /// ```swift
    /// @Saved("id", alternatives: ["ID", "book_id"]) var id = 0
    /// ```
    ///
    /// Loading takes the value of the first key present, the property's own first; the values
    /// under the other keys present are kept in ``ModelObject/unknownValues``. The property is
    /// written under its own key.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    public init(wrappedValue: Value, _ key: String? = nil, alternatives: @autoclosure () -> [String]) {
        value = wrappedValue
        SavedCensus.countInitializedValue { SavedDeclaration(key: key, alternatives: alternatives()) }
    }

    /// Declares an optional saved property, `nil` by default, that loading also finds under
    /// other keys; see ``init(wrappedValue:_:alternatives:)``.
    ///
    /// - Parameters:
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    public init(_ key: String? = nil, alternatives: @autoclosure () -> [String]) where Value: ExpressibleByNilLiteral {
        value = nil
        SavedCensus.countInitializedValue { SavedDeclaration(key: key, alternatives: alternatives()) }
    }

    // MARK: Nested key paths

    /// Declares a saved property stored inside nested objects of the data.
    ///
    /// ```swift
    /// // {"name": "ModelKit", "stats": {"stars": 120, "forks": 7}}
    /// @Saved(path: "stats", "stars") var stars = 0
    /// ```
    ///
    /// The value is read from the nested object and written back into it; the nested
    /// object's other keys are kept and written back with it. A nested object on the way that
    /// is `null` or `{}` leaves the value at its default, and is written back as it came while
    /// nothing is written into it. Errors name the whole path, as in
    /// `stats.stars: expected a number, found "many"`.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - path: The key of the outermost nested object.
    ///   - next: The next key: the value's own key, or that of a nested object inside.
    ///   - more: The keys after `next`, ending with the value's own key.
    public init(wrappedValue: Value, path: String, _ next: String, _ more: String...) {
        value = wrappedValue
        SavedCensus.countInitializedValue { SavedDeclaration(path: [path, next] + more) }
    }

    /// Declares an optional saved property, `nil` by default, stored inside nested objects of
    /// the data; see ``init(wrappedValue:path:_:_:)``.
    ///
    /// - Parameters:
    ///   - path: The key of the outermost nested object.
    ///   - next: The next key: the value's own key, or that of a nested object inside.
    ///   - more: The keys after `next`, ending with the value's own key.
    public init(path: String, _ next: String, _ more: String...) where Value: ExpressibleByNilLiteral {
        value = nil
        SavedCensus.countInitializedValue { SavedDeclaration(path: [path, next] + more) }
    }
}

extension Saved where Value == Date {
    // MARK: Date formats

    /// Declares a saved date written in a format of its own.
    ///
    /// ```swift
    /// @Saved("at", date: .secondsSince1970) var at = Date()
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    ///   - date: How the date is written and read.
    public init(
        wrappedValue: Date, _ key: String? = nil, alternatives: @autoclosure () -> [String] = [], date: DateFormat
    ) {
        value = wrappedValue
        SavedCensus.countInitializedValue {
            SavedDeclaration(key: key, alternatives: alternatives(), dateFormat: date)
        }
    }

    /// Declares a saved date inside nested objects of the data, written in a format of its
    /// own; see ``Saved/init(wrappedValue:path:_:_:)``.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - path: The key of the outermost nested object.
    ///   - next: The next key: the value's own key, or that of a nested object inside.
    ///   - more: The keys after `next`, ending with the value's own key.
    ///   - date: How the date is written and read.
    public init(wrappedValue: Date, path: String, _ next: String, _ more: String..., date: DateFormat) {
        value = wrappedValue
        SavedCensus.countInitializedValue { SavedDeclaration(path: [path, next] + more, dateFormat: date) }
    }
}

extension Saved where Value == Date? {
    /// Declares an optional saved date written in a format of its own.
    ///
    /// ```swift
    /// @Saved("closed_at", date: .millisecondsSince1970) var closedAt: Date?
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value; `nil` when left out.
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    ///   - date: How the date is written and read.
    public init(
        wrappedValue: Date? = nil, _ key: String? = nil, alternatives: @autoclosure () -> [String] = [],
        date: DateFormat
    ) {
        value = wrappedValue
        SavedCensus.countInitializedValue {
            SavedDeclaration(key: key, alternatives: alternatives(), dateFormat: date)
        }
    }

    /// Declares an optional saved date inside nested objects of the data, written in a format
    /// of its own; see ``Saved/init(wrappedValue:path:_:_:)``.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value; `nil` when left out.
    ///   - path: The key of the outermost nested object.
    ///   - next: The next key: the value's own key, or that of a nested object inside.
    ///   - more: The keys after `next`, ending with the value's own key.
    ///   - date: How the date is written and read.
    public init(wrappedValue: Date? = nil, path: String, _ next: String, _ more: String..., date: DateFormat) {
        value = wrappedValue
        SavedCensus.countInitializedValue { SavedDeclaration(path: [path, next] + more, dateFormat: date) }
    }
}

extension Saved where Value: RawRepresentable, Value.RawValue: SavedValue {
    // MARK: Open enums

    /// Declares a saved enum that loads raw values it does not know as `fallback`, keeping
    /// them to write back.
    ///
    /// ```swift
    /// enum Visibility: String, SavedValue { case `public`, `private`, unknown }
    ///
    /// @Saved(fallback: .unknown) var visibility = Visibility.public
    /// ```
    ///
    /// A raw value that names no case, such as `"internal"` from a newer server, loads as
    /// `fallback`, in a strict load too. The raw value is kept and written back in its place
    /// until the property is set, and ``ModelObject/unknownRawValue(forKey:)`` gives it.
    /// A value that is not of the raw value's type at all is still an error.
    ///
    /// - Parameters:
    ///   - wrappedValue: The default value.
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    ///   - fallback: The case that unknown raw values load as.
    public init(
        wrappedValue: Value, _ key: String? = nil, alternatives: @autoclosure () -> [String] = [], fallback: Value
    ) {
        value = wrappedValue
        SavedCensus.countInitializedValue {
            SavedDeclaration(key: key, alternatives: alternatives(), fallback: Self.fallback(fallback))
        }
    }

    private static func fallback(_ value: Value) -> SavedFallback {
        SavedFallback(value: value) { savedValue, context in
            guard let raw = try? Value.RawValue._make(savedValue: savedValue, context: context) else { return false }
            return Value(rawValue: raw) == nil
        }
    }
}

extension Saved {
    /// Declares an optional saved enum, `nil` by default, that loads raw values it does not
    /// know as `fallback`; see ``Saved/init(wrappedValue:_:alternatives:fallback:)``.
    ///
    /// - Parameters:
    ///   - key: The key in the data, or `nil` for the key that the property's name gives.
    ///   - alternatives: Other keys to read the value from, in order of preference.
    ///   - fallback: The case that unknown raw values load as.
    public init<Wrapped>(_ key: String? = nil, alternatives: @autoclosure () -> [String] = [], fallback: Wrapped)
    where Value == Wrapped?, Wrapped: RawRepresentable & SavedValue, Wrapped.RawValue: SavedValue {
        value = nil
        SavedCensus.countInitializedValue {
            let rule = SavedFallback(value: Wrapped?.some(fallback) as Any) { savedValue, context in
                guard let raw = try? Wrapped.RawValue._make(savedValue: savedValue, context: context) else {
                    return false
                }
                return Wrapped(rawValue: raw) == nil
            }
            return SavedDeclaration(key: key, alternatives: alternatives(), fallback: rule)
        }
    }
}
