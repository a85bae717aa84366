import Foundation
import WorkoutFormats

/// The upload forms' sport field, the same on the one-athlete list and the club's: left at "as the file
/// says", the file's own sport is kept, or guessed from its movement when it names none.
enum UploadSportField {
    /// The field, with the sports files know.
    static let html: String = {
        var html = "<label for=\"upload-activity\">Sport<select id=\"upload-activity\" name=\"activity\"><option value=\"\">as the file says</option>"
        for sport in ActivitySport.allCases where sport != .generic && sport != .transition {
            html += "<option value=\"\(sport.name)\">\(sport.name.replacingOccurrences(of: "_", with: " "))</option>"
        }
        return html + "</select></label>"
    }()
}
