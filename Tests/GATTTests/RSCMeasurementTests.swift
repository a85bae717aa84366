import GATT
import Testing

@Suite struct RSCMeasurementTests {
    @Test func readsSpeedCadenceStrideDistanceAndRunning() throws {
        let rsc = try RSCMeasurement(bytes("07 00 03 B4 64 00 E8 03 00 00"))
        #expect(rsc.speed == 3 && rsc.cadence == 180 && rsc.strideLength == 1 && rsc.totalDistance == 100 && rsc.isRunning)
        #expect(try RSCMeasurement(bytes("00 80 01 5A")).isRunning == false)
    }
}
