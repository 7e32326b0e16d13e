import Foundation

/// What a `@Saved` initializer was told about its property besides the default value: where
/// the value lives in the data and how it is read and written.
///
/// The census records one for each `Saved` value that a prototype's initializers create (see
/// ``SavedCensus``), and the class's metadata keeps it, so that no instance has to.
struct SavedDeclaration {
    /// The key given, or `nil` when the key comes from the property's name and the class's
    /// ``ModelObject/keyStyle``.
    var key: String?
    /// The keys of the nested objects that hold the value, outermost first, followed by the
    /// value's own key; empty for a value stored directly in its object.
    var path: [String] = []
    /// Other keys that loading accepts for the value, in order of preference after the
    /// property's own.
    var alternatives: [String] = []
    /// The format of a `Date` or `Date?` value; `nil` for the class's ``ModelObject/dateFormat``.
    var dateFormat: DateFormat?
    /// What loads in place of a raw value that an enum does not know.
    var fallback: SavedFallback?
    /// The class of a nested model object whose saved properties live at its enclosing
    /// object's own level (`@Saved(flattened: true)`); `nil` for every other property.
    var flattenedClass: ModelObject.Type?

    init(
        key: String? = nil, path: [String] = [], alternatives: [String] = [], dateFormat: DateFormat? = nil,
        fallback: SavedFallback? = nil, flattenedClass: ModelObject.Type? = nil
    ) {
        self.key = key
        self.path = path
        self.alternatives = alternatives
        self.dateFormat = dateFormat
        self.fallback = fallback
        self.flattenedClass = flattenedClass
    }
}

/// The fallback case of an open enum: the value that a raw value the enum does not know loads
/// as, and how to tell such a raw value from data that is not a raw value at all.
struct SavedFallback: @unchecked Sendable {
    // Immutable: `value` holds an enum case (a value type) and the closure captures nothing.
    /// The fallback, as a value of the property's type.
    let value: Any
    /// Whether a dictionary-form value is a raw value of the enum's raw type that names no
    /// case.
    let isUnknownRawValue: (Any, LoadContext) -> Bool
}
