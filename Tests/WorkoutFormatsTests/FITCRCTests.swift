import Testing
import WorkoutFormats

@Suite struct FITCRCTests {
    @Test func checkValueOfCRC16ARC() {
        #expect(FITCRC.checksum(Array("123456789".utf8)) == 0xBB3D)
        #expect(FITCRC.checksum([UInt8]()) == 0)
    }

    @Test func updatingInPiecesGivesTheSameChecksum() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var crc = FITCRC()
        crc.update(bytes[..<333])
        bytes[333...].withUnsafeBytes { crc.update($0) }
        #expect(crc.value == FITCRC.checksum(bytes))
    }
}
