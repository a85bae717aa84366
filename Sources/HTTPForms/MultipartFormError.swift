/// A `multipart/form-data` body that cannot be read, and where.
public struct MultipartFormError: Error, Sendable, CustomStringConvertible {
    /// The byte offset in the body where reading stopped.
    public var offset: Int
    /// What is wrong there.
    public var message: String

    /// The message for the person who uploaded.
    public var description: String { "The upload's form data cannot be read at byte \(offset): \(message). Upload the file again with the form." }
}
