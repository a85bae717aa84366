import Foundation
import OpenHealthKit
import WorkoutFormats

/// Draws the dashboard of a bike computer on a terminal of any size: a header
/// with the state, the big figures (elapsed time, distance, heart rate) when
/// there is room, the other fields in a grid, a region for log messages and
/// the keys. Every line is exactly as wide as the terminal, so a redraw
/// leaves nothing stale; nothing is ever wider, so nothing wraps.
enum RecordDashboard {
    /// The screen's lines, exactly `height` of them, each exactly `width` columns.
    static func render(_ state: DashboardState, width: Int, height: Int) -> [String] {
        let width = max(width, 20), height = max(height, 3)
        let snapshot = state.snapshot
        var lines: [String] = []
        let clock = state.timeOfDay
        let title = " \(snapshot.state.label.uppercased())  \(snapshot.activity)  lap \(snapshot.lap)"
        lines.append(fit(title + String(repeating: " ", count: max(1, width - title.count - clock.count - 1)) + clock + " ", width))
        for line in snapshot.guidance ?? [] { lines.append(fit(" " + line, width)) }

        // Big figures when the screen has room for them and the fields below.
        let bigFigures = width >= 78 && height >= 20
        if bigFigures {
            let boxWidth = width / 3
            let boxes = [
                box("TIME", big(clockText(snapshot.elapsedSeconds)), width: boxWidth),
                box("DISTANCE km", big(String(format: "%.2f", snapshot.distanceMeters / 1000)), width: boxWidth),
                box("HEART RATE bpm" + (snapshot.heartRateZone.map { "  Z\($0)" } ?? ""), big(snapshot.heartRate.map { String(format: "%.0f", $0) } ?? "-"),
                    width: width - 2 * boxWidth),
            ]
            for row in 0..<5 { lines.append(fit(boxes.map { $0[row] }.joined(), width)) }
        } else {
            lines.append(fit(" time \(clockText(snapshot.elapsedSeconds))   distance \(String(format: "%.2f km", snapshot.distanceMeters / 1000))   heart rate "
                + (snapshot.heartRate.map { String(format: "%.0f bpm", $0) } ?? "-") + (snapshot.heartRateZone.map { " Z\($0)" } ?? ""), width))
        }

        let speed: (Double?) -> String = { value in
            guard let value else { return "-" }
            return snapshot.showsPace ? paceText(value) : String(format: "%.1f km/h", value * 3.6)
        }
        let fields: [(String, String)] = [
            ("lap time", clockText(snapshot.lapSeconds)),
            ("lap distance", String(format: "%.2f km", snapshot.lapDistanceMeters / 1000)),
            ("energy", snapshot.energyKilocalories.map { String(format: "%.0f kcal", $0) } ?? "-"),
            (snapshot.showsPace ? "pace" : "speed", speed(snapshot.speed)),
            (snapshot.showsPace ? "average pace" : "average", speed(snapshot.averageSpeed)),
            (snapshot.showsPace ? "best pace" : "maximum", speed(snapshot.maximumSpeed)),
            ("cadence", snapshot.cadence.map { String(format: "%.0f rpm", $0) } ?? "-"),
            ("power", snapshot.power.map { String(format: "%.0f W", $0) } ?? "-"),
            ("lap power", snapshot.lapAveragePower.map { String(format: "%.0f W", $0) } ?? "-"),
            ("30 s power", snapshot.power30s.map { String(format: "%.0f W", $0) } ?? "-"),
            ("NP", snapshot.normalizedPower.map { String(format: "%.0f W", $0) } ?? "-"),
            ("TSS", snapshot.trainingStressScore.map { String(format: "%.0f", $0) } ?? "-"),
            ("average hr", snapshot.averageHeartRate.map { String(format: "%.0f bpm", $0) } ?? "-"),
            ("avg cadence", snapshot.averageCadence.map { WorkoutFigures.cadenceText($0, onFoot: snapshot.showsPace) } ?? "-"),
            ("avg power", snapshot.averagePower.map { String(format: "%.0f W", $0) } ?? "-"),
            ("climbed", snapshot.ascentMeters.map { String(format: "%.0f m", $0) } ?? "-"),
            ("elevation", snapshot.elevationMeters.map { String(format: "%.0f m", $0) } ?? "-"),
            ("grade", snapshot.gradePercent.map { String(format: "%+.1f %%", $0) } ?? "-"),
        ]
        let columns = width >= 60 ? 3 : width >= 40 ? 2 : 1
        let cellWidth = width / columns
        for start in stride(from: 0, to: fields.count, by: columns) {
            let cells = fields[start..<min(start + columns, fields.count)].map { label, value in
                fit(" " + label.padding(toLength: min(13, max(0, cellWidth - value.count - 2)), withPad: " ", startingAt: 0) + value, cellWidth)
            }
            lines.append(fit(cells.joined(), width))
        }
        if let balance = snapshot.wPrimeBalance, let share = snapshot.wPrimeShare {
            // W′ balance with a bar, and a warning when it runs low.
            let bar = max(0, min(10, Int((share * 10).rounded())))
            let text = String(format: " W′ balance %.1f kJ %3.0f%% ", balance / 1000, share * 100) + "[" + String(repeating: "#", count: bar) + String(repeating: ".", count: 10 - bar) + "]"
            lines.append(fit(text + (snapshot.wPrimeLow == true ? "  LOW: ease off" : ""), width))
        }
        lines.append(fit(" gps   " + (snapshot.gps?.text ?? "not used"), width))
        if snapshot.sensors.count > 1 {
            // Several sensors: one line, each by its name with its state and battery; what changed is in the log.
            lines.append(fit(" sensors " + snapshot.sensors.map(Self.sensorText).joined(separator: "  "), width))
        } else {
            lines.append(fit(" strap " + (snapshot.strap?.text ?? "not used"), width))
        }
        // Trouble still in force (the store refusing writes, a source that failed), as the live page shows it.
        for warning in snapshot.warnings ?? [] { lines.append(fit(" ! " + warning.message, width)) }

        // The keys take the last line; log messages fill what is left, newest last.
        let keys = fit(" [p] pause/resume  [l] lap  [m] marker  [q] finish", width)
        let room = height - lines.count - 1
        if room >= 2 {
            lines.append(fit(" ─ log " + String(repeating: "─", count: max(0, width - 7)), width))
            let shown = state.log.suffix(room - 1)
            lines += shown.map { fit(" " + $0, width) }
            lines += Array(repeating: String(repeating: " ", count: width), count: room - 1 - shown.count)
        } else if room > 0 {
            lines += Array(repeating: String(repeating: " ", count: width), count: room)
        }
        // A screen too small for everything keeps its top, then the keys.
        if lines.count > height - 1 { lines = Array(lines.prefix(height - 1)) }
        lines.append(keys)
        return lines
    }

