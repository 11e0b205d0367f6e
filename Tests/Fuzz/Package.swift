// swift-tools-version:6.0
// The libFuzzer harnesses: their own package so the main build never needs the fuzzer runtime. Build and
// run one with `Tests/Fuzz/run.sh SECONDS [JOBS]` (FUZZ_TARGET picks it, ColladaFuzz by default).
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
                .product(name: "FuzzTargets", package: "Reps3D"),
            ]),
        // export and convert: a rig applied to the mannequin, the export model, GLB and USDA.
        .executableTarget(
            name: "ExportFuzz",
            dependencies: [
                .product(name: "ColladaKit", package: "Reps3D"),
                .product(name: "FuzzTargets", package: "Reps3D"),
            ]),
    ]
)
