import Foundation

/// gpsd's JSON lines through the recorder's reader, for the fuzzer and the
/// tests; not part of the library's API.
@_spi(Fuzzing)
public enum GPSDLineConversion {
    /// A fix as the recorder takes it: latitude and longitude in degrees,
    /// the receiver's time in seconds since 1970, the horizontal error in metres.
    public typealias Fix = (latitude: Double, longitude: Double, time: Double, horizontalError: Double?)

    /// Reads `line` (one line of gpsd's JSON, without its line end) as the recorder does.
    ///
    /// - Returns: the fix, or `nil` when the line carries none.
    /// - Throws: the reader's error, as a recorder would report it, when the line is not one of gpsd's reports.
    public static func fix(fromLine line: [UInt8]) throws -> Fix? {
        guard case .fix(let fix) = try GPSDMessage(line: line) else { return nil }
        return (fix.latitude, fix.longitude, fix.time.timeIntervalSince1970, fix.horizontalError)
    }
}
