public import Foundation
import WorkoutCatalog
public import WorkoutClub
public import WorkoutFormats

/// The JSON API's bodies, as both servers write them and `workout sync` reads them: one declaration each.
///
/// Both servers answer `GET /api/workouts` with a ``Page``, `GET /api/workouts/{id}` with a ``Detail``,
/// `GET /api/workouts/{id}/samples` with ``Samples`` and errors with an ``ErrorBody``; `docs/openapi.yaml`
/// describes them, and a test checks both running servers against it.
public enum WorkoutAPI {
    /// How the API writes its bodies: dates in ISO 8601, keys sorted, units' slashes as they are (`count/min`).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
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

    /// A workout's detail, as both servers write it: the workout as the list gives it (in a club with its
    /// athlete's keys), its figures with its laps as objects, its readings by column, and links. A club adds
    /// how many values each stored series holds (`stored`), its check that nothing was cut off.
    public struct Detail<Workout: Codable & Sendable>: Codable, Sendable {
        /// The workout, as the list writes it.
        public var workout: Workout
        /// Its figures, as every surface shows them, laps included; numbers to the millimetre and millisecond.
        public var figures: WorkoutFigures
        /// How many readings of each column the samples endpoint serves.
        public var readings: [String: Int]
        /// In a club, how many values each stored series holds, by series.
        public var stored: [String: Int]?
        /// Where its page, samples and files are.
        public var links: [String: String]
    }

    /// A workout's readings of one column, compact: offsets from the first record and values, in two arrays.
    public struct Samples: Codable, Sendable {
        /// The column: `heartRate`, `speed`, `power`, `cadence`, `altitude`, `distance` (cumulative) or `temperature`.
        public var type: String
        /// The values' unit, as HealthKit writes it (`count/min`).
        public var unit: String
        /// The time of the workout's first record: offsets count from it.
        public var start: Date
        /// Seconds each value stands for when averaged (`?resolution=`); absent for every reading as recorded.
        public var resolution: Double?
        /// Seconds from ``start`` of each value (of each bucket's start, when averaged).
        public var offsets: [Double]
        /// The values, rounded to what the column measures.
        public var values: [Double]

        /// `column`'s readings in `activity`, every reading or the mean of each `resolution` seconds that hold any.
        init(_ activity: Activity, column: SampleColumn, resolution: Double?) {
            let records = activity.records.sorted { $0.date < $1.date }
            let start = records.first?.date ?? activity.startDate ?? Date(timeIntervalSince1970: 0)
            var offsets: [Double] = [], values: [Double] = []
            var bucket: (index: Int, sum: Double, count: Int)?
            func close() {
                guard let open = bucket, let resolution else { return }
                offsets.append(Double(open.index) * resolution)
                values.append(open.sum / Double(open.count))
            }
            for record in records {
                guard let value = record[keyPath: column.keyPath], value.isFinite else { continue }
                let offset = record.date.timeIntervalSince(start)
                guard let resolution else {
                    offsets.append(offset)
                    values.append(value)
                    continue
                }
                let index = Int(offset / resolution)
                if let open = bucket, open.index == index {
                    bucket = (index, open.sum + value, open.count + 1)
                } else {
                    close()
                    bucket = (index, value, 1)
                }
            }
            close()
            self.type = column.rawValue
            self.unit = column.unit
            self.start = start
            self.resolution = resolution
            self.offsets = offsets.map { WorkoutAPI.rounded($0, decimals: 3) }
            self.values = values.map { WorkoutAPI.rounded($0, decimals: column.decimals) }
        }
    }

    /// `value` to `decimals` decimals, without the float noise a sum leaves (`1953.9999999999995`).
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
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
