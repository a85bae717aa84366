import GATT
import PropertyBased
import Testing

@Suite struct CSCMeasurementTests {
    @Test func readsWheelAndCrankData() throws {
        let csc = try CSCMeasurement(bytes("03 64 00 00 00 00 04 0A 00 00 08"))
        #expect(csc.wheelRevolutions == 100 && csc.wheelEventTime == 1024 && csc.crankRevolutions == 10 && csc.crankEventTime == 2048)
        let crankOnly = try CSCMeasurement(bytes("02 0A 00 00 08"))
        #expect(crankOnly.wheelRevolutions == nil && crankOnly.crankRevolutions == 10)
    }

    /// Wheel data, crank data, both or neither, with any counts and times, encode as a sensor sends them and decode the same.
    @Test func everyFlagCombinationRoundTrips() async {
        await propertyCheck(count: 1_000, input: Gen.bool(), Gen.bool(), Gen.uint64()) { wheel, crank, seed in
            let measurement = CSCMeasurement(wheel: wheel ? (UInt32(truncatingIfNeeded: seed), UInt16(truncatingIfNeeded: seed >> 32)) : nil,
                                             crank: crank ? (UInt16(truncatingIfNeeded: seed >> 16), UInt16(truncatingIfNeeded: seed >> 48)) : nil)
            let value = measurement.encoded()
            #expect(value.count == 1 + (wheel ? 6 : 0) + (crank ? 4 : 0))
            #expect((try? CSCMeasurement(value)) == measurement)
            if value.count > 1 { #expect(throws: GATTDecodingError.self) { try CSCMeasurement(Array(value.dropLast())) } }
        }
    }
}
