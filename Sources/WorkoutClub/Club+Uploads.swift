import Crypto
public import Foundation

extension Club {
    /// The UUID a workout uploaded as a file is kept under: the same for the same
    /// athlete, activity and starting second, so a file uploaded twice, even at
    /// once, is stored once (the second answers ``StoreOutcome/alreadyStored``).
    ///
    /// Name-based (RFC 9562 version 8, from SHA-256), never the UUID of a recorded workout.
    public static func uploadedWorkoutID(owner: Int64, activity: String, start: Date) -> UUID {
        let name = "openhealthkit-upload|\(owner)|\(activity)|\(Int64(start.timeIntervalSince1970.rounded(.down)))"
        var b = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        b[6] = (b[6] & 0x0F) | 0x80
        b[8] = (b[8] & 0x3F) | 0x80
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// `owner`'s workout of `activity` that starts within half a second of `start`, if any:
    /// the same workout, uploaded as another file or sent by a recorder.
    public func workout(ownedBy owner: Int64, activity: String, startingAt start: Date) async throws -> ClubWorkout? {
        guard !activity.contains("\u{0}") else { return nil }
        return try await database.read(Self.listing + " WHERE w.athlete_id = $1 AND w.activity = $2 AND w.start_time > $3 AND w.start_time < $4 ORDER BY w.start_time LIMIT 1",
                                       [.integer(owner), .text(activity), .date(start.addingTimeInterval(-0.5)), .date(start.addingTimeInterval(0.5))]).first.map(Self.workout)
    }
}
