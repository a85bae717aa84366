/// A page's basic accessibility checks, run in the browser on the page as shown:
/// what a person reading it in sunlight, or with a keyboard or a screen reader,
/// would meet first.
///
/// ```swift
/// let results = try await Browser.run([.open(url), AccessibilityAudit.step])
/// #expect(results[0] as? [String] == [])
/// ```
///
/// The step returns one line per problem found, empty when there is none:
/// - the document has a title and a language;
/// - every visible text of the page's HTML has a contrast ratio of at least
///   4.5:1 with what is behind it (3:1 for large text), as WCAG 2.1's AA level asks;
/// - every form field has a label (a `<label>`, `aria-label`, `aria-labelledby`
///   or `title`), every button and link a name, every image a text.
public enum AccessibilityAudit {
    /// The browser step that runs the checks.
    public static let step = Browser.Step.evaluate(script)

    static let script = """
        var problems = [];
        if (!document.title.trim()) problems.push('the document has no title');
        if (!document.documentElement.lang) problems.push('the document has no language (html lang)');
        function rgba(text) {
            var m = /rgba?\\(([^)]+)\\)/.exec(text);
            if (!m) return [0, 0, 0, 0];
            var p = m[1].split(',').map(parseFloat);
            return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
        }
        function luminance(c) {
            var v = [c[0], c[1], c[2]].map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
            return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
        }
        function blend(top, bottom) {
            return [0, 1, 2].map(function (k) { return top[k] * top[3] + bottom[k] * (1 - top[3]); });
        }
        function behind(element) {
            var layers = [];
            for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
                var colour = rgba(getComputedStyle(node).backgroundColor);
                if (colour[3] > 0) layers.push(colour);
                if (colour[3] >= 1) break;
            }
            var result = [255, 255, 255];
            for (var i = layers.length - 1; i >= 0; i--) result = blend(layers[i], result);
            return result;
        }
        function named(element) {
            return element.getAttribute('aria-label') || element.getAttribute('aria-labelledby') || element.getAttribute('title');
        }
        function where(element) {
            return element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
        }
        var all = document.body.getElementsByTagName('*');
        for (var i = 0; i < all.length; i++) {
            var element = all[i];
            if (element.closest('svg') || element.getClientRects().length === 0) continue;
            var style = getComputedStyle(element);
            if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
            var text = '';
            for (var n = element.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) text += n.textContent;
            text = text.trim();
            if (text) {
                var ground = behind(element), ink = blend(rgba(style.color), ground);
                var a = luminance(ink), b = luminance(ground), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                var size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
                var needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
                if (ratio < needed) problems.push(where(element) + ' "' + text.slice(0, 30) + '": contrast ' + ratio.toFixed(2) + ':1, needs ' + needed + ':1');
            }
            var tag = element.tagName;
            if ((tag === 'INPUT' && element.type !== 'hidden' && element.type !== 'submit' && element.type !== 'button') || tag === 'SELECT' || tag === 'TEXTAREA') {
                if (element.labels.length === 0 && !named(element)) problems.push(where(element) + ': a field without a label');
            }
            if ((tag === 'BUTTON' || (tag === 'INPUT' && (element.type === 'submit' || element.type === 'button'))) && !(element.textContent.trim() || element.value || named(element))) {
                problems.push(where(element) + ': a button without a name');
            }
            if (tag === 'A' && element.hasAttribute('href') && !(element.textContent.trim() || named(element) || element.querySelector('svg title, img[alt]'))) {
                problems.push(where(element) + ': a link without a name');
            }
            if (tag === 'IMG' && !element.hasAttribute('alt')) problems.push(where(element) + ': an image without alt text');
        }
        var pictures = document.querySelectorAll('svg');
        for (var j = 0; j < pictures.length; j++) {
            var svg = pictures[j];
            if (svg.parentElement.closest('svg') || svg.getAttribute('aria-hidden') === 'true') continue;
            if (!svg.querySelector('title') && !named(svg)) problems.push(where(svg) + ': a picture without a title');
        }
        return problems;
        """
}
