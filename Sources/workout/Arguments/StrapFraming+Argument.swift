public import ArgumentParser
import WorkoutSources
public import SensorBridge

/// `--framing hrm1|hex|slip|cobs`: errors and help list the choices.
extension StrapFraming: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
