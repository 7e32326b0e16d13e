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
        .executable(name: "demo", targets: ["Demo"]),
        .executable(name: "modelkit-benchmark", targets: ["ModelKitBenchmark"]),
    ],
    targets: [
        .target(name: "ModelKit"),
        .executableTarget(name: "Demo", dependencies: ["ModelKit"], path: "Demo"),
        .executableTarget(name: "ModelKitBenchmark", dependencies: ["ModelKit"]),
        .testTarget(name: "ModelKitTests", dependencies: ["ModelKit"]),
    ],
    swiftLanguageModes: [.v6]
)
