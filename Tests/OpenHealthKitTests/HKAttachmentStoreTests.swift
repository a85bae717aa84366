import Foundation
import OpenHealthKit
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct HKAttachmentStoreTests {
    /// A saved heart-rate sample to attach files to, in a new file store.
    static func savedSample() async throws -> (HKHealthStore, HKQuantitySample, String) {
        let (store, path) = try await makeAuthorizedStore([heartRate])
        let sample = heartRateSample(70, at: 0)
        try await store.save(sample)
        return (store, sample, path)
    }

    /// Bytes that compress well (a file of text) and bytes that do not (random).
    static let text = Data(String(repeating: "<Trackpoint><HeartRateBpm>142</HeartRateBpm></Trackpoint>\n", count: 2_000).utf8)
    static func noise(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test func givesBackTheBytesItWasGivenWhetherTheyCompressOrNot() async throws {
        let (store, sample, _) = try await Self.savedSample()
        let clock = VirtualClock(start: at(600))
        let attachments = HKAttachmentStore(healthStore: store, clock: clock)
        let noise = Self.noise(10_000)
        let first = try await attachments.addAttachment(to: sample, name: "notes.xml", contentType: .xml, data: Self.text, metadata: ["page": 1])
        let second = try await attachments.addAttachment(to: sample, name: "noise.bin", contentType: .data, data: noise)
        let empty = try await attachments.addAttachment(to: sample, name: "empty.txt", contentType: .plainText, data: Data())
        #expect(first.size == Self.text.count && first.creationDate == at(600) && first.metadata?["page"] as? Int == 1)

        // Read back through a second store object on the same file, as another process would.
        let listed = try await HKAttachmentStore(healthStore: HKHealthStore(location: store.location)).attachments(for: sample)
        #expect(listed.map(\.name) == ["notes.xml", "noise.bin", "empty.txt"])
        #expect(listed.map(\.contentType) == [.xml, .data, .plainText])
        #expect(listed.first?.metadata?["page"] as? Int == 1)
        #expect(try await attachments.getData(for: first) == Self.text)
        #expect(try await attachments.getData(for: second) == noise)
        #expect(try await attachments.getData(for: empty) == Data())
    }

    @Test func keepsTextCompressed() async throws {
        let (store, sample, path) = try await Self.savedSample()
        _ = try await HKAttachmentStore(healthStore: store).addAttachment(to: sample, name: "notes.xml", contentType: .xml, data: Self.text)
        let stored = try ExternalTool.python("""
            import sqlite3, sys
            row = sqlite3.connect(sys.argv[1]).execute("SELECT encoding, length(data), size FROM attachment").fetchone()
            print(*row)
            """, [path])
        let fields = stored.standardOutput.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.first == "deflate", "\(stored.standardOutput)\(stored.standardError)")
        #expect((Int(fields.dropFirst().first ?? "") ?? .max) < Self.text.count / 10)
        #expect(Int(fields.last ?? "") == Self.text.count)
    }

    @Test func saysSoWhenTheStoredBytesAreDamaged() async throws {
        let (store, sample, path) = try await Self.savedSample()
        let attachment = try await HKAttachmentStore(healthStore: store).addAttachment(to: sample, name: "notes.xml", contentType: .xml, data: Self.text)
        let damage = try ExternalTool.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE attachment SET data = substr(data, 1, 20)"); db.commit()
            """, [path])
        try #require(damage.status == 0, "\(damage.standardError)")
        let error = await #expect(throws: HKError.self) { try await HKAttachmentStore(healthStore: store).getData(for: attachment) }
        #expect(error?.code == .errorDatabaseInaccessible)
        #expect(error?.localizedDescription.contains("notes.xml is damaged") == true)
    }

    @Test func goesWithTheObjectItIsAttachedTo() async throws {
        let (store, sample, _) = try await Self.savedSample()
        let attachments = HKAttachmentStore(healthStore: store)
        let attachment = try await attachments.addAttachment(to: sample, name: "notes.xml", contentType: .xml, data: Self.text)
        try await store.delete(sample)
        #expect(try await attachments.attachments(for: sample).isEmpty)
        let error = await #expect(throws: HKError.self) { try await attachments.getData(for: attachment) }
        #expect(error?.code == .errorNoData)
    }

    @Test func removesOneAttachment() async throws {
        let (store, sample, _) = try await Self.savedSample()
        let attachments = HKAttachmentStore(healthStore: store)
        let kept = try await attachments.addAttachment(to: sample, name: "a.txt", contentType: .plainText, data: Data("a".utf8))
        let removed = try await attachments.addAttachment(to: sample, name: "b.txt", contentType: .plainText, data: Data("b".utf8))
        try await attachments.removeAttachment(removed, from: sample)
        #expect(try await attachments.attachments(for: sample) == [kept])
        let again = await #expect(throws: HKError.self) { try await attachments.removeAttachment(removed, from: sample) }
        #expect(again?.code == .errorNoData)
    }

    @Test func refusesAnObjectNotInTheStoreAndAFileTooLarge() async throws {
        let (store, sample, _) = try await Self.savedSample()
        let attachments = HKAttachmentStore(healthStore: store)
        let unsaved = heartRateSample(80, at: 10)
        let notSaved = await #expect(throws: HKError.self) {
            try await attachments.addAttachment(to: unsaved, name: "a.txt", contentType: .plainText, data: Data("a".utf8))
        }
        #expect(notSaved?.code == .errorInvalidArgument && notSaved?.localizedDescription.contains("save it before") == true)
        let tooLarge = await #expect(throws: HKError.self) {
            try await attachments.addAttachment(to: sample, name: "big.bin", contentType: .data, data: Data(count: HKAttachmentStore.maximumSize + 1))
        }
        #expect(tooLarge?.code == .errorDataSizeExceeded)
        let missing = await #expect(throws: HKError.self) {
            try await attachments.addAttachment(to: sample, name: "gone.fit", contentType: .fit, dataURL: URL(fileURLWithPath: "/nonexistent/gone.fit"))
        }
        #expect(missing?.localizedDescription.contains("/nonexistent/gone.fit") == true)
    }

    @Test func knowsTheTypesOfActivityFilesByTheirExtension() {
        #expect(UTType(filenameExtension: "FIT") == .fit)
        #expect(UTType(filenameExtension: "gpx")?.preferredMIMEType == "application/gpx+xml")
        #expect(UTType(filenameExtension: "xyz") == nil)
        #expect(UTType(importedAs: "com.garmin.tcx") == .tcx)
        #expect(UTType(importedAs: "org.example.unknown").identifier == "org.example.unknown")
    }
}
