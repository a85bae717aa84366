public import Foundation

/// How every surface writes a workout's date for a person, in the zone it is read in: the command line's
/// tables, the web app's lists and pages, the club's and the report, one format and one order (weekday, day,
/// month, year, 24-hour time). Data for programs (JSON, CSV, `--json`) stays in ISO 8601.
///
/// The names are English and computed from the Gregorian calendar, not a locale's formatter, so the text is
/// the same on every machine and a list of thousands costs no formatter each.
public enum WorkoutDateText {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                                 "November", "December"]

    /// `Sun 25 Sep 2011 15:00`: a list's or a table's start; `Sun 25 Sep 2011 15:00 GMT+2` with `zone`, where
    /// the line says nothing else of the zone.
    public static func dateTime(_ date: Date, in timeZone: TimeZone, zone: Bool = false) -> String {
        let parts = components(date, timeZone)
        return "\(day(parts, short: true)) \(time(parts))" + (zone ? " \(zoneName(date, timeZone))" : "")
    }

    /// `Sun 25 Sep 2011`: a day.
    public static func day(_ date: Date, in timeZone: TimeZone) -> String {
        day(components(date, timeZone), short: true)
    }

    /// `Sunday 25 September 2011, 15:00 GMT+2`: a page's or a workout's heading, with its zone.
    public static func long(_ date: Date, in timeZone: TimeZone) -> String {
        let parts = components(date, timeZone)
        return "\(day(parts, short: false)), \(time(parts)) \(zoneName(date, timeZone))"
    }

    /// The zone's abbreviation at `date` (`GMT+2` for Paris in summer, as Foundation names it on Linux); Foundation
    /// calls UTC "GMT", a rider reads UTC.
    private static func zoneName(_ date: Date, _ timeZone: TimeZone) -> String {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(timeZone.identifier) ? "UTC" : timeZone.abbreviation(for: date) ?? timeZone.identifier
    }

    private static func components(_ date: Date, _ timeZone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute], from: date)
    }

    private static func day(_ parts: DateComponents, short: Bool) -> String {
        let weekday = weekdays[max(0, min(6, (parts.weekday ?? 1) - 1))], month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        return short ? "\(weekday.prefix(3)) \(parts.day ?? 1) \(month.prefix(3)) \(parts.year ?? 0)"
                     : "\(weekday) \(parts.day ?? 1) \(month) \(parts.year ?? 0)"
    }

    private static func time(_ parts: DateComponents) -> String {
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
