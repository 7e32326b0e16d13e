import Foundation

extension IntervalValue {
    /// Creates an interval from the words that ``fullText`` and ``briefText`` print.
    ///
    /// Case does not matter, unit names may be full or brief and singular or plural, and a
    /// range may be written with `-` or `to` between its amounts:
    ///
    /// ```swift
    /// IntervalValue(string: "5 minutes")      // 5 minutes
    /// IntervalValue(string: "1 Hr")           // 1 hour
    /// IntervalValue(string: "5 to 10 mins")   // 5 - 10 minutes
    /// IntervalValue(string: "forever")        // forever
    /// ```
    ///
    /// `never` and `forever` stand alone and give an amount of 0.
    ///
    /// - Parameter string: The interval in words.
    /// - Returns: `nil` when the string is not an amount or range followed by a unit name.
    public convenience init?(string: String) {
        var scanner = IntervalText(string.lowercased())
        guard let parsed = scanner.parse() else { return nil }
        if let secondAmount = parsed.secondAmount {
            self.init(firstAmount: parsed.firstAmount, secondAmount: secondAmount, units: parsed.units)
        } else {
            self.init(amount: parsed.firstAmount, units: parsed.units)
        }
    }
}

/// A scanner for the text forms of an interval: `5 minutes`, `5 - 10 mins`, `5 to 10 mins`.
private struct IntervalText {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    mutating func parse() -> (firstAmount: Int, secondAmount: Int?, units: IntervalUnits)? {
        skipSpaces()
        if let units = IntervalUnits(name: rest()), units.isAmountless {
            return (0, nil, units)
        }
        guard let first = integer() else { return nil }
        skipSpaces()
        var second: Int?
        if skip("-") || skip("to") {
            skipSpaces()
            guard let amount = integer() else { return nil }
            second = amount
            skipSpaces()
        }
        guard let units = IntervalUnits(name: rest()), !units.isAmountless else { return nil }
        return (first, second, units)
    }

    /// The characters left, without trailing white space.
    private func rest() -> String {
        String(characters[index...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    private mutating func skip(_ word: String) -> Bool {
        let word = Array(word)
        guard characters[index...].starts(with: word) else { return false }
        index += word.count
        return true
    }

    private mutating func integer() -> Int? {
        let start = index
        if index < characters.count, characters[index] == "-" { index += 1 }
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        guard let value = Int(String(characters[start..<index])) else {
            index = start
            return nil
        }
        return value
    }
}
