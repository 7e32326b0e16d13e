import Foundation

/// A saved value that is one of several saved values: an enum whose cases each hold a value
/// of a different saved type, told apart in the data by the kind of JSON value they are.
///
/// Servers send such values: Stripe's expandable fields are an id string, or the whole object
/// when the request expanded them; some fields are a number or a string. Each case lists its
/// value's type as an alternative:
///
/// ```swift
/// enum CustomerField: SavedUnion {
///     case id(String)
///     case customer(Customer)
///
///     static var alternatives: [SavedAlternative<CustomerField>] { [.init(Self.id), .init(Self.customer)] }
/// }
///
/// final class Charge: ModelObject {
///     @Saved var customer: CustomerField? = nil
/// }
///
/// let charge = try Charge(json: #"{"customer": "cus_123"}"#)   // .id("cus_123")
/// ```
///
/// Reading tries, in the order listed, the alternatives whose type reads the kind of JSON
/// value found: a string for `String`, `Date`, `Data`, `URL` and `UUID`; a number for the
/// integer and floating-point types; a number or a string for `Decimal`; a boolean for
/// `Bool`; an object for model objects and dictionaries; an array for arrays and sets; for an
/// optional, its wrapped type's kinds and `null`; for a ``SavedRepresentable`` type or a
/// raw-value enum, the kinds of its representation or raw value; for a union, its
/// alternatives' kinds. A ``CodableSavedValue`` type decides itself, so it is tried for every
/// kind. The first alternative that loads the value gives the case; when none does, the error
/// is that of the first one tried, and when no alternative reads the value's kind, it names
/// the kinds the union reads: `customer: expected a string or an object, found 5`. An object
/// fits any model class, so list a model class after the other alternatives that read
/// objects. The kind is that of the value as it came, so
/// ``ModelObject/acceptsLosslessConversions`` never carries a value to an alternative of
/// another kind. Dates inside a union are ISO 8601 strings.
///
/// ModelKit's reader reads a value through the first alternative for its kind, at that
/// alternative's own speed, plus a few tens of nanoseconds to choose it; a value that this
/// alternative does not load is read again as its dictionary form and tried the dictionary
/// way, so both readers always agree.
///
/// Writing writes the case's value as its type writes it, so `.id("cus_123")` is written as
/// `"cus_123"`. A union works wherever saved values do: in optionals, arrays, sets and
/// dictionaries, through both readers and every writer, `Codable`, archiving, merge patches,
/// change tracking and snapshots. A union that holds a model object copies the object with
/// ``ModelObject/copy()->Self`` and compares it as model objects compare; the union's own
/// `Equatable` conformance, which the compiler writes for such an enum, decides equality.
///
/// Each case holds exactly one saved value. Alternatives that read the same kind of value are
/// tried in order, so a value that an earlier one also reads comes back as the earlier case:
/// with `[.init(Self.count), .init(Self.ratio)]` for an `Int` and a `Double`, `.ratio(3)` is
/// written as `3` and reads back as `.count(3)`.
public protocol SavedUnion: SavedValue {
    /// The cases of the union, each with the saved type of its value, in the order that
    /// reading tries them.
    ///
    /// ModelKit reads this once per type and keeps it. Create each alternative from the case
    /// itself: `.init(Self.id)`.
    static var alternatives: [SavedAlternative<Self>] { get }

    /// The value that this case holds, which is written as its type writes it.
    ///
    /// The default implementation finds the case's associated value through `Mirror`, which
    /// costs one to two microseconds a value: some fifty times the cost of writing a short
    /// string. Writing, copying and the walks of change tracking ask for it. A union written in
    /// bulk gives the value itself, with a `switch` over its cases, and is then written about
    /// as fast as its values alone:
    ///
    /// ```swift
    /// var associatedValue: any SavedValue {
    ///     switch self {
    ///     case .id(let id): id
    ///     case .customer(let customer): customer
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: A ``ModelError`` when the case holds no saved value, or a value of a type
    ///   that none of the ``alternatives`` has.
    var associatedValue: any SavedValue { get throws }
}

extension SavedUnion {
    /// The associated value of this case, found through `Mirror`.
    ///
    /// - Throws: A ``ModelError`` when the case holds no saved value.
    public var associatedValue: any SavedValue {
        get throws {
            let mirror = Mirror(reflecting: self)
            guard mirror.displayStyle == .enum, mirror.children.count == 1, let child = mirror.children.first,
                let value = child.value as? any SavedValue
            else {
                let caseName = String(describing: self).prefix { $0 != "(" }
                throw ModelError(.custom("\(Self.self).\(caseName) does not hold one saved value"))
            }
            return value
        }
    }

    /// The value of this case, checked to be of one of the alternatives' types.
    func alternativeValue(in table: UnionAlternatives<Self>) throws -> any SavedValue {
        let value = try associatedValue
        guard table.hasAlternative(holding: value) else {
            throw ModelError(.custom("\(Self.self) has no alternative for a value of type \(type(of: value))"))
        }
        return value
    }
}
