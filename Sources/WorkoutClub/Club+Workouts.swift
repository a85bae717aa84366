public import ClubArchive
public import Foundation
import WorkoutFormats
public import TrainingMetrics
public import WorkoutCatalog

extension Club {
    /// Who may see athlete `w.athlete_id`'s workouts: `$1` is the one asking. They see their own, those of the
    /// members of their groups who share, and, as a group's coach, every member's of that group; a workout its
    /// athlete made private, nobody else.
    static let visible = """
        (w.athlete_id = $1 OR (w.visibility <> 'private' AND EXISTS (SELECT 1 FROM group_members mine JOIN group_members theirs ON theirs.group_id = mine.group_id
            WHERE mine.athlete_id = $1 AND theirs.athlete_id = w.athlete_id AND (theirs.shares_workouts = 1 OR mine.role = 'coach'))))
        """
    static let listing = """
        SELECT w.id, w.activity, w.start_time, w.end_time, w.duration, w.distance, w.energy, w.average_heart_rate, w.pauses,
               w.athlete_id, a.name, w.record_count, w.received_at, w.facts, w.legs, w.efforts
        FROM workouts w JOIN athletes a ON a.id = w.athlete_id
        """

    /// Stores a workout of `owner`, with its series, laps and events, in one
    /// transaction: all of it or nothing.
    ///
    /// Idempotent by the workout's UUID: sending it again, from the same recorder
    /// or another, or twice at once, leaves one copy and answers ``StoreOutcome/alreadyStored``.
    public func store(_ archive: WorkoutArchive, owner: Int64) async throws -> StoreOutcome {
        let id = archive.id.uuidString
        let s = archive.summary
        let derived = Self.derivedFigures(of: archive)
        var statements = [SQLStatement("""
            INSERT INTO workouts (id, athlete_id, activity, start_time, end_time, duration, distance, energy, average_heart_rate, pauses,
                                  record_count, facts, received_at, legs, stress, stress_known, efforts)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16) ON CONFLICT (id) DO NOTHING RETURNING id
            """, [.text(id), .integer(owner), .text(s.activity), .date(s.start), .date(s.end), .real(s.durationSeconds), .real(s.distanceMeters),
                  .real(s.energyKilocalories), .real(s.averageHeartRate), .integer(Int64(s.pauses)), .integer(Int64(archive.activity.records.count)),
                  .text(archive.factsJSON), .date(now()), .text(s.legs.flatMap(Self.legsText)),
                  // Its training stress, by the figures every surface uses, against the athlete's figures it came with,
                  // and its best efforts, from one reading of its records.
                  .real(derived.stress), .text(derived.efforts.metadataValue)])]
        for (column, count, samples) in archive.series {
            statements.append(SQLStatement("INSERT INTO workout_series (workout_id, kind, sample_count, samples) VALUES ($1, $2, $3, $4)",
                                           [.text(id), .text(column.rawValue), .integer(Int64(count)), .blob(samples)], onlyIfRowsFrom: 0))
        }
        for (index, lap) in archive.activity.laps.enumerated() {
            statements.append(SQLStatement("""
                INSERT INTO workout_laps (workout_id, lap_index, start_time, elapsed, timer, distance, average_heart_rate, maximum_heart_rate,
                                          average_speed, average_power, lap_trigger)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                """, [.text(id), .integer(Int64(index)), .date(lap.start), .real(lap.elapsedTime), .real(lap.timerTime), .real(lap.distance),
                      .real(lap.averageHeartRate), .real(lap.maximumHeartRate), .real(lap.averageSpeed), .real(lap.averagePower),
                      .text(ArchiveFacts.triggerName(of: lap))], onlyIfRowsFrom: 0))
        }
        for (index, event) in archive.activity.timerEvents.enumerated() {
            statements.append(SQLStatement(
                "INSERT INTO workout_events (workout_id, event_index, kind, event_time, automatic) VALUES ($1, $2, $3, $4, $5)",
                [.text(id), .integer(Int64(index)), .text(event.kind == .stop ? "stop" : "start"), .date(event.date), .bool(event.isAutomatic)],
                onlyIfRowsFrom: 0))
        }
        // A new workout is queued for every service its athlete forwards rides to.
        statements.append(SQLStatement("""
            INSERT INTO forward_jobs (workout_id, destination, athlete_id, next_attempt, finished)
            SELECT $1, destination, $2, $3, 0 FROM ride_forwards WHERE athlete_id = $2 ON CONFLICT (workout_id, destination) DO NOTHING
            """, [.text(id), .integer(owner), .date(now())], onlyIfRowsFrom: 0))
        let results = try await database.transaction(statements)
        if !results[0].isEmpty { return .stored }
        let owners = try await database.read("SELECT athlete_id FROM workouts WHERE id = $1", [.text(id)])
        return owners.first?["athlete_id"].integer == owner ? .alreadyStored : .ownedByAnother
    }

