import Foundation

extension HKHealthStore {
    /// Writes the store's write-ahead log into its file and empties the log:
    /// a command that wrote a workout calls it before it exits, so the file
    /// on disk is the whole store and as small as it gets.
    package func checkpoint() async {
        guard let database = try? database() else { return }
        await database.checkpoint()
    }
}
