import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct TCXWriterTests {
    static let validatorsPresent = ExternalTool.has("xmllint") && SharedData.isPresent

    @Test(.enabled(if: validatorsPresent, "xmllint or ../shared/spec is missing: run Scripts/setup"))
    func theTCXSchemaAcceptsSingleAndMultisportFiles() throws {
        for sports in [[ActivitySport.cycling], [.swimming, .cycling, .running]] {
            let url = FITActivityWriterTests.temporaryFile("ride.tcx")
            defer { try? FileManager.default.removeItem(at: url) }
            try TCXWriter.write(FITActivityWriterTests.sampleActivity(sessions: sports), to: url)
            let lint = try ExternalTool.run("xmllint", ["--noout", "--schema", SharedData.spec("TrainingCenterDatabasev2.xsd").path, url.path])
            #expect(lint.status == 0, "\(lint.standardError)")
        }
    }

    @Test func readingBackKeepsTotalsRecordsAndPauses() throws {
        let activity = FITActivityWriterTests.sampleActivity(sessions: [.cycling, .running])
        let read = try ActivityFile.read(TCXWriter.data(for: activity), format: .tcx, path: "ride.tcx")
        #expect(read.records.count == activity.records.count)
        #expect(read.pauses.count == activity.pauses.count)
        #expect(read.sessions.map(\.sport) == [.cycling, .running])
        #expect(read.laps.count == 4)
        for (a, b) in zip(activity.laps, read.laps) {
            #expect(a.start == b.start && abs(a.timerTime - b.timerTime) < 0.001)
            #expect(abs(a.distance! - b.distance!) < 0.005)
            #expect(b.averageHeartRate == a.averageHeartRate!.rounded() && b.maximumHeartRate == a.maximumHeartRate)
        }
        for (a, b) in zip(activity.sessions, read.sessions) {
            #expect(abs(a.distance! - b.distance!) < 0.01 && abs(a.timerTime - b.timerTime) < 0.01)
        }
        for (a, b) in zip(activity.records, read.records) {
            #expect(a.date == b.date && a.heartRate == b.heartRate && a.power == b.power && abs(a.distance! - b.distance!) < 0.005)
        }
    }
}
