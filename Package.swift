// swift-tools-version: 6.1
import PackageDescription

/// Strictness shared by every target: Swift 6 language mode plus the upcoming
/// features that keep imports, existentials and isolation explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// The web and club stack (Hummingbird, SwiftNIO with BoringSSL, PostgresNIO, swift-crypto) in the `workout` command:
/// `serve`, `sync`, `upload`, and `record --serve`, `--live-to` and `--sync-to`.
let web = TargetDependencyCondition.when(traits: ["Web"])

let package = Package(
    name: "OpenHealthKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenHealthKit", targets: ["OpenHealthKit"]),
        .library(name: "HealthKitModel", targets: ["HealthKitModel"]),
        .library(name: "OpenHealthKitCore", targets: ["OpenHealthKitCore"]),
        .library(name: "WorkoutSources", targets: ["WorkoutSources"]),
        .library(name: "GPSDReceiver", targets: ["GPSDReceiver"]),
        .library(name: "BlueZSensors", targets: ["BlueZSensors"]),
        .library(name: "WorkoutFormats", targets: ["WorkoutFormats"]),
        .library(name: "WorkoutLibrary", targets: ["WorkoutLibrary"]),
        .library(name: "WorkoutCatalog", targets: ["WorkoutCatalog"]),
        .library(name: "Markup", targets: ["Markup"]),
        .library(name: "WorkoutReport", targets: ["WorkoutReport"]),
        .library(name: "WorkoutServer", targets: ["WorkoutServer"]),
        .library(name: "HTTPForms", targets: ["HTTPForms"]),
        .library(name: "GATT", targets: ["GATT"]),
        .library(name: "TrainingMetrics", targets: ["TrainingMetrics"]),
        .library(name: "ScenarioModel", targets: ["ScenarioModel"]),
        .library(name: "GPSDProtocol", targets: ["GPSDProtocol"]),
        .library(name: "SensorBridge", targets: ["SensorBridge"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "ClubArchive", targets: ["ClubArchive"]),
        .library(name: "WorkoutClub", targets: ["WorkoutClub"]),
        .library(name: "CourseGuidance", targets: ["CourseGuidance"]),
        .library(name: "PlanGuidance", targets: ["PlanGuidance"]),
        .library(name: "TrainerControl", targets: ["TrainerControl"]),
        .library(name: "WebClient", targets: ["WebClient"]),
        .library(name: "RideUploads", targets: ["RideUploads"]),
        .executable(name: "workout", targets: ["workout"]),
    ],
    traits: [
        .trait(
            name: "Web",
            description: "The web app, the club server and everything that talks to them: `workout serve`, `sync`, `upload`, and `record --serve`, `--live-to` and `--sync-to`. Without it (`--disable-default-traits`), `workout` builds in a third of the time and does everything else."
        ),
        .trait(
            name: "GPSD",
            description: "GPS receivers through gpsd for apps: `gpsd://HOST:PORT` in OPENHEALTHKIT_SOURCES, heard by HKLiveWorkoutDataSource and CLLocationManager. Links libgps."
        ),
        .trait(
            name: "BlueZ",
            description: "Bluetooth sensors through BlueZ for apps: `ble:ADDRESS` in OPENHEALTHKIT_SOURCES. Links libdbus-1."
        ),
        .default(enabledTraits: ["Web", "GPSD", "BlueZ"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The web app's HTTP server. Configuration support is left out: it would build swift-configuration for nothing.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // /metrics in Prometheus' text format: the servers' own registry, not the process-wide metrics system.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The club server's PostgreSQL client, and the hashes of its passwords and tokens.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // workout sync's HTTP client: NIO, already built for the server and PostgresNIO (Foundation's URLSession
        // spins a core while it waits for an answer on Linux).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // HealthKit's value model (units, quantity and sample types, samples, workouts, statistics) and the
        // workout maths under it (geodesics, distance, elevation, energy, zones): no store, no network.
        .target(name: "HealthKitModel", swiftSettings: strictSettings),
        // The HealthKit-compatible store (SQLite), queries, sessions and live builders over HealthKitModel.
        .target(
            name: "OpenHealthKitCore",
            dependencies: [
                "HealthKitModel",
                "TrainingMetrics",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CZlib",
            ],
            swiftSettings: strictSettings
        ),
        // zlib, which compresses attachments in the store: apt install zlib1g-dev (Scripts/setup does).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // What HealthKit apps import: the core, with the built-in live sources heard by
        // HKLiveWorkoutDataSource(healthStore:workoutConfiguration:).
        .target(
            name: "OpenHealthKit",
            dependencies: [
                "OpenHealthKitCore", "WorkoutSources",
                // An app's package that sets `traits: []` on this one builds with SQLite and zlib alone.
                .target(name: "GPSDReceiver", condition: .when(traits: ["GPSD"])),
                .target(name: "BlueZSensors", condition: .when(traits: ["BlueZ"])),
            ],
            swiftSettings: strictSettings
        ),
        // gpsd's client library: apt install libgps-dev (Scripts/setup does).
        .systemLibrary(name: "CGPS", path: "Sources/CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        // Sensor notifications as a serial bridge frames them (hex lines, SLIP, length-prefixed): frames to GATT values.
        .target(name: "SensorBridge", dependencies: ["GATT"], swiftSettings: strictSettings),
        // libdbus-1, the reference D-Bus client library, through which BlueZ is reached: apt install libdbus-1-dev (Scripts/setup does).
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // A D-Bus client: method calls that wait for their answer, match rules and signals, values as D-Bus types them.
        .target(name: "DBus", dependencies: ["CDBus"], swiftSettings: strictSettings),
        // gpsd's JSON reports read without libgps (which can hang on hostile input): fixes, sky views, devices.
        .target(name: "GPSDProtocol", swiftSettings: strictSettings),
        // Scenarios as values: files and athlete profiles (YAML) read and checked, their expectations, and their
        // simulation tick by tick; no store and no clock.
        .target(name: "ScenarioModel", dependencies: ["HealthKitModel", "WorkoutFormats", "PlanGuidance", "CourseGuidance", "TrainingMetrics", "GATT", "Yams"], swiftSettings: strictSettings),
        // The live sources that need no system library: a strap or sensors over a serial port, scenarios on a virtual clock.
        .target(
            name: "WorkoutSources",
            dependencies: ["SensorBridge", "ScenarioModel", "OpenHealthKitCore", "WorkoutFormats", "Markup", "GATT", "TrainingMetrics"],
            swiftSettings: strictSettings
        ),
        // A GPS receiver behind gpsd: libgps's connection, gpsd's JSON read by GPSDProtocol.
        .target(name: "GPSDReceiver", dependencies: ["WorkoutSources", "GPSDProtocol", "OpenHealthKitCore", "CGPS"], swiftSettings: strictSettings),
        // Bluetooth sensors straight from BlueZ over D-Bus: its objects, discovery, connection and notifications.
        .target(name: "BlueZSensors", dependencies: ["WorkoutSources", "OpenHealthKitCore", "DBus", "GATT", "SensorBridge"], swiftSettings: strictSettings),
        // Activity files (FIT, TCX, GPX) read and written, and the figures of a workout: no store, so they can be fuzzed alone.
        .target(
            name: "WorkoutFormats",
            dependencies: ["HealthKitModel", "Markup", "TrainingMetrics", "Yams"],
            swiftSettings: strictSettings
        ),
        // A rider's workouts in the HealthKit store: activities imported, read back, listed, edited and deleted.
        .target(
            name: "WorkoutLibrary",
            dependencies: ["OpenHealthKitCore", "WorkoutFormats", "WorkoutCatalog", "ClubArchive", "TrainingMetrics"],
            swiftSettings: strictSettings
        ),
        // HTML that escapes by construction, and one escaper per context (HTML, JSON in a script, XML).
        .target(name: "Markup", swiftSettings: strictSettings),
        // What a viewer lists of workouts: a workout's summary row, its sort keys and file names.
        .target(name: "WorkoutCatalog", dependencies: ["HealthKitModel", "WorkoutFormats"], swiftSettings: strictSettings),
        // Training metrics over a ride's one-a-second series and across rides: normalized power, TSS, zones,
        // decoupling, TRIMP, HRV, the power curve, critical power, W′ balance, training load. Pure maths.
        .target(name: "TrainingMetrics", swiftSettings: strictSettings),
        // Guided riding's pure parts: a course, where a rider is on it fix by fix, and its climbs. No store, no clock.
        .target(name: "CourseGuidance", dependencies: ["HealthKitModel", "WorkoutFormats", "Markup"], swiftSettings: strictSettings),
        // A structured workout ridden: its steps' targets for an athlete, and the step follower with its compliance. No store, no clock.
        .target(name: "PlanGuidance", dependencies: ["HealthKitModel", "WorkoutFormats", "TrainingMetrics"], swiftSettings: strictSettings),
        // A smart trainer held to targets over FTMS: the control point's conversation as a pure machine, and an ERG ride's speed from power. No transport, no clock.
        .target(name: "TrainerControl", dependencies: ["GATT", "TrainingMetrics"], swiftSettings: strictSettings),
        // One HTTP/1.1 request at a time over NIO, with TLS: the client of sync, live uplinks and uploads.
        .target(
            name: "WebClient",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // Rides sent on to Strava and intervals.icu: their clients, token rotation, rate limits, and the
        // upload job as a value moved on by a retry policy. No store: whoever queues keeps the jobs.
        .target(name: "RideUploads", dependencies: ["WebClient", "HTTPForms", .product(name: "NIOHTTP1", package: "swift-nio")], swiftSettings: strictSettings),
        // A workout as one self-contained HTML page: SVG track and charts, splits, zones, best efforts.
        .target(
            name: "WorkoutReport",
            dependencies: ["HealthKitModel", "WorkoutFormats", "Markup", "TrainingMetrics"],
            swiftSettings: strictSettings
        ),
        // Uploads as browsers send them (multipart/form-data): Foundation only, so it can be fuzzed alone.
        .target(name: "HTTPForms", swiftSettings: strictSettings),
        // A workout packed as sync sends it and the club keeps it: no database or network, so it can be fuzzed alone.
        .target(name: "ClubArchive", dependencies: ["HealthKitModel", "WorkoutFormats", "WorkoutCatalog"], swiftSettings: strictSettings),
        // A club's athletes, tokens, groups and workouts: one storage protocol, on SQLite or PostgreSQL.
        .target(
            name: "WorkoutClub",
            dependencies: [
                "OpenHealthKitCore",
                "WorkoutFormats", "WorkoutLibrary", "WorkoutCatalog",
                "ClubArchive",
                "TrainingMetrics",
                "RideUploads",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // `workout serve`: the store as a web app and JSON API, and the live page of a recording.
        .target(
            name: "WorkoutServer",
            dependencies: [
                "OpenHealthKitCore",
                "WorkoutFormats", "WorkoutLibrary", "WorkoutCatalog",
                "WorkoutReport",
                "HTTPForms",
                "ClubArchive",
                "WorkoutClub",
                "Markup",
                "RideUploads",
                "WebClient",
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "workout",
            dependencies: [
                "CourseGuidance",
                "PlanGuidance",
                "TrainerControl",
                "OpenHealthKit",
                "GATT",
                "WorkoutSources",
                "GPSDReceiver",
                "BlueZSensors",
                "WorkoutFormats", "WorkoutLibrary", "WorkoutCatalog",
                "WorkoutReport",
                "ClubArchive",
                "TrainingMetrics",
                .target(name: "WorkoutServer", condition: web),
                .target(name: "WorkoutClub", condition: web),
                .target(name: "WebClient", condition: web),
                .target(name: "RideUploads", condition: web),
                // An MBTiles file is SQLite: read with the store's GRDB, already built.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: web),
            ],
            swiftSettings: strictSettings,
            plugins: ["BuildVersion"]
        ),
        // The commit, and the release tag on it, that `workout --version` prints: read with git before each build.
        .plugin(name: "BuildVersion", capability: .buildTool()),
        .testTarget(
            name: "OpenHealthKitTests",
            dependencies: [
                "OpenHealthKit",
                "OpenHealthKitCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        // Bluetooth sensors' characteristic values (power, speed and cadence, running pods, trainers), decoded
        // with nothing but the standard library, and the revolution-rate machine over them.
        .target(name: "GATT", swiftSettings: strictSettings),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"], swiftSettings: strictSettings),
        .testTarget(
            name: "TrainingMetricsTests",
            dependencies: ["TrainingMetrics", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "GATTTests",
            dependencies: ["GATT", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        // Workout managers written as HealthKit apps write them, built with nothing but `import OpenHealthKit`.
        .testTarget(
            name: "HealthKitAppsTests",
            dependencies: ["OpenHealthKit", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // The same apps' code (links to HealthKitAppsTests' files) in Swift 5 mode: it compiles and behaves unchanged there.
        .testTarget(
            name: "HealthKitAppsSwift5Tests",
            dependencies: ["OpenHealthKit", "TestSupport"],
            swiftSettings: strictSettings + [.swiftLanguageMode(.v5)]
        ),
        // Real daemons for tests (gpsfake) and a scratch folder, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "WorkoutSourcesTests",
            dependencies: [
                "CGPS",
                "DBus",
                "GATT",
                "GPSDProtocol",
                "OpenHealthKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "ScenarioModel",
                "SensorBridge",
                "TestSupport",
                "TrainingMetrics",
                "WorkoutFormats",
                "WorkoutLibrary",
                "WorkoutSources",
                "GPSDReceiver",
                "BlueZSensors",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkoutFormatsTests",
            dependencies: [
                "OpenHealthKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "TestSupport",
                "TrainingMetrics",
                "WorkoutCatalog",
                "WorkoutFormats",
                "WorkoutLibrary",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkoutReportTests",
            dependencies: ["OpenHealthKit", "TestSupport", "TrainingMetrics", "WorkoutFormats", "WorkoutReport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "HTTPFormsTests", dependencies: ["HTTPForms"], swiftSettings: strictSettings),
        .testTarget(name: "CourseGuidanceTests", dependencies: ["CourseGuidance", "WorkoutFormats", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "RideUploadsTests", dependencies: ["RideUploads", "WebClient"], swiftSettings: strictSettings),
        .testTarget(name: "TrainerControlTests", dependencies: ["TrainerControl", "GATT"], swiftSettings: strictSettings),
        .testTarget(name: "PlanGuidanceTests", dependencies: ["PlanGuidance", "WorkoutFormats", "HealthKitModel", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "WorkoutClubTests",
            dependencies: ["ClubArchive", "OpenHealthKit", "RideUploads", "TestSupport", "TrainingMetrics", "WorkoutCatalog", "WorkoutClub", "WorkoutFormats"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkoutServerTests",
            dependencies: [
                "ClubArchive",
                "OpenHealthKit",
                "TestSupport",
                "WorkoutCatalog",
                "WorkoutClub",
                "TrainingMetrics",
                "WorkoutFormats",
                "WorkoutLibrary",
                "WorkoutServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkoutCommandTests",
            dependencies: ["workout", "OpenHealthKit", "SensorBridge", "TestSupport", "TrainingMetrics", "WorkoutFormats", "WorkoutSources"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
