import WorkoutFormats
import WorkoutCatalog
import Markup

/// What a list of workouts shows the same way on the one-athlete server's page and
/// the club's: sortable column headers and the page links. Each list makes its own
/// links (the club's keep `athlete` too), through `link`.
enum ListControls {
    /// A link's query string after a change to the list's query.
    typealias Link = ((inout WorkoutListQuery) -> Void) -> String

    /// A column header that sorts by `key`: the other way round when the list is sorted by it already,
    /// else largest first (A to Z for the activity); `aria-sort` and an arrow say how it is sorted now.
    static func sortableHeader(_ title: String, key: WorkoutListQuery.SortKey, query: WorkoutListQuery, narrow: Bool = false, link: Link) -> HTML {
        let descending = query.sort == key ? !query.descending : key != .activity
        let href = link { $0.sort = key; $0.descending = descending; $0.page = 1 }
        let sorted = query.sort == key ? (query.descending ? "descending" : "ascending") : "none"
        let arrow = query.sort == key ? (query.descending ? " ↓" : " ↑") : ""
        let hidden: HTML = narrow ? " class=\"hide-narrow\"" : .empty
        return "<th scope=\"col\" aria-sort=\"\(sorted)\"\(hidden)><a href=\"/\(href)\">\(title)\(arrow)</a></th>"
    }

    /// "Page N of M" between links to the pages before and after, for `matching` workouts.
    static func pages(query: WorkoutListQuery, matching: Int, link: Link) -> HTML {
        let pages = max(1, (matching + query.pageSize - 1) / query.pageSize)
        var html: HTML = "<nav class=\"pages\" aria-label=\"Pages\">"
        if query.page > 1 { html += "<a rel=\"prev\" href=\"/\(link { $0.page -= 1 })\">← Previous</a>" }
        html += "<span>Page \(query.page) of \(pages)</span>"
        if query.page < pages { html += "<a rel=\"next\" href=\"/\(link { $0.page += 1 })\">Next →</a>" }
        return html + "</nav>"
    }
}
