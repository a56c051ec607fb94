extension Zone {
    /// The instants in [a, b) at which the offset changes, looked for week by week (two changes
    /// less than a week apart that cancel out are not seen; no zone has had one since 1970).
    public func offsetChanges(from a: Instant, to b: Instant) -> [Instant] {
        var out: [Instant] = []
        var lo = a
        while lo < b {
            let hi = min(lo + 7 * 86_400, b)
            let before = offset(at: lo)
            if offset(at: hi) != before {
                // The first second with the new offset, in (lo, hi].
                var l = lo, h = hi
                while h - l > 1 {
                    let mid = l + (h - l) / 2
                    if offset(at: mid) == before { l = mid } else { h = mid }
                }
                if h < b { out.append(h) }
                lo = h
            } else {
                lo = hi
            }
        }
        return out
    }
}

extension Zone {
    /// Where the zone's table of transitions hands over to its POSIX rule: the index of the first
    /// transition from which every offset is the rule's (a fat TZif file lists the rule's changes
    /// up to 2037, a slim one stops where the rule starts). Nil when the zone has no rule with DST
    /// (every change it has is in the table).
    func ruleTakesOver() -> Int? {
        guard let rule, rule.dst != nil else { return nil }
        guard !transitions.isEmpty else { return 0 }
        var k = transitions.count - 1
        // [t(i), t(i+1)) is the rule's when the rule gives its offset at t(i) and changes nowhere
        // inside.
        while k > 0 {
            let t = transitions[k - 1]
            guard rule.type(at: t).offset == types[transitionTypes[k - 1]].offset,
                let next = rule.nextChange(after: t), next >= transitions[k]
            else { break }
            k -= 1
        }
        return k
    }

    /// The table's transitions in [lo, hi) with index at most `last` at which the offset really
    /// changes (a table may repeat an offset with another abbreviation), and how many it looked at.
    func tableChanges(from lo: Int64, to hi: Int64, upTo last: Int, steps: inout Int) -> [Int64] {
        var i = 0, j = transitions.count
        while i < j {
            let mid = (i + j) / 2
            if transitions[mid] < lo { i = mid + 1 } else { j = mid }
        }
        var out: [Int64] = []
        while i <= last && i < transitions.count && transitions[i] < hi {
            steps += 1
            if type(at: transitions[i]).offset != type(at: transitions[i] - 1).offset { out.append(transitions[i]) }
            i += 1
        }
        return out
    }
}

extension Zone {
    /// Whether the offset cannot change in (a, b]: no transition of the table there and no change
    /// of the rule. (A listed transition that keeps the offset counts as a change: never wrongly
    /// steady.) While steady, local time is UTC plus one offset: a countdown is plain arithmetic.
    public func isSteady(from a: Instant, to b: Instant) -> Bool {
        guard a < b else { return true }
        var i = 0, j = transitions.count
        while i < j {
            let mid = (i + j) / 2
            if transitions[mid] <= a.seconds { i = mid + 1 } else { j = mid }
        }
        if i < transitions.count, transitions[i] <= b.seconds { return false }
        guard let rule, rule.dst != nil else { return true }
        if let last = transitions.last, b.seconds < last { return true }
        let from = max(a.seconds, transitions.last ?? a.seconds)
        guard let next = rule.nextChange(after: from) else { return false }
        return next > b.seconds
    }
}
