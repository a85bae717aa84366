import Foundation

extension HKHealthStore {
    /// Saves samples tied to a workout (by its identifier); the save's plan
    /// checks sharing once for each type.
    func saveAssociated(_ samples: [HKSample], to workout: UUID) async throws {
        try await saveRows(samples, parent: workout, database: try database())
    }
}
