/// A browser session that failed, with the driver's output.
public struct BrowserError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}
