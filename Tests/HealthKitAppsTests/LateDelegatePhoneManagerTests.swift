import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// A mirrored session keeps what happened before its app set a delegate, and tells it once it does, in order.
@Suite(.timeLimit(.minutes(10))) struct LateDelegatePhoneManagerTests {
    @Test func aDelegateSetLateHearsTheStatesItMissedInOrder() async throws {
        let scenario = try AppScenario.file("late-delegate")
        let folder = Scratch.url("late-delegate")
        let location = StoreLocation.file(folder.appendingPathComponent("health.sqlite").path)
        let phone = LateDelegatePhoneManager(healthStore: HKHealthStore(location: location))
        let watch = WatchWorkoutManager(healthStore: HKHealthStore(location: location))
        defer { phone.healthStore.workoutSessionMirroringStartHandler = nil }
        try await ProcessEnvironment.with(["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]) { try await watch.startWorkout() }
        #expect(try await eventually(within: .seconds(60)) { phone.session != nil }, "the phone never got the session")
        let primary = try #require(watch.session)
        let mirrored = try #require(phone.session)
        // The watch pauses and resumes while the phone's screen is not up yet.
        primary.pause()
        #expect(try await eventually(within: .seconds(30)) { mirrored.state == .paused })
        primary.resume()
        #expect(try await eventually(within: .seconds(30)) { mirrored.state == .running })
        #expect(phone.states.isEmpty)
        phone.screenAppeared()
        #expect(try await eventually(within: .seconds(30)) { phone.states.count >= 2 }, "\(phone.states)")
        #expect(phone.states == [.paused, .running])
        primary.end()
        #expect(try await eventually(within: .seconds(30)) { phone.states.last == .ended }, "\(phone.states)")
    }
}
