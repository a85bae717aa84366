import GATT
import Testing

@Suite struct CSCMeasurementTests {
    @Test func readsWheelAndCrankData() throws {
        let csc = try CSCMeasurement(bytes("03 64 00 00 00 00 04 0A 00 00 08"))
        #expect(csc.wheelRevolutions == 100 && csc.wheelEventTime == 1024 && csc.crankRevolutions == 10 && csc.crankEventTime == 2048)
        let crankOnly = try CSCMeasurement(bytes("02 0A 00 00 08"))
        #expect(crankOnly.wheelRevolutions == nil && crankOnly.crankRevolutions == 10)
    }
}
