import Foundation

/// Route positions compressed without loss, as ``CompressedRows`` compresses
/// statistic rows: the timestamp as its difference from the previous one,
/// every other field XORed with the previous position's, so the bits that
/// stay the same from one fix to the next (accuracies, most of a latitude)
/// cost one bit each. Every field reads back bit for bit.
struct CompressedLocations: Sendable {
    let words: [UInt64]
    let count: Int

    /// Compresses `locations`, in the order given.
    init(_ locations: some Collection<CLLocation>) {
        self = Encoder(locations).compressed
    }

    /// Positions already compressed.
    init(words: [UInt64], count: Int) {
        self.words = words
        self.count = count
    }

    /// Compresses positions one at a time: a live route's last chunk grows with each write, and each position
    /// is encoded once, not again with every write that follows it.
    struct Encoder: Sendable {
        private var writer = BitWriter()
        private var time = XORChannel()
        private var fields = [XORChannel](repeating: XORChannel(), count: 9)
        private var previous = 0.0
        /// Positions encoded so far.
        private(set) var count = 0

        /// An encoder holding `locations`, in the order given.
        init(_ locations: some Collection<CLLocation> = [CLLocation]()) {
            for location in locations { append(location) }
        }

        /// Encodes `location` after those before it.
        mutating func append(_ location: CLLocation) {
            let t = location.timestamp.timeIntervalSince1970
            time.write(t, after: previous, to: &writer)
            previous = t
            // The nine fields in their stored order, without an array per position.
            fields[0].write(location.coordinate.latitude.bitPattern, to: &writer)
            fields[1].write(location.coordinate.longitude.bitPattern, to: &writer)
            fields[2].write(location.altitude.bitPattern, to: &writer)
            fields[3].write(location.horizontalAccuracy.bitPattern, to: &writer)
            fields[4].write(location.verticalAccuracy.bitPattern, to: &writer)
            fields[5].write(location.course.bitPattern, to: &writer)
            fields[6].write(location.courseAccuracy.bitPattern, to: &writer)
            fields[7].write(location.speed.bitPattern, to: &writer)
            fields[8].write(location.speedAccuracy.bitPattern, to: &writer)
            count += 1
        }

        /// The positions encoded so far.
        var compressed: CompressedLocations { CompressedLocations(words: writer.words, count: count) }

        /// The bytes ``compressed`` takes, without making them.
        var byteCount: Int { writer.wordCount * 8 }
    }

    /// Positions read back from stored ``bytes``.
    init(bytes: some Collection<UInt8>, count: Int) {
        let rows = CompressedRows(bytes: bytes, count: count)
        words = rows.words
        self.count = count
    }

    /// The words as bytes, little-endian, for storing.
    var bytes: [UInt8] { CompressedRows(words: words, count: count).bytes }

    /// The positions, in order; `nil` when the words end before them (damaged bytes).
    var locations: [CLLocation]? {
        var reader = BitReader(words: words)
        var time = XORChannel()
        var fields = [XORChannel](repeating: XORChannel(), count: 9)
        var previous = 0.0
        var result: [CLLocation] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            let t = time.read(after: previous, from: &reader)
            previous = t
            func next(_ index: Int) -> Double { Double(bitPattern: fields[index].read(from: &reader)) }
            let latitude = next(0), longitude = next(1), altitude = next(2), horizontal = next(3), vertical = next(4)
            let course = next(5), courseAccuracy = next(6), speed = next(7), speedAccuracy = next(8)
            result.append(CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: altitude,
                                     horizontalAccuracy: horizontal, verticalAccuracy: vertical, course: course, courseAccuracy: courseAccuracy,
                                     speed: speed, speedAccuracy: speedAccuracy, timestamp: Date(timeIntervalSince1970: t)))
            if reader.overran { return nil }
        }
        return result
    }
}
