public import Foundation

/// The value grammars of scenario and plan files: durations, distances, speeds, paces, watts and beats per minute.
public enum UnitText {
    /// Seconds from `90`, `90s`, `10m`, `10min`, `1h30m`, `2h 5m 3s` or `1:05:00`.
    public static func duration(_ text: String) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite { return seconds }
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            return parts.reduce(0) { $0 * 60 + $1! }
        }
        let units: [(String, Double)] = [("hours", 3600), ("hour", 3600), ("hr", 3600), ("h", 3600), ("minutes", 60), ("min", 60), ("m", 60),
                                         ("seconds", 1), ("sec", 1), ("s", 1), ("ms", 0.001)]
        var total = 0.0, rest = Substring(text.replacingOccurrences(of: " ", with: "")), matched = false
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard let value = Double(digits), !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isLetter }
            guard let factor = (letters == "ms" ? 0.001 : units.first { $0.0 == letters }?.1) else { return nil }
            rest = rest.dropFirst(letters.count)
            total += value * factor
            matched = true
        }
        return matched ? total : nil
    }

    /// Metres from `1200`, `400m`, `5km`, `5 km`, `13.1mi`, `100yd` or `500ft`.
    public static func distance(_ text: String) -> Double? {
        number(text, units: ["m": 1, "km": 1000, "mi": 1609.344, "yd": 0.9144, "ft": 0.3048], bare: 1)
    }

    /// Metres per second from `3.5`, `3.5 m/s`, `12 km/h`, `12kph` or `8 mph`.
    public static func speed(_ text: String) -> Double? {
        number(text, units: ["m/s": 1, "km/h": 1 / 3.6, "kph": 1 / 3.6, "mph": 0.44704, "mi/h": 0.44704], bare: 1)
    }

    /// Metres per second from a pace: `5:30/km`, `8:00/mi`, `1:45/100m`.
    public static func pace(_ text: String) -> Double? {
        let parts = text.replacingOccurrences(of: " ", with: "").split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let seconds = duration(String(parts[0])), seconds > 0 else { return nil }
        let per: Double? = switch parts[1] {
        case "km": 1000
        case "mi": 1609.344
        case "100m": 100
        case "500m": 500
        default: nil
        }
        return per.map { $0 / seconds }
    }

    /// Watts from `200`, `200W` or `200 W`.
    public static func power(_ text: String) -> Double? { number(text, units: ["w": 1, "W": 1], bare: 1) }

    /// Beats per minute from `150` or `150bpm`.
    public static func heartRate(_ text: String) -> Double? { number(text, units: ["bpm": 1], bare: 1) }

    private static func number(_ text: String, units: [String: Double], bare: Double) -> Double? {
        let compact = text.replacingOccurrences(of: " ", with: "")
        let digits = compact.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" }
        guard let value = Double(digits), value.isFinite else { return nil }
        let unit = compact.dropFirst(digits.count)
        if unit.isEmpty { return value * bare }
        return units[String(unit)].map { value * $0 }
    }
}
