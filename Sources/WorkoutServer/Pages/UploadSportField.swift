import Foundation
import WorkoutFormats

/// The upload forms' sport field, the same on the one-athlete list and the club's: left at "as the file
/// says", the file's own sport is kept, or guessed from its movement when it names none.
enum UploadSportField {
    /// The field, with the sports files know.
    static let html: String = {
        "<label for=\"upload-activity\">Sport<select id=\"upload-activity\" name=\"activity\"><option value=\"\">as the file says</option>"
            + options(selected: nil) + "</select></label>"
    }()

    /// An `<option>` for each sport a workout can be, `selected` (a sport's name) marked so: the
    /// upload forms' field and the edit form's.
    static func options(selected: String?) -> String {
        ActivitySport.allCases.filter { $0 != .generic && $0 != .transition }.map { sport in
            "<option value=\"\(sport.name)\"\(sport.name == selected ? " selected" : "")>\(sport.name.replacingOccurrences(of: "_", with: " "))</option>"
        }.joined()
    }
}
