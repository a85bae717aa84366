import Synchronization

/// The way to a smart trainer's Fitness Machine Control Point through the source that reads it: the recording
/// writes requests here, and the source's thread sends them the way its transport does (BlueZ's `WriteValue` with a
/// response, or the bridge's `$HRW2` line), and brings back what the trainer answers.
///
/// A link belongs to one source (``BluetoothSensorSource`` or ``HeartRateStrapSource``, given it at creation). Its
/// ``messages`` are the control point's indications, the Fitness Machine Status notifications, the failures of
/// writes, and the trainer's connections and losses: a new connection holds no control, so whoever drives the
/// trainer asks for it again.
public final class TrainerLink: Sendable {
    /// What the trainer's transport brings back.
    public enum Message: Sendable, Hashable {
        /// The trainer is connected (its name or the bridge's device): control must be asked afresh.
        case connected(String)
        /// The trainer went away; writes wait for the next connection, where they are dropped.
        case disconnected(String)
        /// An indication of the control point (0x2AD9): a response to a request.
        case response([UInt8])
        /// A Fitness Machine Status notification (0x2ADA).
        case status([UInt8])
        /// A write could not be made: why, for the rider.
        case writeFailed(String)
    }

    /// What the link brings back, in order, until the recording ends.
    public let messages: AsyncStream<Message>
    private let continuation: AsyncStream<Message>.Continuation
    private let pending = Mutex<[[UInt8]]>([])
    private let ergHeld = Atomic<Bool>(false)
    private let bridgeDeviceTag = Mutex<String?>(nil)
    private let sequence = Atomic<UInt32>(0)

    /// A link with nothing yet written.
    public init() {
        (messages, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(256))
    }

    /// Queues `value` for the control point; the source's thread writes it within a tenth of a second.
    public func write(_ value: [UInt8]) {
        pending.withLock { $0.append(value) }
    }

    /// Whether the trainer holds a target power (ERG) now: its wheel speed then says nothing of the effort, and the
    /// source gives speed and distance from the power instead (``SensorReadings/speedFromPower``).
    public var holdsPower: Bool {
        get { ergHeld.load(ordering: .acquiring) }
        set { ergHeld.store(newValue, ordering: .releasing) }
    }

    /// The writes queued since the last call, oldest first.
    package func takeWrites() -> [[UInt8]] {
        pending.withLock { writes in
            defer { writes.removeAll() }
            return writes
        }
    }

    /// Drops the writes queued: the connection they were meant for is gone.
    package func dropWrites() { pending.withLock { $0.removeAll() } }

    /// Passes `message` on to the recording.
    package func deliver(_ message: Message) { continuation.yield(message) }

    /// Takes a notification of `characteristic` when it belongs to the control conversation (the control point's
    /// response, 0x2AD9, or the Fitness Machine Status, 0x2ADA), whichever transport brought it; returns whether it
    /// did, so the caller leaves it out of the readings.
    package func take(_ characteristic: UInt16, _ value: [UInt8]) -> Bool {
        switch characteristic {
        case 0x2AD9: deliver(.response(value))
        case 0x2ADA: deliver(.status(value))
        default: return false
        }
        return true
    }

    /// The bridge's tag of the trainer: the device whose notifications carry Indoor Bike Data (0x2AD2), learned from
    /// its lines; writes wait until it is known.
    package var bridgeDevice: String? {
        get { bridgeDeviceTag.withLock { $0 } }
        set { bridgeDeviceTag.withLock { $0 = newValue } }
    }

    /// The next `$HRW2` sequence number.
    package func nextSequence() -> UInt32 { sequence.add(1, ordering: .relaxed).newValue }
}
