public import Foundation

/// A health document (a CDA file), as HealthKit declares it.
public class HKDocumentSample: HKSample, @unchecked Sendable {
    /// The document's type.
    public var documentType: HKDocumentType { sampleType as? HKDocumentType ?? HKDocumentType(.CDA) }
}

/// An electrocardiogram recorded by a watch's ECG app, as HealthKit declares it. None is ever in a store here.
public final class HKElectrocardiogram: HKSample, @unchecked Sendable {
    /// What the ECG app concluded.
    public enum Classification: Int, Sendable {
        case notSet = 0, sinusRhythm = 1, atrialFibrillation = 2, inconclusiveLowHeartRate = 3, inconclusiveHighHeartRate = 4
        case inconclusivePoorReading = 5, inconclusiveOther = 6, unrecognized = 100
    }

    /// Whether the user reported symptoms.
    public enum SymptomsStatus: Int, Sendable {
        case notSet = 0, none = 1, present = 2
    }

    /// The lead a voltage was measured on.
    public enum Lead: Int, Sendable {
        /// The watch's single lead, similar to lead I.
        case appleWatchSimilarToLeadI = 1
    }

    /// One voltage measurement, its time from the recording's start.
    public final class VoltageMeasurement: @unchecked Sendable {
        /// Seconds since the recording started.
        public let timeSinceSampleStart: TimeInterval
        private let voltages: [Lead: HKQuantity]

        package init(timeSinceSampleStart: TimeInterval, voltages: [Lead: HKQuantity]) {
            self.timeSinceSampleStart = timeSinceSampleStart
            self.voltages = voltages
        }

        /// The voltage on `lead`, if measured.
        public func quantity(for lead: Lead) -> HKQuantity? { voltages[lead] }
    }

    /// How many voltage measurements the recording holds.
    public let numberOfVoltageMeasurements: Int
    /// Measurements a second.
    public let samplingFrequency: HKQuantity?
    /// The average heart rate over the recording.
    public let averageHeartRate: HKQuantity?
    /// What the ECG app concluded.
    public let classification: Classification
    /// Whether the user reported symptoms.
    public let symptomsStatus: SymptomsStatus

    package init(start: Date, end: Date, measurements: Int, classification: Classification) {
        numberOfVoltageMeasurements = measurements
        samplingFrequency = nil
        averageHeartRate = nil
        self.classification = classification
        symptomsStatus = .notSet
        super.init(type: HKElectrocardiogramType(), start: start, end: end, device: nil, metadata: nil)
    }
}

/// One frequency of a hearing test: how loud a tone had to be for each ear.
public final class HKAudiogramSensitivityPoint: @unchecked Sendable {
    /// The tone's frequency (hertz).
    public let frequency: HKQuantity
    /// The left ear's threshold (decibels hearing level), if tested.
    public let leftEarSensitivity: HKQuantity?
    /// The right ear's threshold, if tested.
    public let rightEarSensitivity: HKQuantity?

    /// A point at `frequency` with each ear's threshold.
    public init(frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?) throws {
        self.frequency = frequency
        self.leftEarSensitivity = leftEarSensitivity
        self.rightEarSensitivity = rightEarSensitivity
    }
}

/// A hearing test's result, as HealthKit declares it.
public final class HKAudiogramSample: HKSample, @unchecked Sendable {
    /// The thresholds, a point a frequency.
    public let sensitivityPoints: [HKAudiogramSensitivityPoint]

    /// An audiogram of `sensitivityPoints`, measured from `startDate` to `endDate`.
    public init(sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date, metadata: [String: Any]?) {
        self.sensitivityPoints = sensitivityPoints
        super.init(type: HKAudiogramSampleType(), start: startDate, end: endDate, device: nil, metadata: metadata)
    }
}

/// Where a verifiable health record came from.
public struct HKVerifiableClinicalRecordSourceType: RawRepresentable, Hashable, Sendable {
    /// The source type's name.
    public let rawValue: String
    /// A source type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A SMART Health Card.
    public static let smartHealthCard = HKVerifiableClinicalRecordSourceType(rawValue: "https://smarthealth.cards")
    /// An EU Digital COVID Certificate.
    public static let euDigitalCOVIDCertificate = HKVerifiableClinicalRecordSourceType(rawValue: "EUDigitalCOVIDCertificate")
}

/// A signed health record (a SMART Health Card), as HealthKit declares it. None is ever found here.
public final class HKVerifiableClinicalRecord: HKSample, @unchecked Sendable {
    /// The record's types, such as `https://smarthealth.cards#immunization`.
    public let recordTypes: [String]
    /// Who issued it.
    public let issuerIdentifier: String
    /// When it was issued.
    public let issuedDate: Date
    /// The names of what it records.
    public let itemNames: [String]
    /// The signed record as it was received.
    public let dataRepresentation: Data

    package init(recordTypes: [String], issuerIdentifier: String, issuedDate: Date, itemNames: [String], dataRepresentation: Data) {
        self.recordTypes = recordTypes
        self.issuerIdentifier = issuerIdentifier
        self.issuedDate = issuedDate
        self.itemNames = itemNames
        self.dataRepresentation = dataRepresentation
        super.init(type: HKClinicalType(.immunizationRecord), start: issuedDate, end: issuedDate, device: nil, metadata: nil)
    }
}
