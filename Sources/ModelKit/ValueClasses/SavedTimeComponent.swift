/// An hour, minute or second of a ``TimeValue``, saved as an integer and checked against its
/// range when it loads.
protocol SavedTimeComponent: SavedRepresentable, Hashable, CustomStringConvertible
where SavedRepresentation == Int {
    /// The values the component can take.
    static var range: ClosedRange<Int> { get }

    /// The component.
    var value: Int { get }

    /// Makes a component whose value the caller has checked against ``range``.
    init(checkedValue: Int)
}

extension SavedTimeComponent {
    /// Makes a component, stopping at a value outside ``range``: a programming error, since
    /// data only reaches ``init(savedRepresentation:)``.
    init(_ value: Int) {
        precondition(Self.range.contains(value), "\(value) is outside \(Self.range)")
        self.init(checkedValue: value)
    }

    init(savedRepresentation: Int) throws {
        guard Self.range.contains(savedRepresentation) else {
            let expected = "a number from \(Self.range.lowerBound) to \(Self.range.upperBound)"
            throw ModelError(.invalidValue(expected: expected, found: "\(savedRepresentation)"))
        }
        self.init(checkedValue: savedRepresentation)
    }

    var savedRepresentation: Int {
        value
    }

    var description: String {
        "\(value)"
    }
}

/// The hour of a ``TimeValue``, from 0 to 23.
struct SavedHour: SavedTimeComponent {
    static let range = 0...23
    let value: Int

    init(checkedValue: Int) {
        value = checkedValue
    }
}

/// The minute or second of a ``TimeValue``, from 0 to 59.
struct SavedMinuteOrSecond: SavedTimeComponent {
    static let range = 0...59
    let value: Int

    init(checkedValue: Int) {
        value = checkedValue
    }
}
