/// How an activity is named to a person: a HealthKit case name in words (`traditionalStrengthTraining` is
/// "traditional strength training"), and a multisport workout by its legs (swim, bike and run make a
/// triathlon). Every list, page, calendar, record table and filter says an activity this way; the case name
/// stays what filters, URLs and JSON carry.
public enum ActivityWords {
    /// The name of an activity whose HealthKit case is `caseName` (`cycling`, `swimBikeRun`), made of
    /// `legs` (their case names, transitions included or not) when it is a multisport workout.
    public static func name(of caseName: String, legs: [String]? = nil) -> String {
        if let legs, legs.count > 1 { return multisport(legs: legs) }
        if caseName == "swimBikeRun" { return "triathlon" }
        return words(caseName)
    }

    /// A multisport workout by the sports of its legs, transitions left out: swim, bike and run make a
    /// triathlon; run, bike and run a duathlon; swim and run an aquathlon; anything else is "multisport".
    public static func multisport(legs: [String]) -> String {
        switch legs.filter({ $0 != "transition" }) {
        case ["swimming", "cycling", "running"]: "triathlon"
        case ["running", "cycling", "running"]: "duathlon"
        case ["swimming", "running"]: "aquathlon"
        default: "multisport"
        }
    }

    /// A camel-case name in lower-case words: `crossCountrySkiing` is "cross country skiing".
    public static func words(_ caseName: String) -> String {
        var text = ""
        for character in caseName {
            if character.isUppercase, !text.isEmpty { text.append(" ") }
            text.append(contentsOf: character.lowercased())
        }
        return text
    }
}
