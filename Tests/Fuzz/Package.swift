// swift-tools-version:6.0
// The libFuzzer harness for ColladaKit: its own package so the main build never needs the
// fuzzer runtime. Build and run it with `Tests/Fuzz/run.sh SECONDS [JOBS]`.
import PackageDescription

let package = Package(
    name: "ColladaFuzz",
    dependencies: [
        .package(name: "Reps3D", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "ColladaFuzz",
            dependencies: [
                .product(name: "ColladaKit", package: "Reps3D"),
                .product(name: "PoseRenderer", package: "Reps3D"),
            ]),
    ]
)
