import Foundation

/// What a primary session and its mirror on a companion tell each other, framed for a
/// stream socket: a 4-byte big-endian length, then a kind byte and the payload.
enum MirrorMessage: Equatable, Sendable {
    /// The primary's session as mirroring starts: its configuration, state and start.
    case start(MirrorStart)
    /// The primary's state changed.
    case state(to: Int, from: Int, date: Date)
    /// The app's own bytes (`sendToRemoteWorkoutSession(data:)`), either way.
    case data(Data)
    /// The mirror asks the primary to pause, resume, stop or end.
    case request(String)
    /// Mirroring stops, on purpose: no disconnection to report.
    case stop

    /// The largest frame either side accepts: 16 MiB.
    static let maximumFrame = 16 << 20

    private enum Kind: UInt8 {
        case start = 1, state, data, request, stop
    }

    private struct StatePayload: Codable {
        var to: Int
        var from: Int
        var date: Date
    }

    /// The message as a frame.
    func framed() -> Data {
        let (kind, payload): (Kind, Data) = switch self {
        case .start(let start): (.start, (try? JSONEncoder().encode(start)) ?? Data())
        case .state(let to, let from, let date): (.state, (try? JSONEncoder().encode(StatePayload(to: to, from: from, date: date))) ?? Data())
        case .data(let data): (.data, data)
        case .request(let action): (.request, Data(action.utf8))
        case .stop: (.stop, Data())
        }
        var frame = Data()
        let length = UInt32(payload.count + 1).bigEndian
        withUnsafeBytes(of: length) { frame.append(contentsOf: $0) }
        frame.append(kind.rawValue)
        frame.append(payload)
        return frame
    }

    /// Reads messages from a byte stream, however its bytes are split: a pure machine that
    /// never trusts them.
    struct Decoder {
        private var buffer = Data()
        /// Bytes read so far, for the offset in errors.
        private var consumed = 0

        /// The messages `bytes` completes, in order.
        ///
        /// - Throws: ``MirrorFrameError`` for a frame too large or of an unknown kind, or a
        ///   payload that does not parse; the stream cannot be trusted after it.
        mutating func feed(_ bytes: Data) throws(MirrorFrameError) -> [MirrorMessage] {
            buffer.append(bytes)
            var messages: [MirrorMessage] = []
            while buffer.count >= 4 {
                let start = buffer.startIndex
                let length = Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                guard length >= 1, length <= MirrorMessage.maximumFrame + 1 else {
                    throw MirrorFrameError(offset: consumed, message: "a frame of \(length) bytes (at most \(MirrorMessage.maximumFrame + 1))")
                }
                guard buffer.count >= 4 + length else { break }
                let kindByte = buffer[start + 4]
                let payload = Data(buffer[(start + 5)..<(start + 4 + length)])
                guard let kind = Kind(rawValue: kindByte) else {
                    throw MirrorFrameError(offset: consumed + 4, message: "an unknown message kind \(kindByte)")
                }
                let decoder = JSONDecoder()
                switch kind {
                case .start:
                    guard let value = try? decoder.decode(MirrorStart.self, from: payload) else {
                        throw MirrorFrameError(offset: consumed + 5, message: "a start message that is not a session's description")
                    }
                    messages.append(.start(value))
                case .state:
                    guard let value = try? decoder.decode(StatePayload.self, from: payload) else {
                        throw MirrorFrameError(offset: consumed + 5, message: "a state message that is not a state change")
                    }
                    messages.append(.state(to: value.to, from: value.from, date: value.date))
                case .data:
                    messages.append(.data(payload))
                case .request:
                    messages.append(.request(String(decoding: payload, as: UTF8.self)))
                case .stop:
                    messages.append(.stop)
                }
                buffer.removeFirst(4 + length)
                consumed += 4 + length
            }
            return messages
        }
    }
}

/// A primary session as its mirror is made from it.
struct MirrorStart: Codable, Equatable, Sendable {
    /// The configuration's activity type and location type, as raw values.
    var activityType: UInt
    var locationType: Int
    /// The primary's state and start.
    var state: Int
    var startDate: Date?
}

/// A frame from the other side that cannot be read.
struct MirrorFrameError: Error, Equatable, CustomStringConvertible {
    /// Where in the stream, in bytes from its start.
    let offset: Int
    /// What was there.
    let message: String

    var description: String { "byte \(offset) of the mirroring stream: \(message); the other side is not an OpenHealthKit session, or its bytes were damaged" }
}
