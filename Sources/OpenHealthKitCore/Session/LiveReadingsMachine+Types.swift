import Foundation

extension LiveReadingsMachine {
    /// The speed type a data source derives from Doppler speed for `activity`, if any.
    static func speedType(for activity: HKWorkoutActivityType) -> HKQuantityTypeIdentifier? {
        switch activity {
        case .running: .runningSpeed
        case .cycling, .handCycling: .cyclingSpeed
        case .walking, .hiking: .walkingSpeed
        default: nil
        }
    }

    /// The types collected by default: energy and heart rate, the activity's
    /// distance when outdoors, and power, cadence and speed where they apply.
    static func defaultTypes(for configuration: HKWorkoutConfiguration?) -> Set<HKQuantityType> {
        var types: Set<HKQuantityType> = [HKQuantityType(.activeEnergyBurned), HKQuantityType(.basalEnergyBurned), HKQuantityType(.heartRate)]
        guard let configuration else { return types }
        let activity = configuration.activityType
        // Indoors, a watch still counts running and walking distance from its
        // accelerometer (a footpod here); cycling distance needs a sensor outdoors.
        if configuration.locationType != .indoor || [.swimming, .running, .walking].contains(activity) {
            types.insert(HKQuantityType(HKWorkout.distanceType(for: activity)))
        }
        switch activity {
        case .cycling, .handCycling:
            types.formUnion([HKQuantityType(.cyclingPower), HKQuantityType(.cyclingCadence), HKQuantityType(.cyclingSpeed)])
        case .running:
            types.formUnion([HKQuantityType(.runningPower), HKQuantityType(.runningSpeed), HKQuantityType(.stepCount)])
        case .walking, .hiking:
            types.formUnion([HKQuantityType(.stepCount), HKQuantityType(.walkingSpeed)])
        case .swimming:
            types.insert(HKQuantityType(.swimmingStrokeCount))
        default:
            break
        }
        return types
    }

    /// Whether a device's change to `kind` from `previous` is worth a marker in
    /// the workout: a loss (disconnected, silent, no fix, no skin contact) and
    /// the recovery from one. A device connecting for the first time, or failing
    /// to before it ever reported, is not.
    static func marksWorkout(_ kind: WorkoutSourceStatus.Kind, after previous: WorkoutSourceStatus.Kind?) -> Bool {
        guard kind != previous else { return false }
        let losses: Set<WorkoutSourceStatus.Kind> = [.disconnected, .stale, .noFix, .contactLost]
        switch kind {
        case .disconnected, .stale, .contactLost: return previous != nil   // a device never heard from has nothing to lose
        case .contactRestored: return true
        case .noFix: return previous == .fix2D || previous == .fix3D
        case .connected, .fix2D, .fix3D: return previous.map(losses.contains) ?? false
        case .reconnecting: return false
        }
    }

    /// Each multisport leg's elevation ascended and descended (in centimetres), as metadata for the leg's
    /// activity, in the order the legs came: one entry for each leg positions came in.
    var legMetadata: [(leg: HKWorkoutActivityType, metadata: [String: Any])] {
        guard locationCount > 0, derivesMotionFromLocations else { return [] }
        let centimeters = HKUnit.meterUnit(with: .centi)
        return elevationByLeg.compactMap { entry in
            entry.leg.map { leg in
                (leg, [HKMetadataKeyElevationAscended: HKQuantity(unit: centimeters, doubleValue: (entry.ascended * 100).rounded()),
                       HKMetadataKeyElevationDescended: HKQuantity(unit: centimeters, doubleValue: (entry.descended * 100).rounded())])
            }
        }
    }

    /// Workout metadata derived from the positions: elevation ascended and
    /// descended (3 m hysteresis, in centimetres), maximum Doppler speed, and
    /// average speed while moving (counted distance over the time it took);
    /// and the athlete profile's heart-rate and power figures
    /// (``AthleteProfile/workoutMetadata``), from which zones are drawn later.
    var derivedMetadata: [String: Any] {
        var metadata: [String: Any] = profile?.workoutMetadata ?? [:]
        guard locationCount > 0, derivesMotionFromLocations else { return metadata }
        let centimeters = HKUnit.meterUnit(with: .centi)
        // A multisport workout's climbing is its legs' sum (``legMetadata``), each rounded as the workout's is.
        let legs = elevationByLeg
        metadata[HKMetadataKeyElevationAscended] = HKQuantity(unit: centimeters, doubleValue: legs.reduce(0) { $0 + ($1.ascended * 100).rounded() })
        metadata[HKMetadataKeyElevationDescended] = HKQuantity(unit: centimeters, doubleValue: legs.reduce(0) { $0 + ($1.descended * 100).rounded() })
        if let maximumSpeed { metadata[HKMetadataKeyMaximumSpeed] = HKQuantity(unit: Self.metersPerSecond, doubleValue: maximumSpeed) }
        if movingSeconds > 0 {
            metadata[HKMetadataKeyAverageSpeed] = HKQuantity(unit: Self.metersPerSecond, doubleValue: distance.total / movingSeconds)
        }
        return metadata
    }
}
