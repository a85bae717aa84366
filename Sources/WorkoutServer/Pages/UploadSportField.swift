import Foundation
import WorkoutFormats
import Markup

/// The upload forms' sport field, the same on the one-athlete list and the club's: left at "as the file
/// says", the file's own sport is kept, or guessed from its movement when it names none.
enum UploadSportField {
    /// The field, with the sports files know.
    static let html: HTML = "<label for=\"upload-activity\">Sport<select id=\"upload-activity\" name=\"activity\"><option value=\"\">as the file says</option>\(options(selected: nil))</select></label>"

    /// An `<option>` for each sport a workout can be, `selected` (a sport's name) marked so: the
    /// upload forms' field and the edit form's.
    static func options(selected: String?) -> HTML {
        sports.map { sport -> HTML in
            let marked: HTML = sport.name == selected ? " selected" : .empty
            return "<option value=\"\(sport.name)\"\(marked)>\(sport.name.replacingOccurrences(of: "_", with: " "))</option>"
        }.joined()
    }

    /// The sports a workout can be: every one files know but "generic" and a multisport transition.
    static let sports = ActivitySport.allCases.filter { $0 != .generic && $0 != .transition }

    /// The sport a form's field or a query names, if it is one of ``sports``.
    static func sport(named text: String) -> ActivitySport? {
        ActivitySport(name: text).flatMap { sports.contains($0) ? $0 : nil }
    }

    /// What to say of a name that is no sport.
    static func unknownSport(_ text: String) -> String {
        "'\(text)' is not a sport: name " + sports.dropLast().map(\.name).joined(separator: ", ") + " or \(sports.last?.name ?? "")."
    }
}
