import Testing
import OpenHealthKit

@Suite struct TopSpeedTests {
    @Test func aSingleReadingSpikeNeverCounts() {
        var top = TopSpeed()
        for speed in [8.0, 30, 8.2, 8.4, 8.3, 8.1] { top.add(speed) }
        // The medians of each three: 8.2, 8.4, 8.3, 8.3; the 30 m/s reading is no median.
        #expect(top.sustained == 8.4)
    }

    @Test func aSpeedHeldOverThreeReadingsCounts() {
        var top = TopSpeed()
        for speed in [8.0, 15, 15.5, 14, 8] { top.add(speed) }
        #expect(top.sustained == 15)
    }

    @Test func fewerThanThreeReadingsGiveTheLowest() {
        var top = TopSpeed()
        #expect(top.sustained == nil)
        top.add(5)
        top.add(7)
        #expect(top.sustained == 5)
    }

    @Test func impossibleSpeedsAreNotReadings() {
        var top = TopSpeed()
        for speed in [-1, 150, .nan, 4, 5, 6] { top.add(speed) }
        #expect(top.sustained == 5)
    }

    @Test func aStatedTopWinsUnlessItIsASpike() {
        // A live recording states its gated Doppler maximum, a device its session's.
        #expect(TopSpeed.shown(stated: 3.25, sustained: 3.2) == 3.25)
        #expect(TopSpeed.shown(stated: 1.48, sustained: 6.45) == 1.48)
        #expect(TopSpeed.shown(stated: nil, sustained: 6.45) == 6.45)
        // An Edge 500 states 94 km/h for a ride whose records hold 62 but for one reading.
        #expect(TopSpeed.shown(stated: 26.1, sustained: 17.2) == 17.2)
        #expect(TopSpeed.shown(stated: 26.1, sustained: nil) == 26.1)
    }
}
