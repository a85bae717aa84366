/// Whether a workout took place indoors (`Bool`).
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// The average speed while moving (`HKQuantity`, length/time).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// The maximum speed (`HKQuantity`, length/time).
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"
/// The total climb (`HKQuantity`, length).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// The total descent (`HKQuantity`, length).
public let HKMetadataKeyElevationDescended = "HKElevationDescended"
/// The average metabolic equivalent (`HKQuantity`, kcal/(kg·hr)).
public let HKMetadataKeyAverageMETs = "HKAverageMETs"
/// The time zone the data was recorded in (`String`, an IANA name).
public let HKMetadataKeyTimeZone = "HKTimeZone"
/// The weather temperature (`HKQuantity`, temperature).
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"
/// The weather humidity (`HKQuantity`, percent).
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"
/// Whether a coach led the workout (`Bool`).
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"
/// Whether the workout was a group class (`Bool`).
public let HKMetadataKeyGroupFitness = "HKGroupFitness"
/// The brand of a workout (`String`).
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// An identifier the app gives the object (`String`), unique per source.
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// An app-defined sync identifier (`String`); a newer version replaces an older one.
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"
/// The version that goes with ``HKMetadataKeySyncIdentifier`` (number).
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"
/// Whether the user entered the data by hand (`Bool`).
public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"
/// The serial number of the device (`String`).
public let HKMetadataKeyDeviceSerialNumber = "HKDeviceSerialNumber"
/// Where on the body a heart-rate sensor sits (number, ``HKHeartRateSensorLocation``).
public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"
/// The motion context of a heart-rate reading (number: 0 not set, 1 sedentary, 2 active).
public let HKMetadataKeyHeartRateMotionContext = "HKHeartRateMotionContext"
/// Whether a sample starts a menstrual cycle (`Bool`); required on menstrual flow samples.
public let HKMetadataKeyMenstrualCycleStart = "HKMenstrualCycleStart"
/// Why insulin was delivered (number: 1 basal, 2 bolus); required on insulin delivery samples.
public let HKMetadataKeyInsulinDeliveryReason = "HKInsulinDeliveryReason"
/// The length of a lap in a pool (`HKQuantity`, length).
public let HKMetadataKeyLapLength = "HKLapLength"
/// Where a swim took place (number, ``HKWorkoutSwimmingLocationType``).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// The accuracy of a heart-rate event threshold (`HKQuantity`, count/min).
public let HKMetadataKeyHeartRateEventThreshold = "HKHeartRateEventThreshold"

/// The root mean square of successive RR-interval differences, in seconds, on
/// heart-rate-variability samples made from a strap's RR intervals (`Double`).
public let OpenHealthKitMetadataKeyRMSSD = "OpenHealthKitRMSSD"

/// Where a heart-rate sensor is worn, with the Bluetooth Body Sensor Location values.
public enum HKHeartRateSensorLocation: Int, Sendable, CaseIterable {
    /// Another place.
    case other = 0
    /// The chest.
    case chest = 1
    /// The wrist.
    case wrist = 2
    /// A finger.
    case finger = 3
    /// A hand.
    case hand = 4
    /// An ear lobe.
    case earLobe = 5
    /// A foot.
    case foot = 6
}

/// A name for a marker, lap or segment event, such as "Summit" (a string).
/// OpenHealthKit's own key; HealthKit has none for this.
public let OpenHealthKitMetadataKeyEventName = "OpenHealthKitEventName"

/// On a marker event recorded when a device's state changed during a workout:
/// the new state, a ``WorkoutSourceStatus/Kind`` raw value such as
/// `disconnected`, `contactLost` or `noFix` (a string). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyDeviceStatus = "OpenHealthKitDeviceStatus"

/// On a device-status marker: the source that reported it, such as
/// `hrm:/dev/ttyUSB0` or `gpsd://localhost:2947` (a string). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyDeviceSource = "OpenHealthKitDeviceSource"

/// On a workout recorded or imported with an athlete profile: the athlete's
/// maximum heart rate then (`HKQuantity`, count/min), from which heart-rate
/// zones are drawn afterwards. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteMaximumHeartRate = "OpenHealthKitAthleteMaximumHeartRate"

/// On a workout recorded or imported with an athlete profile that gives one:
/// the athlete's resting heart rate then (`HKQuantity`, count/min).
/// OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteRestingHeartRate = "OpenHealthKitAthleteRestingHeartRate"

