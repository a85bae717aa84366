public import Foundation

/// Writes an ``Activity`` as a Garmin Training Center (TCX v2) file.
///
/// Elements follow the order the XSD's sequences demand: each session is an
/// `Activity` with its `Sport` (TCX knows Running, Biking and Other); a
/// multisport activity is a `MultiSportSession`, its first sport in
/// `FirstSport` and each next in a `NextSport` with the transition before it
/// as its `Transition` lap; each lap carries its totals (time, distance,
/// maximum speed, calories, heart rate, intensity, cadence, trigger) and then
/// its track, with speed and power in the `ActivityExtension/v2` `TPX`
/// extension and the lap's average speed and power in `LX`. TCX has no pause
/// marker: each stretch between pauses is its own `Track`, as Garmin's devices
/// write it.
///
/// ```swift
/// try TCXWriter.write(activity, to: URL(fileURLWithPath: "ride.tcx"))
/// ```
public enum TCXWriter {
    /// Writes `activity` to a file at `url`, 64 KB at a time.
    public static func write(_ activity: Activity, to url: URL) throws {
        let output = try TextOutput(url: url)
        write(activity.completingSummaries(), to: output)
        try output.close()
    }

    /// The TCX text of `activity`.
    public static func data(for activity: Activity) -> Data {
        let output = TextOutput()
        write(activity.completingSummaries(), to: output)
        return Data(output.buffer)
    }

