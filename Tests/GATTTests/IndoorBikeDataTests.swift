import GATT
import Testing

@Suite struct IndoorBikeDataTests {
    @Test func readsSpeedOnlyWhenMoreDataIsClearCadenceInHalvesAndDistanceAsUInt24() throws {
        // Bit 0 clear: speed present. Cadence in ½ rpm.
        let bike = try IndoorBikeData(bytes("44 00 D0 07 B4 00 C8 00"))
        #expect(bike.speed == 20 && bike.cadence == 90 && bike.power == 200)
        // Bit 0 set ("more data"): no speed.
        let noSpeed = try IndoorBikeData(bytes("45 00 B4 00 C8 00"))
        #expect(noSpeed.speed == nil && noSpeed.cadence == 90 && noSpeed.power == 200)
        // Distance is a uint24.
        #expect(try IndoorBikeData(bytes("11 00 10 27 00")).totalDistance == 10_000)
        #expect(throws: GATTDecodingError.self) { try IndoorBikeData(bytes("11 00 10 27")) }
    }
}
