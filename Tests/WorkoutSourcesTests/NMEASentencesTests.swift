import Foundation
import Testing
import OpenHealthKit
import WorkoutSources

@Suite struct NMEASentencesTests {
    @Test func checksumsAreTheXorOfTheBody() {
        // A sentence from the NMEA 0183 literature.
        #expect(NMEASentences.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") ==
                "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n")
    }

    @Test func anEpochCarriesPositionSpeedAndDate() {
        let date = Date(timeIntervalSince1970: 1_777_708_801.5) // 2026-05-02 08:00:01.50 UTC
        let fix = CLLocation(coordinate: CLLocationCoordinate2D(latitude: -33.8568, longitude: 151.2153), altitude: 12.5, horizontalAccuracy: 5,
                             verticalAccuracy: 7.5, course: 90, speed: 5, timestamp: date)
        let lines = NMEASentences.epoch(fix, at: date).split(separator: "\r\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("$GPGGA,080001.50,3351.40800,S,15112.91800,E,1,10,1.0,12.5,M"))
        #expect(lines[1].hasPrefix("$GPRMC,080001.50,A,3351.40800,S,15112.91800,E,9.72,90.0,020526"))
        #expect(lines[2].hasPrefix("$GPVTG,90.0,T,,M,9.72,N,18.00,K,A"))
        for line in lines {
            let body = line.dropFirst().prefix { $0 != "*" }
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            #expect(line.hasSuffix(String(format: "*%02X", checksum)))
        }
        let lost = NMEASentences.epoch(nil, at: date)
        #expect(lost.contains("$GPGGA,080001.50,,,,,0,"))
        #expect(lost.contains("$GPRMC,080001.50,V,"))
    }
}
