import Foundation
import HealthKitModel
import WorkoutFormats

/// The readings `GET /api/workouts/{id}/samples?type=` serves, on both servers alike: the columns of a
/// workout's records, each in one unit, rounded to what it measures. HealthKit's names for the same
/// quantities are taken too (`distanceCycling`, `cyclingPower`, `runningSpeed`, …).
enum SampleColumn: String, CaseIterable, Sendable {
    case heartRate, speed, power, cadence, altitude, distance, temperature

    /// The values' unit, as HealthKit writes it.
    var unit: String {
        switch self {
        case .heartRate, .cadence: "count/min"
        case .speed: "m/s"
        case .power: "W"
        case .altitude, .distance: "m"
        case .temperature: "degC"
        }
    }

    /// Decimals a value keeps: a tenth of a beat, a millimetre a second, a tenth of a metre or degree.
    var decimals: Int {
        switch self {
        case .speed: 3
        case .heartRate, .power, .cadence, .altitude, .distance, .temperature: 1
        }
    }

    /// The record's value. Distance is cumulative from the start, as the records count it.
    var keyPath: KeyPath<ActivityRecord, Double?> {
        switch self {
        case .heartRate: \.heartRate
        case .speed: \.speed
        case .power: \.power
        case .cadence: \.cadence
        case .altitude: \.altitude
        case .distance: \.distance
        case .temperature: \.temperature
        }
    }

    /// HealthKit's quantity types that name a column.
    static let healthKitNames: [String: SampleColumn] = [
        "distanceWalkingRunning": .distance, "distanceCycling": .distance, "distanceSwimming": .distance, "distanceWheelchair": .distance,
        "distanceDownhillSnowSports": .distance, "distanceRowing": .distance, "distanceCrossCountrySkiing": .distance,
        "cyclingPower": .power, "runningPower": .power, "cyclingCadence": .cadence, "cyclingSpeed": .speed, "runningSpeed": .speed,
        "rowingSpeed": .speed, "paddleSportsSpeed": .speed,
    ]

    /// The column `name` names (a column's or HealthKit's name).
    ///
    /// - Throws: ``WebError`` 400 listing the columns, with the nearest name when one is close.
    static func named(_ name: String) throws -> SampleColumn {
        if let column = SampleColumn(rawValue: name) ?? healthKitNames[name] { return column }
        let names = allCases.map(\.rawValue)
        let near = names.min { editDistance(name.lowercased(), $0.lowercased()) < editDistance(name.lowercased(), $1.lowercased()) }
        let hint = near.flatMap { editDistance(name.lowercased(), $0.lowercased()) <= 3 ? " Did you mean '\($0)'?" : nil } ?? ""
        throw WebError.badRequest("Unknown type", "type=\(name) is not a reading workouts hold.\(hint) Give one of \(names.joined(separator: ", ")) "
                                  + "(HealthKit's names, such as distanceCycling or cyclingPower, work too).")
    }
}
