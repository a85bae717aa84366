import Foundation
import TestSupport
import Testing
import WorkoutFormats

/// Files that would need unbounded memory are refused, or read up to the
/// limit with what precedes it kept, with a message that names the limit.
@Suite(.timeLimit(.minutes(10))) struct ActivityFileLimitsTests {
    /// A FIT file of heart-rate records, one a second from 2024-06-01T07:00:00Z,
    /// whose header declares `declaredSize` data bytes (its real size when nil).
    static func fit(records: Int, declaredSize: UInt32? = nil, crc withCRC: Bool = true) -> Data {
        var body: [UInt8] = [0x40, 0, 0, 20, 0, 2, 253, 4, 0x86, 3, 1, 0x02]  // definition: record, timestamp, heart_rate
        let start: UInt32 = 1_717_225_200 - 631_065_600                     // FIT seconds since 1989-12-31
        for index in 0..<records {
            let time = start + UInt32(index)
            body += [0, UInt8(time & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time >> 16 & 0xFF), UInt8(time >> 24), UInt8(100 + index % 80)]
        }
        let size = declaredSize ?? UInt32(body.count)
        var file: [UInt8] = [14, 0x20, 0x08, 0x08, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        file += Array(".FIT".utf8) + [0, 0]                                   // a header CRC of 0 is not checked
        file += body
        guard withCRC else { return Data(file) }
        var crc = FITCRC()
        crc.update(file)
        return Data(file + [UInt8(crc.value & 0xFF), UInt8(crc.value >> 8)])
    }

    static func gpx(points: Int) -> Data {
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"# + "\n"
        for index in 0..<points {
            let total = 7 * 3600 + index
            text += #"<trkpt lat="48.1" lon="11.5"><time>2024-06-01T\#(two(total / 3600)):\#(two(total % 3600 / 60)):\#(two(total % 60))Z</time></trkpt>"# + "\n"
        }
        return Data((text + "</trkseg></trk></gpx>\n").utf8)
    }

    static func tcx(points: Int) -> Data {
        var text = #"<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>2024-06-01T07:00:00Z</Id><Lap StartTime="2024-06-01T07:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><DistanceMeters>0</DistanceMeters><Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"# + "\n"
        for index in 0..<points {
            let total = 7 * 3600 + index
            text += "<Trackpoint><Time>2024-06-01T\(two(total / 3600)):\(two(total % 3600 / 60)):\(two(total % 60))Z</Time></Trackpoint>\n"
        }
        return Data((text + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n").utf8)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test func theStandardLimitsAndWhatTheySay() {
        let limits = ActivityFileLimits.standard
        #expect(limits.maximumFileBytes == 512 * 1_048_576 && limits.maximumRecords == 2_000_000)
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Self.fit(records: 3), format: .fit, path: "x.fit", limits: ActivityFileLimits(maximumRecords: 2)) }
        #expect(error?.message == "the file holds more than 2 records (0 hours at one a second), the most read from one file")
        let standard = ActivityFileLimits(maximumRecords: 2_000_000)
        let big = #expect(throws: ActivityFileError.self) { try ActivityFile.read(Self.fit(records: 3), format: .fit, path: "x.fit", limits: ActivityFileLimits(maximumRecords: 1)) }
        #expect(big?.hint == "split the file (gpsbabel can), or import what precedes the limit with --salvage")
        #expect(standard == .standard)
    }

    @Test func aFITHeaderClaimingTwoGigabytesIsACutFileNotAnAllocation() throws {
        let error = #expect(throws: ActivityFileError.self) {
            try ActivityFile.read(Self.fit(records: 10, declaredSize: 0x7FFF_FFF0, crc: false), format: .fit, path: "claim.fit")
        }
        #expect(error?.message.contains("declares 2147483632 data bytes") == true, "\(String(describing: error))")
        #expect(error?.readable?.records.count == 10)
    }

    @Test func aFITFileIsReadUpToItsRecordLimit() throws {
        let limits = ActivityFileLimits(maximumRecords: 5_000)
        #expect(try ActivityFile.read(Self.fit(records: 5_000), format: .fit, path: "full.fit", limits: limits).records.count == 5_000)
        let error = #expect(throws: ActivityFileError.self) {
            try ActivityFile.read(Self.fit(records: 5_001), format: .fit, path: "over.fit", limits: limits)
        }
        // The record past the limit starts after the 14-byte header, the 12-byte definition and 5,000 records of 6 bytes.
        #expect(error?.location == .byte(14 + 12 + 5_000 * 6), "\(String(describing: error))")
        #expect(error?.message.contains("more than 5,000 records") == true)
        #expect(error?.readable?.records.count == 5_000)
    }

    @Test(arguments: [ActivityFileFormat.gpx, .tcx])
    func anXMLFileIsReadUpToItsRecordLimit(_ format: ActivityFileFormat) throws {
        let limits = ActivityFileLimits(maximumRecords: 5_000)
        let make = format == .gpx ? Self.gpx(points:) : Self.tcx(points:)
        #expect(try ActivityFile.read(make(5_000), format: format, path: "full", limits: limits).records.count == 5_000)
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(make(5_001), format: format, path: "over", limits: limits) }
        // The point past the limit is on line 5,002: the first line holds the header.
        #expect(error?.location == .line(5_002, column: 1), "\(String(describing: error))")
        #expect(error?.message.contains("more than 5,000 records") == true)
        #expect(error?.readable?.records.count == 5_000)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let url = Scratch.url("sparse", extension: "fit")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ActivityFileLimits.standard.maximumFileBytes) + 1_048_576)   // sparse: no disk is used
        try handle.close()
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: ActivityFileError.self) { try ActivityFile.read(url) }
        #expect(error?.message == "is 513 MiB, and activity files are read up to 512 MiB", "\(String(describing: error))")
        #expect(error?.location == .file)
        #expect(error?.readable == nil)
    }
}
