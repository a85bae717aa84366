import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// CoreLocation as older apps call it: the class method, `requestLocation()` and `CLError`, through ``LocationChecker``.
@Suite(.timeLimit(.minutes(10))) struct CLLocationManagerAsWrittenTests {
    @Test func aRequestedLocationArrivesOnceAndTheClassMethodSaysItWasAllowed() async throws {
        let scenario = try AppScenario.file("request-location")
        let checker = LocationChecker(manager: CLLocationManager(environment: ["OPENHEALTHKIT_SOURCES": "scenario:\(scenario.path)"]))
        #expect(checker.canAsk)
        checker.whereAmI()
        let arrived = try await eventually(every: .milliseconds(100), within: .seconds(60)) { !checker.locations.isEmpty }
        #expect(arrived, "no location: \(checker.failures)")
        #expect([.authorizedWhenInUse, .authorizedAlways].contains(CLLocationManager.authorizationStatus()))
        // The app's authorization, whichever manager asked for it.
        #expect(checker.manager.authorizationStatus == CLLocationManager.authorizationStatus())
        // One fix asked, one delivered: the scenario sends one a second, and none follows.
        try await AppScenario.wait(seconds: 3)
        #expect(checker.locations.count == 1, "\(checker.locations.count) locations for one request")
        #expect(checker.failures.isEmpty)
    }

    @Test func withoutASourceOfPositionsTheRequestFailsAsLocationUnknown() async throws {
        let checker = LocationChecker(manager: CLLocationManager(environment: [:]))
        checker.whereAmI()
        let failed = try await eventually(every: .milliseconds(50), within: .seconds(30)) { !checker.failures.isEmpty }
        #expect(failed)
        #expect(checker.keptWaiting == 1)
        let error = try #require(checker.failures.first)
        // As apps tell Core Location's errors apart: by the bridged domain and code, and in a catch.
        #expect((error as NSError).domain == kCLErrorDomain && (error as NSError).code == CLError.Code.locationUnknown.rawValue)
        do { throw error } catch CLError.locationUnknown {} catch { Issue.record("not caught as CLError.locationUnknown: \(error)") }
        #expect(error.localizedDescription.contains("kCLErrorDomain error 0") && error.localizedDescription.contains("OPENHEALTHKIT_SOURCES"))
        #expect(checker.locations.isEmpty)
    }

    @Test func aDeniedErrorIsCaughtByItsCode() {
        let error: any Error = CLError(.denied)
        switch error {
        case CLError.denied: break
        default: Issue.record("CLError.denied did not match")
        }
        #expect((error as? CLError)?.code == .denied && !(CLError.Code.network ~= error))
    }
}
