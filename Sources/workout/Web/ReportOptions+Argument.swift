public import ArgumentParser
public import WorkoutReport

/// `--units metric|imperial`.
extension ReportUnits: ExpressibleByArgument {}

/// `--colour-by speed|heart-rate`.
extension ReportOptions.TrackColouring: ExpressibleByArgument {
    /// `speed`, or `heart-rate` (also `hr`).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "speed": self = .speed
        case "heart-rate", "heartrate", "hr": self = .heartRate
        default: return nil
        }
    }

    /// The names the option takes.
    public static var allValueStrings: [String] { ["speed", "heart-rate"] }
}
