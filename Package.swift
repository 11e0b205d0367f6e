// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Reps3D",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ColladaKit", targets: ["ColladaKit"]),
        .library(name: "PoseRenderer", targets: ["PoseRenderer"]),
        .library(name: "PipelineKit", targets: ["PipelineKit"]),
        .library(name: "JSONKit", targets: ["JSONKit"]),
        // The fuzz package's entries (Tests/Fuzz): the catalog reader and the exporters, driven through one
        // target of their own so that no library's public API carries a fuzz hook.
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
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
        // The floor every command stands on, below ColladaKit: diagnostics and their printing, the atomic
        // writer and file helpers, content hashing, and one incremental batch engine (jobs, records, the
        // sliding window, the summary and exit policy).
        .target(
            name: "PipelineKit",
            dependencies: ["CMemory", "CHash"]),
        // SHA-256's compression function on the x86 SHA extensions (SHA256.swift's fast path; checked against
        // the Swift one by PipelineKitTests).
        .target(
            name: "CHash"),
        // glibc's mallopt(3), through its header (not in Swift's Glibc module): the one C call PipelineKit makes.
        .target(
            name: "CMemory"),
        .target(
            name: "ColladaKit",
            dependencies: ["CLibXML2", "CZlib", "PipelineKit"]),
        .target(
            name: "PoseRenderer",
            dependencies: ["ColladaKit", "CLibPNG", "CZlib", "PipelineKit"]),
        // JSON (RFC 8259) read with every value's line and column, and decoded with located errors and the
        // keys a type never asked for: the reader of catalog.json and icon-style.json.
        .target(
            name: "JSONKit",
            dependencies: ["PipelineKit"]),
        // catalog.json: the model the author writes, the icon batch reads and the linter checks.
        .target(
            name: "AssetCatalog",
            dependencies: ["ColladaKit", "PoseRenderer", "PipelineKit", "JSONKit"]),
        // `assettool icons` and `loops`: the incremental, parallel icon and loop batches (the loops refuse a rep too
        // long to sample as `export` does, with SceneExport's one check).
        .target(
            name: "IconFactory",
            dependencies: ["ColladaKit", "PoseRenderer", "AssetCatalog", "PipelineKit", "SceneExport"]),
        // `assettool validate`: the rules and their diagnostics.
        .target(
            name: "RigLint",
            dependencies: ["ColladaKit", "AssetCatalog", "PipelineKit"]),
        // `assettool author`: the mannequin, the 60 progressions, the catalog they make.
        .target(
            name: "ProgressionContent",
            dependencies: ["ColladaKit", "PoseRenderer", "AssetCatalog", "PipelineKit"]),
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
        // What the fuzz harnesses run, one entry per harness (Tests/Fuzz), and the regression tests replay.
        .target(
            name: "FuzzTargets",
            dependencies: ["AssetCatalog", "ColladaKit", "JSONKit", "PipelineKit", "SceneExport"]),
        .executableTarget(
            name: "AssetTool",
            dependencies: [
                "ColladaKit", "PoseRenderer", "AssetCatalog", "IconFactory", "RigLint", "ProgressionContent",
                "TerminalPreview", "PoseExport", "AssetBenchmarks", "SceneExport", "PipelineKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "SceneExportTests",
            dependencies: ["SceneExport", "ColladaKit", "PoseRenderer", "PipelineKit", "TestSupport"]),
        .testTarget(
            name: "AssetCatalogTests",
            dependencies: ["AssetCatalog", "ColladaKit", "PoseRenderer", "PipelineKit", "TestSupport"]),
        .testTarget(
            name: "FuzzTargetsTests",
            dependencies: ["FuzzTargets", "TestSupport"],
            exclude: ["Regressions"]),
        .testTarget(
            name: "JSONKitTests",
            dependencies: ["JSONKit", "PipelineKit"]),
        .testTarget(
            name: "PipelineKitTests",
            dependencies: ["PipelineKit", "ColladaKit"]),
        .testTarget(
            name: "ColladaKitTests",
            dependencies: ["ColladaKit", "AssetBenchmarks", "PipelineKit", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PoseRendererTests",
            dependencies: ["PoseRenderer", "ColladaKit", "PipelineKit", "CZlib", "TestSupport"],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "IconFactoryTests",
            dependencies: ["IconFactory", "PoseRenderer", "ColladaKit", "AssetCatalog", "PipelineKit", "TestSupport"]),
        // What every test target shares: where the files are (the checkout, Assets/, the fixtures, ../shared)
        // and the clean fixtures the validate tests mutate.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"),
        .testTarget(
            name: "RigLintTests",
            dependencies: ["RigLint", "ColladaKit", "AssetCatalog", "TestSupport", "PipelineKit"]),
        .testTarget(
            name: "ProgressionContentTests",
            dependencies: ["ProgressionContent", "ColladaKit", "AssetCatalog", "TestSupport"]),
        .testTarget(
            name: "TerminalPreviewTests",
            dependencies: ["TerminalPreview", "PoseRenderer"]),
        // End to end: runs the built `assettool` (listed so it is built; never imported).
        .testTarget(
            name: "AssetToolTests",
            dependencies: ["AssetTool", "AssetCatalog", "ColladaKit", "PoseRenderer", "RigLint", "TestSupport", "PipelineKit"]),
    ]
)
