import TMinusCore

// A task line taken apart: its checkbox, text and fields, read from the end as the plugin reads
// them (moved from ObsidianTasks.swift unchanged).

extension ObsidianTasks.Task {
    /// The line taken apart, or nil when it is not a task line.
    init?(_ line: String) {
        let s = Array(line.unicodeScalars)
        var i = 0
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == ">" || s[i].properties.isWhitespace { i += 1 }
        guard i < s.count else { return nil }
        if s[i] == "-" || s[i] == "*" || s[i] == "+" {
            i += 1
        } else {
            let start = i
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            guard i > start, i < s.count, s[i] == "." || s[i] == ")" else { return nil }
            i += 1
        }
        guard i < s.count, s[i] == " " else { return nil }
        while i < s.count, s[i] == " " { i += 1 }
        guard i + 2 < s.count, s[i] == "[", s[i + 2] == "]" else { return nil }
        status = s[i + 1]
        statusAt = i + 1
        i += 3
        var start = i
        var end = s.count
        let isSpace = ObsidianTasks.isSpace
        while start < end, isSpace(s[start]) { start += 1 }
        while end > start, isSpace(s[end - 1]) { end -= 1 }
        // A block link (` ^abc-1`) at the end is not part of the text.
        var j = end
        while j > start, s[j - 1].isASCII,
            s[j - 1].properties.isAlphabetic || ("0"..."9").contains(s[j - 1]) || s[j - 1] == "-"
        {
            j -= 1
        }
        if j < end, j - 1 > start, s[j - 1] == "^", s[j - 2] == " " {
            end = j - 2
            while end > start, isSpace(s[end - 1]) { end -= 1 }
        }
        scalars = s
        body = start..<end
        var fields: [ObsidianTasks.Field] = []
        var trailingTags: [String] = []
        // Fields are taken off the end one after another, in any order (at most 20 rounds, as the
        // plugin does); tags among them stay part of the description.
        var cut = end
        var runs = 0
        var matched = true
        while matched && runs <= 20 {
            matched = false
            for kind in ObsidianTasks.order {
                guard let f = ObsidianTasks.match(kind, s, start, cut) else { continue }
                fields.append(f)
                cut = f.range.lowerBound
                while cut > start, isSpace(s[cut - 1]) { cut -= 1 }
                matched = true
            }
            if let t = ObsidianTasks.trailingTag(s, start, cut) {
                trailingTags.insert(String(String.UnicodeScalarView(s[(t + 1)..<cut])), at: 0)
                cut = t
                while cut > start, isSpace(s[cut - 1]) { cut -= 1 }
                matched = true
            }
            runs += 1
        }
        descriptionEnd = cut
        self.fields = fields
        // The description's tags: `#` at its start or after white space, and what follows (up to
        // a space or one of the characters a tag cannot hold, as the plugin reads them).
        var found: [String] = []
        var k = start
        while k < cut {
            if s[k] == "#", k == start || isSpace(s[k - 1]) {
                var e = k + 1
                while e < cut, ObsidianTasks.isTagScalar(s[e]) { e += 1 }
                if e > k + 1 {
                    found.append(String(String.UnicodeScalarView(s[(k + 1)..<e])))
                }
                k = e
            } else {
                k += 1
            }
        }
        tags = found + trailingTags
    }
}

extension ObsidianTasks {
    /// The order the plugin tries the fields in, each round.
    static let order: [Kind] = [
        .priority, .done, .cancelled, .due, .reminder, .scheduled, .start, .created, .recurrence, .id, .dependsOn,
        .onCompletion
    ]

    static let emojiDates: [Kind: [Unicode.Scalar]] = [
        .done: ["✅"], .cancelled: ["❌"], .due: ["📅", "📆", "🗓"], .reminder: ["⏰"], .scheduled: ["⏳", "⌛"],
        .start: ["🛫"], .created: ["➕"]
    ]

    static let dataviewKeys: [Kind: String] = [
        .priority: "priority", .due: "due", .scheduled: "scheduled", .start: "start", .created: "created",
        .done: "completion", .cancelled: "cancelled", .reminder: "reminder", .recurrence: "repeat", .id: "id",
        .dependsOn: "dependsOn", .onCompletion: "onCompletion"
    ]

    /// A field (or tag) is at most this long, in Unicode scalars: longer text is description, and
    /// a line of a megabyte costs its length, not its length times the fields tried.
    static let maxField = 256

    static let priorityEmoji: [Unicode.Scalar] = ["🔺", "⏫", "🔼", "🔽", "⏬"]

