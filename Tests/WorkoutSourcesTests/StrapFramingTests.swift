import Testing
import WorkoutSources
import GATT
import SensorBridge

@Suite struct StrapFramingTests {
    /// The worked example from the strap notes: HR 75, contact detected, one RR of 770/1024 s.
    @Test func hrm1MatchesTheDocumentedExample() {
        let line = StrapFraming.hrm1.encode(.notification(kind: 0x2A37, payload: [0x16, 0x4B, 0x02, 0x03]), sequence: 42, milliseconds: 123_456)
        #expect(String(decoding: line, as: UTF8.self) == "$HRM1,42,123456,2A37,164B0203*B181\r\n")
    }

    @Test func crc16IsCCITTFalse() {
        #expect(StrapFraming.crc16(Array("123456789".utf8)) == 0x29B1)
    }

    @Test func linkChangesAreHRM1Only() {
        #expect(String(decoding: StrapFraming.hrm1.encode(.link(up: false), sequence: 7, milliseconds: 10), as: UTF8.self).hasPrefix("$HRM1,7,10,LINK,00*"))
        #expect(StrapFraming.hex.encode(.link(up: false), sequence: 7, milliseconds: 10).isEmpty)
    }

    @Test func hexSlipAndCobs() {
        let payload: [UInt8] = [0x10, 0xC0, 0xDB, 0x00, 0x50]
        #expect(String(decoding: StrapFraming.hex.encode(.notification(kind: 0x2A37, payload: payload), sequence: 0, milliseconds: 0), as: UTF8.self) == "10 C0 DB 00 50\r\n")
        #expect(StrapFraming.slip.encode(.notification(kind: 0x2A37, payload: payload), sequence: 0, milliseconds: 0) == [0xC0, 0x10, 0xDB, 0xDC, 0xDB, 0xDD, 0x00, 0x50, 0xC0])
        #expect(StrapFraming.cobs.encode(.notification(kind: 0x2A37, payload: payload), sequence: 0, milliseconds: 0) == [0x04, 0x10, 0xC0, 0xDB, 0x02, 0x50, 0x00])
        // The COBS example from the strap notes: 10 50 00 03 00 03.
        #expect(StrapFraming.cobs.encode(.notification(kind: 0x2A37, payload: [0x10, 0x50, 0x00, 0x03, 0x00, 0x03]), sequence: 0, milliseconds: 0)
                == [0x03, 0x10, 0x50, 0x02, 0x03, 0x02, 0x03, 0x00])
    }

    @Test func heartRateMeasurementLayout() {
        #expect(HeartRateMeasurement(beatsPerMinute: 75, contact: .detected, rrIntervals: [770]).encoded() == [0x16, 0x4B, 0x02, 0x03])
        #expect(HeartRateMeasurement(beatsPerMinute: 0, contact: .notDetected).encoded() == [0x04, 0x00])
        #expect(HeartRateMeasurement(beatsPerMinute: 300).encoded() == [0x01, 0x2C, 0x01])
        #expect(HeartRateMeasurement(beatsPerMinute: 75, energyExpended: 10).encoded() == [0x08, 0x4B, 0x0A, 0x00])
    }
}
