/// Energy expenditure models, each from a published source.
///
/// All rates are in kilocalories per minute; multiply by minutes for energy.
public enum EnergyModels {
    /// Active energy from heart rate: Keytel et al. 2005, *J Sports Sci* 23(3):289–297,
    /// without VO₂max. The paper's result is kJ/min; it is divided by 4.184.
    ///
    /// - Men: −55.0969 + 0.6309·HR + 0.1988·W + 0.2017·A
    /// - Women: −20.4022 + 0.4472·HR − 0.1263·W + 0.0740·A (minus on weight, as
    ///   published; some implementations flip it)
    ///
    /// Negative rates at low heart rates are clamped to zero, so summing minute
    /// by minute never subtracts energy.
    public static func keytelKilocaloriesPerMinute(heartRate: Double, profile: AthleteProfile) -> Double {
        let kilojoules: Double
        switch profile.sex {
        case .male:
            kilojoules = -55.0969 + 0.6309 * heartRate + 0.1988 * profile.massKilograms + 0.2017 * profile.age
        case .female:
            kilojoules = -20.4022 + 0.4472 * heartRate - 0.1263 * profile.massKilograms + 0.0740 * profile.age
        }
        return max(0, kilojoules / 4.184)
    }

    /// Energy from mechanical power: kcal = kJ / (4.184 × gross efficiency).
    /// The default efficiency, 0.24, sits in the 0.20–0.25 range cycling studies report.
    public static func kilocaloriesPerMinute(watts: Double, grossEfficiency: Double = 0.24) -> Double {
        max(0, watts) * 60 / 1000 / (4.184 * grossEfficiency)
    }

    /// Energy from a metabolic equivalent: kcal = MET × kg × hours.
    public static func kilocaloriesPerMinute(mets: Double, massKilograms: Double) -> Double {
        mets * massKilograms / 60
    }

    /// METs for an activity at a speed, or `nil` when no model applies.
    ///
    /// - Running: ACSM running equation, VO₂ = 3.5 + 0.2 × speed (m/min), METs = VO₂ / 3.5.
    /// - Walking and hiking: ACSM walking equation, VO₂ = 3.5 + 0.1 × speed (m/min).
    /// - Cycling: 2024 Adult Compendium (Herrmann et al.) bands: below 10 mph 4.0,
    ///   10–11.9 mph 6.8, 12–13.9 mph 8.0, 14–15.9 mph 10.0, 16–19.9 mph 12.0, 20 mph and over 16.8.
    public static func mets(for activity: HKWorkoutActivityType, metersPerSecond speed: Double) -> Double? {
        let metersPerMinute = max(0, speed) * 60
        switch activity {
        case .running:
            return (3.5 + 0.2 * metersPerMinute) / 3.5
        case .walking, .hiking:
            return (3.5 + 0.1 * metersPerMinute) / 3.5
        case .cycling:
            let mph = max(0, speed) / 0.44704
            switch mph {
            case ..<10: return 4.0
            case ..<12: return 6.8
            case ..<14: return 8.0
            case ..<16: return 10.0
            case ..<20: return 12.0
            default: return 16.8
            }
        default:
            return nil
        }
    }

    /// Resting (basal) energy: Mifflin–St Jeor 1990, *Am J Clin Nutr* 51(2):241–247, in kcal/day:
    /// 10 × kg + 6.25 × cm − 5 × age + 5 (men) or − 161 (women).
    public static func basalKilocaloriesPerDay(profile: AthleteProfile) -> Double {
        let base = 10 * profile.massKilograms + 6.25 * profile.heightCentimeters - 5 * profile.age
        return base + (profile.sex == .male ? 5 : -161)
    }
}
