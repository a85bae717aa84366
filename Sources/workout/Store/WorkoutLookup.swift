import ArgumentParser
import Foundation
import OpenHealthKit

/// Finds a workout by the start of its identifier, as `git` finds commits,
/// or the newest with `last`.
func findWorkout(_ prefix: String, in store: HKHealthStore) async throws -> HKWorkout {
    let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
    if prefix.lowercased() == "last" {
        guard let newest = workouts.last else {
            throw RecordingsError("No workouts in \(store.location) yet. Record one with `workout record` or replay a scenario with `workout replay`.")
        }
        return newest
    }
    let matches = workouts.filter { $0.uuid.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
    guard !prefix.isEmpty, let workout = matches.first else {
        throw RecordingsError("No workout's identifier starts with '\(prefix)' in \(store.location); `workout list` shows them.")
    }
    guard matches.count == 1 else {
        throw RecordingsError("'\(prefix)' starts \(matches.count) workouts' identifiers (\(matches.prefix(3).map { String($0.uuid.uuidString.prefix(8)) }.joined(separator: ", "))…); give more of it.")
    }
    return workout
}

/// The shortest prefix (at least 8 characters) of each identifier that no
/// other one shares, as git abbreviates commits. Identifiers made in the same
/// minute share their first characters (they are ordered by time).
func uniquePrefixes(_ ids: [String]) -> [String] {
    ids.map { id in
        var length = 8
        while length < id.count, ids.contains(where: { $0 != id && $0.hasPrefix(id.prefix(length)) }) { length += 1 }
        return String(id.prefix(length))
    }
}

/// A workout that is not there, or not one: said without the usage text.
struct RecordingsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
