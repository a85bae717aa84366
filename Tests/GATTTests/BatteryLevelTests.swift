import GATT
import Testing

@Suite struct BatteryLevelTests {
    @Test func readsPercentAndRefusesMoreThanAHundred() throws {
        #expect(try BatteryLevel([90]).percent == 90)
        #expect(throws: GATTDecodingError.self) { try BatteryLevel([200]) }
        #expect(throws: GATTDecodingError.self) { try BatteryLevel([]) }
    }
}
