/// The bytes of a Bluetooth Heart Rate Measurement notification (characteristic 0x2A37).
///
/// Layout: a flags byte (bit 0: 16-bit rate; bits 1–2: sensor contact, `0b10`
/// not detected, `0b11` detected; bit 3: energy expended present; bit 4: RR
/// intervals present), the rate (u8, or u16 little-endian), energy expended in
/// kJ (u16 LE), then RR intervals in 1/1024 s (u16 LE each), oldest first.
public enum HeartRateMeasurement {
    /// The most RR intervals one notification carries at the default 23-byte
    /// ATT MTU (20 bytes of payload) with an 8-bit rate and no energy field.
    public static let maximumIntervals = 9

    /// Encodes `notification`; at most ``maximumIntervals`` intervals are kept (the newest), as straps do.
    public static func encode(_ notification: HeartRateNotification) -> [UInt8] {
        var flags: UInt8 = 0
        let rate = max(0, notification.beatsPerMinute)
        if rate > 255 { flags |= 0x01 }
        switch notification.contact {
        case true?: flags |= 0x06
        case false?: flags |= 0x04
        case nil: break
        }
        if notification.energyKilojoules != nil { flags |= 0x08 }
        let intervals = notification.rrIntervals.suffix(maximumIntervals - (notification.energyKilojoules == nil ? 0 : 1) - (rate > 255 ? 1 : 0))
        if !intervals.isEmpty { flags |= 0x10 }
        var bytes: [UInt8] = [flags]
        if rate > 255 { appendLittleEndian(UInt16(clamping: rate), to: &bytes) } else { bytes.append(UInt8(rate)) }
        if let energy = notification.energyKilojoules { appendLittleEndian(energy, to: &bytes) }
        for interval in intervals { appendLittleEndian(interval, to: &bytes) }
        return bytes
    }

    private static func appendLittleEndian(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }
}
