internal import GRDB

/// The store's tables, created and upgraded by versioned migrations.
///
/// - `object`: every saved object. `id` is the object's anchor: a number from
///   the store-wide `change_counter` that only grows, shared with deletions so
///   anchored queries see saves and deletions in one order. `value` holds a
///   quantity in its type's canonical unit (for statistics), `raw_value` and
///   `unit` the quantity as it was created; category values, workout activity
///   types and state-of-mind valences also live in `value`.
/// - `data_type`, `source`: interned type identifiers and source revisions.
///   The `(type, start, end, value, count, source)` index covers statistics
///   scans, so they never visit the table.
///   `data_type.max_duration` is the longest sample ever stored of the type,
///   which bounds `start` from below in overlap queries so they use the
///   `(type, start)` index instead of scanning everything before the end date.
/// - `deleted_object`: tombstones for anchored queries.
/// - `characteristic`, `authorization_request`, `source_priority`,
///   `background_delivery`: the profile, the simulated user's answers and settings.
/// - `route_location` (v2): the positions of each workout route, by the route's identifier.
/// - `heartbeat` (v3): the beats of each heartbeat series, in seconds since the series start.
/// - `active_workout` (v4): the persisted state of each live workout in progress, for
///   ``HKHealthStore/recoverActiveWorkoutSession()``; its samples are the objects whose parent is the workout.
/// - `quantity_series_chunk` (v5): the values of quantity series samples (object rows of kind
///   ``ObjectKind/quantitySeries``), compressed in chunks (``QuantitySeriesChunks``), by the
///   sample's identifier. Rows written before v5 are untouched: each stays a sample of its own.
/// - `route_chunk` (v5): route positions in compressed chunks (``CompressedLocations``); a
///   route's positions are its chunks' and its `route_location` rows (those written before v5).
/// - `attachment` (v6): files attached to objects (``HKAttachmentStore``), by the object's
///   identifier; `data` holds the bytes zlib-compressed when `encoding` is `deflate`, as
///   attached when it is `identity`, and `size` is the attached size.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: objects, sources, deletions, authorization") { db in
            try db.execute(sql: """
                CREATE TABLE data_type (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    max_duration REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE source (
                    id INTEGER PRIMARY KEY,
                    bundle TEXT NOT NULL,
                    name TEXT NOT NULL,
                    version TEXT NOT NULL DEFAULT '',
                    product TEXT NOT NULL DEFAULT '',
                    os TEXT NOT NULL DEFAULT '',
                    UNIQUE (bundle, name, version, product, os)
                );
                CREATE TABLE change_counter (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    value INTEGER NOT NULL
                );
                INSERT INTO change_counter (id, value) VALUES (1, 0);
                CREATE TABLE object (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL UNIQUE,
                    kind INTEGER NOT NULL,
                    type INTEGER NOT NULL REFERENCES data_type(id),
                    start REAL NOT NULL,
                    end REAL NOT NULL,
                    value REAL,
                    raw_value REAL,
                    unit TEXT,
                    count INTEGER NOT NULL DEFAULT 1,
                    source INTEGER NOT NULL REFERENCES source(id),
                    device TEXT,
                    metadata TEXT,
                    payload TEXT,
                    parent BLOB
                );
                CREATE INDEX object_by_type_start ON object (type, start, end, value, count, source);
                CREATE INDEX object_by_parent ON object (parent) WHERE parent IS NOT NULL;
                CREATE TABLE deleted_object (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL,
                    type INTEGER NOT NULL,
                    source INTEGER NOT NULL,
                    metadata TEXT
                );
                CREATE INDEX deleted_object_by_type ON deleted_object (type, id);
                CREATE TABLE characteristic (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                );
                CREATE TABLE authorization_request (
                    bundle TEXT NOT NULL,
                    type TEXT NOT NULL,
                    access INTEGER NOT NULL,
                    PRIMARY KEY (bundle, type, access)
                );
                CREATE TABLE source_priority (
                    type TEXT NOT NULL,
                    bundle TEXT NOT NULL,
                    rank INTEGER NOT NULL,
                    PRIMARY KEY (type, bundle)
                );
                CREATE TABLE background_delivery (
                    bundle TEXT NOT NULL,
                    type TEXT NOT NULL,
                    frequency INTEGER NOT NULL,
                    PRIMARY KEY (bundle, type)
                );
                """)
        }
        migrator.registerMigration("v2: workout route locations") { db in
            try db.execute(sql: """
                CREATE TABLE route_location (
                    route BLOB NOT NULL,
                    timestamp REAL NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    altitude REAL NOT NULL,
                    horizontal_accuracy REAL NOT NULL,
                    vertical_accuracy REAL NOT NULL,
                    course REAL NOT NULL,
                    course_accuracy REAL NOT NULL,
                    speed REAL NOT NULL,
                    speed_accuracy REAL NOT NULL
                );
                CREATE INDEX route_location_by_route ON route_location (route, timestamp);
                """)
        }
        migrator.registerMigration("v3: heartbeat series") { db in
            try db.execute(sql: """
                CREATE TABLE heartbeat (
                    series BLOB NOT NULL,
                    time_since_start REAL NOT NULL,
                    preceded_by_gap INTEGER NOT NULL
                );
                CREATE INDEX heartbeat_by_series ON heartbeat (series, time_since_start);
                """)
        }
        migrator.registerMigration("v4: active workouts for crash recovery") { db in
            try db.execute(sql: """
                CREATE TABLE active_workout (
                    workout BLOB PRIMARY KEY,
                    bundle TEXT NOT NULL,
                    state TEXT NOT NULL,
                    updated INTEGER NOT NULL
                );
                CREATE INDEX active_workout_by_bundle ON active_workout (bundle, updated);
                """)
        }
        migrator.registerMigration("v5: quantity series and route chunks") { db in
            try db.execute(sql: """
                CREATE TABLE quantity_series_chunk (
                    series BLOB NOT NULL,
                    first REAL NOT NULL,
                    last REAL NOT NULL,
                    count INTEGER NOT NULL,
                    data BLOB NOT NULL
                );
                CREATE INDEX quantity_series_chunk_by_series ON quantity_series_chunk (series, first);
                CREATE TABLE route_chunk (
                    route BLOB NOT NULL,
                    first REAL NOT NULL,
                    count INTEGER NOT NULL,
                    data BLOB NOT NULL
                );
                CREATE INDEX route_chunk_by_route ON route_chunk (route, first);
                """)
        }
        migrator.registerMigration("v6: attachments") { db in
            try db.execute(sql: """
                CREATE TABLE attachment (
                    id BLOB PRIMARY KEY,
                    object BLOB NOT NULL,
                    name TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    created REAL NOT NULL,
                    metadata TEXT,
                    encoding TEXT NOT NULL,
                    data BLOB NOT NULL
                );
                CREATE INDEX attachment_by_object ON attachment (object);
                """)
        }
        return migrator
    }
}

