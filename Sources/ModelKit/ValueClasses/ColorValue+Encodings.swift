import Foundation

extension ColorValue {
    /// Creates a colour from a hexadecimal string: `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    ///
    /// The `#` is optional, the digits may be upper or lower case, and surrounding white space
    /// is ignored. Without an alpha pair the colour is opaque.
    ///
    /// ```swift
    /// ColorValue(hex: "#F80")        // orange
    /// ColorValue(hex: "0000FF80")    // half-transparent blue
    /// ColorValue(hex: "blue")        // nil
    /// ```
    ///
    /// - Parameter hex: The hexadecimal string.
    /// - Returns: `nil` when the string is not one of the three forms.
    public convenience init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespacesAndNewlines))
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard [3, 6, 8].contains(digits.count), let value = UInt32(digits, radix: 16),
            digits.allSatisfy(\.isHexDigit)
        else { return nil }
        let components: [UInt32]
        if digits.count == 3 {
            components = [8, 4, 0].map { (value >> $0 & 0xF) * 0x11 } + [0xFF]
        } else {
            let shifts: [UInt32] = digits.count == 6 ? [16, 8, 0] : [24, 16, 8, 0]
            components = shifts.map { value >> $0 & 0xFF } + (digits.count == 6 ? [0xFF] : [])
        }
        let scaled = components.map { Double($0) / 255 }
        self.init(red: scaled[0], green: scaled[1], blue: scaled[2], alpha: scaled[3])
    }

    /// The colour as `#RRGGBB` in upper case, or `#RRGGBBAA` when it is not opaque.
    ///
    /// Each component is clamped to 0...1 and rounded to the nearest of 256 steps.
    public var hexString: String {
        var components = [red, green, blue]
        if Self.byte(alpha) != 0xFF { components.append(alpha) }
        return "#" + components.map { Self.hexPair(Self.byte($0)) }.joined()
    }

    /// The four components as 32 bytes: red, green, blue and alpha, each an IEEE 754 double
    /// in big-endian order.
    ///
    /// This is the form for storing a colour as binary data, such as a Core Data attribute
    /// that holds data; ``init(data:)`` reads it back exactly.
    public var data: Data {
        var bytes = Data(capacity: 32)
        for component in [red, green, blue, alpha] {
            withUnsafeBytes(of: component.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Creates a colour from the binary form that ``data`` gives.
    ///
    /// - Parameter data: 32 bytes: four big-endian IEEE 754 doubles.
    /// - Returns: `nil` when the data is not 32 bytes long.
    public convenience init?(data: Data) {
        guard data.count == 32 else { return nil }
        let bytes = [UInt8](data)
        let components = stride(from: 0, to: 32, by: 8).map { start in
            let pattern = bytes[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Double(bitPattern: pattern)
        }
        self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    private static func byte(_ component: Double) -> UInt8 {
        guard component.isFinite else { return component > 0 ? 0xFF : 0 }
        return UInt8((min(max(component, 0), 1) * 255).rounded())
    }

    private static func hexPair(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
