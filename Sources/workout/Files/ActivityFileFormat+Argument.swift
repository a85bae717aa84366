public import ArgumentParser
public import WorkoutFormats

/// `--format fit|tcx|gpx`: errors and help list the choices.
extension ActivityFileFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
