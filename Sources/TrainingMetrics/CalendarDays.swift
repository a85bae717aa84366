public import Foundation

/// A rider's calendar days as whole numbers, the days a training-load chart adds stress up by: days since
/// 1970-01-01 in the rider's time zone, so a ride at 23:30 counts on its own day there, not on UTC's.
public struct CalendarDays: Sendable, Equatable {
    /// The zone days are counted in.
    public let timeZone: TimeZone

    /// Days counted in `timeZone`.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The number of the day `date` falls on.
    public func day(of date: Date) -> Int {
        Int(((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))) / 86_400).rounded(.down))
    }

    /// Noon of day `day`: a moment safely inside it, whatever the zone's offset that day.
    public func noon(of day: Int) -> Date {
        let noon = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)
        return noon.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: noon)))
    }

    /// The day as people write it, `2026-03-01`.
    public func text(of day: Int) -> String {
        noon(of: day).formatted(Date.ISO8601FormatStyle(timeZone: timeZone).year().month().day())
    }

    /// The Monday of the week day `day` is in (1970-01-01 was a Thursday).
    public static func monday(of day: Int) -> Int {
        day - ((day + 3) % 7 + 7) % 7
    }
}
