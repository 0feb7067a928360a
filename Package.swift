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
        .target(name: "MediaClassification", dependencies: ["CMagic", "UniformTypes"]),
        .target(name: "CRename"),
        .target(
            name: "MediaLibrary",
            dependencies: ["MediaClassification", "UniformTypes", "CRename"]
        ),
        .executableTarget(
            name: "mediatype",
            dependencies: ["MediaLibrary", "MediaClassification", "UniformTypes"]
        ),
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"]),
        .testTarget(
            name: "MediaClassificationTests",
            dependencies: ["MediaClassification", "UniformTypes"]
        ),
        .testTarget(
            name: "MediaLibraryTests",
            dependencies: ["MediaLibrary", "MediaClassification", "UniformTypes"]
        ),
        .testTarget(name: "mediatypeTests", dependencies: ["mediatype"]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["MediaClassification", "UniformTypes"],
            path: "Sources/Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
