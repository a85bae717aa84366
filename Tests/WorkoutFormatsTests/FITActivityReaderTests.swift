import Foundation
import Testing
import TestSupport
import WorkoutFormats

/// The activity reader over FIT messages whose fields a damaged or hostile
/// file declared with any base type.
@Suite struct FITActivityReaderTests {
    /// A FIT file of `messages`, each (global number, fields as (number, base type, little-endian bytes)).
    static func fit(_ messages: [(global: UInt16, fields: [(number: UInt8, type: UInt8, bytes: [UInt8])])]) -> Data {
        var body: [UInt8] = []
        for (local, message) in messages.enumerated() {
            body += [0x40 | UInt8(local), 0, 0, UInt8(message.global & 0xFF), UInt8(message.global >> 8), UInt8(message.fields.count)]
            for field in message.fields { body += [field.number, UInt8(field.bytes.count), field.type] }
            body += [UInt8(local)] + message.fields.flatMap(\.bytes)
        }
        let size = UInt32(body.count)
        var file: [UInt8] = [14, 0x20, 0x08, 0x08, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        file += Array(".FIT".utf8) + [0, 0] + body
        var crc = FITCRC()
        crc.update(file)
        return Data(file + [UInt8(crc.value & 0xFF), UInt8(crc.value >> 8)])
    }

    static func float64(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init) }
    static let time: [UInt8] = withUnsafeBytes(of: UInt32(1_000_000_000).littleEndian, Array.init)

    /// Found by Scripts/fuzz (FuzzFITReader): a file_id whose serial number is a
    /// float64 of −1e300 trapped converting it to an integer; so did NaN, and
    /// a sport of 300.
    @Test func integerFieldsDeclaredAsFloatsOutOfRangeAreIgnored() throws {
        let data = Self.fit([
            (0, [(1, 0x89, Self.float64(.nan)), (2, 0x89, Self.float64(1e10)), (3, 0x89, Self.float64(-1e300))]),
            (20, [(253, 0x86, Self.time), (3, 0x02, [150])]),
            (18, [(253, 0x86, Self.time), (2, 0x86, Self.time), (5, 0x89, Self.float64(300)), (7, 0x89, Self.float64(.infinity))]),
        ])
        let (activity, problem) = FITActivityReader.read(data)
        #expect(problem == nil)
        #expect(activity.records.count == 1)
        #expect(activity.creator.manufacturer == 0 && activity.creator.product == 0 && activity.creator.serialNumber == nil)
        #expect(activity.sessions.first?.sport == .generic)
    }

    @Test func integerFieldsInRangeAreRead() throws {
        let data = Self.fit([
            (0, [(1, 0x89, Self.float64(1)), (2, 0x89, Self.float64(1036)), (3, 0x89, Self.float64(3_900_000_000))]),
            (20, [(253, 0x86, Self.time), (3, 0x02, [150])]),
            (18, [(253, 0x86, Self.time), (2, 0x86, Self.time), (5, 0x89, Self.float64(2))]),
        ])
        let (activity, problem) = FITActivityReader.read(data)
        #expect(problem == nil)
        #expect(activity.creator.manufacturer == 1 && activity.creator.product == 1036 && activity.creator.serialNumber == 3_900_000_000)
        #expect(activity.sessions.first?.sport == .cycling)
    }

    /// The Edge 500 ride names its ANT+ sensors in `device_info` messages (no source type, so ANT+ device types):
    /// a speed and cadence sensor and a strap are kept; its unnamed legacy environment sensors are not.
    @Test(.enabled(if: SharedData.isPresent, "../shared/data is absent: skipping the Edge 500 ride"))
    func aRealRidesSensorsAreRead() throws {
        let path = SharedData.file("activity-files/fitparse__garmin-edge-500-ride.fit").path
        let activity = try ActivityFile.read(try Data(contentsOf: URL(fileURLWithPath: path)), format: .fit, path: path)
        #expect(activity.sensors.map(\.kind) == [.bikeSpeedAndCadence, .heartRate])
        #expect(activity.sensors.map(\.text) == ["speed and cadence", "heart rate"])
    }
}
