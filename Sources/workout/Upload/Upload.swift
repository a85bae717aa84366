#if Web
import ArgumentParser
import Foundation
import OpenHealthKit
import RideUploads
import WorkoutFormats

/// `workout upload`: rides sent on to Strava and intervals.icu through a queue that survives restarts.
struct Upload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send workouts on to Strava or intervals.icu.",
        discussion: """
            Connect an account once (`workout upload connect strava|intervals`), then send workouts by \
            identifier. Each workout goes as a FIT file through a queue kept beside the store: a ride that \
            cannot be sent now (no network, the service failing, a rate limit) waits there with its next try, \
            and `workout upload run` sends what is due. A ride is never sent twice: each carries the same \
            external id at every try, and a ride the service already has counts as sent.
            """,
        subcommands: [UploadSend.self, UploadConnect.self, UploadRun.self, UploadStatus.self],
        defaultSubcommand: UploadSend.self
    )
}

/// `workout upload send ID… --to strava|intervals`.
struct UploadSend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Queue workouts for a service and send them.",
        discussion: "Exits 0 when every workout given is on the service, 1 when one failed or still waits (`workout upload status` says why)."
    )

    @Argument(help: ArgumentHelp("Workouts' identifiers (or their first characters), or `last`.", valueName: "id"))
    var workouts: [String]

    @Option(help: ArgumentHelp("strava or intervals.", valueName: "service"))
    var to: UploadDestination

    @OptionGroup var options: UploadOptions

    func validate() throws {
        guard !workouts.isEmpty else { throw ValidationError("Give at least one workout's identifier (`workout list` shows them), or `last`.") }
    }

    func run() async throws {
        let queue = try options.openQueue()
        guard try queue.account(for: to) != nil else {
            throw RecordingsError("No \(to) account is connected to \(queue.path); connect one with `workout upload connect \(to.rawValue)` first.")
        }
        let store = try options.storeOptions.openExisting()
        var asked: Set<UUID> = []
        for prefix in workouts {
            let workout = try await findWorkout(prefix, in: store)
            asked.insert(workout.uuid)
            if let job = try queue.job(workout.uuid, to: to), case .done = job.state { continue }
            // A new job, or a failed one given another chance.
            try queue.keep(UploadJob(workoutID: workout.uuid, destination: to, now: Date()), now: Date())
        }
        let runner = UploadQueueRunner(queue: queue, store: store, uploader: options.uploader)
        let jobs = try await runner.run(only: { asked.contains($0.workoutID) && $0.destination == to }, wait: options.wait)
        if jobs.contains(where: { if case .done = $0.state { false } else { true } }) { throw ExitCode(1) }
    }
}

/// `workout upload run`: what is due in the queue.
struct UploadRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send the queued rides whose next try is due.",
        discussion: "Exits 0 when the queue holds nothing unsent, 1 when something failed or still waits."
    )

    @OptionGroup var options: UploadOptions

    func run() async throws {
        let queue = try options.openQueue()
        let store = try options.storeOptions.openExisting()
        let runner = UploadQueueRunner(queue: queue, store: store, uploader: options.uploader)
        // The jobs unfinished now, followed to their end.
        let pending = Set(try queue.jobs().filter { !$0.state.isFinished }.map { "\($0.workoutID)/\($0.destination)" })
        let jobs = try await runner.run(only: { pending.contains("\($0.workoutID)/\($0.destination)") }, wait: options.wait)
        if jobs.contains(where: { if case .done = $0.state { false } else { true } }) { throw ExitCode(1) }
    }
}

/// `workout upload status`: every job and where it stands.
struct UploadStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "List the upload queue: what is sent, waiting or failed.")

    @Option(help: ArgumentHelp("The upload queue (default: beside the store).", valueName: "path"))
    var queue: String?

    @Flag(help: "Print the jobs as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    /// A job as `--json` prints it.
    struct Row: Encodable {
        var workout: String
        var service: String
        /// `sent`, `had` (the service had it already), `processing`, `waiting` or `failed`.
        var state: String
        var activity: String?
        var upload: String?
        var attempts: Int
        var nextAttempt: Date?
        var problem: String?

        init(_ job: UploadJob) {
            workout = job.workoutID.uuidString
            service = job.destination.rawValue
            attempts = job.attempts
            problem = job.lastProblem
            switch job.state {
            case .done(let activity, let duplicate):
                state = duplicate ? "had" : "sent"
                self.activity = activity
            case .processing(let upload):
                state = "processing"
                self.upload = upload
                nextAttempt = job.nextAttempt
            case .queued:
                state = "waiting"
                nextAttempt = job.nextAttempt
            case .sending:
                state = "sending"
                nextAttempt = job.nextAttempt
            case .failed(let reason):
                state = "failed"
                problem = reason
            }
        }
    }

    func run() async throws {
        let file = try UploadQueueFile(path: try UploadQueueFile.location(path: queue, store: storeOptions.location))
        let jobs = try file.jobs()
        if json { return try printJSON(jobs.map(Row.init)) }
        for destination in UploadDestination.allCases {
            let account = try file.account(for: destination)
            guard account != nil || jobs.contains(where: { $0.destination == destination }) else { continue }
            switch account {
            case .strava(let strava)?: print("\(destination): connected\(strava.athlete.map { " as \($0)" } ?? "") (client \(strava.clientID))")
            case .intervals(let intervals)?: print("\(destination): connected as athlete \(intervals.athleteID)")
            case nil: print("\(destination): not connected")
            }
        }
        for job in jobs { print(UploadQueueRunner.line(job)) }
        if jobs.isEmpty { print("the queue is empty") }
    }
}
#endif
