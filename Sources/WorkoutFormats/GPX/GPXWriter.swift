public import Foundation

/// Writes an ``Activity`` as GPX 1.1 with Garmin's TrackPointExtension v2.
///
/// Each trackpoint has its position, elevation and time, and an extension
/// with heart rate and cadence as integers (Garmin Connect drops decimal heart
/// rates) and speed; power, in whole watts, goes in Garmin's PowerExtension v1
/// (`pwr:PowerInWatts`), which the GPX schema accepts, where Strava's bare
/// `<power>` would not validate. Each stretch between pauses is its own `trkseg`.
/// Records without a position are left out: GPX cannot place them.
///
/// ```swift
/// try GPXWriter.write(activity, to: URL(fileURLWithPath: "ride.gpx"))
/// ```
public enum GPXWriter {
    /// GPX's namespace.
    public static let namespace = "http://www.topografix.com/GPX/1/1"
    /// Garmin's TrackPointExtension v2 namespace (the namespace, not the XSD's address).
    public static let trackPointExtensionNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    /// Garmin's PowerExtension v1 namespace, for a trackpoint's power.
    public static let powerExtensionNamespace = "http://www.garmin.com/xmlschemas/PowerExtension/v1"

    /// Writes `activity` to a file at `url`, 64 KB at a time.
    public static func write(_ activity: Activity, to url: URL) throws {
        let output = try TextOutput(url: url)
        write(activity, to: output)
        try output.close()
    }

    /// The GPX text of `activity`.
    public static func data(for activity: Activity) -> Data {
        let output = TextOutput()
        write(activity, to: output)
        return Data(output.buffer)
    }

    static func write(_ activity: Activity, to out: TextOutput) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"")
        // "with barometer" makes Strava keep the file's elevation: said only when a barometer measured it.
        out.writeEscaped(activity.creator.name + (activity.elevationSource == .barometer && activity.records.contains { $0.altitude != nil } ? " with barometer" : ""))
        out.write("\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\" xmlns:pwr=\"http://www.garmin.com/xmlschemas/PowerExtension/v1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        if let start = activity.startDate {
            out.write(" <metadata>\n")
            if let name = activity.name {
                out.write("  <name>")
                out.writeEscaped(name)
                out.write("</name>\n")
            }
            out.write("  <time>")
            out.write(date: start)
            out.write("</time>\n </metadata>\n")
        }
        out.write(" <trk>\n")
        // The schema's order: name, cmt, desc, …, type.
        if let name = activity.name {
            out.write("  <name>")
            out.writeEscaped(name)
            out.write("</name>\n")
        }
        if let notes = activity.notes {
            out.write("  <desc>")
            out.writeEscaped(notes)
            out.write("</desc>\n")
        }
        out.write("  <type>")
        out.writeEscaped(activity.sport.name)
        out.write("</type>\n")
        var pauses = PauseCursor(activity.pauses)
        var segmentOpen = false
        for record in activity.records {
            guard let latitude = record.latitude, let longitude = record.longitude else { continue }
            // A pause that ended before this record closes the segment.
            if pauses.crossedPause(before: record.date) && segmentOpen {
                out.write("  </trkseg>\n")
                segmentOpen = false
            }
            if !segmentOpen {
                out.write("  <trkseg>\n")
                segmentOpen = true
            }
            out.write("   <trkpt lat=\"")
            out.write(latitude, decimals: 7)
            out.write("\" lon=\"")
            out.write(longitude, decimals: 7)
            out.write("\">")
            if let altitude = record.altitude {
                out.write("<ele>")
                out.write(altitude, decimals: 1)
                out.write("</ele>")
            }
            out.write("<time>")
            out.write(date: record.date)
            out.write("</time>")
            let heartRate = record.heartRate.map { $0.rounded() }.flatMap { (1...255).contains($0) ? $0 : nil }
            let cadence = record.cadence.map { $0.rounded() }.flatMap { (0...254).contains($0) ? $0 : nil }
            let speed = record.speed.flatMap { $0 >= 0 ? $0 : nil }
            let power = record.power.map { $0.rounded() }.flatMap { (0...65_534).contains($0) ? $0 : nil }
            if let power {
                out.write("<extensions><pwr:PowerInWatts>")
                out.write(integer: Int64(power))
                out.write("</pwr:PowerInWatts>")
            }
            if heartRate != nil || cadence != nil || speed != nil {
                out.write(power == nil ? "<extensions><gpxtpx:TrackPointExtension>" : "<gpxtpx:TrackPointExtension>")
                if let heartRate {
                    out.write("<gpxtpx:hr>")
                    out.write(integer: Int64(heartRate))
                    out.write("</gpxtpx:hr>")
                }
                if let cadence {
                    out.write("<gpxtpx:cad>")
                    out.write(integer: Int64(cadence))
                    out.write("</gpxtpx:cad>")
                }
                if let speed {
                    out.write("<gpxtpx:speed>")
                    out.write(speed, decimals: 3)
                    out.write("</gpxtpx:speed>")
                }
                out.write("</gpxtpx:TrackPointExtension></extensions>")
            } else if power != nil {
                out.write("</extensions>")
            }
            out.write("</trkpt>\n")
        }
        if segmentOpen { out.write("  </trkseg>\n") }
        out.write(" </trk>\n</gpx>\n")
    }
}
