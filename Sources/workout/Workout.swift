import ArgumentParser

/// The `workout` command: record, replay and check workouts, and inspect the health store.
@main
struct Workout: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Record, replay and check workouts against a HealthKit-compatible store.",
        discussion: """
            Data lives in the embedded store: $OPENHEALTHKIT_STORE if set (":memory:" for none), \
            else $XDG_DATA_HOME/openhealthkit/health.sqlite (~/.local/share/openhealthkit/health.sqlite).
            """,
        version: version,
        subcommands: [Record.self, List.self, Show.self, Delete.self, Recover.self, Export.self, Import.self, Info.self, Replay.self, Check.self, Simulate.self, Hrm.self, Samples.self, Stats.self, StoreInfo.self, Convert.self]
    )
}
