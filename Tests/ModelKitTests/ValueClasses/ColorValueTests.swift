import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Swatch: ModelObject {
    @Saved var name = ""
    @Saved var color = ColorValue.black
}

/// A colour given both as hue, saturation and brightness and as red, green and blue.
struct HSBCase: Sendable {
    var hue: Double, saturation: Double, brightness: Double
    var red: Double, green: Double, blue: Double

    static let all: [HSBCase] = [
        HSBCase(hue: 0, saturation: 1, brightness: 1, red: 1, green: 0, blue: 0),
        HSBCase(hue: 1.0 / 3, saturation: 1, brightness: 1, red: 0, green: 1, blue: 0),
        HSBCase(hue: 2.0 / 3, saturation: 1, brightness: 1, red: 0, green: 0, blue: 1),
        HSBCase(hue: 1.0 / 6, saturation: 1, brightness: 1, red: 1, green: 1, blue: 0),
        HSBCase(hue: 0.5, saturation: 0.5, brightness: 0.8, red: 0.4, green: 0.8, blue: 0.8),
        HSBCase(hue: 5.0 / 6, saturation: 1, brightness: 0.5, red: 0.5, green: 0, blue: 0.5),
        HSBCase(hue: 0, saturation: 0, brightness: 0.25, red: 0.25, green: 0.25, blue: 0.25),
    ]
}

/// The named colours, as a `Sendable` test argument.
enum NamedColor: CaseIterable, Sendable {
    case black, white, red, green, blue, clear

    func make() -> ColorValue {
        switch self {
        case .black: .black
        case .white: .white
        case .red: .red
        case .green: .green
        case .blue: .blue
        case .clear: .clear
        }
    }
}

@Suite struct ColorValueTests {
    // MARK: DejalObject data

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func huesThatNameNoAngleGiveRedInsteadOfTrapping(hue: Double) {
        let color = ColorValue(hue: hue, saturation: 1, brightness: 1)
        #expect(color.red == 1 && color.green == 0 && color.blue == 0)
    }

    @Test func loadsDejalColorDocument() throws {
        let json = #"{"version":1,"representedClassName":"DejalColor","red":1,"green":0.5,"blue":0,"alpha":1}"#
        let color = try ColorValue(json: json)
        #expect(color.red == 1 && color.green == 0.5 && color.blue == 0 && color.alpha == 1)
        #expect(!color.hasChanges)
    }

    @Test func makesColorValueFromDejalColorName() throws {
        let json = #"{"version":1,"representedClassName":"DejalColor","red":0.25,"green":0.5,"blue":0.75,"alpha":0.5}"#
        let object = try ModelObject.make(json: json)
        let color = try #require(object as? ColorValue)
        #expect(color == ColorValue(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
    }

