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
        .testTarget(name: "ModelKitTests", dependencies: ["ModelKit"]),
    ],
    swiftLanguageModes: [.v6]
)
