import ArgumentParser
import Foundation
import OpenHealthKit
import TrainingMetrics
import WorkoutFormats
import WorkoutLibrary

/// `workout show ID`: one workout in detail.
struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a workout: summary, legs, laps, pauses, markers, heart-rate zones, and sparklines of heart rate and speed.",
        discussion: """
            Give `last` for the newest workout. Every figure follows the rules the report, the web app, the club and \
            exported files use: moving time leaves pauses out; average speed is distance over moving time; top speed is \
            held over three records; elevation is the device's own count when the file gives one, else the altitudes \
            with 3 m hysteresis; cadence is averaged without zeros (coasting), with zeros beside it in --json; times are \
            rounded to the nearest second. Heart-rate zones follow the athlete's zone model (`zones:` in the profile: \
            percentOfMaximum, the default, at 50/60/70/80/90 % of the maximum; heartRateReserve; lactateThreshold) from the \
            profile stored with the workout (--profile, or a scenario's athlete); without one, percentages of the \
            workout's own highest heart rate. Time below zone 1 is shown too. --json prints everything the text shows.
            """
    )

    @Argument(help: ArgumentHelp("The workout's identifier, its first characters, or `last`.", valueName: "id"))
    var id: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Maximum heart rate for the zones (default: the athlete's, else the workout's highest).", valueName: "bpm"))
    var maximumHeartRate: Double?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let maximumHeartRate, !(maximumHeartRate >= 60 && maximumHeartRate <= 260) {
            throw ValidationError("--maximum-heart-rate must be between 60 and 260 bpm.")
        }
    }

    func run() async throws {
        let store = try storeOptions.openExisting()
        let workout = try await findWorkout(id, in: store)
        let detail = try await WorkoutDetail(workout, in: store, maximumHeartRate: maximumHeartRate)
        if json { return try printJSON(detail) }
        for line in Self.text(detail) { print(line) }
    }

    /// The cadence and power lines of `detail`, as `show` prints them and `record` ends with them.
    static func cadenceAndPower(_ detail: WorkoutDetail) -> [(label: String, text: String)] {
        var lines: [(String, String)] = []
        if let cadence = detail.averageCadence {
            let onFoot = usesPace(detail.activity)
            let withZeros = detail.averageCadenceWithZeros.map { WorkoutFigures.cadenceText($0, onFoot: onFoot) }
            let text = WorkoutFigures.cadenceText(cadence, onFoot: onFoot)
            lines.append(("cadence", "\(text) average" + (withZeros.map { $0 != text ? " (\($0.split(separator: " ")[0]) with zeros)" : "" } ?? "")))
        }
        if let power = detail.averagePower {
            lines.append(("power", String(format: "%.0f W average", power) + (detail.maximumPower.map { String(format: ", %.0f W highest", $0) } ?? "")))
        }
        return lines
    }

    /// The detail as lines of text.
    static func text(_ detail: WorkoutDetail) -> [String] {
        var lines = ["\(ActivityWords.name(of: detail.activity, legs: detail.legs.map(\.activity))) \(detail.id)"]
        func line(_ label: String, _ text: String) { lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + text) }
        // The local time the device recorded, in its own zone, else this machine's; as `list` and the web app write dates.
        let start = WorkoutDateText.long(detail.start, in: detail.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
        if let name = detail.name { line("title", name) }
        if let notes = detail.notes {
            for (index, text) in notes.split(separator: "\n", omittingEmptySubsequences: false).enumerated() { line(index == 0 ? "notes" : "", String(text)) }
        }
        line("start", start)
        line("duration", "\(clockText(detail.durationSeconds)) active, \(clockText(detail.elapsedSeconds)) in all")
        if let meters = detail.distanceMeters { line("distance", String(format: "%.2f km", meters / 1000)) }
        if let energy = detail.energyKilocalories { line("energy", String(format: "%.0f kcal", energy)) }
        if let average = detail.averageSpeed {
            line(usesPace(detail.activity) ? "pace" : "speed",
                 "\(speedText(average, activity: detail.activity)) average" + (detail.maximumSpeed.map { ", \(speedText($0, activity: detail.activity)) best" } ?? ""))
        }
        for (label, text) in cadenceAndPower(detail) { line(label, text) }
        if let temperature = detail.temperatureCelsius { line("temperature", String(format: "%.0f °C average", temperature)) }
        if let ascent = detail.ascentMeters {
            line("elevation", String(format: "%.0f m up", ascent) + (detail.descentMeters.map { String(format: ", %.0f m down", $0) } ?? ""))
        }
        if let file = detail.importedFile {
            let kept = detail.originalFile.map { String(format: " (kept: %.0f kB, `workout export %@ --original`)", Double($0.bytes) / 1_000, String(detail.id.prefix(8))) } ?? ""
            line("imported", file + kept)
        }
        if let device = detail.device { line("device", device) }
        for (index, sensor) in detail.sensors.enumerated() { line(index == 0 ? "sensors" : "", sensor) }
        if !detail.legs.isEmpty {
            lines.append("  legs")
            for leg in detail.legs {
                if let gap = leg.gapBeforeSeconds { lines.append("    transition  \(clockText(gap)) between legs") }
                var parts = [leg.activity.padding(toLength: 11, withPad: " ", startingAt: 0), clockText(leg.durationSeconds), "from \(clockText(leg.startSeconds))"]
                if let meters = leg.distanceMeters { parts.append(String(format: "%.2f km", meters / 1000)) }
                if let energy = leg.energyKilocalories { parts.append(String(format: "%.0f kcal", energy)) }
                if let heartRate = leg.averageHeartRate { parts.append(String(format: "%.0f bpm", heartRate)) }
                lines.append("    " + parts.joined(separator: "  "))
            }
        }
        if !detail.pauses.isEmpty {
            let automatic = detail.pauses.filter(\.automatic).count
            let total = detail.elapsedSeconds - detail.durationSeconds
            line("pauses", "\(detail.pauses.count)\(automatic > 0 ? " (\(automatic) automatic)" : ""), \(clockText(total)) in all")
            let shown = detail.pauses.prefix(10)
            for pause in shown {
                lines.append("    \(clockText(pause.startSeconds))\(pause.automatic ? " auto" : "")  for " + (pause.durationSeconds.map(clockText) ?? "the rest"))
            }
            if detail.pauses.count > shown.count { lines.append("    … and \(detail.pauses.count - shown.count) more (--json lists them all)") }
        }
        if !detail.laps.isEmpty {
            lines.append("  laps")
            for lap in detail.laps {
                var parts = ["\(lap.number)".padding(toLength: 3, withPad: " ", startingAt: 0), clockText(lap.durationSeconds), "from \(clockText(lap.startSeconds))"]
                if let meters = lap.distanceMeters { parts.append(String(format: "%.2f km", meters / 1000)) }
                if let heartRate = lap.averageHeartRate { parts.append(String(format: "%.0f bpm", heartRate)) }
                lines.append("    " + parts.joined(separator: "  "))
            }
        }
        if !detail.markers.isEmpty {
            line("markers", detail.markers.map { clockText($0.atSeconds) + ($0.name.map { " \($0)" } ?? "") }.joined(separator: ", "))
        }
        if !detail.deviceEvents.isEmpty {
            lines.append("  devices")
            for event in detail.deviceEvents { lines.append("    \(clockText(event.atSeconds))  \(event.name ?? "")") }
        }
        if let heartRate = detail.heartRate {
            line("heart rate", String(format: "%.0f bpm average, %.0f–%.0f", heartRate.average, heartRate.minimum, heartRate.maximum))
            lines.append("    " + sparkline(detail.heartRateSeries, from: detail.start, to: detail.end))
        }
        if let zones = detail.zones {
            lines.append("  zones       \(zones.description)")
            lines.append("    below Z1 \(clockText(zones.belowSeconds))  " + zones.seconds.enumerated().map { "Z\($0.offset + 1) \(clockText($0.element))" }.joined(separator: "  "))
        }
        lines += trainingLines(detail.training)
        if let stated = detail.statedTraining { lines.append("  device      " + stated.text) }
        if !detail.speedSeries.isEmpty {
            lines.append("  speed       " + (detail.maximumSpeed.map { String(format: "%.1f km/h top", $0 * 3.6) } ?? ""))
            lines.append("    " + sparkline(detail.speedSeries, from: detail.start, to: detail.end))
        }
        return lines
    }

    /// The training metrics' lines, as `show` prints them.
    static func trainingLines(_ training: RideMetrics?) -> [String] {
        guard let training else { return [] }
        var lines: [String] = []
        var power: [String] = []
        if let value = training.normalizedPower { power.append(String(format: "NP %.0f W", value)) }
        if let value = training.intensityFactor { power.append(String(format: "IF %.2f", value)) }
        if let value = training.trainingStressScore { power.append(String(format: "TSS %.0f", value)) }
        if let value = training.variabilityIndex { power.append(String(format: "VI %.2f", value)) }
        if let value = training.efficiencyFactor { power.append(String(format: "EF %.2f", value)) }
        if let value = training.work { power.append(String(format: "%.0f kJ", value)) }
        if !power.isEmpty { lines.append("  training    " + power.joined(separator: " · ")) }
        var more: [String] = []
        if let value = training.decoupling { more.append(String(format: "decoupling %.1f %%", value)) }
        if let value = training.trainingImpulse { more.append(String(format: "TRIMP %.0f", value)) }
        if let ftp = training.thresholds.functionalThresholdPower { more.append(String(format: "FTP %.0f W", ftp)) }
        if !more.isEmpty { lines.append((lines.isEmpty ? "  training    " : "              ") + more.joined(separator: " · ")) }
        if let zones = training.powerZones {
            lines.append("  power levels " + zones.seconds.enumerated().map { "L\($0.offset + 1) \(clockText($0.element))" }.joined(separator: "  "))
        }
        if let hrv = training.heartRateVariability {
            lines.append(String(format: "  hrv         RMSSD %.0f ms · SDNN %.0f ms · pNN50 %.0f %% (%d intervals, %d artefact%@)",
                                hrv.rmssd, hrv.sdnn, hrv.pnn50, hrv.intervals, hrv.artefacts, hrv.artefacts == 1 ? "" : "s"))
        }
        return lines
    }

    /// Values averaged into 60 columns over the workout, drawn with block characters.
    static func sparkline(_ values: [(Date, Double)], from start: Date, to end: Date) -> String {
        let columns = 60
        let span = max(end.timeIntervalSince(start), 1)
        var sums = [Double](repeating: 0, count: columns), counts = [Int](repeating: 0, count: columns)
        for (date, value) in values {
            let column = min(columns - 1, max(0, Int(date.timeIntervalSince(start) / span * Double(columns))))
            sums[column] += value
            counts[column] += 1
        }
        let averages = zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil }
        let present = averages.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return "" }
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(averages.map { value in
            guard let value else { return " " }
            return blocks[high > low ? Int((value - low) / (high - low) * 7) : 3]
        })
    }
}

/// Whether an activity is measured in pace (minutes per km) rather than speed: the live snapshot's rule.
func usesPace(_ activity: String) -> Bool { LiveSnapshot.showsPace(activity) }

/// A speed in metres per second as km/h, or as pace (min:ss /km) for foot sports.
func speedText(_ metersPerSecond: Double, activity: String) -> String {
    usesPace(activity) ? paceText(metersPerSecond) : String(format: "%.1f km/h", metersPerSecond * 3.6)
}
