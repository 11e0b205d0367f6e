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
            dependencies: ["CLibXML2", "CZlib"]),
        .target(
            name: "PoseRenderer",
            dependencies: ["ColladaKit", "CLibPNG"]),
        // The floor every batch stands on: one incremental batch engine (jobs, records, the sliding window,
        // the summary and exit policy), content hashing, file stamps, output paths.
        .target(
            name: "PipelineKit",
            dependencies: ["ColladaKit"]),
        // catalog.json: the model the author writes, the icon batch reads and the linter checks.
        .target(
            name: "AssetCatalog",
            dependencies: ["ColladaKit", "PoseRenderer", "PipelineKit"]),
        // `assettool icons`: the incremental, parallel icon batch.
        .target(
            name: "IconFactory",
            dependencies: ["ColladaKit", "PoseRenderer", "AssetCatalog", "PipelineKit"]),
        // `assettool validate`: the rules and their diagnostics.
        .target(
            name: "RigLint",
            dependencies: ["ColladaKit", "AssetCatalog"]),
        // `assettool author`: the mannequin, the 60 progressions, the catalog they make.
        .target(
            name: "ProgressionContent",
            dependencies: ["ColladaKit", "PoseRenderer", "AssetCatalog"]),
        // `assettool preview`: the terminal side of the preview (colours, size, the play loop).
        .target(
            name: "TerminalPreview",
            dependencies: ["ColladaKit", "PoseRenderer"]),
        // `assettool pose`: posed meshes as OBJ or JSON text.
        .target(
            name: "PoseExport",
            dependencies: ["ColladaKit"]),
        // `assettool bench`: benchmark loops and hooks, kept out of the libraries' public API.
        .target(
            name: "AssetBenchmarks",
            dependencies: ["ColladaKit", "PoseRenderer", "IconFactory", "PipelineKit"]),
        // `assettool convert` and `export`: a posed, animated scene as glTF binary (and USDZ).
        .target(
            name: "SceneExport",
            dependencies: ["ColladaKit", "AssetCatalog", "PipelineKit"]),
        .executableTarget(
            name: "AssetTool",
            dependencies: [
                "ColladaKit", "PoseRenderer", "AssetCatalog", "IconFactory", "RigLint", "ProgressionContent",
                "TerminalPreview", "PoseExport", "AssetBenchmarks", "SceneExport", "PipelineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "SceneExportTests",
            dependencies: ["SceneExport", "ColladaKit"]),
        .testTarget(
            name: "AssetCatalogTests",
            dependencies: ["AssetCatalog", "ColladaKit", "PoseRenderer", "PipelineKit"]),
        .testTarget(
            name: "PipelineKitTests",
            dependencies: ["PipelineKit", "ColladaKit"]),
        .testTarget(
            name: "ColladaKitTests",
            dependencies: ["ColladaKit", "AssetBenchmarks"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PoseRendererTests",
            dependencies: ["PoseRenderer", "ColladaKit"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "IconFactoryTests",
            dependencies: ["IconFactory", "PoseRenderer", "ColladaKit", "AssetCatalog", "PipelineKit"]),
        // The clean fixtures the validate tests mutate, and where the tests find files (shared by the rule
        // tests and the command's end-to-end tests).
        .target(
            name: "ValidateFixtures",
            path: "Tests/ValidateFixtures"),
        .testTarget(
            name: "RigLintTests",
            dependencies: ["RigLint", "ColladaKit", "AssetCatalog", "ValidateFixtures"]),
        .testTarget(
            name: "ProgressionContentTests",
            dependencies: ["ProgressionContent", "ColladaKit", "AssetCatalog"]),
        .testTarget(
            name: "TerminalPreviewTests",
            dependencies: ["TerminalPreview", "PoseRenderer"]),
        // End to end: runs the built `assettool` (listed so it is built; never imported).
        .testTarget(
            name: "AssetToolTests",
            dependencies: ["AssetTool", "AssetCatalog", "ColladaKit", "PoseRenderer", "RigLint", "ValidateFixtures", "PipelineKit"]),
    ]
)
