import Testing
import TrainingMetrics

@Suite struct PowerZonesTests {
    @Test func levelsFollowCogganShares() {
        let ftp = 200.0
        #expect(PowerZones.level(of: 110, functionalThresholdPower: ftp) == 1)
        #expect(PowerZones.level(of: 111, functionalThresholdPower: ftp) == 2)
        #expect(PowerZones.level(of: 150, functionalThresholdPower: ftp) == 2)
        #expect(PowerZones.level(of: 181, functionalThresholdPower: ftp) == 4)
        #expect(PowerZones.level(of: 210, functionalThresholdPower: ftp) == 4)
        #expect(PowerZones.level(of: 241, functionalThresholdPower: ftp) == 6)
        #expect(PowerZones.level(of: 301, functionalThresholdPower: ftp) == 7)
        let zones = PowerZones(watts: [0, 100, 150, 170, 200, 230, 260, 900], functionalThresholdPower: ftp)
        #expect(zones.seconds == [2, 1, 1, 1, 1, 1, 1])
    }
}
