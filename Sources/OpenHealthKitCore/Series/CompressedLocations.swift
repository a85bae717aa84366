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
        var writer = BitWriter()
        var time = XORChannel()
        var fields = [XORChannel](repeating: XORChannel(), count: 9)
        var previous = 0.0
        for location in locations {
            let t = location.timestamp.timeIntervalSince1970
            time.write(t, after: previous, to: &writer)
            previous = t
            for (index, value) in Self.fields(of: location).enumerated() { fields[index].write(value.bitPattern, to: &writer) }
        }
        words = writer.words
        count = locations.count
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
            var f = [Double](repeating: 0, count: 9)
            for index in 0..<9 { f[index] = Double(bitPattern: fields[index].read(from: &reader)) }
            result.append(CLLocation(coordinate: CLLocationCoordinate2D(latitude: f[0], longitude: f[1]), altitude: f[2],
                                     horizontalAccuracy: f[3], verticalAccuracy: f[4], course: f[5], courseAccuracy: f[6],
                                     speed: f[7], speedAccuracy: f[8], timestamp: Date(timeIntervalSince1970: t)))
            if reader.overran { return nil }
        }
        return result
    }

    private static func fields(of l: CLLocation) -> [Double] {
        [l.coordinate.latitude, l.coordinate.longitude, l.altitude, l.horizontalAccuracy, l.verticalAccuracy,
         l.course, l.courseAccuracy, l.speed, l.speedAccuracy]
    }
}
