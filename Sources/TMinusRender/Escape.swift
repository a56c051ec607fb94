/// The escapers of the escaping matrix (../shared/reference/status-bars.md §8), one per bar
/// syntax. Each applies to data only; renderers add their own markup around escaped data.
public enum Escape {
    /// Removes control characters; with `keepNewlines`, line feeds stay.
    public static func stripControls(_ s: String, keepNewlines: Bool = false) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                if keepNewlines && scalar == "\n" { out.unicodeScalars.append(scalar) }
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
