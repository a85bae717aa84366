#if Web
import ArgumentParser
import ClubArchive
import Foundation
import OpenHealthKit
import WorkoutClub
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog

/// `workout sync --to URL --token T`: the store's workouts to a club server, and back with `--pull`.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send the store's workouts that a club server lacks; with --pull, bring the athlete's workouts from it.",
        discussion: """
            Asks the server which of the store's workouts it lacks (by UUID), then sends each as an archive with all \
            its readings, laps and events. Sending is idempotent: a workout the server has is never stored twice, so \
            an interrupted sync is simply run again, and a dropped connection or a restarting server is retried \
            within --retry-for. A bar shows progress on a terminal; each workout sent is a line on standard output. \
            Exits 0 when every workout is on the server, 1 otherwise. The token comes from \
            `workout serve tokens add ATHLETE` on the server; --token-file or WORKOUT_SYNC_TOKEN keep it off the command line.
            """
    )

    @Option(help: ArgumentHelp("The club server's address, such as https://club.example.org/.", valueName: "url"))
    var to: String

    @Option(help: ArgumentHelp("The recorder's token (else --token-file, else $WORKOUT_SYNC_TOKEN).", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("A file whose first line is the token.", valueName: "path"))
    var tokenFile: String?

    @Flag(help: "Bring the athlete's workouts the store lacks from the server, after sending.")
    var pull = false

    @Option(help: ArgumentHelp("Seconds to keep retrying a workout while the server cannot be reached.", valueName: "seconds"))
    var retryFor: Double = 60

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        _ = try SyncClient.serverURL(to, option: "--to")
        guard retryFor >= 0 else { throw ValidationError("--retry-for must be 0 or more seconds.") }
    }

    func run() async throws {
        let client = SyncClient(base: try SyncClient.serverURL(to, option: "--to"), token: try Self.token(token, file: tokenFile), retryFor: retryFor)
        let store = pull ? storeOptions.open() : try storeOptions.openExisting()
        let report = try await Self.sendMissing(from: store, to: client)
        if pull { try await pullWorkouts(of: report.athlete, client: client, into: store, known: report.known) }
        if report.failed > 0 { throw ExitCode(1) }
    }

    /// What a sync sent.
    struct Report {
        var sent = 0
        var failed = 0
        /// The club UUIDs of the workouts not sent.
        var failedIDs: Set<UUID> = []
        var samples = 0
        /// Whose token it is.
        var athlete: String
        /// The club UUIDs of every workout in the store.
        var known: Set<UUID> = []
    }

    /// Sends the store's workouts the server lacks, oldest first, a line for each on `lines` (standard
    /// output unless told); a refused token ends it.
    static func sendMissing(from store: HKHealthStore, to client: SyncClient, lines: FileHandle = .standardOutput) async throws -> Report {
        func say(_ line: String) { lines.write(Data((line + "\n").utf8)) }
        let me = try await client.me()
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        let byID = Dictionary(workouts.map { (clubID(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let order = workouts.map(clubID(of:))
        let lacking = Set(try await client.missing(order))
        let missing = order.filter { lacking.contains($0) }
        let bar = ProgressBar(label: "Sending \(missing.count) of \(workouts.count) workouts")
        var report = Report(athlete: me, known: Set(order))
        for (index, id) in missing.enumerated() {
            guard let workout = byID[id] else { continue }
            let archive = try await WorkoutArchive(workout: workout, in: store, id: id)
            do {
                let outcome = try await client.send(archive)
                report.sent += 1
                report.samples += archive.activity.records.count
                // Each line as it happens, also into a pipe or a log: it says what the server acknowledged.
                say("\(outcome == .stored ? "sent" : "had") \(id.uuidString) \(archive.summary.activity) \(archive.summary.start.formatted(.iso8601)) \(archive.activity.records.count) samples")
            } catch let error as SyncError {
                report.failed += 1
                report.failedIDs.insert(id)
                FileHandle.standardError.write(Data("workout \(id.uuidString): \(error)\n".utf8))
                if error.isFatal { break }
            }
            bar?.update(Double(index + 1) / Double(max(missing.count, 1)))
        }
        bar?.finish()
        say("\(report.sent) sent (\(report.samples) samples), \(workouts.count - missing.count) already on \(client.base.absoluteString) for \(me)"
            + (report.failed > 0 ? ", \(report.failed) not sent" : ""))
        return report
    }

    private func pullWorkouts(of athlete: String, client: SyncClient, into store: HKHealthStore, known: Set<UUID>) async throws {
        let theirs = try await client.workouts(of: athlete).filter { !known.contains($0) }
        let bar = ProgressBar(label: "Bringing \(theirs.count) workouts")
        var importer = ActivityImporter(store: store)
        for (index, id) in theirs.enumerated() {
            let archive = try await client.archive(id)
            importer.externalUUID = id
            let workout = try await importer.importActivity(archive.activity, from: "\(id.uuidString).ohka")
            Self.say("pulled \(id.uuidString) as \(workout.uuid.uuidString) \(archive.summary.activity) \(archive.activity.records.count) samples")
            bar?.update(Double(index + 1) / Double(max(theirs.count, 1)))
        }
        bar?.finish()
        Self.say("\(theirs.count) pulled")
    }

    /// The token: given, else a file's first line, else $WORKOUT_SYNC_TOKEN.
    static func token(_ token: String?, file: String?) throws -> String {
        if let token { return token }
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8), let line = text.split(whereSeparator: \.isNewline).first else {
                throw ValidationError("The token file \(file) cannot be read or is empty.")
            }
            return line.trimmingCharacters(in: .whitespaces)
        }
        if let token = ProcessInfo.processInfo.environment["WORKOUT_SYNC_TOKEN"], !token.isEmpty { return token }
        throw ValidationError("Give --token, --token-file or WORKOUT_SYNC_TOKEN: a token from `workout serve tokens add ATHLETE` on the server.")
    }

    /// A line on standard output, written at once (unbuffered, unlike `print` into a pipe).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The UUID a workout has on the club: the one it was pulled under, else its own.
    static func clubID(of workout: HKWorkout) -> UUID {
        (workout.metadata?[HKMetadataKeyExternalUUID] as? String).flatMap(UUID.init(uuidString:)) ?? workout.uuid
    }
}
#endif
