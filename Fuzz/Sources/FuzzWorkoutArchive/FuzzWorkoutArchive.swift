import ClubArchive
import Foundation
import FuzzSupport
import WorkoutFormats

/// Bytes as a club server receives them from `workout sync`: an archive that
/// decodes must encode again into bytes that decode to the same counts of
/// records, heartbeat intervals, laps and events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, let archive = try? WorkoutArchive(decoding: Data(bytes: bytes, count: count)) else { return 0 }
    let again: WorkoutArchive
    do { again = try WorkoutArchive(decoding: archive.encoded()) } catch {
        fatalError("an archive that decoded did not decode again once encoded: \(error)")
    }
    let (a, b) = (archive.activity, again.activity)
    guard a.records.count == b.records.count, a.heartbeatIntervals.count == b.heartbeatIntervals.count, a.laps.count == b.laps.count,
          a.sessions.count == b.sessions.count, a.timerEvents.count == b.timerEvents.count, a.markers.count == b.markers.count,
          archive.summary.id == again.summary.id
    else { fatalError("an archive changed shape through encoding and decoding") }
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzWorkoutArchive_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
