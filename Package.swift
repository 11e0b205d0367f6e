// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Reps3D",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ColladaKit", targets: ["ColladaKit"]),
        .library(name: "PoseRenderer", targets: ["PoseRenderer"]),
        .executable(name: "assettool", targets: ["AssetTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(
            name: "CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "ColladaKit",
            dependencies: ["CLibXML2", "CZlib"],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
        .target(
            name: "PoseRenderer",
            dependencies: ["ColladaKit", "CLibPNG"]),
        .executableTarget(
            name: "AssetTool",
            dependencies: [
                "ColladaKit", "PoseRenderer", "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "ColladaKitTests",
            dependencies: ["ColladaKit"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PoseRendererTests",
            dependencies: ["PoseRenderer", "ColladaKit"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "AssetToolTests",
            dependencies: ["AssetTool", "ColladaKit"]),
    ]
)
