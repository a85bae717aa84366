import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct GPXWriterTests {
    static let validatorsPresent = ExternalTool.has("xmllint") && ExternalTool.pythonHas("gpxpy") && SharedData.isPresent

    @Test(.enabled(if: validatorsPresent, "xmllint, gpxpy or ../shared/spec is missing: run Scripts/setup"))
    func theXSDAndGpxpyAcceptTheFileAndReadItsValues() throws {
        let activity = FITActivityWriterTests.sampleActivity()
        let url = FITActivityWriterTests.temporaryFile("ride.gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        try GPXWriter.write(activity, to: url)
        let lint = try ExternalTool.run("xmllint", ["--noout", "--schema", SharedData.spec("gpx-1.1.xsd").path, url.path])
        #expect(lint.status == 0, "\(lint.standardError)")
        let gpxpy = try ExternalTool.python("""
            import sys, json, gpxpy
            g = gpxpy.parse(open(sys.argv[1]))
            points = [p for t in g.tracks for s in t.segments for p in s.points]
            def ext(p, name):
                for e in p.extensions:
                    if e.tag.endswith("}" + name): return e.text
                    for c in e:
                        if c.tag.endswith("}" + name): return c.text
                return None
            print(json.dumps({"version": g.version, "segments": len(g.tracks[0].segments), "points": len(points),
                              "hr": [ext(p, "hr") for p in points[:2]], "cad": ext(points[0], "cad"), "speed": ext(points[0], "speed"),
                              "power": [ext(p, "PowerInWatts") for p in points[:3]],
                              "ele": points[0].elevation, "lat": points[0].latitude, "time": points[0].time.isoformat(),
                              "moving": g.get_moving_data().moving_time}))
            """, [url.path])
        try #require(gpxpy.status == 0, "\(gpxpy.standardError)")
        let result = try #require(JSONSerialization.jsonObject(with: Data(gpxpy.standardOutput.utf8)) as? [String: Any])
        #expect(result["version"] as? String == "1.1")
        #expect(result["segments"] as? Int == 2)
        #expect(result["points"] as? Int == activity.records.count)
        // Heart rate as an integer: Garmin Connect drops "120.0".
        #expect(result["hr"] as? [String] == ["120", "121"])
        #expect(result["cad"] as? String == "85")
        #expect(result["speed"] as? String == "5")
        #expect(result["power"] as? [String] == ["200", "201", "202"], "power in Garmin's PowerExtension")
        #expect(result["ele"] as? Double == 520)
        #expect(result["lat"] as? Double == 48.1)
        #expect(result["time"] as? String == "2023-11-14T22:13:20+00:00")
    }

    @Test func readingBackKeepsRecordsAndPauses() throws {
        let activity = FITActivityWriterTests.sampleActivity()
        let read = try ActivityFile.read(GPXWriter.data(for: activity), format: .gpx, path: "ride.gpx")
        #expect(read.records.count == activity.records.count)
        #expect(read.pauses.count == 1)
        #expect(read.pauses.first?.start == DateInterval(start: FITActivityWriterTests.start.addingTimeInterval(50), duration: 0).start)
        for (a, b) in zip(activity.records, read.records) {
            #expect(a.date == b.date && a.heartRate == b.heartRate && a.cadence == b.cadence && a.altitude == b.altitude && a.power == b.power)
            #expect(abs(a.latitude! - b.latitude!) < 1e-7 && abs(a.speed! - b.speed!) < 1e-3)
        }
        #expect(read.creator.name == "OpenHealthKit")
    }

    /// Strava keeps a GPX file's elevation only when its creator says "with barometer": said only when true.
    @Test(arguments: [ActivityElevationSource.barometer, .gps, .unknown])
    func theCreatorNamesABarometerOnlyWhenOneMeasured(_ source: ActivityElevationSource) throws {
        var activity = FITActivityWriterTests.sampleActivity()
        activity.elevationSource = source
        let text = String(decoding: GPXWriter.data(for: activity), as: UTF8.self)
        #expect(text.contains("creator=\"OpenHealthKit with barometer\"") == (source == .barometer))
        let read = try ActivityFile.read(Data(text.utf8), format: .gpx, path: "ride.gpx")
        #expect(read.elevationSource == (source == .barometer ? .barometer : .unknown))
        #expect(read.creator.name == "OpenHealthKit")
    }

    @Test func recordsWithoutPositionAreLeftOutAndTextIsEscaped() throws {
        var activity = Activity(records: [ActivityRecord(date: FITActivityWriterTests.start, heartRate: 100),
                                          ActivityRecord(date: FITActivityWriterTests.start.addingTimeInterval(1), latitude: 1, longitude: 2, heartRate: 100.4)])
        activity.creator.name = "Tom & Jerry's <bike>"
        let text = String(decoding: GPXWriter.data(for: activity), as: UTF8.self)
        #expect(text.components(separatedBy: "<trkpt").count == 2)
        #expect(text.contains("creator=\"Tom &amp; Jerry&apos;s &lt;bike&gt;\""))
        #expect(text.contains("<gpxtpx:hr>100</gpxtpx:hr>"))
        #expect(text.contains("<time>2023-11-14T22:13:21Z</time>"))
    }
}
