// swift-tools-version: 6.1
import PackageDescription

/// A watch workout app's logic, tested on Linux against OpenHealthKit and built for watchOS against HealthKit.
///
/// On Linux the app imports OpenHealthKit; on Apple's platforms HealthKit itself (`#if canImport(HealthKit)`).
/// OpenHealthKit comes without its traits (`traits: []`): no gpsd, no BlueZ, no web stack, so the package builds
/// with SQLite's and zlib's headers alone. In an app of your own, name the package by its address instead of this
/// path: `.package(url: "https://github.com/OWNER/OpenHealthKit", from: "0.4.0", traits: [])`.
let package = Package(
    name: "WorkoutApp",
    platforms: [.macOS(.v15), .iOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "WorkoutApp", targets: ["WorkoutApp"]),
    ],
    dependencies: [
        .package(name: "OpenHealthKit", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "WorkoutApp",
            dependencies: [.product(name: "OpenHealthKit", package: "OpenHealthKit", condition: .when(platforms: [.linux]))]
        ),
        // The same manager built in Swift 5 mode (a link to the file): apps in either mode compile it unchanged.
        .target(
            name: "WorkoutAppSwift5",
            dependencies: [.product(name: "OpenHealthKit", package: "OpenHealthKit", condition: .when(platforms: [.linux]))],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "WorkoutAppTests",
            dependencies: [
                "WorkoutApp",
                .product(name: "OpenHealthKit", package: "OpenHealthKit", condition: .when(platforms: [.linux])),
                // The scenario runner, which drives the manager on a virtual clock.
                .product(name: "WorkoutSources", package: "OpenHealthKit", condition: .when(platforms: [.linux])),
                .product(name: "ScenarioModel", package: "OpenHealthKit", condition: .when(platforms: [.linux])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
