import CourseGuidance
import Foundation
import FuzzSupport
import WorkoutFormats

/// GPX and TCX course text through the XML scanner and the course plan's reader, and FIT course files through the
/// FIT decoder, then into a course with its cues, written again as FIT and GPX.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    var plans: [CoursePlan] = []
    if case .success(let plan) = CoursePlan.read(data, maximumPoints: 20_000) { plans.append(plan) }
    if let plan = try? CoursePlan.readFIT(data, maximumPoints: 20_000) { plans.append(plan) }
    for plan in plans {
        guard let course = Course(plan: plan) else { continue }
        _ = Climb.climbs(of: course)
        _ = try? CoursePlan.readFIT(course.fitData(start: Date(timeIntervalSince1970: 1_790_000_000)))
        _ = CoursePlan.read(Data(course.gpxText.utf8))
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzCoursePlan_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
