// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "mediatype",
    products: [
        .library(name: "UniformTypes", targets: ["UniformTypes"]),
        .library(name: "MediaClassification", targets: ["MediaClassification"]),
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
        .executableTarget(
            name: "mediatype",
            dependencies: ["MediaClassification", "UniformTypes"]
        ),
        .testTarget(name: "UniformTypesTests", dependencies: ["UniformTypes"]),
        .testTarget(
            name: "MediaClassificationTests",
            dependencies: ["MediaClassification", "UniformTypes"]
        ),
        .testTarget(name: "mediatypeTests", dependencies: ["mediatype"]),
    ],
    swiftLanguageModes: [.v6]
)
