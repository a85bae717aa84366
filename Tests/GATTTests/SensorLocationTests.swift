import GATT
import Testing

@Suite struct SensorLocationTests {
    @Test func readsTheLocationAndTakesUnknownOnesAsOther() throws {
        #expect(try SensorLocation([5]) == .leftCrank)
        #expect(try SensorLocation([99]) == .other)
    }
}
