/// JSON placed inside an HTML `<script>` element: the one escaper for that context.
///
/// JSON may hold `</script>` or `<!--` in a string, which would end or change the script element; this writes
/// every `<` as `\u003c` (still the same JSON) and the line separators U+2028 and U+2029 as escapes.
public enum ScriptJSON {
    /// `json` made safe inside a `<script>` element, as markup.
    public static func html(_ json: String) -> HTML {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return .raw(result)
    }
}
