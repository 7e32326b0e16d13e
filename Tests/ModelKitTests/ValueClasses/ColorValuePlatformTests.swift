// The conversions to Apple's colour types exist only where their frameworks do, so these
// tests run on Apple platforms only.

#if canImport(CoreGraphics)
    import CoreGraphics
    import ModelKit
    import Testing

    @Suite struct ColorValuePlatformTests {
        private static let components: [(Double, Double, Double, Double)] = [
            (0.2, 0.4, 0.6, 1), (1, 0, 0, 0.5), (0, 0, 0, 1), (0.25, 0.75, 0.125, 0),
        ]

        @Test func cgColorIsInTheSRGBSpace() throws {
            let color = ColorValue(red: 0.2, green: 0.4, blue: 0.6)
            let space = try #require(color.cgColor.colorSpace)
            #expect(space.name == CGColorSpace.sRGB)
            // CGFloat is a Float where pointers are 32 bits, so the components compare closely.
            let components = try #require(color.cgColor.components).map { Double($0) }
            #expect(zip(components, [0.2, 0.4, 0.6, 1]).allSatisfy { abs($0 - $1) < 1e-6 })
            #expect(components.count == 4)
        }

        /// Checks that each colour converts to a platform colour and back to its components.
        private func expectRoundTrips(through convert: (ColorValue) -> ColorValue?) throws {
            for (red, green, blue, alpha) in Self.components {
                let color = ColorValue(red: red, green: green, blue: blue, alpha: alpha)
                let back = try #require(convert(color))
                #expect(abs(back.red - red) < 1e-6 && abs(back.green - green) < 1e-6)
                #expect(abs(back.blue - blue) < 1e-6 && abs(back.alpha - alpha) < 1e-6)
            }
        }

        @Test func cgColorConvertsBackToTheSameComponents() throws {
            try expectRoundTrips { ColorValue(cgColor: $0.cgColor) }
        }

        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
            @Test func nsColorConvertsBackToTheSameComponents() throws {
                try expectRoundTrips { ColorValue(nsColor: $0.nsColor) }
            }
        #endif

        #if canImport(UIKit)
            @Test func uiColorConvertsBackToTheSameComponents() throws {
                try expectRoundTrips { ColorValue(uiColor: $0.uiColor) }
            }
        #endif
    }
#endif
