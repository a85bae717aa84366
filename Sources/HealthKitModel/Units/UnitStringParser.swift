

/// A recursive-descent parser for Apple's unit grammar:
///
/// ```
/// quotient := product ["/" product]          one "/" per level
/// product  := term {SEP term}                SEP is "*", "." or "·"
/// term     := "(" quotient ")" ["^" INT] | unit ["^" INT]
/// unit     := [PREFIX] SI | NAMED | [PREFIX] "mol<" REAL ">" | INT "^" INT [unit]
/// ```
///
/// A lone `1` before `/` is the empty numerator that `unitString` prints for
/// reciprocals (`"1/s"`), so every printed unit parses back.
package struct UnitStringParser {
    /// The largest exponent a unit may carry, written or reached by powers of
    /// parentheses: far beyond any real unit, and small enough that exponents
    /// never overflow and powers stay cheap.
    package static let largestExponent = 99

    private let string: String
    private let chars: [Character]
    private var index = 0

    package init(_ string: String) {
        self.string = string
        self.chars = Array(string)
    }

    package mutating func parse() throws(HKUnitParseError) -> [UnitFactor] {
        if chars.isEmpty { return [] }
        let factors = try quotient()
        if index < chars.count {
            if chars[index] == ")" { throw fail(.unbalancedParenthesis) }
            if chars[index] == "/" { throw fail(.secondDivision) }
            throw fail(.unexpectedCharacter(chars[index]))
        }
        return factors
    }

    private func fail(_ reason: HKUnitParseError.Reason, at position: Int? = nil) -> HKUnitParseError {
        HKUnitParseError(string: string, column: (position ?? index) + 1, reason: reason)
    }

    private var current: Character? { index < chars.count ? chars[index] : nil }

    private mutating func quotient() throws(HKUnitParseError) -> [UnitFactor] {
        var result = try product()
        if current == "/" {
            index += 1
            result += try product().map { $0.raised(to: -1) }
            if current == "/" { throw fail(.secondDivision) }
        }
        return result
    }

    private mutating func product() throws(HKUnitParseError) -> [UnitFactor] {
        var result = try term()
        while let c = current, c == "*" || c == "." || c == "·" {
            index += 1
            result += try term()
        }
        return result
    }

    private mutating func term() throws(HKUnitParseError) -> [UnitFactor] {
        guard let c = current else { throw fail(.expectedUnit) }
        if c == "(" {
            let open = index
            index += 1
            let inner = try quotient()
            guard current == ")" else { throw fail(.unbalancedParenthesis, at: open) }
            index += 1
            let at = index
            let power = try exponent()
            let raised = inner.map { $0.raised(to: power) }
            if let out = raised.first(where: { abs($0.exponent) > Self.largestExponent }) { throw fail(.exponentOutOfRange(out.exponent), at: at) }
            return raised
        }
        if c == "1", index + 1 == chars.count || chars[index + 1] == "/" {
            index += 1 // "1/s": the empty numerator Apple prints for reciprocals
            return []
        }
        if c.isNumber {
            return try scaleTerm()
        }
        let factor = try unit()
        return [factor.raised(to: try exponent())]
    }

    /// Reads an optional `^INT`, returning 1 when there is none.
    private mutating func exponent() throws(HKUnitParseError) -> Int {
        guard current == "^" else { return 1 }
        index += 1
        return try boundedInteger()
    }

    /// An integer exponent within ±``largestExponent``.
    private mutating func boundedInteger() throws(HKUnitParseError) -> Int {
        let start = index
        guard let value = integer() else { throw fail(.badExponent) }
        // Compared without abs, which traps on Int.min (`m^-9223372036854775808`, found by FuzzUnitString).
        guard value >= -Self.largestExponent, value <= Self.largestExponent else { throw fail(.exponentOutOfRange(value), at: start) }
        return value
    }

    private mutating func integer() -> Int? {
        let start = index
        if current == "-" || current == "+" { index += 1 }
        while let c = current, c.isASCII, c.isNumber { index += 1 }
        let text = String(chars[start..<index])
        guard let value = Int(text), text != "-", text != "+" else {
            index = start
            return nil
        }
        return value
    }

    /// `INT "^" INT [unit]`: a power of an integer, folded into a prefix when
    /// it equals one and an SI unit follows.
    private mutating func scaleTerm() throws(HKUnitParseError) -> [UnitFactor] {
        let start = index
        guard let base = integer(), current == "^" else { throw fail(.badScale, at: start) }
        index += 1
        let power = try boundedInteger()
        guard let c = current, c.isLetter || c == "%" else {
            return [UnitFactor(prefix: .none, base: .scale(base: base, power: power), exponent: 1)]
        }
        var factor = try unit()
        if base == 10, factor.prefix == .none, let prefix = HKMetricPrefix.forDecimalExponent(power),
           factor.takesPrefix {
            factor.prefix = prefix
            return [factor.raised(to: try exponent())]
        }
        let scale = UnitFactor(prefix: .none, base: .scale(base: base, power: power), exponent: 1)
        return [scale, factor.raised(to: try exponent())]
    }

    private mutating func unit() throws(HKUnitParseError) -> UnitFactor {
        let start = index
        while let c = current, c.isLetter || c == "_" || c == "%" { index += 1 }
        let name = String(chars[start..<index])
        if name.isEmpty {
            if let c = current { throw fail(.unexpectedCharacter(c)) }
            throw fail(.expectedUnit)
        }
        if current == "<" {
            return try molarUnit(prefixText: name, start: start)
        }
        if let base = BaseUnit.named[name] {
            return UnitFactor(prefix: .none, base: .named(base), exponent: 1)
        }
        for prefix in HKMetricPrefix.parseOrder where name.hasPrefix(prefix.symbol) {
            let rest = String(name.dropFirst(prefix.symbol.count))
            guard let base = BaseUnit.named[rest] else { continue }
            guard base.takesPrefix else {
                throw fail(.prefixNotAllowed(prefix: prefix.symbol, unit: rest), at: start)
            }
            return UnitFactor(prefix: prefix, base: .named(base), exponent: 1)
        }
        throw fail(.unknownUnit(name, suggestion: Self.suggestion(for: name)), at: start)
    }

    private mutating func molarUnit(prefixText: String, start: Int) throws(HKUnitParseError) -> UnitFactor {
        guard prefixText.hasSuffix("mol") else {
            throw fail(.unknownUnit(prefixText, suggestion: nil), at: start)
        }
        let prefixSymbol = String(prefixText.dropLast(3))
        let prefix: HKMetricPrefix
        if prefixSymbol.isEmpty {
            prefix = .none
        } else if let match = HKMetricPrefix.allCases.first(where: { $0 != .none && $0.symbol == prefixSymbol }) {
            prefix = match
        } else {
            throw fail(.unknownUnit(prefixText, suggestion: nil), at: start)
        }
        index += 1 // "<"
        let numberStart = index
        while let c = current, c != ">" { index += 1 }
        guard current == ">", let mass = Double(String(chars[numberStart..<index])), mass > 0, mass.isFinite else {
            throw fail(.badMolarMass, at: numberStart)
        }
        index += 1
        return UnitFactor(prefix: prefix, base: .mole(molarMass: mass), exponent: 1)
    }

    /// The unit most likely meant by a common misspelling.
    package static func suggestion(for name: String) -> String? {
        let known: [String: String] = Self.commonMistakes
        if let hit = known[name] { return hit }
        return closestName(to: name)
    }

    package static let commonMistakes: [String: String] = [
            "hour": "hr", "hours": "hr", "h": "hr", "hrs": "hr", "sec": "s", "secs": "s", "seconds": "s",
            "mins": "min", "minute": "min", "minutes": "min", "day": "d", "days": "d",
            "bpm": "count/min", "beats": "count", "steps": "count", "Kcal": "kcal", "KCal": "kcal",
            "kCal": "kcal", "kj": "kJ", "KJ": "kJ", "Kg": "kg", "KG": "kg", "lbs": "lb", "meters": "m",
            "km_h": "km/hr", "kph": "km/hr", "mph": "mi/hr", "miles": "mi", "feet": "ft", "inches": "in",
            "percent": "%", "celsius": "degC", "C": "degC", "F": "degF", "fahrenheit": "degF",
            "ug": "mcg", "uL": "mcL", "ul": "mcL", "mmhg": "mmHg", "watts": "W", "w": "W", "rpm": "count/min",
            "iu": "IU", "ml": "mL", "dl": "dL",
        ]

    package static func closestName(to name: String) -> String? {
        let candidates: [String] = Array(BaseUnit.named.keys) + ["kg", "km", "mL", "dL", "mg", "mcg", "kJ", "ms"]
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }
}

/// The Levenshtein distance between two strings, for "did you mean" hints.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var row = previous
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &row)
    }
    return previous[b.count]
}

extension UnitFactor {
    /// Whether a metric prefix may be folded into this factor.
    package var takesPrefix: Bool {
        switch base {
        case .named(let unit): unit.takesPrefix
        case .mole: true
        case .scale: false
        }
    }
}
