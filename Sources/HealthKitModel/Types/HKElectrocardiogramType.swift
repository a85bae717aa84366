/// The type of electrocardiograms, as HealthKit declares it: read-only, recorded by a watch's ECG app. A store here
/// holds none, as a device without the app: queries answer with no electrocardiograms.
public final class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {
    package static let electrocardiogramIdentifier = "HKDataTypeIdentifierElectrocardiogram"

    /// The electrocardiogram type.
    public init() {
        super.init(identifier: Self.electrocardiogramIdentifier)
    }
}

/// The type of audiograms (hearing tests), as HealthKit declares it.
public final class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {
    package static let audiogramIdentifier = "HKDataTypeIdentifierAudiogram"

    /// The audiogram type.
    public init() {
        super.init(identifier: Self.audiogramIdentifier)
    }
}

extension HKObjectType {
    /// The type of electrocardiograms: apps ask to read it.
    public static func electrocardiogramType() -> HKElectrocardiogramType { HKElectrocardiogramType() }

    /// The type of audiograms.
    public static func audiogramSampleType() -> HKAudiogramSampleType { HKAudiogramSampleType() }

    /// Whether apps may only read this type, never share it (clinical records, electrocardiograms): asking to share it
    /// is refused, as HealthKit refuses it.
    public var isReadOnly: Bool { self is HKClinicalType || self is HKElectrocardiogramType }
}
