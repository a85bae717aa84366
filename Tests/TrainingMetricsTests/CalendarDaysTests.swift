import Foundation
import Testing
import TrainingMetrics

@Suite struct CalendarDaysTests {
    @Test func aLateRideCountsOnItsOwnDayInTheRidersZone() throws {
        let boise = CalendarDays(timeZone: try #require(TimeZone(identifier: "America/Boise")))
        // 2009-09-20 03:30 UTC is 2009-09-19 21:30 in Boise.
        let late = try Date("2009-09-20T03:30:00Z", strategy: .iso8601)
        let day = boise.day(of: late)
        #expect(boise.text(of: day) == "2009-09-19")
        #expect(CalendarDays(timeZone: .gmt).text(of: CalendarDays(timeZone: .gmt).day(of: late)) == "2009-09-20")
        #expect(boise.day(of: boise.noon(of: day)) == day)
    }

    @Test func weeksStartOnMonday() throws {
        let utc = CalendarDays(timeZone: .gmt)
        // 2026-11-26 is a Thursday; its week's Monday is 2026-11-23. 1970-01-01 (day 0) was a Thursday too.
        let thursday = utc.day(of: try Date("2026-11-26T12:00:00Z", strategy: .iso8601))
        #expect(utc.text(of: CalendarDays.monday(of: thursday)) == "2026-11-23")
        #expect(CalendarDays.monday(of: 0) == -3)
        #expect(CalendarDays.monday(of: CalendarDays.monday(of: thursday)) == CalendarDays.monday(of: thursday))
    }
}
