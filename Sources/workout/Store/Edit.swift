import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog

/// `workout edit ID`: a stored workout's title, notes, sport or visibility.
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change a workout's title, notes, sport or who may see it.",
        discussion: """
            A title or notes change in place: the workout keeps its identifier. A sport changes what the workout's \
            samples are (a ride's distance is cycling distance and its cadence crank revolutions, a run's are walking \
            and running distance and steps), so the workout is stored again from its own records under the new sport, \
            with its laps, pauses, route, heartbeats, metadata and original file, and gets a new identifier, which the \
            command prints. An empty --name or --notes removes them. --visibility public gives the workout a link,             /shared/TOKEN on `workout serve`, that anyone may read without the server's token; private drops it.
            """
    )

    @Argument(help: ArgumentHelp("The workout's identifier (or its first characters, or 'last').", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("The workout's title, such as \"Coast loop\" (at most 200 characters).", valueName: "title"))
    var name: String?

    @Option(help: ArgumentHelp("Notes about the workout (at most 10,000 characters).", valueName: "text"))
    var notes: String?

    @Option(help: ArgumentHelp("The workout's sport: running, cycling, walking, hiking, swimming, rowing, cross_country_skiing or training.",
                               valueName: "sport"))
    var activity: String?

    @Option(help: ArgumentHelp("Who may see it when the store is served: private, or public (anyone with its link).", valueName: "who"))
    var visibility: String?

    @Flag(help: "Print the workout as it now is as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let activity, ActivitySport(name: activity) == nil || ActivitySport(name: activity) == .transition {
            throw ValidationError("Unknown activity '\(activity)'. Name running, cycling, walking, hiking, swimming, rowing, cross_country_skiing or training.")
        }
        if let visibility, ![WorkoutVisibility.private, .public].contains(WorkoutVisibility(rawValue: visibility)) {
            throw ValidationError("--visibility \(visibility): give private or public (a store has no club).")
        }
        if name == nil, notes == nil, activity == nil, visibility == nil {
            throw ValidationError("Say what to change: --name, --notes, --activity or --visibility.")
        }
    }

    func run() async throws {
        let store = try storeOptions.openExisting()
        let workout = try await findWorkout(id, in: store)
        let edited: HKWorkout
        do {
            edited = try await store.edit(workout, WorkoutEdit(name: name, notes: notes, sport: activity.flatMap(ActivitySport.init(name:)),
                                                               visibility: visibility.flatMap(WorkoutVisibility.init(rawValue:))))
        } catch let error as WorkoutEditError {
            throw RecordingsError(error.description)
        }
        let summary = WorkoutSummary(edited)
        if json { return try printJSON(summary) }
        let title = summary.name.map { "“\($0)”, " } ?? ""
        // Who may see it, when asked: its link where it is public.
        let token = edited.metadata?[OpenHealthKitMetadataKeyShareToken] as? String
        let shared = visibility == nil ? "" : token.map { ", public at /shared/\($0) on `workout serve`" } ?? ", private"
        if edited.uuid == workout.uuid {
            print("edited \(summary.id): \(title)\(ActivityWords.name(of: summary.activity, legs: summary.legs))\(shared)")
        } else {
            print("edited \(workout.uuid.uuidString): now \(summary.id), \(title)\(ActivityWords.name(of: summary.activity, legs: summary.legs))\(shared) (a new sport stores the workout again)")
        }
    }
}