    static func write(_ activity: Activity, to out: TextOutput) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\" xmlns:ns3=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n <Activities>\n")
        var writer = SessionWriter(activity: activity, out: out)
        let sessions = activity.sessions
        if sessions.count > 1, let first = sessions.firstIndex(where: { $0.sport != .transition }) {
            // A multisport activity: its first sport, then each next sport with the transition before it.
            // A transition before the first sport or after the last stays an activity of sport Other.
            for index in sessions.indices where index < first { writer.activity(index) }
            out.write("  <MultiSportSession>\n   <Id>")
            out.write(date: sessions[first].start)
            out.write("</Id>\n   <FirstSport>\n")
            writer.activity(first)
            out.write("   </FirstSport>\n")
            var index = first + 1
            var trailing: [Int] = []
            while index < sessions.count {
                var transition: Int?
                if sessions[index].sport == .transition {
                    guard index + 1 < sessions.count, sessions[index + 1].sport != .transition else {
                        trailing.append(index)
                        index += 1
                        continue
                    }
                    transition = index
                    index += 1
                }
                out.write("   <NextSport>\n")
                if let transition { writer.transition(transition) }
                writer.activity(index)
                out.write("   </NextSport>\n")
                index += 1
            }
            out.write("  </MultiSportSession>\n")
            for index in trailing { writer.activity(index) }
        } else {
            for index in sessions.indices { writer.activity(index) }
        }
        out.write(" </Activities>\n</TrainingCenterDatabase>\n")
    }

    /// Writes sessions as `Activity` elements (or a transition as one `Transition` lap), their records in order.
    private struct SessionWriter {
        let activity: Activity
        let out: TextOutput
        var pauses: PauseCursor
        var records: ArraySlice<ActivityRecord>

        init(activity: Activity, out: TextOutput) {
            self.activity = activity
            self.out = out
            pauses = PauseCursor(activity.pauses)
            records = activity.records[...]
        }

        /// Where session `index`'s records end: the next session's start.
        private func end(of index: Int) -> Date {
            index + 1 < activity.sessions.count ? activity.sessions[index + 1].start : .distantFuture
        }

        mutating func activity(_ index: Int) {
            let session = activity.sessions[index]
            out.write("  <Activity Sport=\"")
            out.write(session.sport == .cycling ? "Biking" : [.running, .walking, .hiking].contains(session.sport) ? "Running" : "Other")
            out.write("\">\n   <Id>")
            out.write(date: session.start)
            out.write("</Id>\n")
            var laps = activity.laps.filter { $0.start >= session.start && $0.start < max(session.end, session.start.addingTimeInterval(0.001)) }
            if laps.isEmpty { laps = [session] }
            for (lapIndex, lap) in laps.enumerated() {
                lapElement("Lap", lap, sport: session.sport, until: lapIndex + 1 < laps.count ? laps[lapIndex + 1].start : end(of: index))
            }
            // The schema's order: Id, Lap+, Notes, Training, Creator. The workout's notes go with its first activity.
            if index == 0, let notes = activity.notes {
                out.write("   <Notes>")
                out.writeEscaped(notes)
                out.write("</Notes>\n")
            }
            writeCreator(activity.creator, to: out)
            out.write("  </Activity>\n")
        }

        /// A transition session as the one lap TCX gives it, with all its records.
        mutating func transition(_ index: Int) {
            lapElement("Transition", activity.sessions[index], sport: .transition, until: end(of: index))
        }

        private mutating func lapElement(_ element: String, _ lap: ActivitySummary, sport: ActivitySport, until lapEnd: Date) {
            writeLapOpening(lap, element: element, sport: sport, to: out)
            var trackOpen = false
            while let record = records.first, record.date < lapEnd {
                records.removeFirst()
                if pauses.crossedPause(before: record.date) && trackOpen {
                    out.write("     </Track>\n")
                    trackOpen = false
                }
                if !trackOpen {
                    out.write("     <Track>\n")
                    trackOpen = true
                }
                writeTrackpoint(record, to: out)
            }
            if trackOpen { out.write("     </Track>\n") }
            if lap.averageSpeed != nil || lap.averagePower != nil || lap.maximumPower != nil {
                out.write("     <Extensions><ns3:LX>")
                if let speed = lap.averageSpeed { out.write("<ns3:AvgSpeed>"); out.write(speed, decimals: 3); out.write("</ns3:AvgSpeed>") }
                if let power = lap.averagePower { out.write("<ns3:AvgWatts>"); out.write(integer: Int64(power.rounded())); out.write("</ns3:AvgWatts>") }
                if let power = lap.maximumPower { out.write("<ns3:MaxWatts>"); out.write(integer: Int64(power.rounded())); out.write("</ns3:MaxWatts>") }
                out.write("</ns3:LX></Extensions>\n")
            }
            out.write(element == "Transition" ? "    </Transition>\n" : "    </Lap>\n")
        }
    }

    private static func heartRateByte(_ value: Double?) -> Int64? {
        value.map { $0.rounded() }.flatMap { (1...255).contains($0) ? Int64($0) : nil }
    }

    private static func writeLapOpening(_ lap: ActivitySummary, element: String, sport: ActivitySport, to out: TextOutput) {
        out.write(element == "Transition" ? "    <Transition StartTime=\"" : "    <Lap StartTime=\"")
        out.write(date: lap.start)
        out.write("\">\n     <TotalTimeSeconds>")
        out.write(lap.timerTime, decimals: 3)
        out.write("</TotalTimeSeconds>\n     <DistanceMeters>")
        out.write(lap.distance ?? 0, decimals: 2)
        out.write("</DistanceMeters>\n")
        if let speed = lap.maximumSpeed {
            out.write("     <MaximumSpeed>")
            out.write(speed, decimals: 3)
            out.write("</MaximumSpeed>\n")
        }
        out.write("     <Calories>")
        out.write(integer: Int64(min(65_535, max(0, (lap.calories ?? 0).rounded()))))
        out.write("</Calories>\n")
        if let average = heartRateByte(lap.averageHeartRate) {
            out.write("     <AverageHeartRateBpm><Value>")
            out.write(integer: average)
            out.write("</Value></AverageHeartRateBpm>\n")
        }
        if let maximum = heartRateByte(lap.maximumHeartRate) {
            out.write("     <MaximumHeartRateBpm><Value>")
            out.write(integer: maximum)
            out.write("</Value></MaximumHeartRateBpm>\n")
        }
        out.write("     <Intensity>Active</Intensity>\n")
        if sport == .cycling, let cadence = lap.averageCadence.map({ $0.rounded() }), (0...254).contains(cadence) {
            out.write("     <Cadence>")
            out.write(integer: Int64(cadence))
            out.write("</Cadence>\n")
        }
        out.write("     <TriggerMethod>")
        switch lap.trigger {
        case .manual, .sessionEnd: out.write("Manual")
        case .time: out.write("Time")
        case .distance: out.write("Distance")
        case .position: out.write("Location")
        }
        out.write("</TriggerMethod>\n")
    }

    private static func writeTrackpoint(_ record: ActivityRecord, to out: TextOutput) {
        out.write("      <Trackpoint><Time>")
        out.write(date: record.date)
        out.write("</Time>")
        if let latitude = record.latitude, let longitude = record.longitude {
            out.write("<Position><LatitudeDegrees>")
            out.write(latitude, decimals: 7)
            out.write("</LatitudeDegrees><LongitudeDegrees>")
            out.write(longitude, decimals: 7)
            out.write("</LongitudeDegrees></Position>")
        }
        if let altitude = record.altitude {
            out.write("<AltitudeMeters>")
            out.write(altitude, decimals: 1)
            out.write("</AltitudeMeters>")
        }
        if let distance = record.distance {
            out.write("<DistanceMeters>")
            out.write(distance, decimals: 2)
            out.write("</DistanceMeters>")
        }
        if let heartRate = heartRateByte(record.heartRate) {
            out.write("<HeartRateBpm><Value>")
            out.write(integer: heartRate)
            out.write("</Value></HeartRateBpm>")
        }
        if let cadence = record.cadence.map({ $0.rounded() }), (0...254).contains(cadence) {
            out.write("<Cadence>")
            out.write(integer: Int64(cadence))
            out.write("</Cadence>")
        }
        if record.speed != nil || record.power != nil {
            out.write("<Extensions><ns3:TPX>")
            if let speed = record.speed, speed >= 0 {
                out.write("<ns3:Speed>")
                out.write(speed, decimals: 3)
                out.write("</ns3:Speed>")
            }
            if let power = record.power.map({ $0.rounded() }), (0...65_535).contains(power) {
                out.write("<ns3:Watts>")
                out.write(integer: Int64(power))
                out.write("</ns3:Watts>")
            }
            out.write("</ns3:TPX></Extensions>")
        }
        out.write("</Trackpoint>\n")
    }

    private static func writeCreator(_ creator: ActivityCreator, to out: TextOutput) {
        let version = creator.softwareVersion ?? 0
        out.write("   <Creator xsi:type=\"Device_t\">\n    <Name>")
        out.writeEscaped(creator.name)
        out.write("</Name>\n    <UnitId>")
        out.write(integer: Int64(creator.serialNumber ?? 0))
        out.write("</UnitId>\n    <ProductID>")
        out.write(integer: Int64(creator.product))
        out.write("</ProductID>\n    <Version><VersionMajor>")
        out.write(integer: Int64(version.rounded(.down)))
        out.write("</VersionMajor><VersionMinor>")
        out.write(integer: Int64(((version - version.rounded(.down)) * 100).rounded()))
        out.write("</VersionMinor></Version>\n   </Creator>\n")
    }
}
