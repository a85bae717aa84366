@_exported public import OpenHealthKitCore
// `import HealthKit` brings Foundation with it (Date, DispatchQueue, Measurement…); so does this.
@_exported public import Foundation
import WorkoutSources

/// The built-in live sources, registered once: `scenario:FILE`,
/// `gpsd://HOST:PORT`, `hrm:DEVICE` and `ble:ADDRESS`.
let builtInSources: Void = {
    ScenarioSource.register()
    GPSDSource.register()
    HeartRateStrapSource.register()
    BluetoothSensorSource.register()
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
