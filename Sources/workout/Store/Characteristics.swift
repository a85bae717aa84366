import ArgumentParser
import Foundation
import OpenHealthKit

/// `workout characteristics`: the user's characteristics in the store, as the Health app
/// holds them, which HealthKit apps' live workouts estimate energy from.
struct Characteristics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or set the user's date of birth, sex, body mass and height in the store.",
        discussion: """
            A HealthKit app's live workout (HKLiveWorkoutDataSource) estimates active energy from these, as \
            HealthKit does; what is missing is assumed (35 years, male formulas, 72 kg, 178 cm) and said. \
            Body mass and height are saved as samples dated now; the date of birth and sex as the profile.
            """
    )

    @Option(help: ArgumentHelp("Date of birth, such as 1990-06-01.", valueName: "date"))
    var dateOfBirth: String?

    @Option(help: ArgumentHelp("female, male or other.", valueName: "sex"))
    var sex: String?

    @Option(help: ArgumentHelp("Body mass in kilograms.", valueName: "kg"))
    var mass: Double?

    @Option(help: ArgumentHelp("Height in centimetres.", valueName: "cm"))
    var height: Double?

    @Flag(help: "Print them as JSON.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    struct Shown: Encodable {
        var dateOfBirth: String?
        var sex: String
        var massKilograms: Double?
        var heightCentimeters: Double?
    }

    func validate() throws {
        if let dateOfBirth, Self.components(dateOfBirth) == nil { throw ValidationError("--date-of-birth \(dateOfBirth) is not a date such as 1990-06-01.") }
        if let sex, Self.sex(sex) == nil { throw ValidationError("--sex \(sex): give female, male or other.") }
        if let mass, !(mass > 0 && mass < 700) { throw ValidationError("--mass \(mass): give kilograms, such as 61.") }
        if let height, !(height > 30 && height < 300) { throw ValidationError("--height \(height): give centimetres, such as 168.") }
    }

    func run() async throws {
        let store = storeOptions.open()
        let massType = HKQuantityType(.bodyMass), heightType = HKQuantityType(.height)
        let characteristics: Set<HKObjectType> = [HKCharacteristicType(.dateOfBirth), HKCharacteristicType(.biologicalSex), massType, heightType]
        try await store.requestAuthorization(toShare: [massType, heightType], read: characteristics)
        if dateOfBirth != nil || sex != nil {
            var profile = HKUserProfile()
            profile.dateOfBirth = (try? store.dateOfBirthComponents())
            profile.biologicalSex = (try? store.biologicalSex().biologicalSex) ?? .notSet
            if let dateOfBirth { profile.dateOfBirth = Self.components(dateOfBirth) }
            if let sex, let value = Self.sex(sex) { profile.biologicalSex = value }
            try await store.setUserProfile(profile)
        }
        let now = Date()
        var samples: [HKQuantitySample] = []
        if let mass { samples.append(HKQuantitySample(type: massType, quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: mass), start: now, end: now)) }
        if let height { samples.append(HKQuantitySample(type: heightType, quantity: HKQuantity(unit: .meterUnit(with: .centi), doubleValue: height), start: now, end: now)) }
        if !samples.isEmpty { try await store.save(samples) }

        func latest(_ type: HKQuantityType, in unit: HKUnit) async throws -> Double? {
            try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: type)], sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)], limit: 1)
                .result(for: store).first?.quantity.doubleValue(for: unit)
        }
        let birth = try? store.dateOfBirthComponents()
        let shown = Shown(dateOfBirth: birth.map { String(format: "%04d-%02d-%02d", $0.year ?? 0, $0.month ?? 0, $0.day ?? 0) },
                          sex: Self.name(of: (try? store.biologicalSex().biologicalSex) ?? .notSet),
                          massKilograms: try await latest(massType, in: .gramUnit(with: .kilo)),
                          heightCentimeters: try await latest(heightType, in: .meterUnit(with: .centi)))
        if json { return try printJSON(shown) }
        print("date of birth  \(shown.dateOfBirth ?? "not set")")
        print("sex            \(shown.sex)")
        print("body mass      \(shown.massKilograms.map { String(format: "%.1f kg", $0) } ?? "not set")")
        print("height         \(shown.heightCentimeters.map { String(format: "%.0f cm", $0) } ?? "not set")")
    }

    static func components(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1900...2100).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        return DateComponents(year: parts[0], month: parts[1], day: parts[2])
    }

    static func sex(_ text: String) -> HKBiologicalSex? {
        switch text.lowercased() {
        case "female": .female
        case "male": .male
        case "other": .other
        default: nil
        }
    }

    static func name(of sex: HKBiologicalSex) -> String {
        switch sex {
        case .female: "female"
        case .male: "male"
        case .other: "other"
        case .notSet: "not set"
        }
    }
}
