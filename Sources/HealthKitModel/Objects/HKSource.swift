import Foundation

/// The app that saved data, as Apple's `HKSource`.
public struct HKSource: Hashable, Sendable, Codable {
    /// The app's name.
    public let name: String
    /// The app's bundle identifier, which keys per-source statistics.
    public let bundleIdentifier: String

    /// Describes a source.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The current process: named after its executable, with the bundle
    /// identifier `$OPENHEALTHKIT_BUNDLE_ID` or `org.openhealthkit.<name>`.
    public static func `default`() -> HKSource { current }

    package static let current: HKSource = {
        let environment = ProcessInfo.processInfo.environment
        let name = environment["OPENHEALTHKIT_APP_NAME"] ?? ProcessInfo.processInfo.processName
        let bundle = environment["OPENHEALTHKIT_BUNDLE_ID"] ?? "org.openhealthkit.\(name)"
        return HKSource(name: name, bundleIdentifier: bundle)
    }()
}
