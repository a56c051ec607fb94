import TMinusApp
import TMinusCore

/// `tminus todo "Buy eggs" tomorrow`: words after the title that read as WHEN were meant as its
/// due date. The error says the command to type, with `--due` (the other options kept).
enum TrailingWhen {
    /// Throws that suggestion when `a` has more than one word and the last ones (at most six)
    /// read as WHEN; returns otherwise (the usual "too many arguments" follows).
    /// (`due` is the command's `--due`.)
    static func check(_ a: Arguments, command: String, due: Option, _ ctx: Context) throws(TMinusError) {
        guard a.positional.count > 1, a[due] == nil else { return }
        let words = a.positional
        for cut in max(1, words.count - 6)..<words.count {
            let when = words[cut...].joined(separator: " ")
            guard (try? ctx.when(when)) != nil else { continue }
            var line = "tminus \(command) \(quoted(words[..<cut].joined(separator: " ")))"
            line += " --\(due.name) \(plain(when) ? when : quoted(when))"
            for (name, value) in a.values { line += " --\(name) \(plain(value) ? value : quoted(value))" }
            for flag in a.flags { line += " --\(flag)" }
            throw .usage(
                tr: "'%s' after the title reads as a date; did you mean: %s", "\(Validation.printable(when))", "\(line)"
            )
        }
    }

    /// Whether a shell takes `s` as one word as it is.
    static func plain(_ s: String) -> Bool {
        !s.isEmpty
            && s.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || "0123456789+-:./_@,".unicodeScalars.contains($0)
            }
    }

    /// `s` in double quotes, as a shell reads it back (and printable).
    static func quoted(_ s: String) -> String {
        var out = ""
        for c in Validation.printable(s) {
            if "\"$`\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return "\"" + out + "\""
    }
}