    /// `text` cut or padded to exactly `width` columns.
    static func fit(_ text: String, _ width: Int) -> String {
        let count = text.count
        if count == width { return text }
        if count > width { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - count)
    }

    /// A box of five rows: a top border with a label, three rows of big digits, a bottom border.
    static func box(_ label: String, _ digits: [String], width: Int) -> [String] {
        let inner = max(0, width - 2)
        let top = "┌" + fit("─ \(label) " + String(repeating: "─", count: inner), inner) + "┐"
        let body = digits.map { row -> String in
            let padding = max(0, inner - row.count)
            return "│" + fit(String(repeating: " ", count: padding / 2) + row, inner) + "│"
        }
        return [top] + body + ["└" + String(repeating: "─", count: inner) + "┘"]
    }

    /// `text` in digits three rows high (digits, `:`, `.`, `-`, space).
    static func big(_ text: String) -> [String] {
        var rows = ["", "", ""]
        for character in text {
            let glyph = glyphs[character] ?? glyphs[" "]!
            for row in 0..<3 { rows[row] += glyph[row] + (character == ":" || character == "." ? "" : " ") }
        }
        return rows
    }

    /// A sensor in a few characters: `power on 72%`, `strap silent`, `speed lost`.
    static func sensorText(_ sensor: LiveSnapshot.Source) -> String {
        let state = switch sensor.kind {
        case nil: "waiting"
        case .connected?, .contactRestored?, .fix2D?, .fix3D?: "on"
        case .stale?: "silent"
        case .contactLost?: "no contact"
        case .disconnected?, .reconnecting?, .noFix?: "lost"
        }
        return "\(sensor.label ?? sensor.name) \(state)" + (sensor.battery.map { " \($0)%" } ?? "")
    }

    private static let glyphs: [Character: [String]] = [
        "0": ["█▀█", "█ █", "█▄█"], "1": ["▀█ ", " █ ", "▄█▄"], "2": ["▀▀█", "█▀▀", "█▄▄"], "3": ["▀▀█", " ▀█", "▄▄█"],
        "4": ["█ █", "▀▀█", "  █"], "5": ["█▀▀", "▀▀█", "▄▄█"], "6": ["█▀▀", "█▀█", "█▄█"], "7": ["▀▀█", "  █", "  █"],
        "8": ["█▀█", "█▀█", "█▄█"], "9": ["█▀█", "▀▀█", "▄▄█"], ":": ["  ", "▀ ", "▀ "], ".": ["  ", "  ", "▄ "],
        "-": ["   ", "▀▀▀", "   "], " ": ["   ", "   ", "   "],
    ]
}

/// A speed in metres per second as a pace, `m:ss /km`.
func paceText(_ metersPerSecond: Double) -> String {
    guard metersPerSecond > 0.3 else { return "-:-- /km" }
    let seconds = Int((1000 / metersPerSecond).rounded())
    return String(format: "%d:%02d /km", seconds / 60, seconds % 60)
}
