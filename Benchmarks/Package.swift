// swift-tools-version: 6.0

import PackageDescription

// The benchmark is a package of its own, so that ModelKit's package ships only the library
// and the demo. Run it from this folder with `swift run -c release modelkit-benchmark`.
let package = Package(
    name: "ModelKitBenchmarks",
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .executable(name: "modelkit-benchmark", targets: ["ModelKitBenchmark"])
    ],
    dependencies: [
        .package(name: "ModelKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ModelKitBenchmark",
            dependencies: [.product(name: "ModelKit", package: "ModelKit"), "HeapStatistics"]
        ),
        // The allocator's own count of the bytes in use, which only C can ask for on Linux.
        .target(name: "HeapStatistics"),
    ],
    swiftLanguageModes: [.v6]
)
