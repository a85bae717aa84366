/// Why a FIT file could not be read to its end, and where.
///
/// The decoder hands over every message it read before the problem, so a
/// reader keeps what the file held up to ``offset``.
public struct FITDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        /// The bytes do not start with a FIT header (no `.FIT` signature, or too short).
        public static let notFIT = Code("not a FIT file")
        /// The header's checksum does not match its bytes.
        public static let headerCRC = Code("header CRC mismatch")
        /// The file's checksum does not match its bytes.
        public static let fileCRC = Code("file CRC mismatch")
        /// The file ends before the size its header declares.
        public static let truncated = Code("truncated")
        /// A data message uses a local message type no definition declared.
        public static let undefinedLocalMessage = Code("undefined local message")
        /// A definition message is malformed.
        public static let badDefinition = Code("bad definition")
        /// The file holds more than a reader takes (see ``ActivityFileLimits``).
        public static let limitReached = Code("limit reached")
        /// What the code says.
        public var description: String { name }
    }

    /// The kind of problem.
    public let code: Code
    /// The byte offset in the file where it was found.
    public let offset: Int
    /// What went wrong, for a person.
    public let message: String
    /// How many messages were read before it.
    public let messagesRead: Int

    /// An error of `code` at `offset`.
    public init(_ code: Code, at offset: Int, _ message: String, messagesRead: Int) {
        self.code = code
        self.offset = offset
        self.message = message
        self.messagesRead = messagesRead
    }

    /// `byte N: message`.
    public var description: String { "byte \(offset): \(message)" }
}
