import Foundation

/// Turns sort descriptors into SQL where they name start or end dates, and a Swift order otherwise.
enum SampleOrder {
    static func from(_ descriptors: [NSSortDescriptor]) -> (String?, ((HKObject, HKObject) -> Bool)?) {
        var sql: [String] = []
        for descriptor in descriptors {
            let direction = descriptor.ascending ? "ASC" : "DESC"
            switch descriptor.keyPath {
            case \HKSample.startDate, \HKQuantitySample.startDate, \HKCategorySample.startDate, \HKWorkout.startDate:
                sql.append("object.start \(direction)")
            case \HKSample.endDate, \HKQuantitySample.endDate, \HKCategorySample.endDate, \HKWorkout.endDate:
                sql.append("object.end \(direction)")
            default:
                let box = NSSortDescriptorBox(descriptors)
                return (nil, { a, b in box.ordered(a, b) })
            }
        }
        return ((sql + ["object.id ASC"]).joined(separator: ", "), nil)
    }
}
