import Foundation
import Testing
import OpenHealthKit
import TestSupport

@Suite struct HKAuthorizationPolicyTests {
    @Test func parsesRulesWithShortAndFullNames() throws {
        let policy = try HKAuthorizationPolicy(parsing: """
            # denials for a test run
            deny share heartRate
            deny read HKQuantityTypeIdentifierStepCount; deny workout
            deny sleepAnalysis
            """)
        #expect(!policy.allowsSharing(HKQuantityType(.heartRate)))
        #expect(policy.allowsReading(HKQuantityType(.heartRate)))
        #expect(!policy.allowsReading(HKQuantityType(.stepCount)))
        #expect(policy.allowsSharing(HKQuantityType(.stepCount)))
        #expect(!policy.allowsSharing(HKWorkoutType()) && !policy.allowsReading(HKWorkoutType()))
        #expect(!policy.allowsReading(HKCategoryType(.sleepAnalysis)))
    }

    @Test func allowUndoesAnEarlierDeny() throws {
        let policy = try HKAuthorizationPolicy(parsing: "deny heartRate, allow read heartRate")
        #expect(!policy.allowsSharing(HKQuantityType(.heartRate)))
        #expect(policy.allowsReading(HKQuantityType(.heartRate)))
    }

    @Test(arguments: [
        ("deny share heartRat", 1, 1, "did you mean \"heartRate\""),
        ("deny share heartRate\nforbid read stepCount", 2, 1, "starts with \"deny\""),
        ("deny share heartRate;  deny", 1, 24, "name one type"),
    ])
    func errorsNameLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ fragment: String) {
        do {
            _ = try HKAuthorizationPolicy(parsing: text, origin: "policy.txt")
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.description.hasPrefix("policy.txt:\(line):\(column): "))
            #expect(error.description.contains(fragment))
        }
    }

    @Test func readsAFileNamedByTheEnvironment() throws {
        let path = Scratch.url("policy", extension: "txt").path
        try "deny read heartRate\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let policy = try HKAuthorizationPolicy.fromEnvironment(["OPENHEALTHKIT_AUTHORIZATION": path])
        #expect(!policy.allowsReading(HKQuantityType(.heartRate)))
        #expect(try HKAuthorizationPolicy.fromEnvironment(["OPENHEALTHKIT_AUTHORIZATION": "deny stepCount"]).deniedSharing == ["HKQuantityTypeIdentifierStepCount"])
        #expect(try HKAuthorizationPolicy.fromEnvironment([:]) == .grantAll)
    }
}
