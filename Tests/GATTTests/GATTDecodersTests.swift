import GATT
import PropertyBased
import Testing

/// Every decoder, on bytes nobody chose: a value or a typed error, never a crash.
@Suite struct GATTDecodersTests {
    @Test func randomBytesNeverCrashADecoder() async {
        await propertyCheck(count: 3000, input: Gen.uint8().array(of: 0...40)) { value in
            _ = try? CyclingPowerMeasurement(value)
            _ = try? CSCMeasurement(value)
            _ = try? RSCMeasurement(value)
            _ = try? IndoorBikeData(value)
            _ = try? BatteryLevel(value)
            _ = try? SensorLocation(value)
        }
    }
}
