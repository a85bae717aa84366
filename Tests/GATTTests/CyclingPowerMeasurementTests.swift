import GATT
import PropertyBased
import Testing

@Suite struct CyclingPowerMeasurementTests {
    @Test func cyclingPowerReadsOpenTracksVector() throws {
        // OpenTracks' own test vector: accumulated torque and crank data.
        let measurement = try CyclingPowerMeasurement(bytes("2C 00 00 00 9F 00 0C 00 E5 42"))
        #expect(measurement.power == 0)
        #expect(measurement.accumulatedTorque == 159.0 / 32 && measurement.torqueSourceIsCrank)
        #expect(measurement.crank?.revolutions == 12 && measurement.crank?.eventTime == 17125)
        #expect(measurement.wheel == nil)
    }

    @Test func cyclingPowerWheelDataIsSixBytesBeforeTheCrankData() throws {
        // Wheel and crank together: skipping 4 wheel bytes (OpenTracks) would read crank 0x0800, 0x0005.
        let measurement = try CyclingPowerMeasurement(bytes("30 00 FA 00 10 27 00 00 00 08 05 00 00 04"))
        #expect(measurement.power == 250)
        #expect(measurement.wheel?.revolutions == 10_000 && measurement.wheel?.eventTime == 2048)
        #expect(measurement.crank?.revolutions == 5 && measurement.crank?.eventTime == 1024)
    }

    @Test func cyclingPowerReadsEveryFlag() throws {
        // Balance 50 % (left reference), torque, wheel, crank, extreme force, torque and angles, dead spots, energy, offset bit.
        let value = bytes("FF 1F 2C 01 64 40 00 E8 03 00 00 00 10 2D 00 00 20 90 01 38 FF 40 00 C0 FF 5A 40 0B 0A 00 B4 00 2A 00")
        let measurement = try CyclingPowerMeasurement(value)
        #expect(measurement.power == 300)
        #expect(measurement.pedalPowerBalance == 50 && measurement.balanceReferenceIsLeft)
        #expect(measurement.accumulatedTorque == 2)
        #expect(measurement.wheel?.revolutions == 1000 && measurement.wheel?.eventTime == 4096)
        #expect(measurement.crank?.revolutions == 45 && measurement.crank?.eventTime == 8192)
        #expect(measurement.extremeForce?.maximum == 400 && measurement.extremeForce?.minimum == -200)
        #expect(measurement.extremeTorque?.maximum == 2 && measurement.extremeTorque?.minimum == -2)
        #expect(measurement.extremeAngles?.maximum == 90 && measurement.extremeAngles?.minimum == 180)
        #expect(measurement.topDeadSpotAngle == 10 && measurement.bottomDeadSpotAngle == 180)
        #expect(measurement.accumulatedEnergy == 42 && measurement.offsetCompensationIndicator)
        // One byte short: a typed error at the field that did not fit.
        let short = #expect(throws: GATTDecodingError.self) { try CyclingPowerMeasurement(Array(value.dropLast())) }
        #expect(short?.offset == value.count - 2 && short?.message.contains("accumulated energy") == true)
    }

    /// Every combination of the thirteen flags, with any values, encodes as a meter sends it and decodes to the same
    /// measurement; each value one byte short is a typed error, never a trap.
    @Test func everyFlagCombinationRoundTrips() async throws {
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...0x1FFF), Gen.int(in: -32_768...32_767), Gen.uint64()) { flags, power, seed in
            var random = seed
            func next(_ bits: Int) -> Int {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(truncatingIfNeeded: random >> 33) & ((1 << bits) - 1)
            }
            func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
            let measurement = CyclingPowerMeasurement(
                power: Int16(power), pedalPowerBalance: has(0) ? Double(next(8)) / 2 : nil, balanceReferenceIsLeft: has(1),
                accumulatedTorque: has(2) ? Double(next(16)) / 32 : nil, torqueSourceIsCrank: has(3),
                wheel: has(4) ? (UInt32(next(31)), UInt16(next(16))) : nil, crank: has(5) ? (UInt16(next(16)), UInt16(next(16))) : nil,
                extremeForce: has(6) ? (Int16(truncatingIfNeeded: next(16)), Int16(truncatingIfNeeded: next(16))) : nil,
                extremeTorque: has(7) ? (Double(Int16(truncatingIfNeeded: next(16))) / 32, Double(Int16(truncatingIfNeeded: next(16))) / 32) : nil,
                extremeAngles: has(8) ? (UInt16(next(12)), UInt16(next(12))) : nil, topDeadSpotAngle: has(9) ? UInt16(next(16)) : nil,
                bottomDeadSpotAngle: has(10) ? UInt16(next(16)) : nil, accumulatedEnergy: has(11) ? UInt16(next(16)) : nil,
                offsetCompensationIndicator: has(12))
            #expect(Int(measurement.flags) == flags)
            let value = measurement.encoded()
            let decoded = try? CyclingPowerMeasurement(value)
            #expect(decoded == measurement, "flags \(String(flags, radix: 2)): \(value)")
            if value.count > 4 { #expect(throws: GATTDecodingError.self) { try CyclingPowerMeasurement(Array(value.dropLast())) } }
        }
    }
}
