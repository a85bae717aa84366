import ArgumentParser

/// What a build without the `Web` trait says of the commands and options that need it.
enum WebTrait {
    /// Whether this build has the web app, the club server and their clients.
    static var isBuilt: Bool {
        #if Web
        true
        #else
        false
        #endif
    }

    /// The message for `what` (a command or an option) in a build without the web.
    static func missing(_ what: String) -> String {
        "\(what) needs the web stack, which this build of workout leaves out (it was built with --disable-default-traits). "
            + "Install the openhealthkit package, or build with the default traits: swift build -c release --product workout"
    }
}

#if !Web
/// `workout serve` in a build without the web: says how to get it.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the store as a web app: the workout list, each workout's report, downloads, upload and delete, and a JSON API.")
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    func run() throws { throw RecordingsError(WebTrait.missing("workout serve")) }
}

/// `workout sync` in a build without the web: says how to get it.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send the store's workouts that a club server lacks; with --pull, bring the athlete's workouts from it.")
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    func run() throws { throw RecordingsError(WebTrait.missing("workout sync")) }
}

/// `workout upload` in a build without the web: says how to get it.
struct Upload: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send workouts on to Strava or intervals.icu.")
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
    func run() throws { throw RecordingsError(WebTrait.missing("workout upload")) }
}
#endif
