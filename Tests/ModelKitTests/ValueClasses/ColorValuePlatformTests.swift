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
            #expect(color.cgColor.components?.map(Double.init) == [0.2, 0.4, 0.6, 1])
        }

        @Test func cgColorConvertsBackToTheSameComponents() throws {
            for (red, green, blue, alpha) in Self.components {
                let color = ColorValue(red: red, green: green, blue: blue, alpha: alpha)
                let back = try #require(ColorValue(cgColor: color.cgColor))
                #expect(abs(back.red - red) < 1e-6 && abs(back.green - green) < 1e-6)
                #expect(abs(back.blue - blue) < 1e-6 && abs(back.alpha - alpha) < 1e-6)
            }
        }

        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
            @Test func nsColorConvertsBackToTheSameComponents() throws {
                for (red, green, blue, alpha) in Self.components {
                    let color = ColorValue(red: red, green: green, blue: blue, alpha: alpha)
                    let back = try #require(ColorValue(nsColor: color.nsColor))
                    #expect(abs(back.red - red) < 1e-6 && abs(back.blue - blue) < 1e-6)
                }
            }
        #endif

        #if canImport(UIKit)
            @Test func uiColorConvertsBackToTheSameComponents() throws {
                for (red, green, blue, alpha) in Self.components {
                    let color = ColorValue(red: red, green: green, blue: blue, alpha: alpha)
                    let back = try #require(ColorValue(uiColor: color.uiColor))
                    #expect(abs(back.red - red) < 1e-6 && abs(back.blue - blue) < 1e-6)
                }
            }
        #endif
    }
#endif
