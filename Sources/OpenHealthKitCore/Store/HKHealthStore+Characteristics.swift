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

    /// The stored profile as it is, without asking whether the app may read it: for what the
    /// system itself works out (energy, activity rings). Nil when none was set.
    func storedUserProfile() throws -> HKUserProfile? {
        let database = try database()
        let json = try database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM characteristic WHERE key = ?", arguments: [Self.profileKey])
        }
        return try json.map { try JSONDecoder().decode(HKUserProfile.self, from: Data($0.utf8)) }
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
