import GATT
import Testing

/// The Fitness Machine Control Point's requests and responses, and the machine's status, byte by byte.
@Suite struct FitnessMachineControlTests {
    @Test func requestsAreWrittenAsTheSpecificationLaysThemOut() {
        #expect(FitnessMachineRequest.requestControl.bytes == [0x00])
        #expect(FitnessMachineRequest.reset.bytes == [0x01])
        #expect(FitnessMachineRequest.setTargetPower(watts: 250).bytes == [0x05, 0xFA, 0x00])
        #expect(FitnessMachineRequest.setTargetPower(watts: -1).bytes == [0x05, 0xFF, 0xFF])
        #expect(FitnessMachineRequest.startOrResume.bytes == [0x07])
        #expect(FitnessMachineRequest.stop.bytes == [0x08, 0x01])
        #expect(FitnessMachineRequest.pause.bytes == [0x08, 0x02])
        // −2 m/s wind is −2,000 (0xF830); 4.5 % is 450 (0x01C2); Crr 0.004 is 40; Cw 0.51 kg/m is 51.
        #expect(FitnessMachineRequest.indoorBikeSimulation(windSpeed: -2, grade: 4.5, rollingResistance: 0.004, windResistance: 0.51).bytes
                == [0x11, 0x30, 0xF8, 0xC2, 0x01, 0x28, 0x33])
        // Out of range: held at the field's ends.
        #expect(FitnessMachineRequest.indoorBikeSimulation(windSpeed: 0, grade: 500, rollingResistance: 1, windResistance: .nan).bytes
                == [0x11, 0x00, 0x00, 0xFF, 0x7F, 0xFF, 0x00])
    }

    @Test func responsesAreReadAndWrittenBack() throws {
        let response = try FitnessMachineResponse([0x80, 0x05, 0x05])
        #expect(response.requestOpCode == 0x05 && response.result == .controlNotPermitted)
        #expect(response.bytes == [0x80, 0x05, 0x05])
        #expect(FitnessMachineResponse(requestOpCode: 0x00, result: .success).bytes == [0x80, 0x00, 0x01])
    }

    @Test(arguments: [
        ([UInt8](), "the response code needs 1 byte at byte 0, but the value has 0"),
        ([0x81, 0x05, 0x01], "the value starts with 0x81, not 0x80 (a response)"),
        ([0x80, 0x05], "the result code needs 1 byte at byte 2, but the value has 2"),
        ([0x80, 0x05, 0x09], "result code 0x9 is not one the specification defines (0x01–0x05)"),
    ])
    func aResponseThatIsNotOneSaysWhy(value: [UInt8], message: String) {
        #expect {
            _ = try FitnessMachineResponse(value)
        } throws: { error in
            (error as? GATTDecodingError).map { $0.characteristic == .fitnessMachineControlPoint && $0.message == message } ?? false
        }
    }

    @Test func statusNotificationsAreRead() throws {
        #expect(try FitnessMachineStatus([0xFF]) == .controlPermissionLost)
        #expect(try FitnessMachineStatus([0x08, 0x2C, 0x01]) == .targetPowerChanged(watts: 300))
        #expect(try FitnessMachineStatus([0x02, 0x02]) == .stoppedOrPaused(paused: true))
        #expect(try FitnessMachineStatus([0x02, 0x01]) == .stoppedOrPaused(paused: false))
        #expect(try FitnessMachineStatus([0x04]) == .startedOrResumed)
        #expect(try FitnessMachineStatus([0x0A, 0x01, 0x02]) == .other(opCode: 0x0A, parameter: [0x01, 0x02]))
        #expect(throws: GATTDecodingError.self) { _ = try FitnessMachineStatus([]) }
        #expect(throws: GATTDecodingError.self) { _ = try FitnessMachineStatus([0x08, 0x2C]) }
    }
}
