/// The identifier of a clinical record type, as HealthKit names them.
public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier string, such as `HKClinicalTypeIdentifierAllergyRecord`.
    public let rawValue: String

    /// An identifier with `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Allergies and intolerances.
    public static let allergyRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierAllergyRecord")
    /// Clinical notes.
    public static let clinicalNoteRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierClinicalNoteRecord")
    /// Conditions.
    public static let conditionRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierConditionRecord")
    /// Insurance coverage.
    public static let coverageRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierCoverageRecord")
    /// Immunizations.
    public static let immunizationRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierImmunizationRecord")
    /// Laboratory results.
    public static let labResultRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierLabResultRecord")
    /// Medications.
    public static let medicationRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierMedicationRecord")
    /// Procedures.
    public static let procedureRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierProcedureRecord")
    /// Vital signs.
    public static let vitalSignRecord = HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierVitalSignRecord")

    /// Every clinical record type HealthKit declares.
    public static let all: [HKClinicalTypeIdentifier] = [.allergyRecord, .clinicalNoteRecord, .conditionRecord, .coverageRecord, .immunizationRecord,
                                                         .labResultRecord, .medicationRecord, .procedureRecord, .vitalSignRecord]
}

/// The type of clinical records (FHIR resources from a provider), as HealthKit declares it.
///
/// Apps may ask to read these types (never to share them). A store here holds no clinical records, as a device whose
/// user has connected no provider: queries over them answer with no records.
public final class HKClinicalType: HKSampleType, @unchecked Sendable {
    /// The clinical type with `identifier`.
    public init(_ identifier: HKClinicalTypeIdentifier) {
        super.init(identifier: identifier.rawValue)
    }
}

extension HKObjectType {
    /// The clinical record type with `identifier`, or `nil` if HealthKit declares none by that name.
    public static func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        HKClinicalTypeIdentifier.all.contains(identifier) ? HKClinicalType(identifier) : nil
    }
}
