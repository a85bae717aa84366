/// A link shown at the top of a report, as the web app's "All workouts" or "Download FIT".
public struct ReportLink: Sendable, Equatable {
    /// The link's text.
    public var title: String
    /// Where it goes (escaped when written).
    public var url: String

    /// A link.
    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
