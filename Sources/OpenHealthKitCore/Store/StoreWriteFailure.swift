import Foundation
internal import GRDB

/// Why the store could not take a write, told for a person, and whether
/// trying again later may succeed (a full or read-only disk, a failing
/// card, another process holding the lock), as a recorder does with the
/// readings it holds.
struct StoreWriteFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with what to do.
    let description: String
    /// Whether the same write may succeed later.
    let isTransient: Bool

    init(_ error: any Error) {
        guard let database = error as? DatabaseError else {
            description = "\(error)"
            isTransient = false
            return
        }
        switch database.resultCode {
        case .SQLITE_FULL:
            description = "the disk holding the store is full (SQLite error 13); free some space"
            isTransient = true
        case .SQLITE_READONLY:
            description = "the store has become read-only (SQLite error \(database.extendedResultCode.rawValue)); make its disk writable again"
            isTransient = true
        case .SQLITE_IOERR:
            description = "the store's disk failed to write (SQLite I/O error \(database.extendedResultCode.rawValue)); check the card or disk"
            isTransient = true
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            description = "another process holds the store's lock (SQLite error \(database.resultCode.rawValue))"
            isTransient = true
        case .SQLITE_CANTOPEN:
            description = "the store's file cannot be opened (SQLite error 14); was its folder removed or unmounted?"
            isTransient = true
        default:
            description = "\(error)"
            isTransient = false
        }
    }
}
