import Foundation
import Testing
import WorkoutFormats

@Suite struct WorkoutDateTextTests {
    // 2011-09-25 13:00:21 UTC, a Sunday.
    let ride = Date(timeIntervalSince1970: 1_316_955_621)
    let utc = TimeZone(identifier: "UTC")!
    let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func everyFormIsWeekdayDayMonthYearThen24HourTime() {
        #expect(WorkoutDateText.dateTime(ride, in: utc) == "Sun 25 Sep 2011 13:00")
        #expect(WorkoutDateText.dateTime(ride, in: utc, zone: true) == "Sun 25 Sep 2011 13:00 UTC")
        #expect(WorkoutDateText.day(ride, in: utc) == "Sun 25 Sep 2011")
        #expect(WorkoutDateText.long(ride, in: utc) == "Sunday 25 September 2011, 13:00 UTC")
    }

    @Test func theReadersZoneMovesTheDayAndNamesItsSummerTime() {
        // 30 April 23:30 UTC is 1 May 01:30 in Paris, in summer time.
        let late = Date(timeIntervalSince1970: 1_777_591_800)
        #expect(WorkoutDateText.dateTime(late, in: utc) == "Thu 30 Apr 2026 23:30")
        #expect(WorkoutDateText.dateTime(late, in: paris) == "Fri 1 May 2026 01:30")
        // Foundation on Linux names Paris' summer time by its offset.
        #expect(WorkoutDateText.long(late, in: paris) == "Friday 1 May 2026, 01:30 GMT+2")
        #expect(WorkoutDateText.dateTime(Date(timeIntervalSince1970: 1_767_225_600 + 9 * 60), in: utc) == "Thu 1 Jan 2026 00:09")
    }
}
