import ClubArchive
import Foundation
import Synchronization
import TestSupport
import Testing
import WorkoutClub
import WorkoutFormats
import WorkoutCatalog

typealias ClubBackend = ClubDatabaseKind

extension ClubDatabaseKind {
    /// A new, empty database of this kind.
    func database() throws -> any ClubDatabase {
        let address = try address()
        switch self {
        case .sqlite: return try SQLiteClubDatabase(path: String(address.dropFirst("sqlite:".count)))
        case .postgres: return PostgresClubDatabase(address: try PostgresAddress(address))
        }
    }

    /// `count` clubs on one new, migrated database, as that many server processes in front of it.
    func clubs(_ count: Int, clock: TestNow = TestNow(), throttle: LoginThrottle = LoginThrottle()) async throws -> [Club] {
        let address = try address()
        let clubs = try (0..<count).map { _ -> Club in
            let database: any ClubDatabase = switch self {
            case .sqlite: try SQLiteClubDatabase(path: String(address.dropFirst("sqlite:".count)))
            case .postgres: PostgresClubDatabase(address: try PostgresAddress(address))
            }
            return Club(database: database, passwordRounds: 1_000, throttle: throttle, now: { clock.date })
        }
        try await clubs[0].migrate()
        return clubs
    }

    /// A migrated club on a new database, on `clock`'s time, with passwords hashed quickly.
    func club(clock: TestNow = TestNow(), throttle: LoginThrottle = LoginThrottle()) async throws -> Club {
        let club = Club(database: try database(), passwordRounds: 1_000, throttle: throttle, now: { clock.date })
        try await club.migrate()
        return club
    }
}

/// A time tests set by hand.
final class TestNow: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
    var date: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Workouts made for the tests.
enum SampleWorkout {
    /// A run of `seconds` records at 1 Hz with position, heart rate and distance, two laps and a pause.
    static func archive(id: UUID = UUID(), start: Date = Date(timeIntervalSince1970: 1_789_990_000), seconds: Int = 600,
                        activityName: String = "running") throws -> WorkoutArchive {
        var records: [ActivityRecord] = []
        for second in 0..<seconds {
            records.append(ActivityRecord(date: start.addingTimeInterval(Double(second)), latitude: 52.37 + Double(second) * 1e-5,
                                          longitude: 4.89 + Double(second) * 1.3e-5, altitude: second % 7 == 0 ? nil : 3.5 + Double(second % 11),
                                          heartRate: Double(120 + second % 40), speed: 3.2, distance: Double(second) * 3.2))
        }
        let half = Double(seconds) / 2
        let laps = [
            ActivitySummary(sport: .running, start: start, elapsedTime: half, distance: half * 3.2, averageHeartRate: 140, trigger: .distance),
            ActivitySummary(sport: .running, start: start.addingTimeInterval(half), elapsedTime: half, distance: half * 3.2, averageHeartRate: 141,
                            trigger: .sessionEnd),
        ]
        var activity = Activity(records: records, timerEvents: [.init(.start, at: start), .init(.stop, at: start.addingTimeInterval(100)),
                                                                .init(.start, at: start.addingTimeInterval(110), isAutomatic: true)],
                                laps: laps, sessions: [ActivitySummary(sport: .running, start: start, elapsedTime: Double(seconds), distance: Double(seconds) * 3.2)],
                                heartbeatIntervals: (0..<50).map { ActivityHeartbeatInterval(date: start.addingTimeInterval(Double($0) * 0.5), seconds: 0.5) })
        activity.markers = [ActivityMarker(date: start.addingTimeInterval(30), name: "gate")]
        let summary = WorkoutSummary(id: id.uuidString, activity: activityName, start: start,
                                     end: start.addingTimeInterval(Double(seconds)), durationSeconds: Double(seconds) - 10,
                                     distanceMeters: Double(seconds) * 3.2, energyKilocalories: 120, averageHeartRate: 139.5, pauses: 1, legs: nil)
        return try WorkoutArchive(summary: summary, activity: activity)
    }
}