    @Test func loadsNestedDejalColor() throws {
        let json = #"""
            {"name":"Sky","color":{"version":1,"representedClassName":"DejalColor","red":0,"green":0.5,"blue":1,"alpha":1}}
            """#
        let swatch = try Swatch(json: json)
        #expect(swatch.color == ColorValue(red: 0, green: 0.5, blue: 1))
    }

    @Test func missingAlphaMeansOpaque() throws {
        let color = try ColorValue(json: #"{"representedClassName":"DejalColor","red":1,"green":1,"blue":0}"#)
        #expect(color.alpha == 1)
    }

    @Test func writesDejalObjectKeys() throws {
        let color = ColorValue(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        let expected = #"{"version":1,"representedClassName":"ColorValue","red":1,"green":0.5,"blue":0,"alpha":0.25}"#
        #expect(try color.jsonString(options: .compact) == expected)
    }

    @Test func roundTripsThroughJSON() throws {
        let color = ColorValue(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        let loaded = try ColorValue(json: try color.jsonData())
        #expect(loaded == color)
        #expect(try sameJSON(loaded.dictionary, color.dictionary))
    }

    @Test func rejectsComponentOfWrongType() throws {
        let error = try #require(throws: ModelError.self) {
            try Swatch(json: #"{"color":{"red":"red"}}"#)
        }
        #expect(error.keyPath.description == "color.red")
        #expect(error.description == #"color.red: expected a number, found "red""#)
    }

    // MARK: Hex

    @Test(arguments: [
        ("#FF8000", 255, 128, 0, 255),
        ("ff8000", 255, 128, 0, 255),
        ("#F80", 255, 136, 0, 255),
        ("f80", 255, 136, 0, 255),
        ("#0000FF80", 0, 0, 255, 128),
        ("  #123456  ", 0x12, 0x34, 0x56, 255),
        ("#00000000", 0, 0, 0, 0),
    ])
    func readsHex(hex: String, red: Int, green: Int, blue: Int, alpha: Int) throws {
        let color = try #require(ColorValue(hex: hex))
        #expect(
            color
                == ColorValue(
                    red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255,
                    alpha: Double(alpha) / 255))
        #expect(!color.hasChanges)
    }

    @Test(arguments: [
        "", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GGGGGG", "blue", "+FFFFF", "##FFF", "#FF 000",
    ])
    func rejectsInvalidHex(hex: String) {
        #expect(ColorValue(hex: hex) == nil)
    }

    @Test(arguments: [
        (1.0, 128.0 / 255, 0.0, 1.0, "#FF8000") as (Double, Double, Double, Double, String),
        (0.0, 0.0, 1.0, 128.0 / 255, "#0000FF80"),
        (1.0, 1.0, 1.0, 1.0, "#FFFFFF"),
        (0.0, 0.0, 0.0, 0.0, "#00000000"),
        (2.0, -1.0, 0.5, 1.0, "#FF0080"),
        (0.0, 0.0, 0.0, 0.999, "#000000"),
        (Double.nan, Double.infinity, 0.0, 1.0, "#00FF00"),
    ])
    func writesHex(red: Double, green: Double, blue: Double, alpha: Double, hex: String) throws {
        let color = ColorValue(red: red, green: green, blue: blue, alpha: alpha)
        #expect(color.hexString == hex)
        #expect(try #require(ColorValue(hex: hex)).hexString == hex)
    }

    // MARK: Hue, saturation and brightness

    @Test(arguments: HSBCase.all)
    func convertsHSBBothWays(sample: HSBCase) {
        let color = ColorValue(hue: sample.hue, saturation: sample.saturation, brightness: sample.brightness)
        #expect(abs(color.red - sample.red) < 1e-12)
        #expect(abs(color.green - sample.green) < 1e-12)
        #expect(abs(color.blue - sample.blue) < 1e-12)
        let fromRGB = ColorValue(red: sample.red, green: sample.green, blue: sample.blue)
        #expect(abs(fromRGB.hue - sample.hue) < 1e-12)
        #expect(abs(fromRGB.saturation - sample.saturation) < 1e-12)
        #expect(abs(fromRGB.brightness - sample.brightness) < 1e-12)
    }

    @Test func hueOfOneWrapsToRed() {
        #expect(ColorValue(hue: 1, saturation: 1, brightness: 1) == ColorValue.red)
    }

    // MARK: White and named colours

    @Test func whiteSetsEqualComponents() {
        let grey = ColorValue(white: 0.5, alpha: 0.75)
        #expect(grey == ColorValue(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.75))
    }

    @Test(arguments: [
        (NamedColor.black, "#000000"),
        (.white, "#FFFFFF"),
        (.red, "#FF0000"),
        (.green, "#00FF00"),
        (.blue, "#0000FF"),
        (.clear, "#00000000"),
    ])
    func namedColors(name: NamedColor, hex: String) {
        let color = name.make()
        #expect(color.hexString == hex)
        #expect(!color.hasChanges)
    }

    @Test func namedColorsAreNewObjects() {
        let first = ColorValue.red
        first.red = 0
        #expect(ColorValue.red.red == 1)
        #expect(first !== ColorValue.red)
    }

    // MARK: Data

    @Test func roundTripsThroughData() throws {
        let color = ColorValue(red: 0.1, green: 0.2, blue: 1.0 / 3, alpha: 0.9)
        #expect(color.data.count == 32)
        let restored = try #require(ColorValue(data: color.data))
        #expect(restored == color)
    }

    @Test(arguments: [0, 16, 31, 33])
    func rejectsDataOfWrongLength(count: Int) {
        #expect(ColorValue(data: Data(repeating: 0, count: count)) == nil)
    }

    @Test func dataIsBigEndianDoubles() {
        let bytes = [UInt8](ColorValue.red.data)
        #expect(Array(bytes[0..<8]) == [0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    // MARK: Change tracking

    @Test func tracksChangesOfComponents() {
        let color = ColorValue(red: 1, green: 0, blue: 0)
        #expect(!color.hasChanges)
        color.green = 1
        #expect(color.changedKeys == ["green"])
    }
}
