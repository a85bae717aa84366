import Foundation
import WorkoutCatalog
import WorkoutFormats
import WorkoutLibrary
import WorkoutReport
import Markup

/// The web app's page frame and its small pages: errors, confirmations, upload.
enum ServerPage {
    static let css = """
        :root{--ink:#111;--paper:#fff;--muted:#444;--line:#bbb;--accent:#0047ab;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        *{box-sizing:border-box}body{margin:0;color:var(--ink);background:var(--paper);line-height:1.4}
        header,main,footer{max-width:1100px;margin:0 auto;padding:0 12px}h1{font-size:1.5rem;margin:12px 0 8px}h2{font-size:1.15rem;margin:18px 0 8px}
        a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        form.filters,form.upload{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:end;margin:8px 0}
        form.edit{display:flex;flex-direction:column;gap:12px;max-width:40rem}textarea{font:inherit;padding:6px 10px;border:2px solid var(--ink);border-radius:6px}.hint{color:var(--muted);margin:0;font-size:.85rem}
        label{display:flex;flex-direction:column;font-size:.85rem;font-weight:600;max-width:100%}input,select{max-width:100%}
        input,select,button{font:inherit;padding:6px 10px;border:2px solid var(--ink);border-radius:6px;background:var(--paper);color:var(--ink)}
        button{cursor:pointer;font-weight:700}button.danger{background:#b00020;border-color:#b00020;color:#fff}
        .scroll{overflow-x:auto}.scroll tr>:first-child{position:sticky;left:0;background:var(--paper);z-index:1}table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
        th,td{text-align:right;padding:6px 8px;border-bottom:1px solid var(--line);white-space:nowrap}th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}
        th a{color:var(--ink);text-decoration:none}th a:hover{text-decoration:underline}
        .pages{display:flex;gap:12px;align-items:center;margin:12px 0}.count{color:var(--muted)}
        label.check{flex-direction:row;align-items:center;gap:6px;font-weight:400}fieldset{border:1px solid var(--line);border-radius:6px}
        .message{border-left:6px solid #b00020;padding:8px 12px;background:#fff4f4;white-space:pre-wrap}
        @media (max-width:480px){th,td{padding:4px}.hide-narrow{display:none}#workouts td,#workouts th,#weeks td,#weeks th,#months td,#months th,#squad td{white-space:normal}}
        @media (prefers-color-scheme:dark){:root{--ink:#eee;--paper:#121212;--muted:#bbb;--line:#555;--accent:#8ab4f8;color-scheme:dark}.message{background:#3a1114}}
        """

    /// The one-athlete web app's links.
    static let navigation: HTML = #"<nav aria-label="Site"><a href="/">All workouts</a> · <a href="/history">History</a> · <a href="/fitness">Fitness</a> · <a href="/live">Live</a> · <a href="/settings">Settings</a></nav>"#

    /// A complete page; `navigation` and `head` (extra elements of the head) are HTML.
    /// The pages' icon, inline (a bike wheel's spokes in the ink colour): no request, so no 404 for `/favicon.ico`.
    static let favicon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='6.5' fill='none' "
        + "stroke='%23111' stroke-width='2'/%3E%3Cpath d='M8 2v12M2 8h12' stroke='%23111'/%3E%3C/svg%3E"

    static func layout(title: String, body: HTML, navigation: HTML = navigation, head: HTML = .empty) -> HTML {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <link rel="icon" href="\(HTML.raw(favicon))">\
        \(head)<title>\(title)</title><style>\(HTML.raw(css))</style></head><body>\
        <header>\(navigation)<h1>\(title)</h1></header>\
        <main>\(body)</main></body></html>

        """
    }

    /// An error page: what went wrong and what to do, with a link to what it concerns (the workout stored already).
    static func error(title: String, message: String, link: (title: String, url: String)? = nil) -> HTML {
        let related: HTML = link.map { link -> HTML in "<p><a id=\"error-link\" href=\"\(link.url)\">\(link.title)</a></p>" } ?? .empty
        return layout(title: title, body: "<p class=\"message\" role=\"alert\" id=\"error-message\">\(message)</p>\(related)<p><a href=\"/\">Back to all workouts</a></p>")
    }

    /// The question before deleting a workout, with the hidden fields the form carries.
    static func confirmDelete(_ summary: WorkoutSummary, formFields: HTML) -> HTML {
        """
        <p>\(describe(summary))</p><p>Its readings, laps, events and route are deleted with it; this cannot be undone. Export it first to keep a copy.</p>\
        <form method="post" action="/workouts/\(summary.id)/delete" class="upload">\(formFields)<button type="submit" class="danger" id="confirm-delete">Delete</button>\
        <a href="/workouts/\(summary.id)">Keep it</a></form>
        """
    }

    /// "Workout ID: cycling of DATE, 92.62 km."
    static func describe(_ summary: WorkoutSummary) -> String {
        let distance = summary.distanceMeters.map { String(format: ", %.2f km", $0 / 1_000) } ?? ""
        return "Workout \(summary.id): \(ActivityWords.name(of: summary.activity, legs: summary.legs)) of \(summary.start.formatted(.iso8601))\(distance)."
    }

    /// The form that changes a workout's title, notes and sport.
    static func editWorkout(id: String, name: String?, notes: String?, sport: String, description: String, problem: String? = nil) -> HTML {
        let options = UploadSportField.options(selected: sport)
        let alert = problem.map { problem -> HTML in "<p class=\"message\" role=\"alert\" id=\"error-message\">\(problem)</p>" } ?? .empty
        return layout(title: "Edit this workout", body: """
            \(alert)<p>\(description)</p>\
            <form method="post" action="/workouts/\(id)/edit" class="edit">\
            <label for="edit-name">Title<input id="edit-name" name="name" maxlength="\(WorkoutText.maximumNameLength)" value="\(name ?? "")"></label>\
            <label for="edit-sport">Sport<select id="edit-sport" name="activity">\(options)</select></label>\
            <p class="hint" id="sport-hint">A new sport stores the workout again under a new address: a ride's distance is cycling distance, a run's is steps and walking-and-running distance.</p>\
            <label for="edit-notes">Notes<textarea id="edit-notes" name="notes" rows="6" maxlength="\(WorkoutText.maximumNotesLength)">\(notes ?? "")</textarea></label>\
            <p><button type="submit" id="edit-save">Save</button> <a href="/workouts/\(id)">Cancel</a></p></form>
            """)
    }
}
