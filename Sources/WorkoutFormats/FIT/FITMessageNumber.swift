

/// The global numbers of the FIT messages this package reads and writes.
public enum FITMessageNumber {
    /// `file_id`: the file's type and maker; always first.
    public static let fileID: UInt16 = 0
    /// `session`: the totals of one sport's leg.
    public static let session: UInt16 = 18
    /// `lap`: the totals of one lap.
    public static let lap: UInt16 = 19
    /// `record`: one sample.
    public static let record: UInt16 = 20
    /// `event`: timer starts and stops, and other events.
    public static let event: UInt16 = 21
    /// `device_info`: a device that took part.
    public static let deviceInfo: UInt16 = 23
    /// `activity`: the activity's summary; exactly one.
    public static let activity: UInt16 = 34
    /// `file_creator`: the software that wrote the file.
    public static let fileCreator: UInt16 = 49
    /// `hrv`: beat-to-beat intervals.
    public static let hrv: UInt16 = 78
}
