public import Foundation
internal import GRDB

/// Biological sex, as Apple's `HKBiologicalSex`.
public enum HKBiologicalSex: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Female.
    case female = 1
    /// Male.
    case male = 2
    /// Other.
    case other = 3
}

/// Blood type, as Apple's `HKBloodType`.
public enum HKBloodType: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// A+.
    case aPositive
    /// A−.
    case aNegative
    /// B+.
    case bPositive
    /// B−.
    case bNegative
    /// AB+.
    case abPositive
    /// AB−.
    case abNegative
    /// O+.
    case oPositive
    /// O−.
    case oNegative
}

/// Fitzpatrick skin type, as Apple's `HKFitzpatrickSkinType`.
public enum HKFitzpatrickSkinType: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Type I: always burns, never tans.
    case I
    /// Type II: usually burns, tans minimally.
    case II
    /// Type III: sometimes burns, tans uniformly.
    case III
    /// Type IV: burns minimally, always tans.
    case IV
    /// Type V: very rarely burns, tans very easily.
    case V
    /// Type VI: never burns.
    case VI
}

/// Wheelchair use, as Apple's `HKWheelchairUse`.
public enum HKWheelchairUse: Int, Sendable, Codable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Does not use a wheelchair.
    case no = 1
    /// Uses a wheelchair.
    case yes = 2
}

/// What the Move ring counts, as Apple's `HKActivityMoveMode`.
public enum HKActivityMoveMode: Int, Sendable, Codable, CaseIterable {
    /// Active energy.
    case activeEnergy = 1
    /// Move time.
    case appleMoveTime = 2
}

/// The biological sex characteristic.
public final class HKBiologicalSexObject: Sendable {
    /// The value.
    public let biologicalSex: HKBiologicalSex
    init(_ value: HKBiologicalSex) { biologicalSex = value }
}

/// The blood type characteristic.
public final class HKBloodTypeObject: Sendable {
    /// The value.
    public let bloodType: HKBloodType
    init(_ value: HKBloodType) { bloodType = value }
}

/// The skin type characteristic.
public final class HKFitzpatrickSkinTypeObject: Sendable {
    /// The value.
    public let skinType: HKFitzpatrickSkinType
    init(_ value: HKFitzpatrickSkinType) { skinType = value }
}

/// The wheelchair-use characteristic.
public final class HKWheelchairUseObject: Sendable {
    /// The value.
    public let wheelchairUse: HKWheelchairUse
    init(_ value: HKWheelchairUse) { wheelchairUse = value }
}

/// The move-mode characteristic.
public final class HKActivityMoveModeObject: Sendable {
    /// The value.
    public let activityMoveMode: HKActivityMoveMode
    init(_ value: HKActivityMoveMode) { activityMoveMode = value }
}

/// The user's characteristics: the profile HealthKit reads them from. On a phone
/// the user types these in; here a tool or test sets them with
/// ``HKHealthStore/setUserProfile(_:)``.
public struct HKUserProfile: Hashable, Sendable, Codable {
    /// Date of birth (year, month, day).
    public var dateOfBirth: DateComponents?
    /// Biological sex.
    public var biologicalSex: HKBiologicalSex
    /// Blood type.
    public var bloodType: HKBloodType
    /// Skin type.
    public var skinType: HKFitzpatrickSkinType
    /// Wheelchair use.
    public var wheelchairUse: HKWheelchairUse
    /// Move mode.
    public var activityMoveMode: HKActivityMoveMode

    /// A profile; every field defaults to not set.
    public init(dateOfBirth: DateComponents? = nil, biologicalSex: HKBiologicalSex = .notSet, bloodType: HKBloodType = .notSet,
                skinType: HKFitzpatrickSkinType = .notSet, wheelchairUse: HKWheelchairUse = .notSet,
                activityMoveMode: HKActivityMoveMode = .activeEnergy) {
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
        self.bloodType = bloodType
        self.skinType = skinType
        self.wheelchairUse = wheelchairUse
        self.activityMoveMode = activityMoveMode
    }
}

extension HKHealthStore {
    private static let profileKey = "profile"

    /// Stores the user's characteristics.
    public func setUserProfile(_ profile: HKUserProfile) async throws {
        let database = try database()
        let json = String(decoding: try JSONEncoder().encode(profile), as: UTF8.self)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO characteristic (key, value) VALUES (?, ?)", arguments: [Self.profileKey, json])
        }
    }

    /// The stored profile, after checking the app may read `type`.
    private func profile(for identifier: HKCharacteristicTypeIdentifier) throws -> HKUserProfile {
        let database = try database()
        let type = HKCharacteristicType(identifier)
        let requested = try database.writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM authorization_request WHERE bundle = ? AND type = ? AND access = 2",
                              arguments: [source.bundleIdentifier, type.identifier]) ?? false
        }
        guard requested else {
            throw HKError(.errorAuthorizationNotDetermined, "Authorization to read \(type.identifier) has not been requested")
        }
        guard authorizationPolicy.allowsReading(type) else {
            throw HKError(.errorAuthorizationDenied, "Authorization to read \(type.identifier) is denied by the user (authorization policy)")
        }
        let json = try database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM characteristic WHERE key = ?", arguments: [Self.profileKey])
        }
        guard let json else { return HKUserProfile() }
        return try JSONDecoder().decode(HKUserProfile.self, from: Data(json.utf8))
    }

    /// The user's date of birth, in the Gregorian calendar.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` if it is not set.
    public func dateOfBirthComponents() throws -> DateComponents {
        guard let components = try profile(for: .dateOfBirth).dateOfBirth else {
            throw HKError(.errorNoData, "No date of birth is set in the user's profile")
        }
        return components
    }

    /// The user's biological sex.
    public func biologicalSex() throws -> HKBiologicalSexObject { HKBiologicalSexObject(try profile(for: .biologicalSex).biologicalSex) }
    /// The user's blood type.
    public func bloodType() throws -> HKBloodTypeObject { HKBloodTypeObject(try profile(for: .bloodType).bloodType) }
    /// The user's skin type.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject { HKFitzpatrickSkinTypeObject(try profile(for: .fitzpatrickSkinType).skinType) }
    /// Whether the user uses a wheelchair.
    public func wheelchairUse() throws -> HKWheelchairUseObject { HKWheelchairUseObject(try profile(for: .wheelchairUse).wheelchairUse) }
    /// What the user's Move ring counts.
    public func activityMoveMode() throws -> HKActivityMoveModeObject { HKActivityMoveModeObject(try profile(for: .activityMoveMode).activityMoveMode) }

    /// Orders the sources whose overlapping data of `type` statistics keep:
    /// the first source wins where sources overlap. Sources not listed follow
    /// in the order they first wrote to the store.
    public func setSourcePriority(_ sources: [HKSource], for type: HKQuantityType) async throws {
        let database = try database()
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM source_priority WHERE type = ?", arguments: [type.identifier])
            for (rank, source) in sources.enumerated() {
                try db.execute(sql: "INSERT INTO source_priority (type, bundle, rank) VALUES (?, ?, ?)",
                               arguments: [type.identifier, source.bundleIdentifier, rank])
            }
        }
    }
}
