public import Foundation

/// What a rider gave to let rides be sent to a service for them.
public enum UploadAccount: Sendable, Codable, Equatable {
    /// A Strava application's credentials and the rider's tokens.
    case strava(StravaAccount)
    /// An intervals.icu athlete and API key.
    case intervals(IntervalsAccount)

    /// The service.
    public var destination: UploadDestination {
        switch self {
        case .strava: .strava
        case .intervals: .intervals
        }
    }
}

/// A Strava application's credentials and one rider's tokens for it.
///
/// Strava rotates the refresh token: each refresh may answer a new one, after which the old one
/// no longer works, so whoever holds the account must keep the one ``StravaClient/refresh(_:now:)``
/// returns before using its access token.
public struct StravaAccount: Sendable, Codable, Equatable {
    /// Strava's address (`https://www.strava.com`); the token endpoint is `/oauth/token`, the API `/api/v3`.
    public var server: URL
    /// The application's client id.
    public var clientID: String
    /// The application's client secret.
    public var clientSecret: String
    /// The rider's refresh token (rotated by Strava).
    public var refreshToken: String
    /// The access token, while it lasts.
    public var accessToken: String?
    /// When the access token expires.
    public var expiresAt: Date?
    /// The rider's name on Strava, when Strava said it.
    public var athlete: String?

    /// Strava itself.
    public static let defaultServer = URL(string: "https://www.strava.com")!

    /// Makes an account.
    public init(server: URL = Self.defaultServer, clientID: String, clientSecret: String, refreshToken: String,
                accessToken: String? = nil, expiresAt: Date? = nil, athlete: String? = nil) {
        self.server = server
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.refreshToken = refreshToken
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.athlete = athlete
    }

    /// The access token if it is good for at least another minute at `now`.
    public func usableToken(at now: Date) -> String? {
        guard let accessToken, let expiresAt, expiresAt.timeIntervalSince(now) > 60 else { return nil }
        return accessToken
    }

    /// Where a rider authorizes the application to upload for them; Strava then sends the browser to
    /// `redirect` with `?code=…`, which ``StravaClient/exchange(code:for:)`` turns into tokens.
    public func authorizationURL(redirect: String = "http://localhost/exchange_token") -> URL {
        var components = URLComponents(url: server.appendingPathComponent("oauth/authorize"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "redirect_uri", value: redirect),
            URLQueryItem(name: "approval_prompt", value: "force"),
            URLQueryItem(name: "scope", value: "activity:write"),
        ]
        return components.url!
    }
}

/// An intervals.icu athlete and the API key from their settings page.
public struct IntervalsAccount: Sendable, Codable, Equatable {
    /// intervals.icu's address (`https://intervals.icu`).
    public var server: URL
    /// The athlete's id (`i12345`, or `0` for the key's own athlete).
    public var athleteID: String
    /// The API key.
    public var apiKey: String

    /// intervals.icu itself.
    public static let defaultServer = URL(string: "https://intervals.icu")!

    /// Makes an account.
    public init(server: URL = Self.defaultServer, athleteID: String, apiKey: String) {
        self.server = server
        self.athleteID = athleteID
        self.apiKey = apiKey
    }
}
