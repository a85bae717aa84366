import Foundation

/// Sort descriptors are immutable once made.
struct NSSortDescriptorBox: @unchecked Sendable {
    let descriptors: [NSSortDescriptor]
    init(_ descriptors: [NSSortDescriptor]) { self.descriptors = descriptors }

    func ordered(_ a: HKObject, _ b: HKObject) -> Bool {
        for descriptor in descriptors {
            switch descriptor.compare(a, to: b) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return false
    }
}
