import Foundation

/// Bucket boundaries: `anchor + k × components` for every integer k, on a calendar.
struct BucketScheme: Sendable {
    let anchor: Date
    let components: DateComponents
    let calendar: Calendar

    init(anchor: Date, components: DateComponents, calendar: Calendar = .current) {
        self.anchor = anchor
        self.components = components
        self.calendar = calendar
    }

    /// The boundary `k` intervals from the anchor.
    func boundary(_ k: Int) -> Date {
        var scaled = DateComponents()
        if let v = components.year { scaled.year = v * k }
        if let v = components.month { scaled.month = v * k }
        if let v = components.weekOfYear { scaled.weekOfYear = v * k }
        if let v = components.day { scaled.day = v * k }
        if let v = components.hour { scaled.hour = v * k }
        if let v = components.minute { scaled.minute = v * k }
        if let v = components.second { scaled.second = v * k }
        return calendar.date(byAdding: scaled, to: anchor) ?? anchor
    }

    /// Roughly how long one interval is, to jump near a date before stepping.
    var approximateLength: Double {
        var seconds = 0.0
        seconds += Double(components.year ?? 0) * 365.2425 * 86_400
        seconds += Double(components.month ?? 0) * 30.436875 * 86_400
        seconds += Double(components.weekOfYear ?? 0) * 7 * 86_400
        seconds += Double(components.day ?? 0) * 86_400
        seconds += Double(components.hour ?? 0) * 3_600
        seconds += Double(components.minute ?? 0) * 60
        seconds += Double(components.second ?? 0)
        return max(seconds, 1)
    }

    /// The index k of the bucket `[boundary(k), boundary(k+1))` containing `date`.
    func index(containing date: Date) -> Int {
        var k = Int((date.timeIntervalSince(anchor) / approximateLength).rounded(.down))
        while boundary(k) > date { k -= 1 }
        while boundary(k + 1) <= date { k += 1 }
        return k
    }

    func interval(containing date: Date) -> DateInterval {
        let k = index(containing: date)
        return DateInterval(start: boundary(k), end: boundary(k + 1))
    }

    func boundary(after date: Date) -> Date {
        boundary(index(containing: date) + 1)
    }

    /// Every boundary from the bucket containing `start` to the end of the one containing `end`.
    func boundaries(from start: Date, to end: Date) -> [Date] {
        let first = index(containing: start), last = index(containing: end)
        return (first...(last + 1)).map(boundary)
    }

    /// Whether the components describe a positive interval.
    var isValid: Bool {
        [components.year, components.month, components.weekOfYear, components.day, components.hour, components.minute, components.second]
            .contains { ($0 ?? 0) > 0 }
            && ![components.year, components.month, components.weekOfYear, components.day, components.hour, components.minute, components.second]
            .contains { ($0 ?? 0) < 0 }
    }
}
