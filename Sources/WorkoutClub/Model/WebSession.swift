/// A browser's session: who logged in, and the token its forms must carry.
public struct WebSession: Sendable, Equatable {
    /// Who logged in.
    public var athlete: Athlete
    /// The CSRF token the session's forms and scripts send back with every change.
    public var csrfToken: String
}
