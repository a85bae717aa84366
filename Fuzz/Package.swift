// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for every parser of outside bytes. A package of its own,
/// built with the fuzzer and address sanitizers by `Scripts/fuzz`, never by the
/// main package's build or tests.
let package = Package(
    name: "OpenHealthKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "OpenHealthKit", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
        .executableTarget(name: "FuzzFITReader", dependencies: ["FuzzSupport", .product(name: "WorkoutFormats", package: "OpenHealthKit")], path: "Sources/FuzzFITReader"),
        .executableTarget(name: "FuzzTCXReader", dependencies: ["FuzzSupport", .product(name: "WorkoutFormats", package: "OpenHealthKit")], path: "Sources/FuzzTCXReader"),
        .executableTarget(name: "FuzzGPXReader", dependencies: ["FuzzSupport", .product(name: "WorkoutFormats", package: "OpenHealthKit")], path: "Sources/FuzzGPXReader"),
        .executableTarget(name: "FuzzCoursePlan", dependencies: ["FuzzSupport", .product(name: "WorkoutFormats", package: "OpenHealthKit"), .product(name: "CourseGuidance", package: "OpenHealthKit")], path: "Sources/FuzzCoursePlan"),
        .executableTarget(name: "FuzzWorkoutPlan", dependencies: ["FuzzSupport", .product(name: "WorkoutFormats", package: "OpenHealthKit"), .product(name: "PlanGuidance", package: "OpenHealthKit")], path: "Sources/FuzzWorkoutPlan"),
        .executableTarget(name: "FuzzStrapFrames", dependencies: ["FuzzSupport", .product(name: "SensorBridge", package: "OpenHealthKit"), .product(name: "GATT", package: "OpenHealthKit")], path: "Sources/FuzzStrapFrames"),
        .executableTarget(name: "FuzzHeartRateMeasurement", dependencies: ["FuzzSupport", .product(name: "GATT", package: "OpenHealthKit")], path: "Sources/FuzzHeartRateMeasurement"),
        .executableTarget(name: "FuzzGATTCharacteristics", dependencies: ["FuzzSupport", .product(name: "GATT", package: "OpenHealthKit")], path: "Sources/FuzzGATTCharacteristics"),
        .executableTarget(name: "FuzzScenarioParser", dependencies: ["FuzzSupport", .product(name: "ScenarioModel", package: "OpenHealthKit")], path: "Sources/FuzzScenarioParser"),
        .executableTarget(name: "FuzzAthleteProfile", dependencies: ["FuzzSupport", .product(name: "ScenarioModel", package: "OpenHealthKit"), .product(name: "HealthKitModel", package: "OpenHealthKit")], path: "Sources/FuzzAthleteProfile"),
        .executableTarget(name: "FuzzGPSDFix", dependencies: ["FuzzSupport", .product(name: "GPSDProtocol", package: "OpenHealthKit")], path: "Sources/FuzzGPSDFix"),
        .executableTarget(name: "FuzzMultipartForm", dependencies: ["FuzzSupport", .product(name: "HTTPForms", package: "OpenHealthKit")], path: "Sources/FuzzMultipartForm"),
        .executableTarget(name: "FuzzWorkoutArchive", dependencies: ["FuzzSupport", .product(name: "ClubArchive", package: "OpenHealthKit"), .product(name: "WorkoutFormats", package: "OpenHealthKit")], path: "Sources/FuzzWorkoutArchive"),
        .executableTarget(name: "FuzzUnitString", dependencies: ["FuzzSupport", .product(name: "HealthKitModel", package: "OpenHealthKit")], path: "Sources/FuzzUnitString"),
    ],
    swiftLanguageModes: [.v6]
)
