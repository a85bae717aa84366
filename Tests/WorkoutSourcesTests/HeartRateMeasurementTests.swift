import Foundation
import PropertyBased
import TestSupport
import Testing
import WorkoutSources
import GATT

@Suite struct HeartRateMeasurementTests {
    /// One row of `../shared/data/hrm-captures.csv`: real notifications from public
    /// logs and issues, with the values a correct decoder must produce.
    struct Capture: CustomTestStringConvertible {
        var source: String
        var device: String
        var bytes: [UInt8]
        var heartRate: UInt16
        var intervals: [UInt16]
        var energy: UInt16?
        var contact: String
        var testDescription: String { "\(device): \(bytes.map { String(format: "%02X", $0) }.joined(separator: " "))" }
    }

    static func captures() throws -> [Capture] {
        guard SharedData.isPresent else { return [] }
        let text = try String(contentsOf: SharedData.file("hrm-captures.csv"), encoding: .utf8)
        var rows: [Capture] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            // The first column may hold commas inside parentheses; the last six never do.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let tail = Array(fields.suffix(6))
            rows.append(Capture(source: fields.dropLast(6).joined(separator: ","), device: tail[0],
                                bytes: tail[1].split(separator: " ").map { UInt8($0, radix: 16)! },
                                heartRate: UInt16(tail[2])!,
                                intervals: tail[3].split(separator: ";").map { UInt16($0)! },
                                energy: UInt16(tail[4]), contact: tail[5]))
        }
        return rows
    }

    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the real strap captures"))
    func realCapturesDecodeToTheirPublishedValues() throws {
        let captures = try Self.captures()
        #expect(captures.count >= 18)
        for capture in captures {
            let measurement = try HeartRateMeasurement(decoding: capture.bytes)
            #expect(measurement.beatsPerMinute == capture.heartRate, "\(capture.testDescription) from \(capture.source)")
            #expect(measurement.rrIntervals == capture.intervals, "\(capture.testDescription)")
            #expect(measurement.energyExpended == capture.energy, "\(capture.testDescription)")
            let contact: String = switch measurement.contact {
            case .notSupported: "not_supported"
            case .notDetected: "not_detected"
            case .detected: "detected"
            }
            #expect(contact == capture.contact, "\(capture.testDescription)")
            // Re-encoding gives the bytes back, except for the odd trailing byte one capture carries.
            if measurement.anomalies.isEmpty || measurement.anomalies == .zeroHeartRate {
                #expect(measurement.encoded() == capture.bytes, "\(capture.testDescription)")
            }
        }
    }

    @Test func theDocumentedEdgeCases() throws {
        // Mio Fuse while acquiring: HR 0 is no reading.
        let zero = try HeartRateMeasurement(decoding: [0x00, 0x00])
        #expect(zero.anomalies == .zeroHeartRate)
        #expect(!zero.hasValidHeartRate)
        // The Web Bluetooth capture: an odd trailing byte after one RR interval.
        let odd = try HeartRateMeasurement(decoding: [0x10, 0x39, 0x23, 0x04, 0x35])
        #expect(odd.rrIntervals == [1059])
        #expect(odd.anomalies == .oddTrailingByte)
        // Wahoo: contact not detected, yet HR and RR are there; kept, but not valid.
        let wahoo = try HeartRateMeasurement(decoding: [0x14, 0x46, 0x59, 0x03, 0x58, 0x03])
        #expect(wahoo.contact == .notDetected)
        #expect(wahoo.rrIntervals == [857, 856])
        #expect(!wahoo.hasValidHeartRate)
        // Flags promising energy and RR with neither present.
        let promised = try HeartRateMeasurement(decoding: [0x18, 0x48])
        #expect(promised.beatsPerMinute == 72)
        #expect(promised.energyExpended == nil)
        #expect(promised.anomalies == [.energyMissing, .intervalsMissing])
        // The energy field moves the RR offset (synthetic: no public capture carries energy).
        let energy = try HeartRateMeasurement(decoding: [0x19, 0x4B, 0x00, 0x0A, 0x00, 0xD2, 0x02])
        #expect(energy.beatsPerMinute == 75)
        #expect(energy.energyExpended == 10)
        #expect(energy.rrIntervals == [722])
        // Reserved bits are reported and ignored.
        let reserved = try HeartRateMeasurement(decoding: [0xF0, 0x50, 0xC0, 0x02])
        #expect(reserved.beatsPerMinute == 80)
        #expect(reserved.rrIntervals == [704])
        #expect(reserved.anomalies == .reservedFlags)
        #expect(reserved.encoded() == [0xF0, 0x50, 0xC0, 0x02])
        // Bytes after the last announced field.
        #expect(try HeartRateMeasurement(decoding: [0x00, 0x50, 0x01]).anomalies == .unexpectedTrailingBytes)
        // Two merged notifications, as raw gap-framed bridges produce: only plausibility shows it.
        let merged = try HeartRateMeasurement(decoding: [0x10, 0x4F, 0xB7, 0x02, 0x10, 0x50, 0xC0, 0x02])
        #expect(merged.rrIntervals == [695, 20496, 704])
        #expect(merged.anomalies.contains(.implausibleInterval))
        // A 16-bit rate.
        let wide = try HeartRateMeasurement(decoding: [0x01, 0x2C, 0x01])
        #expect(wide.beatsPerMinute == 300)
        #expect(try HeartRateMeasurement(decoding: [0x01, 0x2D, 0x01]).anomalies == .implausibleHeartRate)
        // Energy saturates at 65535 kJ.
        #expect(try HeartRateMeasurement(decoding: [0x08, 0x50, 0xFF, 0xFF]).isEnergySaturated)
    }

    @Test func bytesTooShortForAHeartRateAreTypedErrors() {
        #expect(throws: HeartRateMeasurementError(.empty, bytes: [])) { try HeartRateMeasurement(decoding: []) }
        #expect(throws: HeartRateMeasurementError(.truncatedHeartRate(needed: 2), bytes: [0x10])) { try HeartRateMeasurement(decoding: [0x10]) }
        #expect(throws: HeartRateMeasurementError(.truncatedHeartRate(needed: 3), bytes: [0x11, 0x48])) {
            try HeartRateMeasurement(decoding: [0x11, 0x48])
        }
        let message = HeartRateMeasurementError(.truncatedHeartRate(needed: 3), bytes: [0x11, 0x48]).description
        #expect(message.contains("11 48"))
        #expect(message.contains("16-bit"))
    }

    @Test func manyIntervalsAndTheMTULimit() throws {
        // A larger MTU carries more than nine intervals; all are read, oldest first.
        var bytes: [UInt8] = [0x10, 0x90]
        for interval in UInt16(400)..<UInt16(430) { bytes += [UInt8(interval & 0xFF), UInt8(interval >> 8)] }
        #expect(try HeartRateMeasurement(decoding: bytes).rrIntervals == Array(400..<430))
        // Encoding for the default 20-byte payload keeps the newest that fit.
        let measurement = HeartRateMeasurement(beatsPerMinute: 150, contact: .detected, rrIntervals: Array(1...12))
        let encoded = measurement.encoded()
        #expect(encoded.count == 20)
        #expect(try HeartRateMeasurement(decoding: encoded).rrIntervals == Array(4...12))
        let withEnergy = HeartRateMeasurement(beatsPerMinute: 150, energyExpended: 7, rrIntervals: Array(1...12)).encoded()
        #expect(try HeartRateMeasurement(decoding: withEnergy).rrIntervals == Array(5...12))
    }

    @Test func bodySensorLocation() throws {
        #expect(try BodySensorLocation(decoding: [0x01]) == .chest)
        #expect(try BodySensorLocation(decoding: [0x06]) == .foot)
        #expect(try BodySensorLocation(decoding: [0x99]) == .reserved(0x99))
        #expect(throws: BodySensorLocationError.self) { try BodySensorLocation(decoding: []) }
        #expect(throws: BodySensorLocationError.self) { try BodySensorLocation(decoding: [0x01, 0x02]) }
    }

    /// Whatever a well-formed measurement holds survives encoding and decoding.
    @Test func encodingRoundTrips() async {
        let contacts: [HeartRateMeasurement.SensorContact] = [.notSupported, .notDetected, .detected]
        await propertyCheck(count: 500, input: Gen.uint16(in: 1...300), Gen.int(in: 0...2), Gen.uint16(in: 0...65535).array(of: 0...9), Gen.bool()) {
            rate, contact, intervals, withEnergy in
            let measurement = HeartRateMeasurement(beatsPerMinute: rate, contact: contacts[contact],
                                                   energyExpended: withEnergy ? rate &* 7 : nil, rrIntervals: intervals)
            let decoded = try? HeartRateMeasurement(decoding: measurement.encoded(maximumLength: 64))
            #expect(decoded?.beatsPerMinute == rate)
            #expect(decoded?.contact == contacts[contact])
            #expect(decoded?.rrIntervals == intervals)
            #expect(decoded?.energyExpended == measurement.energyExpended)
        }
    }

    /// Random bytes never crash the decoder, and whatever it returns agrees with the length.
    @Test func randomBytesNeverCrash() async {
        await propertyCheck(count: 3000, input: Gen.uint8().array(of: 0...40)) { bytes in
            do {
                let measurement = try HeartRateMeasurement(decoding: bytes)
                let fixed = 1 + (bytes[0] & 1 == 1 ? 2 : 1)
                #expect(bytes.count >= fixed)
                #expect(measurement.rrIntervals.count * 2 <= bytes.count - fixed)
            } catch {
                #expect(bytes.count < (bytes.first.map { $0 & 1 == 1 ? 3 : 2 } ?? 1))
            }
        }
    }
}
