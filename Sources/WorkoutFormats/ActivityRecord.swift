public import Foundation

/// One sample of an activity: a time with whatever the sensors gave then.
public struct ActivityRecord: Sendable, Equatable {
    /// When the sample was taken.
    public var date: Date
    /// Latitude in degrees (WGS84), if there was a fix.
    public var latitude: Double?
    /// Longitude in degrees (WGS84), if there was a fix.
    public var longitude: Double?
    /// Altitude in metres above mean sea level.
    public var altitude: Double?
    /// Heart rate in beats per minute.
    public var heartRate: Double?
    /// Cadence in revolutions (cycling) or strides (running) per minute.
    public var cadence: Double?
    /// Power in watts.
    public var power: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// Distance covered since the start, in metres.
    public var distance: Double?
    /// The air's temperature the device measured, in degrees Celsius.
    public var temperature: Double?

    /// A record at `date` with the given values.
    public init(date: Date, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil, heartRate: Double? = nil,
                cadence: Double? = nil, power: Double? = nil, speed: Double? = nil, distance: Double? = nil) {
        self.date = date
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.speed = speed
        self.distance = distance
    }

    /// Whether the record has a position.
    public var hasPosition: Bool { latitude != nil && longitude != nil }
}
