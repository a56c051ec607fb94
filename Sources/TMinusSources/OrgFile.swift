public import TMinusCore

/// An Org mode file (the Org manual): headings `* TODO [#A] Title :tag:`, the planning line
/// below one (`DEADLINE: <…>`, `SCHEDULED: <…>`, `CLOSED: […]`), its body, and the file's
/// `#+TODO:` keywords. A heading with a TODO keyword is a todo: a `DEADLINE` makes it a deadline
/// (its time, else its whole day; a warning period `-3d` its reminder), a `SCHEDULED` alone a
/// todo for that day. A heading without a keyword that holds an active stamp `<…>` is an event
/// from its start to its end. Pure: bytes in, items (and, in OrgFile+Edit, edited bytes) out.
public enum OrgFile {
    /// A heading of the file and what belongs to it.
    public struct Heading: Sendable {
        /// 1-based line of the heading.
        public var line: Int
        /// The heading line's bytes, without its line break.
        public var range: Range<Int>
        public var keyword: String?
        public var priority: Character?
        /// The heading's text without stars, keyword, priority and tags, as written.
        public var text: String
        public var tags: [String]
        /// The planning line right below the heading, if there is one.
        public var planning: Range<Int>?
        public var deadline: OrgStamp?
        public var scheduled: OrgStamp?
        public var closed: OrgStamp?
        /// A heading without keyword: its first active stamp (and a range's second one).
        public var event: (OrgStamp, OrgStamp?)?
        /// Where the entry ends: the next heading's first byte, or the file's end.
        public var end: Int
        /// The body's text (planning and drawers left out), bounded.
        public var note: String
    }

    /// A heading and its item.
    public struct Entry: Sendable {
        public var heading: Heading
        public var item: Item
    }

    /// Every item of the file; `file` is the file's name in its folder ("" for a source that is
    /// one file), part of each id.
    public static func parse(_ bytes: [UInt8], source: String, file: String = "", zone: Zone, now: Instant) -> [Entry] {
        let settings = Settings(bytes)
        var out: [Entry] = []
        var seen: [String: Int] = [:]
        forEachHeading(bytes, settings) { h in
            let base = id(file, h)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            guard var item = item(h, settings, source: source, zone: zone, now: now) else { return }
            item.id = n == 1 ? base : "\(base)#\(n)"
            out.append(Entry(heading: h, item: item))
        }
        return out
    }

    /// The open items nearest now, at most `limit`, and how many open ones were left out: two
    /// passes over the file holding at most `2 × limit` items (as todo.txt's reader does).
    public static func nearest(
        _ bytes: [UInt8], source: String, file: String = "", limit: Int, now: Instant, zone: Zone
    ) -> (items: [Item], leftOut: Int) {
        let settings = Settings(bytes)
        var nearest = NearestKept<(line: Int, base: String, item: Item)>(limit: limit)
        // First pass: what is kept, without notes; second: the kept ones' ids (copies of their
        // text counted) and notes.
        forEachHeading(bytes, settings, notes: { _ in false }) { h in
            guard let item = item(h, settings, source: source, zone: zone, now: now), item.isOpen else { return }
            nearest.add((h.line, id(file, h), item), Nearness(item, now: now, zone: zone))
        }
        let kept = nearest.kept()
        let wanted = Set(kept.map(\.base)), lines = Set(kept.map(\.line))
        var seen: [String: Int] = [:]
        var ids: [Int: (String, String)] = [:]
        forEachHeading(bytes, settings, notes: { lines.contains($0) }) { h in
            let base = id(file, h)
            guard wanted.contains(base) else { return }
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            if lines.contains(h.line) { ids[h.line] = (n == 1 ? base : "\(base)#\(n)", h.note) }
        }
        return (
            kept.map {
                var item = $0.item
                item.id = ids[$0.line]?.0 ?? $0.base
                item.note = ids[$0.line]?.1 ?? ""
                return item
            }, nearest.leftOut
        )
    }

    /// The heading's id: its file and its text (keyword, priority and tags left out, so that
    /// `done`, a new priority or tag keep it); the n-th heading of one text gets `#n`.
    static func id(_ file: String, _ h: Heading) -> String {
        "org-" + TodoTxt.hash(file + "\u{1F}" + h.text)
    }

    /// The heading's item, nil for a heading that is none (no keyword and no stamp).
    static func item(_ h: Heading, _ settings: Settings, source: String, zone: Zone, now: Instant) -> Item? {
        var item = Item(kind: .todo, id: "", handle: 0, title: title(h.text), note: h.note, source: source)
        item.tag = h.tags.first
        item.priority =
            switch h.priority {
            case "A": .high
            case "B": .medium
            case nil: .none
            default: .low
            }
        if let keyword = h.keyword {
            if let deadline = h.deadline {
                item.kind = .deadline
                item.due = deadline.due(in: zone)
                item.remind = deadline.warningStart(in: zone)
            } else if let scheduled = h.scheduled {
                // (Its time too, when it has one: Org's agenda shows it at that time.)
                item.due = scheduled.due(in: zone)
            }
            if settings.isDone(keyword) {
                item.completed = h.closed.map { $0.due(in: zone).startInstant(in: zone) } ?? Instant(0)
            }
            return item
        }
        guard var (start, last) = h.event else { return nil }
        // A repeating event shows its next instance that has not ended (days and more; at
        // most 10,000 steps).
        if start.repeats, let interval = start.interval, interval.unit != "h" {
            var steps = 0
            while endOfStamp(last ?? start, zone) <= now, steps < 10_000 {
                let next = OrgStamp.shifted((start.date, start.time), interval).date
                let days = Int(next.daysSinceEpoch - start.date.daysSinceEpoch)
                start.date = next
                if var l = last {
                    l.date = l.date.adding(days: days)
                    last = l
                }
                steps += 1
            }
        }
        item.kind = .deadline
        item.due = start.due(in: zone)
        item.end = last.map { endOfStamp($0, zone) } ?? start.end(in: zone)
        return item
    }

    /// Where a stamp ends: its range's end, its time, or its day's end.
    static func endOfStamp(_ s: OrgStamp, _ zone: Zone) -> Instant {
        s.end(in: zone) ?? s.due(in: zone).instant(in: zone)
    }

    /// The shown title: links `[[target][text]]` as their text, control characters out, bounded.
    static func title(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "[[") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "]]") else {
                rest = rest[open.lowerBound...]
                break
            }
            let link = after[..<close.lowerBound]
            if let mid = link.firstRange(of: "][") {
                out += link[mid.upperBound...]
            } else {
                out += link
            }
            rest = after[close.upperBound...]
        }
        out += rest
        let t = Validation.trimmedText(ControlText.clean(out, replacement: " ", dropBidi: true))
        if t.isEmpty { return "(no title)" }
        return t.count > Validation.maxTitleLength ? String(t.prefix(Validation.maxTitleLength - 1)) + "…" : t
    }
}
