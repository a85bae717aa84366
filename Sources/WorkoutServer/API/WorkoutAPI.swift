public import Foundation
public import WorkoutCatalog
public import WorkoutClub
public import WorkoutFormats

/// The JSON API's bodies, as both servers write them and `workout sync` reads them: one declaration each.
///
/// Both servers answer `GET /api/workouts` with a ``Page``, `GET /api/workouts/{id}/samples` with ``Samples``
/// and errors with an ``ErrorBody``; a workout's detail is a ``StoreDetail`` or, in a club, where a workout has
/// an athlete and laps are stored apart, a ``ClubDetail``.
public enum WorkoutAPI {
    /// How the API writes its bodies: dates in ISO 8601, keys sorted.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// How a client reads the API's bodies.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// A page of a list of workouts.
    public struct Page<Row: Codable & Sendable>: Codable, Sendable {
        /// The workouts on this page.
        public var workouts: [Row]
        /// How many workouts match the query in all.
        public var matching: Int
        /// The page's number, from 1.
        public var page: Int
        /// Workouts per page.
        public var pageSize: Int

        /// A page of `workouts`.
        public init(workouts: [Row], matching: Int, page: Int, pageSize: Int) {
            self.workouts = workouts
            self.matching = matching
            self.page = page
            self.pageSize = pageSize
        }
    }

    /// A workout of one athlete's store, with its figures.
    public struct StoreDetail: Codable, Sendable {
        /// The workout's summary.
        public var workout: WorkoutSummary
        /// Its figures, as every surface shows them.
        public var figures: WorkoutFigures
        /// How many laps it has.
        public var laps: Int
        /// Where its page, samples and files are.
        public var links: [String: String]
    }

    /// A club's workout, with its athlete, its laps and how many values each stored series holds.
    public struct ClubDetail: Codable, Sendable {
        /// The workout and its athlete.
        public var workout: ClubWorkout
        /// Its laps.
        public var laps: [ClubLap]
        /// How many values each stored series holds, by column.
        public var samples: [String: Int]
        /// Where its page, samples, files and archive are.
        public var links: [String: String]
    }

    /// A workout's readings of one type.
    public struct Samples: Codable, Sendable {
        /// One reading: an interval, or an instant whose start is its end.
        public struct Sample: Codable, Sendable {
            /// When it starts.
            public var start: Date
            /// When it ends.
            public var end: Date
            /// Its value, in ``Samples/unit``.
            public var value: Double
        }
        /// The type asked for.
        public var type: String
        /// The values' unit, as HealthKit writes it (`count/min`).
        public var unit: String
        /// The readings, in order.
        public var samples: [Sample]
    }

    /// What a club did with a workout sent to it.
    public struct Stored: Codable, Sendable {
        /// The workout's UUID.
        public var id: String
        /// `stored`, or `alreadyStored` for one sent before.
        public var outcome: String
        /// How many values its series hold.
        public var samples: Int
    }

    /// `POST /api/sync/missing`'s question: which of these workouts the club does not hold.
    public struct MissingRequest: Codable, Sendable {
        /// Workout UUIDs.
        public var ids: [String]

        /// A question about `ids`.
        public init(ids: [String]) { self.ids = ids }
    }

    /// `POST /api/sync/missing`'s answer.
    public struct Missing: Codable, Sendable {
        /// The UUIDs the club does not hold.
        public var missing: [String]
    }

    /// `GET /api/me`: who a token or session belongs to.
    public struct Me: Codable, Sendable {
        /// The athlete.
        public var athlete: Athlete
        /// Their groups.
        public var groups: [ClubGroup]
    }

    /// An error's body: `{"error": {"status": …, "title": …, "message": …}}`.
    public struct ErrorBody: Codable, Sendable {
        /// The error.
        public struct Detail: Codable, Sendable {
            /// The HTTP status.
            public var status: Int
            /// A heading for people.
            public var title: String
            /// What went wrong and what to do.
            public var message: String
        }
        /// The error.
        public var error: Detail
    }
}
