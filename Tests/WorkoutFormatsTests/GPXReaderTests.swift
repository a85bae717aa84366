import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct GPXReaderTests {
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real GPX ride"))
    func aRealRideReadsAsGpxpyReadsIt() throws {
        let activity = try ActivityFile.read(SharedData.file("activity-files/gc__urbanbiker-ride-hr-2019-04-18.gpx"))
        // Published: 2,870 points, 2,736 with heart rate (gpxtpx v2); gpxpy length_2d 21,140 m; geodesic 21,138.5 m.
        #expect(activity.records.count == 2870)
        #expect(activity.records.filter { $0.heartRate != nil }.count == 2736)
        let distance = try #require(activity.sessions.first?.distance)
        #expect(abs(distance - 21_138.5) < 0.5)
        #expect(activity.creator.name.contains("Urban Biker"))
        #expect(activity.laps.count == 1)
    }

    static let twoSegments = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:gpxtpx="https://www8.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">
          <trk><type>running</type>
            <trkseg>
              <trkpt lat="48.0" lon="11.0"><ele>500</ele><time>2024-05-01T04:30:00Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
              <trkpt lat="48.0001" lon="11.0"><time>2024-05-01T06:30:01.500+02:00</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="48.0002" lon="11.0"><time>2024-05-01T04:31:00Z</time><extensions><heartrate>130</heartrate></extensions></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    @Test func segmentsArePausesAndExtensionsAreReadByLocalName() throws {
        let activity = try ActivityFile.read(Data(Self.twoSegments.utf8), format: .gpx, path: "two.gpx")
        #expect(activity.records.count == 3)
        // The wrong namespace URI (the XSD's address, as Gadgetbridge writes) still gives the heart rate.
        #expect(activity.records.map(\.heartRate) == [120, nil, 130])
        #expect(activity.records[0].cadence == 80 && activity.records[0].altitude == 500)
        #expect(activity.records[1].date == ISO8601DateFormatter().date(from: "2024-05-01T04:30:01Z")!.addingTimeInterval(0.5))
        #expect(activity.pauses == [DateInterval(start: activity.records[1].date, end: activity.records[2].date)])
        #expect(activity.sport == .running)
        let session = try #require(activity.sessions.first)
        #expect(session.elapsedTime == 60)
        #expect(session.timerTime == 1.5)
    }

    @Test func aCutFileSaysWhereAndKeepsThePointsBeforeIt() throws {
        let cut = String(Self.twoSegments.prefix(Self.twoSegments.range(of: "<trkseg>", options: .backwards)!.upperBound.utf16Offset(in: Self.twoSegments) + 40))
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(cut.utf8), format: .gpx, path: "cut.gpx") }
        #expect(error?.description.hasPrefix("cut.gpx:") == true)
        #expect(error?.message.contains("cut short") == true)
        #expect(error?.readable?.records.count == 2)
    }

    @Test func badValuesAreLocatedByLineAndColumn() throws {
        let bad = Self.twoSegments.replacingOccurrences(of: "<ele>500</ele>", with: "<ele>five hundred</ele>")
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(bad.utf8), format: .gpx, path: "bad.gpx") }
        #expect(error?.location == .line(6, column: 41))
        #expect(error?.description.contains("bad.gpx:6:41: error: <ele>five hundred</ele> is not a number") == true)
        let noTimes = "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
        let route = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(noTimes.utf8), format: .gpx, path: "route.gpx") }
        #expect(route?.message.contains("route, not a recorded activity") == true)
        let offGlobe = Self.twoSegments.replacingOccurrences(of: "lat=\"48.0\"", with: "lat=\"148.0\"")
        #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(offGlobe.utf8), format: .gpx, path: "x.gpx") }
    }

    @Test func mismatchedTagsAndEntities() throws {
        let mismatched = "<gpx><trk><trkseg></trk></trkseg></gpx>"
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(mismatched.utf8), format: .gpx, path: "m.gpx") }
        #expect(error?.message == "</trk> closes <trkseg>; the file is malformed here")
        #expect(error?.location == .line(1, column: 19))
        let entities = "<gpx creator=\"A &amp; B &#x263A;\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>"
        #expect(try ActivityFile.read(Data(entities.utf8), format: .gpx, path: "e.gpx").creator.name == "A & B ☺")
        let unknown = entities.replacingOccurrences(of: "&amp;", with: "&nbsp;")
        let entityError = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Data(unknown.utf8), format: .gpx, path: "e.gpx") }
        #expect(entityError?.message == "unknown entity &nbsp;")
    }
}
