import ArgumentParser
import Foundation
import OpenHealthKit
import WorkoutSources

/// A file written through a buffer.
final class OutputFile {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []

    init(_ path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("Cannot write \(path): check that its folder exists and is writable.")
        }
        self.handle = handle
        self.path = path
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) {
        buffer += bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        flush()
        do { try handle.close() } catch { throw ValidationError("Cannot finish writing \(path): \(error.localizedDescription)") }
    }
}
