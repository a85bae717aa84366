@_exported public import OpenHealthKitCore
// `import HealthKit` brings Foundation with it (Date, DispatchQueue, Measurement…); so does this.
@_exported public import Foundation
import WorkoutSources
#if GPSD
import GPSDReceiver
#endif
#if BlueZ
import BlueZSensors
#endif

/// The built-in live sources, registered once: `scenario:FILE` and `hrm:DEVICE`, and with the package's `GPSD` and
/// `BlueZ` traits (on by default) `gpsd://HOST:PORT` and `ble:ADDRESS`.
let builtInSources: Void = {
    ScenarioSource.register()
    HeartRateStrapSource.register()
    #if GPSD
    GPSDSource.register()
    #endif
    #if BlueZ
    BluetoothSensorSource.register()
    #endif
}()

extension HKLiveWorkoutDataSource {
    /// A data source over the sources `OPENHEALTHKIT_SOURCES` names, as
    /// HealthKit's initialiser is written: the built-in schemes (`scenario:`,
    /// `gpsd://`, `hrm:`, `ble:`) need no registration, and sources registered with
    /// ``WorkoutSourceRegistry`` are heard too.
    ///
    /// ```sh
    /// OPENHEALTHKIT_SOURCES=scenario:Scenarios/easy-run.yaml swift run my-workout-app
    /// ```
    ///
    /// ```swift
    /// import OpenHealthKit   // instead of: import HealthKit
    ///
    /// builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
    /// ```
    public convenience init(healthStore: HKHealthStore, workoutConfiguration: HKWorkoutConfiguration?) {
        _ = builtInSources
        self.init(healthStore: healthStore, workoutConfiguration: workoutConfiguration, configuredBy: ProcessInfo.processInfo.environment)
    }
}
