/// A service that takes rides: where `workout upload` and the club's forwarding send them.
public enum UploadDestination: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Strava, through its v3 API (`POST /api/v3/uploads`), with OAuth 2.0 tokens.
    case strava
    /// intervals.icu, through `POST /api/v1/athlete/{id}/activities`, with the athlete's API key.
    case intervals

    /// The service's name as riders know it.
    public var description: String {
        switch self {
        case .strava: "Strava"
        case .intervals: "intervals.icu"
        }
    }
}
