import Foundation

/// Rows of one quantity type, counted together.
struct TypedRows {
    let type: HKQuantityType
    var rows: [StatisticRow] = []

    /// Rows grouped by type in the order each type first appeared. A batch
    /// holds a handful of types, so finding a type's group is a short scan
    /// comparing types with ==, with no hashing.
    struct Groups {
        private(set) var all: [TypedRows] = []
        /// Room each new group makes for rows.
        private let expectedRows: Int
        /// The group of each derived type, by ``DerivedQuantity/typeIndex``, once it has one.
        private var derivedGroups = [Int](repeating: -1, count: DerivedQuantity.types.count)

        /// Groups whose rows make room for `expectedRows` rows at first.
        init(expectedRows: Int = 0) {
            self.expectedRows = expectedRows
        }

        /// Whether no rows are held.
        var isEmpty: Bool { all.allSatisfy(\.rows.isEmpty) }

        /// Adds `row` to `type`'s group.
        mutating func append(_ row: StatisticRow, of type: HKQuantityType) {
            if let index = all.firstIndex(where: { $0.type == type }) {
                all[index].rows.append(row)
            } else {
                var rows: [StatisticRow] = []
                rows.reserveCapacity(expectedRows)
                rows.append(row)
                all.append(TypedRows(type: type, rows: rows))
            }
        }

        /// Adds a derived quantity's row to its type's group, found by index.
        mutating func append(_ quantity: DerivedQuantity) {
            let slot = Int(quantity.typeIndex), group = derivedGroups[slot]
            if group >= 0 {
                all[group].rows.append(quantity.row)
            } else {
                append(quantity.row, of: quantity.type)
                derivedGroups[slot] = all.firstIndex { $0.type == quantity.type } ?? -1
            }
        }

        /// Drops the groups whose type `refused` holds.
        mutating func removeAll(where refused: (HKQuantityType) -> Bool) {
            all.removeAll { refused($0.type) }
            derivedGroups = derivedGroups.indices.map { slot in all.firstIndex { $0.type == DerivedQuantity.types[slot] } ?? -1 }
        }
    }
}
