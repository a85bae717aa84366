import Foundation
import PropertyBased
import TestSupport
import Testing
import WorkoutFormats

@Suite struct FITDecoderTests {
    /// Counts of each global message number in a file.
    static func counts(_ data: Data) throws -> [UInt16: Int] {
        var counts: [UInt16: Int] = [:]
        try FITDecoder().decode(data) { counts[$0.globalNumber, default: 0] += 1 }
        return counts
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT files"))
    func realFilesDecodeToTheirPublishedMessageCounts() throws {
        let fenix = try Self.counts(Data(contentsOf: SharedData.file("activity-files/fitparse__fenix2-run.fit")))
        #expect(fenix[FITMessageNumber.record] == 2809)
        #expect(fenix[FITMessageNumber.lap] == 4)
        #expect(fenix[FITMessageNumber.session] == 1)
        #expect(fenix[FITMessageNumber.event] == 7)
        let edge = try Self.counts(Data(contentsOf: SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit")))
        #expect(edge[FITMessageNumber.record] == 10686)
        #expect(edge[FITMessageNumber.lap] == 9)
        #expect(edge[FITMessageNumber.event] == 98)
        #expect(edge[FITMessageNumber.deviceInfo] == 5)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real FIT files"))
    func realRecordsCarryTheValuesGarminsSDKReads() throws {
        let (activity, problem) = FITActivityReader.read(try Data(contentsOf: SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit")))
        #expect(problem == nil)
        let first = try #require(activity.records.first)
        // garmin-fit-sdk: 2011-09-25T13:00:22Z, position_lat 521521093, heart_rate 161, cadence 71, speed 5.888, altitude 75.2.
        #expect(first.date == ISO8601DateFormatter().date(from: "2011-09-25T13:00:22Z"))
        #expect(abs(first.latitude! - 521_521_093 * 180 / 2_147_483_648.0) < 1e-12)
        #expect(first.heartRate == 161)
        #expect(first.cadence == 71)
        #expect(abs(first.speed! - 5.888) < 1e-9)
        #expect(abs(first.altitude! - 75.2) < 1e-9)
        let session = try #require(activity.sessions.first)
        #expect(session.sport == .cycling)
        #expect(abs(session.distance! - 92_622.34) < 0.005)
        #expect(abs(session.timerTime - 10_641.06) < 0.0005)
        #expect(abs(session.elapsedTime - 12_691.28) < 0.0005)
        #expect(session.averageHeartRate == 162)
        #expect(session.calories == 1954)
        #expect(activity.laps.count == 9)
        #expect(!activity.pauses.isEmpty)
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the negative FIT fixture"))
    func aTruncatedFileGivesWhatPrecedesTheDamageAndSaysWhere() throws {
        let data = try Data(contentsOf: SharedData.file("activity-files/fitparse__NEGATIVE-strava-android-truncated.fit"))
        var records = 0
        let error = #expect(throws: FITDecodingError.self) {
            try FITDecoder().decode(data) { if $0.globalNumber == FITMessageNumber.record { records += 1 } }
        }
        // Garmin's SDK: "byte: 7472 Invalid local message number" after 473 records.
        #expect(error?.code == .undefinedLocalMessage)
        #expect(error?.offset == 7471)
        #expect(records == 473)
        #expect(error?.description.contains("byte 7471") == true)
        let (activity, problem) = FITActivityReader.read(data)
        #expect(problem?.code == .undefinedLocalMessage)
        // The last record before the damage is dated 2085: left out as implausible, and counted.
        #expect(activity.records.count == 472)
        #expect(activity.discardedRecords == 1)
        #expect(activity.records.last?.date == ISO8601DateFormatter().date(from: "2021-09-27T14:18:24Z"))
        #expect(abs((activity.sessions.first?.distance ?? 0) - 11_274.04) < 0.005)
    }

    @Test func aChangedByteIsACRCMismatch() throws {
        var data = FITActivityWriter.data(for: FITActivityWriterTests.sampleActivity(), timeZone: TimeZone(secondsFromGMT: 0)!)
        data[data.count / 2] ^= 0x10
        let error = #expect(throws: FITDecodingError.self) { try FITDecoder().decode(data) { _ in } }
        #expect(error?.code == .fileCRC)
        #expect(error?.offset == data.count - 2)
    }

    @Test func aCutFileIsTruncatedAndKeepsItsMessages() throws {
        let data = FITActivityWriter.data(for: FITActivityWriterTests.sampleActivity(), timeZone: TimeZone(secondsFromGMT: 0)!)
        let whole = try Self.counts(data)
        let cut = data.prefix(data.count * 2 / 3)
        var records = 0
        let error = #expect(throws: FITDecodingError.self) {
            try FITDecoder().decode(cut) { if $0.globalNumber == FITMessageNumber.record { records += 1 } }
        }
        #expect(error?.code == .truncated)
        #expect(records > 0 && records < whole[FITMessageNumber.record]!)
    }

    @Test func notAFITFile() {
        let error = #expect(throws: FITDecodingError.self) { try FITDecoder().decode(Data("<?xml version=\"1.0\"?><gpx/>".utf8)) { _ in } }
        #expect(error?.code == .notFIT)
        #expect(error?.description.contains("is this a FIT file?") == true)
    }

    @Test func compressedTimestampsAndBigEndianDefinitionsAreRead() throws {
        // Header (12 bytes, no CRC), a big-endian definition of record with a timestamp and heart rate,
        // a data message, then a compressed-timestamp message of local type 1 defined without a timestamp.
        var body: [UInt8] = []
        body += [0x40, 0, 1, 0, 20, 2, 253, 4, 0x86, 3, 1, 0x02]  // local 0: record, big-endian, timestamp + hr
        body += [0x00, 0x00, 0x00, 0x03, 0xE8, 120]              // timestamp 1000, hr 120
        body += [0x41, 0, 0, 20, 0, 1, 3, 1, 0x02]               // local 1: record, hr only
        body += [0x80 | (1 << 5) | 0x0A, 130]                    // compressed, offset 10: 1000 & ~0x1F + 10 = 1002
        var file: [UInt8] = [12, 0x10, 0, 0] + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + Array(".FIT".utf8)
        file += body
        let crc = FITCRC.checksum(file)
        file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        var seen: [(UInt32?, Double?)] = []
        try FITDecoder().decode(Data(file)) { seen.append(($0.timestamp, $0.number(3))) }
        #expect(seen.count == 2)
        #expect(seen[0].0 == 1000 && seen[0].1 == 120)
        #expect(seen[1].0 == 1002 && seen[1].1 == 130)
    }

    @Test func randomBytesNeverCrashTheDecoder() async {
        await propertyCheck(count: 2000, input: Gen.uint8().array(of: 0...200), Gen.bool()) { tail, withHeader in
            var bytes = tail
            if withHeader {
                bytes = [14, 0x20, 0x54, 0x08] + withUnsafeBytes(of: UInt32(tail.count).littleEndian, Array.init) + Array(".FIT".utf8) + [0, 0] + tail
            }
            var messages = 0
            do { try FITDecoder().decode(Data(bytes)) { _ in messages += 1 } } catch is FITDecodingError {} catch { Issue.record(error) }
        }
    }

    @Test func mutatedFilesNeverCrashAndKeepAPrefix() async {
        let data = FITActivityWriter.data(for: FITActivityWriterTests.sampleActivity(), timeZone: TimeZone(secondsFromGMT: 0)!)
        await propertyCheck(count: 500, input: Gen.int(in: 0...(data.count - 1)), Gen.uint8(), Gen.int(in: 0...(data.count))) { position, value, cut in
            var bytes = [UInt8](data)
            bytes[position] = value
            let (activity, _) = FITActivityReader.read(Data(bytes.prefix(cut)))
            #expect(activity.records.count <= 120)
        }
    }
}
