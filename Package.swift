// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "mediatype",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "MediaClassification", targets: ["MediaClassification"]),
        .library(name: "MediaLibrary", targets: ["MediaLibrary"]),
        .executable(name: "mediatype", targets: ["mediatype"]),
    ],
    targets: [
        .target(name: "UniformTypes"),
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"]), .brew(["libmagic"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "MediaClassification",
            dependencies: ["CMagic", "CZlib", "UniformTypes"]
        ),
        .target(name: "CRename"),
        .target(
            name: "MediaLibrary",
            dependencies: ["MediaClassification", "UniformTypes", "CRename"]
        ),
        .executableTarget(
            name: "mediatype",
            dependencies: ["MediaLibrary", "MediaClassification", "UniformTypes"]
        ),
        // Helpers the test targets share (test targets cannot import one another).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes", "TestSupport"]),
        .testTarget(
            name: "MediaClassificationTests",
            dependencies: ["MediaClassification", "UniformTypes", "TestSupport"]
        ),
        .testTarget(
            name: "MediaLibraryTests",
            dependencies: ["MediaLibrary", "MediaClassification", "UniformTypes", "TestSupport"]
        ),
        .testTarget(name: "mediatypeTests", dependencies: ["mediatype", "TestSupport"]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["MediaClassification", "UniformTypes"],
            path: "Sources/Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
