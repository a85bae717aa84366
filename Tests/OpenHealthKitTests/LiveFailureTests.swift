import Testing
import OpenHealthKit

/// Which failures are still in force, as the dashboard and the live page show them.
@Suite struct LiveFailureTests {
    @Test func theStoresTroubleHoldsUntilItIsWrittenAgainWithItsLatestMessageOnly() {
        let full = LiveFailure(.store, message: "the store could not be written: disk full; 10 readings are held")
        let fuller = LiveFailure(.store, message: "the store could not be written: disk full; 20 readings are held")
        let again = LiveFailure(.storeRecovered, message: "the store is written again")
        #expect(LiveFailure.inForce([full]) == [full])
        #expect(LiveFailure.inForce([full, fuller]) == [fuller])
        #expect(LiveFailure.inForce([full, fuller, again]).isEmpty)
        #expect(LiveFailure.inForce([full, again, fuller]) == [fuller])
    }

    @Test func otherFailuresStayOnceEachAndOnlyTheNewestAreKept() {
        let failures = (1...5).map { LiveFailure(.source, source: "hrm:/dev/ttyUSB\($0)", message: "hrm:/dev/ttyUSB\($0): gone") }
        let route = LiveFailure(.route, message: "route: not shared")
        #expect(LiveFailure.inForce([route, route]) == [route])
        #expect(LiveFailure.inForce([route] + failures) == Array(failures.suffix(3)))
        #expect(LiveFailure.inForce([route] + failures, limit: 10) == [route] + failures)
        #expect(LiveFailure.inForce([route, LiveFailure(.storeRecovered, message: "written again")]) == [route])
    }
}
