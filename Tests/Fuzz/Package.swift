// swift-tools-version:6.0
// The libFuzzer harnesses: their own package so the main build never needs the fuzzer runtime. Build and
// run one with `Tests/Fuzz/run.sh SECONDS [JOBS]` (FUZZ_TARGET picks it, ColladaFuzz by default).
//
// run.sh builds every module with `-package-name reps3d`, so the harnesses reach the `package` API of the
// catalog reader and the exporters (kept out of the libraries' public API) as the main package's own
// targets do.
import PackageDescription

let package = Package(
    name: "ColladaFuzz",
    dependencies: [
        .package(name: "Reps3D", path: "../.."),
    ],
    targets: [
        // COLLADA: load, pose, skin, rasterize.
        .executableTarget(
            name: "ColladaFuzz",
            dependencies: [
                .product(name: "ColladaKit", package: "Reps3D"),
                .product(name: "PoseRenderer", package: "Reps3D"),
            ]),
        // catalog.json and icon-style.json: JSON, decoding, the catalog's checks.
        .executableTarget(
            name: "CatalogFuzz",
            dependencies: [
                .product(name: "AssetCatalog", package: "Reps3D"),
                .product(name: "JSONKit", package: "Reps3D"),
            ]),
        // export and convert: a rig applied to the mannequin, the export model, GLB and USDA.
        .executableTarget(
            name: "ExportFuzz",
            dependencies: [
                .product(name: "AssetCatalog", package: "Reps3D"),
                .product(name: "ColladaKit", package: "Reps3D"),
                .product(name: "SceneExport", package: "Reps3D"),
            ]),
    ]
)
