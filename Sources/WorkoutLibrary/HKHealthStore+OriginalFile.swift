public import Foundation
public import OpenHealthKitCore
import WorkoutFormats

/// The file a workout was imported from, kept with it as an attachment
/// (``HKAttachmentStore``), so that the rider can have back exactly what the device wrote.
extension HKHealthStore {
    /// The attachment metadata key that marks a workout's original file.
    public static let originalFileKey = "OpenHealthKitOriginalFile"

    /// Keeps `data`, the file named `name` that `workout` was imported from, with the workout.
    @discardableResult
    public func attachOriginalFile(_ data: Data, named name: String, to workout: HKWorkout) async throws -> HKAttachment {
        let fileName = URL(fileURLWithPath: name).lastPathComponent
        let type = UTType(filenameExtension: URL(fileURLWithPath: fileName).pathExtension) ?? .data
        return try await HKAttachmentStore(healthStore: self).addAttachment(to: workout, name: fileName, contentType: type, data: data,
                                                                           metadata: [Self.originalFileKey: true])
    }

    /// The file `workout` was imported from and its bytes, exactly as imported; nil for a
    /// workout recorded here or imported before files were kept.
    public func originalFile(of workout: HKWorkout) async throws -> (attachment: HKAttachment, data: Data)? {
        guard let original = try await originalFileAttachment(of: workout) else { return nil }
        return (original, try await HKAttachmentStore(healthStore: self).getData(for: original))
    }

    /// The attachment holding the file `workout` was imported from, without reading its bytes.
    public func originalFileAttachment(of workout: HKWorkout) async throws -> HKAttachment? {
        try await HKAttachmentStore(healthStore: self).attachments(for: workout).last { $0.metadata?[Self.originalFileKey] as? Bool == true }
    }
}