    /// The workouts `viewer` may see, filtered, sorted and cut to a page.
    ///
    /// - Parameters:
    ///   - activity: Only this activity (`running`, `cycling`, …).
    ///   - athleteName: Only this athlete's.
    ///   - from: Only those started at or after.
    ///   - to: Only those started before.
    ///   - order: The list's order; newest first by default.
    public func workouts(visibleTo viewer: Int64, activity: String? = nil, athleteName: String? = nil, from: Date? = nil, to: Date? = nil,
                         order: ClubListOrder = .newestFirst, limit: Int = 50, offset: Int = 0) async throws -> (page: [ClubWorkout], matching: Int) {
        guard ![activity, athleteName].contains(where: { $0?.contains("\u{0}") == true }) else { return ([], 0) }
        var conditions = [Self.visible]
        var arguments: [SQLValue] = [.integer(viewer)]
        func condition(_ sql: String, _ value: SQLValue) {
            arguments.append(value)
            conditions.append(sql.replacingOccurrences(of: "?", with: "$\(arguments.count)"))
        }
        if let activity { condition("w.activity = ?", .text(activity)) }
        // Names as people type them: `Ada` finds ada.
        if let athleteName { condition("LOWER(a.name) = LOWER(?)", .text(athleteName)) }
        if let from { condition("w.start_time >= ?", .date(from)) }
        if let to { condition("w.start_time < ?", .date(to)) }
        let filter = " WHERE " + conditions.joined(separator: " AND ")
        let count = try await database.read("SELECT COUNT(*) AS total FROM workouts w JOIN athletes a ON a.id = w.athlete_id" + filter, arguments)
        let page = try await database.read(Self.listing + filter + " \(order.sql(database.dialect)) LIMIT \(max(0, min(limit, 1_000))) OFFSET \(max(0, offset))",
                                           arguments)
        return (page.map(Self.workout), Int(count.first?["total"].integer ?? 0))
    }

    /// The activities of every workout `viewer` may see, sorted, for the list's filter.
    public func activities(visibleTo viewer: Int64) async throws -> [String] {
        try await database.read("SELECT DISTINCT w.activity FROM workouts w WHERE " + Self.visible + " ORDER BY w.activity", [.integer(viewer)])
            .compactMap { $0["activity"].text }
    }

    /// The workout `id` if `viewer` may see it, else nil (as for one that does not exist).
    public func workout(_ id: UUID, visibleTo viewer: Int64) async throws -> ClubWorkout? {
        try await database.read(Self.listing + " WHERE w.id = $2 AND " + Self.visible, [.integer(viewer), .text(id.uuidString)]).first.map(Self.workout)
    }

    /// The one workout `viewer` may see whose identifier starts with `prefix`; nil when none does, or several.
    public func workout(startingWith prefix: ShortIdentifier, visibleTo viewer: Int64) async throws -> ClubWorkout? {
        // A short identifier holds only hex digits and dashes: nothing in it is a LIKE wildcard.
        let rows = try await database.read(Self.listing + " WHERE w.id LIKE $2 AND " + Self.visible + " LIMIT 2", [.integer(viewer), .text(prefix.text + "%")])
        return rows.count == 1 ? rows.first.map(Self.workout) : nil
    }

