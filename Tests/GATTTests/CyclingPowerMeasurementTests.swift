import GATT
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
}
