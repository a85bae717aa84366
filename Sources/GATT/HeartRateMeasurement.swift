/// A Bluetooth Heart Rate Measurement notification (characteristic 0x2A37), decoded.
///
/// The layout is a flags byte (bit 0: 16-bit rate; bits 1–2: sensor contact;
/// bit 3: energy expended present; bit 4: RR intervals present; bits 5–7
/// reserved), the rate (u8, or u16 little-endian), energy expended in
/// kilojoules (u16 LE), then any number of RR intervals in 1/1024 s (u16 LE
/// each), oldest first.
///
/// Decoding never guesses: a notification too short to hold its heart rate is
/// an error, and everything else that is off — a reserved flag, a missing
/// field the flags promise, an odd trailing byte, a rate of 0 — is decoded as
/// far as the bytes allow and listed in ``anomalies``.
///
/// ```swift
/// let measurement = try HeartRateMeasurement(decoding: [0x16, 0x4B, 0x02, 0x03])
/// measurement.beatsPerMinute   // 75
/// measurement.contact          // .detected
/// measurement.rrIntervals      // [770], that is 770/1024 s
/// ```
public struct HeartRateMeasurement: Sendable, Hashable {
    /// What the strap says about skin contact (flag bits 1–2).
    public enum SensorContact: String, Sendable, Hashable, CustomStringConvertible {
        /// The strap does not report contact (bits `0b00` or `0b01`).
        case notSupported
        /// The strap reports that it does not touch skin (`0b10`): its values are not to be trusted.
        case notDetected
        /// The strap touches skin (`0b11`).
        case detected

        /// `not supported`, `not detected` or `detected`.
        public var description: String {
            switch self {
            case .notSupported: "not supported"
            case .notDetected: "not detected"
            case .detected: "detected"
            }
        }
    }

    /// Things a notification got wrong that still left its heart rate readable.
    public struct Anomalies: OptionSet, Sendable, Hashable, CustomStringConvertible {
        /// The raw bits.
        public let rawValue: UInt16
        /// Anomalies from raw bits.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Reserved flag bits 5–7 are set; they are ignored, as the specification asks.
        public static let reservedFlags = Anomalies(rawValue: 1 << 0)
        /// The heart rate is 0: straps send it while acquiring or on failure. It is no reading.
        public static let zeroHeartRate = Anomalies(rawValue: 1 << 1)
        /// The flags announce energy expended but fewer than two bytes follow the rate.
        public static let energyMissing = Anomalies(rawValue: 1 << 2)
        /// The flags announce RR intervals but none follow.
        public static let intervalsMissing = Anomalies(rawValue: 1 << 3)
        /// One byte is left over after the last whole RR interval; it is ignored.
        public static let oddTrailingByte = Anomalies(rawValue: 1 << 4)
        /// Bytes follow the last field the flags announce; they are ignored.
        public static let unexpectedTrailingBytes = Anomalies(rawValue: 1 << 5)
        /// The heart rate is above 300 bpm, which no heart beats.
        public static let implausibleHeartRate = Anomalies(rawValue: 1 << 6)
        /// An RR interval is below 200 ms or above 3 s: a merged or corrupted
        /// notification, or an artefact. The value is kept as sent.
        public static let implausibleInterval = Anomalies(rawValue: 1 << 7)

        private static let names: [(Anomalies, String)] = [
            (.reservedFlags, "reserved flag bits set"), (.zeroHeartRate, "heart rate 0 (no reading)"),
            (.energyMissing, "energy flag set but no energy field"), (.intervalsMissing, "RR flag set but no RR intervals"),
            (.oddTrailingByte, "odd trailing byte ignored"), (.unexpectedTrailingBytes, "trailing bytes ignored"),
            (.implausibleHeartRate, "heart rate above 300 bpm"), (.implausibleInterval, "RR interval outside 200 ms–3 s"),
        ]

        /// The anomalies in words, separated by commas.
        public var description: String {
            Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
        }
    }

    /// The heart rate in beats per minute, as the strap computed it (0: no reading).
    public var beatsPerMinute: UInt16
    /// Skin contact.
    public var contact: SensorContact
    /// Energy expended since the strap's last reset, in kilojoules, when this
    /// notification carries it. It stops at 65535 (see ``isEnergySaturated``).
    public var energyExpended: UInt16?
    /// Beat-to-beat intervals in 1/1024 s, oldest first.
    public var rrIntervals: [UInt16]
    /// What was off in the bytes; empty for a well-formed notification.
    public var anomalies: Anomalies
    /// The reserved flag bits (5–7) as sent, so an encoder can reproduce them.
    public var reservedFlags: UInt8

    /// Describes a measurement.
    public init(beatsPerMinute: UInt16, contact: SensorContact = .notSupported, energyExpended: UInt16? = nil,
                rrIntervals: [UInt16] = [], anomalies: Anomalies = [], reservedFlags: UInt8 = 0) {
        self.beatsPerMinute = beatsPerMinute
        self.contact = contact
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
        self.anomalies = anomalies
        self.reservedFlags = reservedFlags & 0xE0
    }

    /// Whether the heart rate is a reading to keep: above 0, plausible, and not
    /// sent while the strap reports no skin contact.
    public var hasValidHeartRate: Bool {
        beatsPerMinute > 0 && beatsPerMinute <= 300 && contact != .notDetected
    }

    /// Whether energy expended has reached 65535 kJ and stays there until the
    /// strap is reset through its Heart Rate Control Point (0x2A39).
    public var isEnergySaturated: Bool { energyExpended == .max }

