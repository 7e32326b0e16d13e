// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "ModelKit",
    // The first releases with Observation, which ModelObject's conformance to Observable needs.
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "ModelKit", targets: ["ModelKit"]),
        .executable(name: "demo", targets: ["ModelKitDemo"]),
    ],
    targets: [
        .target(name: "ModelKit"),
        // A target name of its own: SwiftPM needs target names to be unique across a package
        // graph, and an app that depends on ModelKit may well have a target named `Demo`.
        .executableTarget(name: "ModelKitDemo", dependencies: ["ModelKit"], path: "Demo"),
        // What the tests and the fuzz package (Fuzz/) share: the fuzz checks and models, the
        // reader agreement, seeded random numbers and small helpers. It uses ModelKit's public
        // API only, and not the testing library, which the fuzz target does not link.
        .target(name: "ModelKitTestSupport", dependencies: ["ModelKit"], path: "Tests/ModelKitTestSupport"),
        .testTarget(name: "ModelKitTests", dependencies: ["ModelKit", "ModelKitTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// A package can depend only on another package's products, so the fuzz package needs the support
// target as one; but the products a user sees are the library and the demo, nothing else. The
// support library is a product only when the manifest is read with MODELKIT_TEST_SUPPORT set, as
// Scripts/fuzz.sh does for its build of Fuzz/.
if Context.environment["MODELKIT_TEST_SUPPORT"] != nil {
    package.products.append(.library(name: "ModelKitTestSupport", targets: ["ModelKitTestSupport"]))
}