    /// Who may see workout `id`, and its link's token when it is public; nil when it is not `owner`'s.
    public func visibility(of id: UUID, owner: Int64) async throws -> (visibility: WorkoutVisibility, token: String?)? {
        let rows = try await database.read("SELECT visibility, share_token FROM workouts WHERE id = $1 AND athlete_id = $2", [.text(id.uuidString), .integer(owner)])
        return rows.first.map(Self.sharing)
    }

    /// Makes workout `id` of `owner`'s `visibility`: a public one keeps its link's token or gets a new one
    /// (`newToken`), any other loses it, so an old link stops working. Nil when the workout is not `owner`'s.
    public func setVisibility(_ visibility: WorkoutVisibility, of id: UUID, owner: Int64,
                              newToken: String = SecretToken.generate()) async throws -> (visibility: WorkoutVisibility, token: String?)? {
        let rows = try await database.transaction([SQLStatement("""
            UPDATE workouts SET visibility = $1, share_token = CASE WHEN $1 = 'public' THEN COALESCE(share_token, $2) ELSE NULL END
            WHERE id = $3 AND athlete_id = $4 RETURNING visibility, share_token
            """, [.text(visibility.rawValue), .text(newToken), .text(id.uuidString), .integer(owner)])])
        return rows.first?.first.map(Self.sharing)
    }

    /// Who may see a workout, from a row with its `visibility` and `share_token`.
    static func sharing(_ row: SQLRow) -> (visibility: WorkoutVisibility, token: String?) {
        (WorkoutVisibility(rawValue: row["visibility"].text ?? "") ?? .club, row["share_token"].text)
    }

    /// The public workout whose link holds `token`; nil for any other token.
    public func workout(sharedBy token: String) async throws -> ClubWorkout? {
        guard !token.isEmpty, !token.contains("\u{0}") else { return nil }
        return try await database.read(Self.listing + " WHERE w.share_token = $1 AND w.visibility = 'public'", [.text(token)]).first.map(Self.workout)
    }

    /// The whole workout `id` (figures, readings, laps, events) if `viewer` may see it, else nil.
    public func archive(_ id: UUID, visibleTo viewer: Int64) async throws -> WorkoutArchive? {
        let rows = try await database.read(Self.listing + " WHERE w.id = $2 AND " + Self.visible, [.integer(viewer), .text(id.uuidString)])
        guard let row = rows.first else { return nil }
        return try await archive(of: row)
    }

    /// The archive of the workout a ``listing`` row holds, with its series.
    func archive(of row: SQLRow) async throws -> WorkoutArchive {
        let id = row["id"].text ?? ""
        let series = try await database.read("SELECT kind, samples FROM workout_series WHERE workout_id = $1", [.text(id)])
        return try WorkoutArchive(summary: Self.workout(row).summary, factsJSON: row["facts"].text ?? "{}",
                                  series: series.compactMap { row in ArchiveColumn(rawValue: row["kind"].text ?? "").map { ($0, row["samples"].blob ?? Data()) } })
    }

    /// A workout's training stress (TSS, else TRIMP), by the figures every surface uses, against the athlete's
    /// figures it came with (nil without power or a heart-rate reserve), and its best efforts.
    static func derivedFigures(of archive: WorkoutArchive) -> (stress: Double?, efforts: WorkoutEfforts) {
        let timeline = WorkoutTimeline(activity: archive.activity)
        let stress = WorkoutFigures(activity: archive.activity, timeline: timeline, athlete: archive.athlete).training?.stress
        return (stress, WorkoutEfforts(activity: archive.activity, timeline: timeline))
    }

