import Foundation

/// A source at a version, as Apple's `HKSourceRevision`.
public struct HKSourceRevision: Hashable, Sendable, Codable {
    /// The app.
    public let source: HKSource
    /// The app's version, if known.
    public let version: String?
    /// The product the app ran on.
    public let productType: String?
    /// The operating system version string.
    public let operatingSystemVersionString: String?

    /// Describes a source revision.
    public init(source: HKSource, version: String?, productType: String? = nil, operatingSystemVersionString: String? = nil) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersionString = operatingSystemVersionString
    }

    package static let current = HKSourceRevision(
        source: .current, version: nil, productType: "Linux",
        operatingSystemVersionString: ProcessInfo.processInfo.operatingSystemVersionString)
}
