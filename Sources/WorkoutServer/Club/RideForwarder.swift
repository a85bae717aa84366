import ClubArchive
import Foundation
import Logging
import RideUploads
import ServiceLifecycle
import WorkoutClub
import WorkoutCatalog
import WorkoutFormats

/// Sends the club's new rides on to the services their athletes forward to (``Club/setForward(_:for:)``), as a
/// service beside the HTTP server: every `look` it claims the jobs that are due, so several server processes
/// share the queue in the database and none sends a ride another holds; a job whose process died is taken up
/// again when its claim lapses, and Strava's upload id in it means it is asked about, not sent again.
struct RideForwarder: Service {
    let club: Club
    let metrics: ServerMetrics
    let uploader: RideUploader
    /// The wait between two looks for due jobs.
    let look: Duration
    /// How long a claim holds.
    let lease: TimeInterval
    let logger: Logger

    func run() async throws {
        let service = self
        await everyLook(pausing: look) { await service.forwardDue() }
    }

    /// One look: every due job claimed, attempted, kept.
    func forwardDue() async {
        do {
            while true {
                let claimed = try await club.claimForwardJobs(lease: lease)
                if claimed.isEmpty { return }
                for forward in claimed { try await attempt(forward) }
            }
        } catch is CancellationError {
        } catch {
            logger.error("forwarding rides stopped until the next look: \(error)")
        }
    }

    private func attempt(_ forward: ForwardJob) async throws {
        let club = club
        let destination = forward.job.destination
        guard let account = try await club.forwards(of: forward.athleteID).first(where: { $0.destination == destination }) else {
            var job = forward.job
            job.state = .failed(reason: "the athlete no longer forwards rides to \(destination)")
            return try await club.keepForwardJob(job)
        }
        let attempt = try await uploader.attempt(
            forward.job, account: account,
            ride: { try await Self.ride(forward, club: club) },
            keepJob: { try await club.noteForwardJob($0) },
            keepAccount: { try await club.keepForwardAccount($0, for: forward.athleteID) })
        try await club.keepForwardJob(attempt.job)
        let workout = forward.job.workoutID.uuidString
        switch attempt.job.state {
        case .done(let activity, let duplicate):
            metrics.forwarded(destination.rawValue, outcome: duplicate ? "had" : "sent")
            logger.info("workout \(workout) \(duplicate ? "was on \(destination) already" : "sent to \(destination)"): activity \(activity)")
        case .failed(let reason):
            metrics.forwarded(destination.rawValue, outcome: "failed")
            logger.error("workout \(workout) not sent to \(destination): \(reason)")
        case .queued, .sending, .processing:
            metrics.forwarded(destination.rawValue, outcome: "waiting")
            logger.warning("workout \(workout) waits for \(destination): \(attempt.job.lastProblem ?? "processing")")
        }
    }

    /// The workout as the FIT file the club's download gives, byte for byte.
    private static func ride(_ forward: ForwardJob, club: Club) async throws -> RideUpload {
        guard let archive = try await club.archive(forward.job.workoutID, visibleTo: forward.athleteID) else {
            throw ForwardError(description: "workout \(forward.job.workoutID.uuidString) is no longer on the club")
        }
        let name = "\(archive.summary.activity.capitalized) \(archive.summary.start.formatted(date: .abbreviated, time: .shortened))"
        return RideUpload(workoutID: forward.job.workoutID, name: name, fit: try DownloadedFile.data(ServedClub.downloadedActivity(archive), as: .fit),
                          indoor: archive.activity.records.allSatisfy { $0.latitude == nil }, start: archive.summary.start)
    }
}

/// A ride that cannot be forwarded.
struct ForwardError: Error, CustomStringConvertible {
    let description: String
}