    /// `kind` as the last thing in `s[start..<end]`, in either format.
    static func match(_ kind: Kind, _ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Field? {
        emoji(kind, s, start, end) ?? dataview(kind, s, start, end)
    }

    static func isDateText(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard s.count == 10 else { return false }
        for (k, c) in s.enumerated() {
            if k == 4 || k == 7 { if c != "-" { return false } } else if !("0"..."9").contains(c) { return false }
        }
        return true
    }

    static func isRuleScalar(_ c: Unicode.Scalar) -> Bool {
        (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) || c == "," || c == " " || c == "!"
    }

    static func isIDScalar(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_")
    }

    /// Ids separated by commas (spaces around them allowed), as `⛔` takes them.
    static func isIDList(_ value: String) -> Bool {
        value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { part in
            let id = String(part).trimmingSpaces
            return !id.isEmpty && id.unicodeScalars.allSatisfy(isIDScalar)
        }
    }

    static func emoji(_ kind: Kind, _ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Field? {
        let floor = max(start, end - maxField)
        func text(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(s[r])) }
        switch kind {
        case .priority:
            var e = end
            if e > start, s[e - 1] == "\u{FE0F}" { e -= 1 }
            guard e > start, priorityEmoji.contains(s[e - 1]) else { return nil }
            return Field(kind: kind, range: (e - 1)..<end, value: String(s[e - 1]), dataview: false)
        case .recurrence:
            var i = end
            while i > floor, isRuleScalar(s[i - 1]) { i -= 1 }
            guard i < end, i > start, s[i - 1] == "🔁" else { return nil }
            let value = text(i..<end).trimmingSpaces
            guard !value.isEmpty else { return nil }
            return Field(kind: kind, range: (i - 1)..<end, value: value, dataview: false)
        case .onCompletion:
            // `🏁 delete` / `🏁 keep`: read (and kept as written), not acted on.
            var i = end
            while i > floor, s[i - 1].isASCII, s[i - 1].properties.isAlphabetic { i -= 1 }
            let valueStart = i
            while i > floor, s[i - 1] == " " { i -= 1 }
            guard valueStart < end, i > start, s[i - 1] == "🏁" else { return nil }
            return Field(kind: kind, range: (i - 1)..<end, value: text(valueStart..<end), dataview: false)
        case .id, .dependsOn:
            var i = end
            while i > floor, isIDScalar(s[i - 1]) || (kind == .dependsOn && (s[i - 1] == "," || s[i - 1] == " ")) {
                i -= 1
            }
            let valueStart = i
            while i > floor, s[i - 1] == " " { i -= 1 }
            if kind == .dependsOn, i > start, s[i - 1] == "\u{FE0F}" { i -= 1 }
            let value = text(valueStart..<end).trimmingSpaces
            guard valueStart < end, i > start, s[i - 1] == (kind == .id ? "🆔" : "⛔"), isIDList(value) else {
                return nil
            }
            return Field(kind: kind, range: (i - 1)..<end, value: value, dataview: false)
        default:
            guard let symbols = emojiDates[kind], end - start >= 11 else { return nil }
            if kind == .reminder, end - start >= 17, isDateText(s[(end - 16)..<(end - 6)]), s[end - 6] == " " {
                // `⏰ DATE HH:MM`
                var i = end - 16
                while i > floor, s[i - 1] == " " { i -= 1 }
                if i > start, symbols.contains(s[i - 1]) {
                    return Field(kind: kind, range: (i - 1)..<end, value: text((end - 16)..<end), dataview: false)
                }
            }
            guard isDateText(s[(end - 10)..<end]) else { return nil }
            var i = end - 10
            while i > floor, s[i - 1] == " " { i -= 1 }
            guard i > start, symbols.contains(s[i - 1]) else { return nil }
            return Field(kind: kind, range: (i - 1)..<end, value: text((end - 10)..<end), dataview: false)
        }
    }

    /// `[key:: value]` or `(key:: value)` at the end (a comma after it allowed).
    static func dataview(_ kind: Kind, _ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Field? {
        let floor = max(start, end - maxField)
        guard let key = dataviewKeys[kind] else { return nil }
        var e = end
        if e > start, s[e - 1] == "," {
            e -= 1
            while e > floor, s[e - 1] == " " { e -= 1 }
        }
        guard e > start, s[e - 1] == "]" || s[e - 1] == ")" else { return nil }
        let open: Unicode.Scalar = s[e - 1] == "]" ? "[" : "("
        var i = e - 1
        while i > floor, s[i - 1] != open, s[i - 1] != "[", s[i - 1] != "(" { i -= 1 }
        guard i > start, s[i - 1] == open else { return nil }
        let inner = String(String.UnicodeScalarView(s[i..<(e - 1)])).trimmingSpaces
        guard inner.hasPrefix(key + "::") else { return nil }
        let value = String(inner.dropFirst(key.count + 2)).trimmingSpaces
        let ok: Bool
        switch kind {
        case .priority: ok = ["highest", "high", "medium", "low", "lowest"].contains(value)
        case .recurrence: ok = !value.isEmpty && value.unicodeScalars.allSatisfy(isRuleScalar)
        case .id: ok = !value.isEmpty && value.unicodeScalars.allSatisfy(isIDScalar)
        case .dependsOn: ok = isIDList(value)
        case .onCompletion:
            ok = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
        case .reminder:
            let v = Array(value.unicodeScalars)
            ok = v.count >= 10 && isDateText(v[0..<10][...])
        default: ok = isDateText(Array(value.unicodeScalars)[...])
        }
        guard ok else { return nil }
        return Field(kind: kind, range: (i - 1)..<end, value: value, dataview: true)
    }

    /// Where a `#tag` that ends the text starts (its `#`), preceded by white space or the text's start.
    static func trailingTag(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int? {
        let floor = max(start, end - maxField)
        var i = end
        while i > floor, isTagScalar(s[i - 1]) { i -= 1 }
        guard i < end, i > start, s[i - 1] == "#" else { return nil }
        let hash = i - 1
        guard hash == start || s[hash - 1].properties.isWhitespace else { return nil }
        return hash
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
