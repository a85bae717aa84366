// The store, queries and sessions speak in HealthKit's value types: whoever imports them gets those types too.
@_exported public import HealthKitModel
