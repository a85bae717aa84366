import CourseGuidance
import Foundation
import FuzzSupport
import WorkoutFormats

/// GPX and TCX course text through the XML scanner and the course plan's reader, then into a course with its cues.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    if case .success(let plan) = CoursePlan.read(Data(bytes: bytes, count: count), maximumPoints: 20_000), let course = Course(plan: plan) {
        _ = Climb.climbs(of: course)
    }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzCoursePlan_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