/// On a workout recorded or imported with an athlete profile that gives one:
/// the athlete's functional threshold power then (`HKQuantity`, W), for power
/// zones. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteFunctionalThresholdPower = "OpenHealthKitAthleteFunctionalThresholdPower"

/// On a workout recorded or imported with an athlete profile that gives one:
/// the athlete's lactate-threshold heart rate then (`HKQuantity`, count/min).
/// OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteLactateThresholdHeartRate = "OpenHealthKitAthleteLactateThresholdHeartRate"

/// On a workout recorded or imported with an athlete profile: how its
/// heart-rate zones are drawn (a ``HeartRateZoneModel`` raw value, `String`).
/// OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteZoneModel = "OpenHealthKitAthleteZoneModel"

/// On a workout: the sensors that took part (a strap, a power meter, …) with their kind, name, address and
/// battery at the end, as a JSON array (`String`). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeySensors = "OpenHealthKitSensors"

/// On a workout: where its route's altitudes came from, `barometer` or `gps`
/// (a string), when known. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyElevationSource = "OpenHealthKitElevationSource"

/// On a lap event of an imported workout: the lap's distance as the file
/// gave it (`HKQuantity`, length), so the lap leaves as it came.
/// OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyLapDistance = "OpenHealthKitLapDistance"

/// On a lap event of an imported workout: the lap's timer time as the file
/// gave it (`HKQuantity`, time). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyLapTimerTime = "OpenHealthKitLapTimerTime"

/// On a lap event of an imported workout: the lap's active energy as the
/// file gave it (`HKQuantity`, energy). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyLapEnergy = "OpenHealthKitLapEnergy"

/// On a workout: its title, such as "Morning ride to the coast" (`String`): a GPX track's
/// name when imported, or what the rider named it. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyWorkoutName = "OpenHealthKitWorkoutName"

/// On a workout: the rider's notes about it (`String`). OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyWorkoutNotes = "OpenHealthKitWorkoutNotes"

/// On a workout route: `true` when the workout's live data source recorded it, not the app
/// (`Bool`). A route the app finishes for the same workout with its own
/// ``HKWorkoutRouteBuilder`` replaces it. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyCollectedByDataSource = "OpenHealthKitCollectedByDataSource"

/// On a workout: its training stress (a `Double`: TSS from power, else Banister's TRIMP from
/// heart rate), computed when it was saved against the athlete's figures in force on its date,
/// so a training-load chart over years reads one value a workout. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyTrainingStress = "OpenHealthKitTrainingStress"

/// On a workout with ``OpenHealthKitMetadataKeyTrainingStress``: what it was computed against
/// (a `String` such as `tss ftp=250` or `trimp rest=50 max=190`), so it is computed again when
/// a setting for its date changes. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyTrainingStressBasis = "OpenHealthKitTrainingStressBasis"

/// On a workout recorded or imported with an athlete profile that gives one:
/// the athlete's critical power then (`HKQuantity`, W), for W′ balance.
/// OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteCriticalPower = "OpenHealthKitAthleteCriticalPower"

/// On a workout recorded or imported with an athlete profile that gives one:
/// the athlete's W′ then (`HKQuantity`, J), for W′ balance. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyAthleteWPrime = "OpenHealthKitAthleteWPrime"

/// On a workout: its best efforts over the standard distances and durations (a `String` such as
/// `d1000=203.4 d5000=1101 p5=912 p1200=287`: seconds over metres, watts over seconds), computed
/// when it was saved, so personal records across years read one value a workout. An empty string:
/// computed, and none found. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyBestEfforts = "OpenHealthKitBestEfforts"

/// On a workout: the token of its public link (a `String`; the workout is seen at `/shared/TOKEN` by whoever
/// has the link, without the server's token), made when the rider makes it public and removed when they make
/// it private again. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyShareToken = "OpenHealthKitShareToken"

/// On an imported workout or a leg: the training figures its file's session states, as the device computed
/// them (a `String` such as `np=195 tss=92.9 if=0.847 ftp=230 work=650000`: watts, points, a ratio, watts,
/// joules), shown beside the figures computed here so a rider sees why they differ. OpenHealthKit's own key.
public let OpenHealthKitMetadataKeyStatedTraining = "OpenHealthKitStatedTraining"
