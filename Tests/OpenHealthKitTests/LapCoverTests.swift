import Foundation
import Testing
import OpenHealthKit

@Suite struct LapCoverTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    func span(_ from: Double, _ to: Double) -> DateInterval { DateInterval(start: start.addingTimeInterval(from), end: start.addingTimeInterval(to)) }

    @Test func lapsAreAddedWhereTheRidersLeavePartOfTheRideUncovered() {
        let laps = LapCover.intervals(laps: [span(60, 600), span(600, 1200)], sessions: [span(0, 1800)])
        #expect(laps == [span(0, 60), span(60, 600), span(600, 1200), span(1200, 1800)])
    }

    @Test func aSecondOrLessIsNotALap() {
        let laps = LapCover.intervals(laps: [span(0.5, 600)], sessions: [span(0, 600.8)])
        #expect(laps == [span(0.5, 600)])
    }

    @Test func lapsAreCutToTheirSessionAndEachSessionIsCovered() {
        // A triathlon's swim and bike, the swim's lap running past its end.
        let laps = LapCover.intervals(laps: [span(0, 700), span(900, 2000)], sessions: [span(0, 650), span(650, 3000)])
        #expect(laps == [span(0, 650), span(650, 900), span(900, 2000), span(2000, 3000)])
    }

    @Test func noLapsAreNoLaps() {
        #expect(LapCover.intervals(laps: [], sessions: [span(0, 600)]).isEmpty)
    }
}
