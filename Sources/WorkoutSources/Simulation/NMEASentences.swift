public import Foundation
public import OpenHealthKitCore

/// NMEA 0183 sentences for a simulated receiver: GGA, RMC, VTG and GSA per
/// epoch, with checksums and CRLF, as `gpsfake` feeds them to gpsd.
public enum NMEASentences {
    /// The sentences of one epoch at `date`: a fix, or "no fix" when `fix` is `nil`.
    public static func epoch(_ fix: CLLocation?, at date: Date, satellites: Int = 10) -> String {
        let time = utcTime(date)
        guard let fix else {
            return sentence("GPGGA,\(time),,,,,0,00,99.9,,M,,M,,")
                + sentence("GPRMC,\(time),V,,,,,,,\(utcDate(date)),,,N")
                + sentence("GPVTG,,T,,M,,N,,K,N")
                + sentence("GPGSA,A,1,,,,,,,,,,,,,99.9,99.9,99.9")
        }
        let (latitude, north) = angle(fix.coordinate.latitude, degreesDigits: 2, positive: "N", negative: "S")
        let (longitude, east) = angle(fix.coordinate.longitude, degreesDigits: 3, positive: "E", negative: "W")
        // HDOP from the reported accuracy, with a user range error of about 5 m.
        let hdop = max(0.5, fix.horizontalAccuracy / 5)
        let vdop = max(0.5, fix.verticalAccuracy / 5)
        let pdop = (hdop * hdop + vdop * vdop).squareRoot()
        let knots = max(0, fix.speed) * 3600 / 1852
        let course = fix.course >= 0 ? String(format: "%.1f", fix.course) : ""
        let prns = (1...12).map { $0 <= satellites ? String(format: "%02d", $0 * 2) : "" }.joined(separator: ",")
        return sentence("GPGGA,\(time),\(latitude),\(north),\(longitude),\(east),1,\(String(format: "%02d", satellites)),\(String(format: "%.1f", hdop)),\(String(format: "%.1f", fix.altitude)),M,0.0,M,,")
            + sentence("GPRMC,\(time),A,\(latitude),\(north),\(longitude),\(east),\(String(format: "%.2f", knots)),\(course),\(utcDate(date)),,,A")
            + sentence("GPVTG,\(course),T,,M,\(String(format: "%.2f", knots)),N,\(String(format: "%.2f", max(0, fix.speed) * 3.6)),K,A")
            + sentence("GPGSA,A,3,\(prns),\(String(format: "%.1f", pdop)),\(String(format: "%.1f", hdop)),\(String(format: "%.1f", vdop))")
    }

    /// `$BODY*CS\r\n`, the checksum being the XOR of the body's bytes.
    public static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", checksum))\r\n"
    }

    private static func angle(_ degrees: Double, degreesDigits: Int, positive: String, negative: String) -> (String, String) {
        let magnitude = abs(degrees)
        var whole = Int(magnitude)
        var minutes = (magnitude - Double(whole)) * 60
        if (minutes * 100_000).rounded() >= 6_000_000 { whole += 1; minutes = 0 }
        return (String(format: "%0\(degreesDigits)d%08.5f", whole, minutes), degrees < 0 ? negative : positive)
    }

    private static func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
    }

    private static func utcTime(_ date: Date) -> String {
        let c = components(date)
        let hundredths = Int((Double(c.nanosecond ?? 0) / 1e7).rounded(.down))
        return String(format: "%02d%02d%02d.%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0, hundredths)
    }

    private static func utcDate(_ date: Date) -> String {
        let c = components(date)
        return String(format: "%02d%02d%02d", c.day ?? 0, c.month ?? 0, (c.year ?? 0) % 100)
    }
}
