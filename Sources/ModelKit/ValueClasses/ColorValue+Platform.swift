// Conversions to and from the colour types of Apple's frameworks. None of these frameworks
// exist on Linux, so each part compiles only where its framework does.

#if canImport(CoreGraphics)
    import CoreGraphics

    extension ColorValue {
        /// The colour as a Core Graphics colour in the sRGB colour space.
        ///
        /// `CGColor(red:green:blue:alpha:)` would make a colour in the device-independent
        /// Generic RGB space, whose components mean other colours than the sRGB ones of every
        /// other conversion here; the colour would not convert back to the same components.
        public var cgColor: CGColor {
            CGColor(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }

        /// Creates a colour from a Core Graphics colour, converted to sRGB.
        ///
        /// - Parameter cgColor: The colour to convert.
        /// - Returns: `nil` when the colour cannot be converted to sRGB, such as a pattern.
        public convenience init?(cgColor: CGColor) {
            guard let space = CGColorSpace(name: CGColorSpace.sRGB),
                let converted = cgColor.converted(to: space, intent: .defaultIntent, options: nil),
                let components = converted.components, components.count >= 4
            else { return nil }
            self.init(
                red: Double(components[0]),
                green: Double(components[1]),
                blue: Double(components[2]),
                alpha: Double(components[3])
            )
        }
    }
#endif

#if canImport(UIKit)
    import UIKit

    extension ColorValue {
        /// The colour as a UIKit colour.
        public var uiColor: UIColor {
            UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }

        /// Creates a colour from a UIKit colour.
        ///
        /// - Parameter uiColor: The colour to convert.
        /// - Returns: `nil` when the colour has no red, green and blue components.
        public convenience init?(uiColor: UIColor) {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 0
            guard uiColor.getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return nil }
            self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    extension ColorValue {
        /// The colour as an AppKit colour in the sRGB colour space.
        public var nsColor: NSColor {
            NSColor(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }

        /// Creates a colour from an AppKit colour, converted to sRGB.
        ///
        /// - Parameter nsColor: The colour to convert.
        /// - Returns: `nil` when the colour cannot be converted to sRGB, such as a pattern.
        public convenience init?(nsColor: NSColor) {
            guard let converted = nsColor.usingColorSpace(.sRGB) else { return nil }
            self.init(
                red: Double(converted.redComponent),
                green: Double(converted.greenComponent),
                blue: Double(converted.blueComponent),
                alpha: Double(converted.alphaComponent)
            )
        }
    }
#endif

#if canImport(SwiftUI)
    import SwiftUI

    extension ColorValue {
        /// The colour as a SwiftUI colour in the sRGB colour space.
        public var swiftUIColor: Color {
            Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha)
        }
    }
#endif
