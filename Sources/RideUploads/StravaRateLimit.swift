public import Foundation

/// Strava's rate limits as its answers' `X-RateLimit-Limit` and `X-RateLimit-Usage` headers state
/// them ("200,2000" and "201,1034": a 15-minute window and a day), and when to try again.
///
/// The 15-minute windows start at 0, 15, 30 and 45 minutes past the hour; the day starts at
/// midnight UTC (Strava's developer documentation, "Rate Limits").
public struct StravaRateLimit: Sendable, Equatable {
    /// Requests allowed per 15 minutes and per day.
    public var limit: (quarterHour: Int, day: Int)
    /// Requests used in this 15 minutes and this day.
    public var usage: (quarterHour: Int, day: Int)

    /// The limits the headers state, or nil when they state none.
    public init?(limit: String?, usage: String?) {
        func pair(_ text: String?) -> (Int, Int)? {
            guard let parts = text?.split(separator: ",").map({ Int($0.trimmingCharacters(in: .whitespaces)) }),
                  parts.count >= 2, let first = parts[0], let second = parts[1] else { return nil }
            return (first, second)
        }
        guard let limit = pair(limit), let usage = pair(usage) else { return nil }
        self.limit = limit
        self.usage = usage
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.limit == rhs.limit && lhs.usage == rhs.usage
    }

    /// Whether the day's allowance is used up.
    public var dayExhausted: Bool { usage.day >= limit.day }

    /// When a request may succeed again, seen at `now`: the next day (UTC) when the day's allowance
    /// is used up, else the next 15-minute window.
    public func retryAt(now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        if dayExhausted {
            return calendar.startOfDay(for: now).addingTimeInterval(86_400)
        }
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 900).rounded(.down) * 900 + 900)
    }

    /// The limits in words.
    public var summary: String {
        dayExhausted
            ? "Strava's daily limit of \(limit.day) requests is used (\(usage.day))"
            : "Strava's limit of \(limit.quarterHour) requests in 15 minutes is used (\(usage.quarterHour))"
    }
}
