/// "Did you mean": the closest word by edit distance, when it is close enough.
public enum Suggest {
    /// The candidate closest to `word` (case folded), if at most max(2, its length / 3) edits away; else nil.
    public static func closest(_ word: String, among candidates: [String]) -> String? {
        // Only words the length of a name: the distance costs the product of the lengths.
        guard word.utf8.count <= 64 else { return nil }
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= max(2, c.count / 3), best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
