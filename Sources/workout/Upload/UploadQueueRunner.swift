#if Web
import Foundation
import OpenHealthKit
import RideUploads
import WorkoutFormats
import WorkoutLibrary

/// Sends a queue's due jobs, a line for each, and with `wait` sleeps until the next is due.
struct UploadQueueRunner {
    let queue: UploadQueueFile
    let store: HKHealthStore
    let uploader: RideUploader

    /// Runs the jobs `only` chooses; the jobs as they end up.
    func run(only chosen: (UploadJob) -> Bool, wait: Bool) async throws -> [UploadJob] {
        var refused: Set<UploadDestination> = []
        while true {
            let now = Date()
            for job in try queue.jobs() where chosen(job) && job.isDue(at: now) && !refused.contains(job.destination) {
                guard let account = try queue.account(for: job.destination) else {
                    refused.insert(job.destination)
                    FileHandle.standardError.write(Data("error: no \(job.destination) account is connected; `workout upload connect \(job.destination.rawValue)` connects one.\n".utf8))
                    continue
                }
                let attempt = try await uploader.attempt(
                    job, account: account,
                    ride: { try await ride(job.workoutID) },
                    keepJob: { try queue.keep($0, now: Date()) },
                    keepAccount: { try queue.keep($0) })
                Sync.say(Self.line(attempt.job))
                if attempt.credentialsRefused {
                    refused.insert(job.destination)
                    FileHandle.standardError.write(Data("error: \(attempt.job.lastProblem ?? "the account was refused"); its rides stay queued.\n".utf8))
                }
            }
            let jobs = try queue.jobs().filter(chosen)
            let waiting = jobs.filter { !$0.state.isFinished && !refused.contains($0.destination) }
            guard wait, let next = waiting.map(\.nextAttempt).min() else {
                summarize(jobs)
                return jobs
            }
            let pause = max(next.timeIntervalSinceNow, 0)
            if pause > 0 { Sync.say("waiting \(Int(pause.rounded(.up))) s for the next try") }
            try await Task.sleep(for: .milliseconds(Int(pause * 1000) + 10))
        }
    }

    /// The FIT file of a stored workout, as it is uploaded.
    private func ride(_ id: UUID) async throws -> RideUpload {
        guard let workout = try await HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForObject(with: id))], sortDescriptors: []).result(for: store).first else {
            throw RecordingsError("workout \(id.uuidString) is no longer in \(store.location); `workout upload status` lists the queue.")
        }
        let activity = try await store.exportedActivity(of: workout)
        let name = "\(workout.workoutActivityType.name.capitalized) \(workout.startDate.formatted(date: .abbreviated, time: .shortened))"
        return RideUpload(workoutID: id, name: name, fit: try ActivityFile.data(activity, as: .fit),
                          indoor: workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool ?? false, start: workout.startDate)
    }

    private func summarize(_ jobs: [UploadJob]) {
        var done = 0, failed = 0, waiting = 0
        for job in jobs {
            switch job.state {
            case .done: done += 1
            case .failed: failed += 1
            case .queued, .sending, .processing: waiting += 1
            }
        }
        Sync.say("\(done) sent, \(waiting) waiting, \(failed) failed" + (waiting > 0 ? "; `workout upload run` sends what waits when it is due" : ""))
    }

    /// A job as a line: `sent`, `had`, `waiting`, `processing` or `failed`, its workout, the service, and why.
    static func line(_ job: UploadJob) -> String {
        let workout = String(job.workoutID.uuidString.prefix(8)).lowercased()
        switch job.state {
        case .done(let activity, let duplicate):
            return duplicate ? "had \(workout) on \(job.destination) already: activity \(activity)" : "sent \(workout) to \(job.destination): activity \(activity)"
        case .failed(let reason):
            return "failed \(workout) to \(job.destination): \(reason)"
        case .processing(let upload):
            return "processing \(workout) on \(job.destination) (upload \(upload)); next question at \(job.nextAttempt.formatted(.iso8601))"
        case .sending:
            return "sending \(workout) to \(job.destination), its answer not heard" + (job.lastProblem.map { ": \($0)" } ?? "")
                + "; \(job.destination) is asked for it at \(job.nextAttempt.formatted(.iso8601)) before it is sent again"
        case .queued:
            return "waiting \(workout) for \(job.destination)" + (job.lastProblem.map { ": \($0)" } ?? "") + "; next try at \(job.nextAttempt.formatted(.iso8601))"
        }
    }
}
#endif