    /// The RR intervals in seconds, oldest first.
    public var rrSeconds: [Double] { rrIntervals.map { Double($0) / 1024 } }

    /// Decodes one notification's bytes.
    ///
    /// - Throws: ``HeartRateMeasurementError`` when the bytes cannot hold a
    ///   heart rate (empty, or the rate's field cut short).
    public init(decoding bytes: some Collection<UInt8>) throws(HeartRateMeasurementError) {
        let decoded: Result<HeartRateMeasurement, HeartRateMeasurementError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Self.decode(UnsafeRawBufferPointer(buffer))
        }
        switch decoded ?? Array(bytes).withUnsafeBytes({ Self.decode($0) }) {
        case .success(let measurement): self = measurement
        case .failure(let error): throw error
        }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<HeartRateMeasurement, HeartRateMeasurementError> {
        guard let flags = bytes.first else { return .failure(HeartRateMeasurementError(.empty, bytes: [])) }
        var anomalies: Anomalies = []
        if flags & 0xE0 != 0 { anomalies.insert(.reservedFlags) }
        let contact: SensorContact = switch (flags >> 1) & 0x03 {
        case 0b10: .notDetected
        case 0b11: .detected
        default: .notSupported
        }
        var index = 1
        let rate: UInt16
        if flags & 0x01 != 0 {
            guard bytes.count >= 3 else {
                return .failure(HeartRateMeasurementError(.truncatedHeartRate(needed: 3), bytes: Array(bytes)))
            }
            rate = UInt16(bytes[1]) | UInt16(bytes[2]) << 8
            index = 3
        } else {
            guard bytes.count >= 2 else {
                return .failure(HeartRateMeasurementError(.truncatedHeartRate(needed: 2), bytes: Array(bytes)))
            }
            rate = UInt16(bytes[1])
            index = 2
        }
        if rate == 0 { anomalies.insert(.zeroHeartRate) }
        if rate > 300 { anomalies.insert(.implausibleHeartRate) }
        var energy: UInt16?
        if flags & 0x08 != 0 {
            if bytes.count - index >= 2 {
                energy = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                index += 2
            } else {
                anomalies.insert(.energyMissing)
            }
        }
        var intervals: [UInt16] = []
        if flags & 0x10 != 0 {
            let count = (bytes.count - index) / 2
            if count == 0 && bytes.count == index { anomalies.insert(.intervalsMissing) }
            if count > 0 {
                intervals.reserveCapacity(count)
                for _ in 0..<count {
                    let interval = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                    if interval < 205 || interval > 3072 { anomalies.insert(.implausibleInterval) }
                    intervals.append(interval)
                    index += 2
                }
            }
            if index < bytes.count { anomalies.insert(count == 0 ? [.intervalsMissing, .oddTrailingByte] : .oddTrailingByte) }
        } else if index < bytes.count {
            anomalies.insert(.unexpectedTrailingBytes)
        }
        return .success(HeartRateMeasurement(beatsPerMinute: rate, contact: contact, energyExpended: energy,
                                             rrIntervals: intervals, anomalies: anomalies, reservedFlags: flags))
    }

    /// The most bytes one notification carries at the default 23-byte ATT MTU.
    public static let defaultMaximumLength = 20

    /// The notification's bytes, at most `maximumLength` long: when the RR
    /// intervals do not all fit, the oldest are left out, as straps do.
    ///
    /// A rate above 255 is sent as u16; a contact of ``SensorContact/notSupported``
    /// sends bits `0b00`.
    public func encoded(maximumLength: Int = defaultMaximumLength) -> [UInt8] {
        var flags: UInt8 = reservedFlags
        let wide = beatsPerMinute > 255
        if wide { flags |= 0x01 }
        switch contact {
        case .detected: flags |= 0x06
        case .notDetected: flags |= 0x04
        case .notSupported: break
        }
        if energyExpended != nil { flags |= 0x08 }
        let fixed = 1 + (wide ? 2 : 1) + (energyExpended == nil ? 0 : 2)
        let intervals = rrIntervals.suffix(max(0, (maximumLength - fixed) / 2))
        if !intervals.isEmpty { flags |= 0x10 }
        var bytes: [UInt8] = [flags]
        bytes.reserveCapacity(fixed + intervals.count * 2)
        if wide { Self.append(beatsPerMinute, to: &bytes) } else { bytes.append(UInt8(beatsPerMinute)) }
        if let energyExpended { Self.append(energyExpended, to: &bytes) }
        for interval in intervals { Self.append(interval, to: &bytes) }
        return bytes
    }

    private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }
}

extension HeartRateMeasurement: CustomStringConvertible {
    /// `HR 75 bpm, contact detected, energy 10 kJ, RR 752 ms 770 ms`, then any anomalies.
    public var description: String {
        var parts = ["HR \(beatsPerMinute) bpm"]
        if contact != .notSupported { parts.append("contact \(contact)") }
        if let energyExpended { parts.append("energy \(energyExpended) kJ" + (isEnergySaturated ? " (saturated)" : "")) }
        if !rrIntervals.isEmpty {
            parts.append("RR " + rrIntervals.map { "\(Int((Double($0) * 1000 / 1024).rounded())) ms" }.joined(separator: " "))
        }
        if !anomalies.isEmpty { parts.append("! \(anomalies)") }
        return parts.joined(separator: ", ")
    }
}

private let hexDigits: [Character] = Array("0123456789ABCDEF")

/// Two upper-case hex digits.
package func hexByte(_ byte: UInt8) -> String { String([hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]) }
