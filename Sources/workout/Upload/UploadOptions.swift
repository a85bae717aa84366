#if Web
import ArgumentParser
import Foundation
import RideUploads

/// Options shared by the upload commands that send: the queue file and the clock of retries.
struct UploadOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The upload queue (default: beside the store, health.uploads.sqlite for health.sqlite).", valueName: "path"))
    var queue: String?

    @Flag(help: "Wait out retries and rate limits until every job is sent or given up, instead of leaving them queued.")
    var wait = false

    @Option(help: .hidden)
    var pollInterval: Double = 2

    @Option(help: .hidden)
    var firstRetryWait: Double = 30

    @Option(help: .hidden)
    var lostAnswerWait: Double = 120

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard pollInterval >= 0.05 else { throw ValidationError("--poll-interval must be at least 0.05 s.") }
        guard firstRetryWait >= 0 else { throw ValidationError("--first-retry-wait must be 0 or more seconds.") }
    }

    /// The queue file.
    func openQueue() throws -> UploadQueueFile {
        try UploadQueueFile(path: try UploadQueueFile.location(path: queue, store: storeOptions.location))
    }

    /// The uploader, on the real clock.
    var uploader: RideUploader {
        var policy = UploadRetryPolicy.standard
        policy.firstWait = firstRetryWait
        return RideUploader(policy: policy, pollInterval: .milliseconds(Int(pollInterval * 1000)), lostAnswerWait: lostAnswerWait,
                            now: { Date() }, sleep: { try await Task.sleep(for: $0) })
    }
}
#endif
