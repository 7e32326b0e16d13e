// swift-tools-version: 6.0

import PackageDescription

// ModelKit's libFuzzer target, a package of its own because it builds only with the fuzzer:
//
//     swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// libFuzzer supplies `main`, so a plain `swift build` of this package does not link.
// `Scripts/fuzz.sh SECONDS` builds and runs it. The checks and the models (FuzzInputCheck,
// FuzzModels) are in ModelKit's test support library, Tests/ModelKitTestSupport, which
// `FuzzRegressionTests` uses to run the same checks on the corpus and the regressions. ModelKit's
// manifest offers that library as a product only with MODELKIT_TEST_SUPPORT set, as
// `Scripts/fuzz.sh` sets it:
//
//     MODELKIT_TEST_SUPPORT=1 swift build --package-path Fuzz …
let package = Package(
    name: "ModelKitFuzz",
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .executable(name: "modelkit-fuzz", targets: ["ModelKitFuzz"])
    ],
    dependencies: [
        .package(name: "ModelKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ModelKitFuzz",
            dependencies: [.product(name: "ModelKitTestSupport", package: "ModelKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)
