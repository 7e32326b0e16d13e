import Foundation

/// What ModelKit knows of one ``SavedUnion`` type, made from its
/// ``SavedUnion/alternatives`` once and shared by every thread.
///
/// For `[.init(Self.id), .init(Self.customer)]`, with a `String` and a model class: the
/// alternatives read a string and an object, so a string tries `id` alone, an object
/// `customer` alone, and a number neither, with the error `expected a string or an object`.
/// The first alternative for each kind is found here once, for ModelKit's reader, which reads
/// a value through it at that alternative's own speed.
final class UnionAlternatives<Union: SavedUnion>: @unchecked Sendable {
    // Immutable after creation: every stored property is a `let`. The readers are the
    // alternatives' own closures, which are safe on any thread (see `SavedAlternative`).
    typealias Reader = (_ reader: inout JSONReader, _ context: LoadContext) throws -> Union

    /// The alternatives, in the order that reading tries them.
    let alternatives: [SavedAlternative<Union>]
    /// The kinds that each alternative reads, by index.
    let kinds: [JSONKinds]
    /// Every kind that the union reads.
    let allKinds: JSONKinds
    /// The kinds that the union reads, in words, for the error of a value that fits none.
    let expected: String
    /// Whether an alternative's type can hold model objects.
    let containsModelObjects: Bool
    /// The types of the alternatives' values, to find a case's alternative without a cast.
    private let valueTypes: [ObjectIdentifier]
    // The reader of the first alternative for each kind, each in a field of its own, which
    // the readers reach without generic code.
    private let stringReader: Reader?
    private let numberReader: Reader?
    private let booleanReader: Reader?
    private let objectReader: Reader?
    private let arrayReader: Reader?
    private let nullReader: Reader?

    init(alternatives: [SavedAlternative<Union>]) {
        precondition(!alternatives.isEmpty, "\(Union.self) lists no alternatives")
        self.alternatives = alternatives
        let kinds = alternatives.map { JSONKinds.read(by: $0.valueType) }
        self.kinds = kinds
        allKinds = kinds.reduce([]) { $0.union($1) }
        expected = JSONKinds.describe(kinds)
        containsModelObjects = alternatives.contains { $0.valueType._containsModelObjects }
        valueTypes = alternatives.map { ObjectIdentifier($0.valueType) }
        func firstReader(of kind: JSONKinds) -> Reader? {
            kinds.firstIndex { $0.contains(kind) }.map { alternatives[$0].read }
        }
        stringReader = firstReader(of: .string)
        numberReader = firstReader(of: .number)
        booleanReader = firstReader(of: .boolean)
        objectReader = firstReader(of: .object)
        arrayReader = firstReader(of: .array)
        nullReader = firstReader(of: .null)
    }

    /// The reader of the first alternative that reads the value that starts with `token`;
    /// `nil` when none does.
    @inline(__always)
    func reader(forToken token: UInt8) -> Reader? {
        switch token {
        case UInt8(ascii: "\""): stringReader
        case UInt8(ascii: "{"): objectReader
        case UInt8(ascii: "["): arrayReader
        case UInt8(ascii: "t"), UInt8(ascii: "f"): booleanReader
        case UInt8(ascii: "n"): nullReader
        case _ where JSONReader.startsNumber(token): numberReader
        default: nil
        }
    }

    /// Whether `value` is of the type of one of the alternatives' values, or of a subclass.
    @inline(__always)
    func hasAlternative(holding value: any SavedValue) -> Bool {
        valueTypes.contains(ObjectIdentifier(type(of: value))) || alternatives.contains { $0.holds(value) }
    }

}
