import Foundation
import FuzzSupport
import PlanGuidance
import WorkoutFormats

/// Structured workout files: the first byte chooses the reader (FIT workout, Zwift .zwo or the YAML form) for the
/// rest; a plan read is worked out for an athlete, followed for a few readings, and written again as FIT and YAML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    let data = Data(bytes: bytes + 1, count: count - 1)
    let plan: WorkoutPlan?
    switch bytes[0] % 3 {
    case 0: plan = try? WorkoutPlan.readFIT(data)
    case 1: plan = try? WorkoutPlan.readZWO(data)
    default: plan = (String(data: data, encoding: .utf8)).flatMap { try? WorkoutPlan.readYAML($0) }
    }
    guard let plan, plan.unrolled.count <= 5_000 else { return 0 }
    if let steps = try? GuidedStep.steps(of: plan, for: PlanAthlete(functionalThresholdPower: 250, maximumHeartRate: 185)) {
        var follower = PlanFollower(steps: steps)
        for second in 0..<20 {
            _ = follower.take(PlanFollower.Reading(time: Double(second) * 30, distance: Double(second) * 300, power: 200, heartRate: 140, cadence: 90, speed: 9))
            if second % 7 == 6 { _ = follower.lap() }
        }
    }
    _ = try? WorkoutPlan.readFIT(plan.fitData(createdAt: Date(timeIntervalSince1970: 1_790_000_000)))
    _ = try? WorkoutPlan.readYAML(plan.yamlText)
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzWorkoutPlan_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
