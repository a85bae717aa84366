import Foundation
import SensorBridge
import Testing

/// The host's write requests to a bridge: `$HRW2` lines, encoded and read back, and refused when damaged.
struct BridgeWriteTests {
    @Test func aRequestIsOneCheckedLine() throws {
        let request = BridgeWrite(sequence: 7, device: "T", characteristic: 0x2AD9, value: [0x00])
        // The checksum worked out by Python's binascii.crc_hqx(b"HRW2,7,T,2AD9,00", 0xFFFF).
        #expect(String(decoding: request.encoded(), as: UTF8.self) == "$HRW2,7,T,2AD9,00*E9A4\r\n")
        #expect(try BridgeWrite(parsing: request.encoded()) == request)
        let target = BridgeWrite(sequence: 4_294_967_295, device: "C4:7A:11:22:33:44", characteristic: 0x2AD9, value: [0x05, 0xC8, 0x00])
        #expect(try BridgeWrite(parsing: target.encoded()) == target)
    }

    @Test(arguments: [
        ("$HRW2,7,T,2AD9,00*E9A5", "CRC"), ("HRW2,7,T,2AD9,00*E9A4", "write request is"), ("$HRW2,7,T,2AD9*1234", "5 fields"),
        ("$HRW2,x,T,2AD9,00*0000", "sequence"), ("$HRW3,7,T,2AD9,00*0000", "HRW3"),
    ])
    func aDamagedRequestIsRefusedWithWhy(_ line: String, _ words: String) {
        // Lines whose fields are wrong carry a right checksum, so that the field is what is refused.
        var text = line
        if !words.contains("CRC"), let star = line.lastIndex(of: "*"), line.hasPrefix("$") {
            let body = Array(line[line.index(after: line.startIndex)..<star].utf8)
            text = String(line[...star]) + String(format: "%04X", StrapFraming.crc16(body))
        }
        #expect { try BridgeWrite(parsing: Array(text.utf8)) } throws: { "\($0)".localizedCaseInsensitiveContains(words) }
    }
}