    /// Computes the training stress and best efforts of the workouts stored before the club kept them (schema
    /// versions 3 and 5), `batch` at a time, until none is left; returns how many it computed. The server runs it
    /// as it starts; running it again, or on two servers at once, computes each workout once more at most and
    /// changes nothing: a value kept already is never replaced.
    ///
    /// A workout whose archive no longer reads is marked done with neither, and counted, rather than stop the rest.
    @discardableResult
    public func computeMissingFigures(batch: Int = 100) async throws -> Int {
        var computed = 0
        while true {
            let rows = try await database.read(Self.listing + " WHERE w.stress_known = 0 OR w.efforts IS NULL ORDER BY w.start_time LIMIT $1",
                                               [.integer(Int64(max(1, batch)))])
            if rows.isEmpty { return computed }
            for row in rows {
                let id = row["id"].text ?? ""
                guard let archive = try? await archive(of: row) else {
                    // A row whose archive cannot be read keeps no stress and no efforts, and is not read again.
                    try await database.execute("UPDATE workouts SET stress_known = 1, efforts = COALESCE(efforts, '') WHERE id = $1", [.text(id)])
                    computed += 1
                    continue
                }
                let derived = Self.derivedFigures(of: archive)
                try await database.execute("""
                    UPDATE workouts SET stress = CASE WHEN stress_known = 0 THEN $1 ELSE stress END, stress_known = 1,
                                        efforts = COALESCE(efforts, $2) WHERE id = $3
                    """, [.real(derived.stress), .text(derived.efforts.metadataValue), .text(id)])
                computed += 1
            }
        }
    }

    /// The laps of workout `id` if `viewer` may see it, else nil.
    public func laps(of id: UUID, visibleTo viewer: Int64) async throws -> [ClubLap]? {
        guard try await workout(id, visibleTo: viewer) != nil else { return nil }
        return try await database.read("""
            SELECT lap_index, start_time, elapsed, timer, distance, average_heart_rate, maximum_heart_rate, average_speed, average_power, lap_trigger
            FROM workout_laps WHERE workout_id = $1 ORDER BY lap_index
            """, [.text(id.uuidString)]).map { row in
            ClubLap(index: Int(row["lap_index"].integer ?? 0), start: row["start_time"].date ?? .distantPast, elapsedSeconds: row["elapsed"].real ?? 0,
                    timerSeconds: row["timer"].real ?? 0, distanceMeters: row["distance"].real, averageHeartRate: row["average_heart_rate"].real,
                    maximumHeartRate: row["maximum_heart_rate"].real, averageSpeed: row["average_speed"].real, averagePower: row["average_power"].real,
                    trigger: row["lap_trigger"].text ?? "manual")
        }
    }

    /// Deletes workout `id` with its series, laps and events if it is `owner`'s; false otherwise.
    public func deleteWorkout(_ id: UUID, owner: Int64) async throws -> Bool {
        try await !database.write("DELETE FROM workouts WHERE id = $1 AND athlete_id = $2 RETURNING id", [.text(id.uuidString), .integer(owner)]).isEmpty
    }

