import Foundation

/// A page's layout checked at the widths people read it at (a 360- and a 390-px phone, a 768-px tablet, a
/// 1280-px desktop): nothing spills sideways, axis text is drawn at 10 px or more, the key columns are in view,
/// and a table wider than its box scrolls with its first column fixed.
///
/// ```swift
/// let results = try await Browser.run(PageLayout.steps(url: url, keys: ["Start", "Distance"]))
/// #expect(PageLayout.problems(results, page: "the list") == [])
/// ```
public enum PageLayout {
    /// The widths checked, in CSS pixels.
    public static let widths = [360, 390, 768, 1280]

    /// For each width: the window set to it, the page at `url` opened (nil: the page shown, as it is), and its
    /// layout read. `keys` are the header texts of the columns that must stay in view (each header that starts with one).
    public static func steps(url: String?, keys: [String] = []) -> [Browser.Step] {
        widths.flatMap { width in
            [Browser.Step.windowSize(width: width, height: 900)] + (url.map { [Browser.Step.open($0)] } ?? []) + [.evaluate(script(keys: keys))]
        }
    }

    /// The layout script: `{width, overflow, smallestTick, ticks, missing, unfixedTables}`.
    static func script(keys: [String]) -> String {
        let list = keys.map { "'\($0.replacingOccurrences(of: "'", with: "\\'"))'" }.joined(separator: ",")
        return """
            var root = document.documentElement, width = window.innerWidth;
            var sizes = Array.from(document.querySelectorAll('.tick')).filter(function(t){ return t.getBoundingClientRect().width > 0; }).map(function(t){
                var m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * (m ? Math.sqrt(m.a * m.a + m.b * m.b) : 1); });
            var headers = Array.from(document.querySelectorAll('th'));
            var missing = [\(list)].filter(function(key){
                var th = headers.find(function(h){ return h.textContent.trim().indexOf(key) === 0; });
                if (!th || th.offsetParent === null) return true;
                var r = th.getBoundingClientRect(); return r.right > width + 1 || r.left < -1; });
            var unfixed = Array.from(document.querySelectorAll('table')).filter(function(t){
                var p = t.parentElement; if (t.getBoundingClientRect().width <= p.getBoundingClientRect().width + 1) return false;
                var first = t.querySelector('tr > :first-child'); return !first || getComputedStyle(first).position !== 'sticky'; }).length;
            // What spills: the outermost elements reaching past the window's edge, for the failure's message.
            var spilling = Array.from(document.body.querySelectorAll('*')).filter(function(e){
                return e.getBoundingClientRect().right > root.clientWidth + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > root.clientWidth + 1)
                    && !e.closest('.scroll'); }).slice(0, 3).map(function(e){
                return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') + ' ' + Math.round(e.getBoundingClientRect().right); });
            return {width: width, overflow: root.scrollWidth - root.clientWidth, smallestTick: sizes.length ? Math.min.apply(null, sizes) : null,
                    ticks: sizes.length, missing: missing, unfixedTables: unfixed, spilling: spilling};
            """
    }

    /// What is wrong in `results` (the values of ``steps(url:keys:)``, in order), each line naming `page` and the width.
    public static func problems(_ results: [Any], page: String) -> [String] {
        var problems: [String] = []
        for result in results {
            guard let layout = result as? [String: Any] else {
                problems.append("\(page): no layout read (\(result))")
                continue
            }
            let width = layout["width"] as? Int ?? 0
            if let overflow = layout["overflow"] as? Int, overflow > 0 {
                problems.append("\(page) at \(width) px: \(overflow) px spill sideways (\((layout["spilling"] as? [String] ?? []).joined(separator: ", ")))")
            }
            if let tick = layout["smallestTick"] as? Double, tick < 10 { problems.append("\(page) at \(width) px: axis text drawn at \(tick) px") }
            if let missing = layout["missing"] as? [String], !missing.isEmpty { problems.append("\(page) at \(width) px: \(missing) out of view") }
            if let unfixed = layout["unfixedTables"] as? Int, unfixed > 0 { problems.append("\(page) at \(width) px: \(unfixed) tables scroll without a fixed first column") }
        }
        return problems
    }
}
