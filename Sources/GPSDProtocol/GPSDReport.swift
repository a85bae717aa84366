package import Foundation

/// A position fix as gpsd reports it in a TPV message.
package struct GPSDFix: Sendable, Hashable {
    /// The receiver's time of the fix (never the time it arrived).
    package var time: Date
    /// 0 not seen, 1 no fix, 2 2D, 3 3D.
    package var mode: Int
    package var latitude: Double
    package var longitude: Double
    /// Altitude above mean sea level, else above the ellipsoid, when known.
    package var altitude: Double?
    /// Estimated horizontal error (95 %), metres.
    package var horizontalError: Double?
    /// Estimated vertical error (95 %), metres.
    package var verticalError: Double?
    /// Speed over ground from Doppler, metres per second.
    package var speed: Double?
    /// Course over ground, degrees from true north.
    package var track: Double?
}

extension GPSDMessage {
    /// The longest line gpsd writes (its `GPS_JSON_RESPONSE_MAX`); a longer one is refused.
    package static let maximumLineLength = 10_240

    /// Reads one line of gpsd's JSON protocol (without its line end).
    ///
    /// The line is parsed here, in Swift, not by libgps: libgps 3.22
    /// (Debian 12) loops forever on some lines gpsd never sends but a wrong
    /// or hostile peer could, such as `{s"class":"DEVICE"` or a DEVICE whose
    /// `activated` is an object (found by fuzzing).
    ///
    /// A TPV without a time is proof of life only; one without a 2D fix, or
    /// whose position is not a place on Earth, is no fix; altitude, errors,
    /// speed and track are kept only when they make sense.
    ///
    /// - Throws: ``GPSDLineError`` when the line is not a JSON object with a
    ///   `class`, a known field has the wrong type, or the line is too long.
    package init(line: some Collection<UInt8>) throws(GPSDLineError) {
        let excerpt = String(decoding: line.prefix(80), as: UTF8.self) + (line.count > 80 ? "…" : "")
        guard line.count <= Self.maximumLineLength else {
            throw GPSDLineError(excerpt: excerpt, reason: "\(line.count) bytes, longer than gpsd's \(Self.maximumLineLength)")
        }
        let report: GPSDJSONReport
        do {
            report = try JSONDecoder().decode(GPSDJSONReport.self, from: Data(line))
        } catch let error as DecodingError {
            throw GPSDLineError(excerpt: excerpt, reason: Self.reason(error))
        } catch {
            throw GPSDLineError(excerpt: excerpt, reason: "\(error)")
        }
        self.init(report)
    }

    private init(_ report: GPSDJSONReport) {
        switch report.class {
        case "TPV":
            guard let text = report.time, let time = GPSDTime.date(text) else { self = .other; return }
            let mode = report.mode ?? 0
            guard mode >= 2, let latitude = report.lat, let longitude = report.lon, latitude.isFinite, longitude.isFinite,
                  abs(latitude) <= 90, abs(longitude) <= 180 else { self = .noFix; return }
            func error(_ value: Double?) -> Double? { value.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
            let altitude = mode >= 3 ? [report.altMSL, report.alt, report.altHAE].lazy.compactMap({ $0 }).first(where: \.isFinite) : nil
            let horizontal = error(report.eph) ?? error(report.epx).flatMap { x in error(report.epy).map { max(x, $0) } }
            self = .fix(GPSDFix(time: time, mode: min(mode, 3), latitude: latitude, longitude: longitude, altitude: altitude,
                                horizontalError: horizontal, verticalError: error(report.epv), speed: error(report.speed),
                                track: report.track.flatMap { $0.isFinite ? $0 : nil }))
        case "SKY":
            let used = report.uSat ?? report.satellites?.filter { $0.used == true }.count ?? 0
            let visible = report.nSat ?? report.satellites?.count ?? 0
            self = .satellites(used: max(0, used), visible: max(0, visible))
        case "DEVICE":
            self = .device(path: report.path ?? "", active: report.activated?.isActive ?? false)
        case "VERSION":
            self = .version(report.release ?? "")
        default:
            self = .other
        }
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "not a JSON object" : "'\(field)' has the wrong type"
        case .keyNotFound(let key, _):
            return "no '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is unreadable"
        @unknown default:
            return "unreadable"
        }
    }
}

/// The fields of gpsd's reports that a recorder reads (protocol 3.x); others are ignored.
private struct GPSDJSONReport: Decodable {
    let `class`: String
    let mode: Int?
    let time: String?
    let lat: Double?
    let lon: Double?
    let alt: Double?
    let altMSL: Double?
    let altHAE: Double?
    let eph: Double?
    let epx: Double?
    let epy: Double?
    let epv: Double?
    let speed: Double?
    let track: Double?
    let uSat: Int?
    let nSat: Int?
    let satellites: [Satellite]?
    let path: String?
    let activated: Activation?
    let release: String?

    struct Satellite: Decodable {
        let used: Bool?
    }

    /// A DEVICE's `activated`: a time while the receiver is active, `0` once it went away.
    enum Activation: Decodable {
        case time(String)
        case number(Double)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .time(text) } else { self = .number(try container.decode(Double.self)) }
        }

        var isActive: Bool {
            switch self {
            case .time(let text): GPSDTime.date(text) != nil
            case .number(let value): value > 0
            }
        }
    }
}