    /// Which of `ids` `owner` has on the server.
    public func storedIDs(of owner: Int64, among ids: [UUID]) async throws -> Set<UUID> {
        var found: Set<UUID> = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 500)]
            start += chunk.count
            let placeholders = (0..<chunk.count).map { "$\($0 + 2)" }.joined(separator: ", ")
            let rows = try await database.read("SELECT id FROM workouts WHERE athlete_id = $1 AND id IN (\(placeholders))",
                                               [.integer(owner)] + chunk.map { .text($0.uuidString) })
            found.formUnion(rows.compactMap { $0["id"].text.flatMap(UUID.init(uuidString:)) })
        }
        return found
    }

    /// How many readings workout `id` holds in each of its series (none when it is not stored).
    public func seriesCounts(of id: UUID) async throws -> [ArchiveColumn: Int] {
        var counts: [ArchiveColumn: Int] = [:]
        for row in try await database.read("SELECT kind, sample_count FROM workout_series WHERE workout_id = $1", [.text(id.uuidString)]) {
            if let column = ArchiveColumn(rawValue: row["kind"].text ?? "") { counts[column] = Int(row["sample_count"].integer ?? 0) }
        }
        return counts
    }

    /// The squad page's lines: each member of `groupID` who shares their workouts
    /// (and `viewer`), with what they did in `[from, to)`; nil when `viewer` is not in the group.
    public func squad(_ groupID: Int64, viewer: Int64, from: Date, to: Date) async throws -> [SquadRow]? {
        let member = try await database.read("SELECT role FROM group_members WHERE group_id = $1 AND athlete_id = $2", [.integer(groupID), .integer(viewer)])
        guard let mine = member.first else { return nil }
        let coaching: Int64 = mine["role"].text == GroupRole.coach.rawValue ? 1 : 0
        // Every member, each with their role and whether they share; figures only where the viewer may see them, never of
        // workouts their athletes made private.
        return try await database.read("""
            SELECT a.id, a.name, m.role, m.shares_workouts, COUNT(w.id) AS workouts, COALESCE(SUM(w.distance), 0) AS distance,
                   COALESCE(SUM(w.duration), 0) AS duration, COALESCE(SUM(w.stress), 0) AS stress, MAX(w.start_time) AS last_workout
            FROM group_members m JOIN athletes a ON a.id = m.athlete_id
            LEFT JOIN workouts w ON w.athlete_id = a.id AND w.start_time >= $2 AND w.start_time < $3
                AND (m.shares_workouts = 1 OR m.athlete_id = $4 OR $5 = 1) AND (w.visibility <> 'private' OR w.athlete_id = $4)
            WHERE m.group_id = $1
            GROUP BY a.id, a.name, m.role, m.shares_workouts
            ORDER BY COALESCE(SUM(w.distance), 0) DESC, a.name
            """, [.integer(groupID), .date(from), .date(to), .integer(viewer), .integer(coaching)]).map { row in
            let shares = row["shares_workouts"].integer == 1
            let athlete = row["id"].integer ?? 0
            return SquadRow(athleteID: athlete, name: row["name"].text ?? "", workouts: Int(row["workouts"].integer ?? 0),
                            distanceMeters: row["distance"].real ?? 0, durationSeconds: row["duration"].real ?? 0, stress: row["stress"].real ?? 0,
                            lastWorkout: row["last_workout"].date, role: GroupRole(rawValue: row["role"].text ?? "") ?? .member,
                            sharesWorkouts: shares, visible: shares || athlete == viewer || coaching == 1)
        }
    }

    /// `athlete`'s training-load chart (``TrainingLoad``) from their first workout with a stress to day `last`,
    /// days counted in `timeZone`: the stress each workout was stored with, one query.
    public func trainingLoad(of athlete: Int64, through last: Date, timeZone: TimeZone) async throws -> [TrainingLoad.Day] {
        TrainingLoad.chart(of: try await stresses(of: athlete, through: last), through: last, days: CalendarDays(timeZone: timeZone))
    }

    /// When each of `athlete`'s workouts with a stress started, up to `last`, and its stress, oldest first.
    public func stresses(of athlete: Int64, through last: Date) async throws -> [(start: Date, stress: Double)] {
        try await database.read("SELECT start_time, stress FROM workouts WHERE athlete_id = $1 AND stress IS NOT NULL AND start_time <= $2 ORDER BY start_time",
                                 [.integer(athlete), .date(last)]).compactMap { row in
            guard let start = row["start_time"].date, let stress = row["stress"].real else { return nil }
            return (start, stress)
        }
    }

    /// The workout of a row selected with ``listing``.
    static func workout(_ row: SQLRow) -> ClubWorkout {
        let summary = WorkoutSummary(id: row["id"].text ?? "", activity: row["activity"].text ?? "", start: row["start_time"].date ?? .distantPast,
                                     end: row["end_time"].date ?? .distantPast, durationSeconds: row["duration"].real ?? 0, distanceMeters: row["distance"].real,
                                     energyKilocalories: row["energy"].real, averageHeartRate: row["average_heart_rate"].real,
                                     pauses: Int(row["pauses"].integer ?? 0), legs: row["legs"].text.flatMap(Self.legs),
                                     efforts: row["efforts"].text.flatMap(WorkoutEfforts.init(metadataValue:)))
        return ClubWorkout(summary: summary, athleteID: row["athlete_id"].integer ?? 0, athleteName: row["name"].text ?? "",
                           recordCount: Int(row["record_count"].integer ?? 0), receivedAt: row["received_at"].date ?? .distantPast)
    }

    /// A multisport workout's legs as the `legs` column holds them: a JSON array of activity names.
    static func legsText(_ legs: [String]) -> String? {
        (try? JSONEncoder().encode(legs)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The legs a `legs` column holds; nil for anything but a JSON array of strings.
    static func legs(_ text: String) -> [String]? {
        try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
