#if Web
/// Why a workout did not reach the club server.
struct SyncError: Error, CustomStringConvertible {
    let description: String
    /// Whether syncing the rest is pointless (the token was refused, the server is gone).
    let isFatal: Bool

    init(_ description: String, fatal: Bool = false) {
        self.description = description
        isFatal = fatal
    }
}
#endif
