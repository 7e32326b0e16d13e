import Foundation

/// A colour saved as red, green, blue and alpha components, each from 0 to 1.
///
/// `ColorValue` is a ``ModelObject``, so it nests in other models, tracks its changes and
/// round-trips through dictionaries and JSON. Its data is that of DejalObject's `DejalColor`,
/// and data written under that name loads into it:
///
/// ```swift
/// let label = ColorValue(hex: "#FF8000")
/// print(try label?.jsonString(options: .compact) ?? "")
/// // {"version":1,"representedClassName":"ColorValue","red":1,"green":0.5019607843137255,"blue":0,"alpha":1}
/// ```
///
/// Data without an `alpha` value describes an opaque colour.
public final class ColorValue: ModelObject {
    /// The red component, from 0 to 1.
    @Saved public var red = 0.0

    /// The green component, from 0 to 1.
    @Saved public var green = 0.0

    /// The blue component, from 0 to 1.
    @Saved public var blue = 0.0

    /// The opacity, from 0 (transparent) to 1 (opaque).
    @Saved public var alpha = 1.0

    /// The name DejalObject wrote for this class, so that its data loads.
    public override class var legacyModelNames: [String] { [dejalObjectName] }

    /// Creates a colour from its red, green, blue and alpha components.
    ///
    /// - Parameters:
    ///   - red: The red component, from 0 to 1.
    ///   - green: The green component, from 0 to 1.
    ///   - blue: The blue component, from 0 to 1.
    ///   - alpha: The opacity, from 0 to 1; opaque by default.
    public convenience init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init()
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        clearChanges()
    }

    /// Creates a grey: equal red, green and blue components.
    ///
    /// - Parameters:
    ///   - white: The brightness of the grey, from 0 (black) to 1 (white).
    ///   - alpha: The opacity, from 0 to 1; opaque by default.
    public convenience init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a colour from its hue, saturation and brightness.
    ///
    /// - Parameters:
    ///   - hue: The hue, from 0 to 1, where 0 and 1 are red, 1/3 is green and 2/3 is blue.
    ///   - saturation: The saturation, from 0 (grey) to 1 (pure colour).
    ///   - brightness: The brightness, from 0 (black) to 1.
    ///   - alpha: The opacity, from 0 to 1; opaque by default.
    public convenience init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let (red, green, blue) = HSB.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    // MARK: Hue, saturation and brightness

    /// The hue, from 0 up to 1, where 0 is red, 1/3 is green and 2/3 is blue; 0 for greys.
    public var hue: Double {
        HSB.hsb(red: red, green: green, blue: blue).hue
    }

    /// The saturation, from 0 (grey) to 1 (pure colour).
    public var saturation: Double {
        HSB.hsb(red: red, green: green, blue: blue).saturation
    }

    /// The brightness, from 0 (black) to 1: the largest of the red, green and blue components.
    public var brightness: Double {
        HSB.hsb(red: red, green: green, blue: blue).brightness
    }

    // MARK: Named colours

    /// A new opaque black colour.
    public static var black: ColorValue { ColorValue(white: 0) }

    /// A new opaque white colour.
    public static var white: ColorValue { ColorValue(white: 1) }

    /// A new opaque red colour.
    public static var red: ColorValue { ColorValue(red: 1, green: 0, blue: 0) }

    /// A new opaque green colour.
    public static var green: ColorValue { ColorValue(red: 0, green: 1, blue: 0) }

    /// A new opaque blue colour.
    public static var blue: ColorValue { ColorValue(red: 0, green: 0, blue: 1) }

    /// A new fully transparent colour.
    public static var clear: ColorValue { ColorValue(white: 0, alpha: 0) }
}

extension ColorValue: DejalObjectCounterpart {
    static var dejalObjectName: String { "DejalColor" }
}

/// Conversions between red, green and blue components and hue, saturation and brightness.
enum HSB {
    static func rgb(hue: Double, saturation: Double, brightness: Double) -> (Double, Double, Double) {
        let saturation = min(max(saturation, 0), 1)
        let brightness = min(max(brightness, 0), 1)
        guard saturation > 0 else { return (brightness, brightness, brightness) }
        // A hue that is NaN or infinite names no angle; red, as for 0, rather than a trap in
        // the conversion to a sector below.
        let hue = hue.isFinite ? hue : 0
        var sector = (hue - hue.rounded(.down)) * 6
        if sector >= 6 { sector = 0 }
        let index = Int(sector)
        let fraction = sector - Double(index)
        let low = brightness * (1 - saturation)
        let falling = brightness * (1 - saturation * fraction)
        let rising = brightness * (1 - saturation * (1 - fraction))
        switch index {
        case 0: return (brightness, rising, low)
        case 1: return (falling, brightness, low)
        case 2: return (low, brightness, rising)
        case 3: return (low, falling, brightness)
        case 4: return (rising, low, brightness)
        default: return (brightness, low, falling)
        }
    }

    static func hsb(red: Double, green: Double, blue: Double) -> (hue: Double, saturation: Double, brightness: Double) {
        let largest = max(red, green, blue)
        let smallest = min(red, green, blue)
        let range = largest - smallest
        guard largest > 0, range > 0 else { return (0, 0, max(largest, 0)) }
        var hue: Double
        if largest == red {
            hue = (green - blue) / range
        } else if largest == green {
            hue = 2 + (blue - red) / range
        } else {
            hue = 4 + (red - green) / range
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, range / largest, largest)
    }
}
