public import Foundation

/// The predicate type the `HKQuery.predicateFor…` functions return.
///
/// It is an `NSPredicate`, so it combines with `NSCompoundPredicate` and can be
/// evaluated on objects; queries also read its structure to filter in SQL.
public final class HKQueryPredicate: NSPredicate {
    // Immutable after init.
    let filter: SampleFilter

    init(_ filter: SampleFilter) {
        self.filter = filter
        super.init(block: { object, _ in
            guard let object = object as? HKObject else { return false }
            return filter.matches(object)
        })
    }

    /// Not supported: predicates are not archived.
    public required init?(coder: NSCoder) { nil }

    /// Whether `object` satisfies the predicate.
    public override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        guard let object = object as? HKObject else { return false }
        return filter.matches(object)
    }
}
