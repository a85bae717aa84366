public import Foundation

/// The simulated user's answers to authorization requests.
///
/// By default the user grants everything. A policy denies chosen types so apps
/// can test the denied paths: a denied share makes saves fail with
/// ``HKError/Code/errorAuthorizationDenied``; a denied read makes queries
/// return only the app's own samples, as on a phone, where apps cannot tell a
/// denied read from missing data.
///
/// Policies are written one rule per line (or separated by `;` or `,`), with
/// `#` comments. A type is named by its full identifier or its short name:
///
/// ```
/// deny share heartRate            # saves of heart rate fail
/// deny read HKQuantityTypeIdentifierStepCount
/// deny workout                    # both share and read
/// ```
///
/// ``HKHealthStore`` reads `$OPENHEALTHKIT_AUTHORIZATION`: the path of a file
/// with such rules, or the rules themselves.
public struct HKAuthorizationPolicy: Hashable, Sendable {
    /// Type identifiers the user refuses to let the app save.
    public var deniedSharing: Set<String>
    /// Type identifiers the user refuses to let the app read.
    public var deniedReading: Set<String>

    /// A policy denying the given types.
    public init(denyingSharing: Set<HKObjectType> = [], denyingReading: Set<HKObjectType> = []) {
        deniedSharing = Set(denyingSharing.map(\.identifier))
        deniedReading = Set(denyingReading.map(\.identifier))
    }

    /// The user grants everything.
    public static let grantAll = HKAuthorizationPolicy()

    /// Whether the user lets the app save `type`.
    public func allowsSharing(_ type: HKObjectType) -> Bool { !deniedSharing.contains(type.identifier) }

    /// Whether the user lets the app read `type`.
    public func allowsReading(_ type: HKObjectType) -> Bool { !deniedReading.contains(type.identifier) }

    /// A policy error: the rule that could not be read, and where.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Where the rules came from: a file path or `OPENHEALTHKIT_AUTHORIZATION`.
        public let origin: String
        /// The 1-based line.
        public let line: Int
        /// The 1-based column.
        public let column: Int
        /// What was wrong and what to write instead.
        public let message: String

        /// `origin:line:column: message`.
        public var description: String { "\(origin):\(line):\(column): \(message)" }
    }

    /// Reads rules in the format described above.
    ///
    /// - Parameters:
    ///   - text: The rules.
    ///   - origin: Where they came from, for error messages.
    /// - Throws: ``ParseError`` naming the line and column of the first bad rule.
    public init(parsing text: String, origin: String = "OPENHEALTHKIT_AUTHORIZATION") throws(ParseError) {
        var policy = HKAuthorizationPolicy()
        for (lineIndex, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            var offset = 0
            for rule in line.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "," }) {
                defer { offset += rule.count + 1 }
                let words = rule.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                guard !words.isEmpty else { continue }
                let column = offset + (rule.firstIndex { $0 != " " }.map { rule.distance(from: rule.startIndex, to: $0) } ?? 0) + 1
                func fail(_ message: String) -> ParseError {
                    ParseError(origin: origin, line: lineIndex + 1, column: column, message: message)
                }
                guard words[0] == "deny" || words[0] == "allow" else {
                    throw fail("a rule starts with \"deny\" (or \"allow\"), as in \"deny share heartRate\"; found \"\(words[0])\"")
                }
                var rest = words.dropFirst()
                var share = true, read = true
                if let access = rest.first, access == "share" || access == "read" {
                    share = access == "share"
                    read = access == "read"
                    rest = rest.dropFirst()
                }
                guard rest.count == 1, let name = rest.first else {
                    throw fail("name one type after \"\(words[0])\", as in \"deny read stepCount\"")
                }
                guard let identifier = Self.identifier(for: name) else {
                    let hint = Self.suggestion(for: name).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw fail("unknown type \"\(name)\"\(hint)")
                }
                if words[0] == "deny" {
                    if share { policy.deniedSharing.insert(identifier) }
                    if read { policy.deniedReading.insert(identifier) }
                } else {
                    if share { policy.deniedSharing.remove(identifier) }
                    if read { policy.deniedReading.remove(identifier) }
                }
            }
        }
        self = policy
    }

    /// The policy from `$OPENHEALTHKIT_AUTHORIZATION`, or ``grantAll`` when it is unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ParseError) -> HKAuthorizationPolicy {
        guard let value = environment["OPENHEALTHKIT_AUTHORIZATION"], !value.isEmpty else { return .grantAll }
        if FileManager.default.fileExists(atPath: value) {
            guard let text = try? String(contentsOfFile: value, encoding: .utf8) else {
                throw ParseError(origin: value, line: 1, column: 1, message: "cannot read the authorization policy file")
            }
            return try HKAuthorizationPolicy(parsing: text, origin: value)
        }
        return try HKAuthorizationPolicy(parsing: value)
    }

    private static let shortNames: [String: String] = {
        var names: [String: String] = ["workout": HKWorkoutType.workoutIdentifier,
                                       "stateOfMind": HKStateOfMindType.stateOfMindIdentifier,
                                       "workoutRoute": HKSeriesType.workoutRouteIdentifier,
                                       "heartbeat": HKSeriesType.heartbeatIdentifier]
        for identifier in QuantityTypeTable.standard.entries.keys {
            names[HKQuantityType(identifier).shortName] = identifier.rawValue
        }
        return names
    }()

    package static func identifier(for name: String) -> String? {
        if name.hasPrefix("HK") { return HKObjectType.from(identifier: name) == nil ? nil : name }
        if let known = shortNames[name] { return known }
        let capitalised = name.prefix(1).uppercased() + name.dropFirst()
        for prefix in ["HKCategoryTypeIdentifier", "HKCharacteristicTypeIdentifier", "HKCorrelationTypeIdentifier"] {
            let candidate = prefix + capitalised
            if knownCategoryLike(candidate) { return candidate }
        }
        return nil
    }

    private static func knownCategoryLike(_ identifier: String) -> Bool {
        let characteristic = ["DateOfBirth", "BiologicalSex", "BloodType", "FitzpatrickSkinType", "WheelchairUse", "ActivityMoveMode"]
        if identifier.hasPrefix("HKCharacteristicTypeIdentifier") {
            return characteristic.contains(String(identifier.dropFirst("HKCharacteristicTypeIdentifier".count)))
        }
        if identifier.hasPrefix("HKCorrelationTypeIdentifier") {
            return ["BloodPressure", "Food"].contains(String(identifier.dropFirst("HKCorrelationTypeIdentifier".count)))
        }
        return HKCategoryTypeIdentifier.all.contains(HKCategoryTypeIdentifier(rawValue: identifier))
    }

    package static func suggestion(for name: String) -> String? {
        shortNames.keys.map { ($0, editDistance($0.lowercased(), name.lowercased())) }
            .filter { $0.1 <= max(2, name.count / 4) }
            .min { $0.1 < $1.1 }?.0
    }
}
