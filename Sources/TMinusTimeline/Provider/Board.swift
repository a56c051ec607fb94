import TMinusCore

/// `tminus board`: every deadline at once (TimeFlare's main screen) with its countdown and a
/// progress bar, then today's todos; a pure function of the provider, `t` and the width. The
/// text changes only where a countdown, a percent or the todos do, so a live view redraws only
/// then.
public enum Board {
    /// The frame at `t`, each line at most `width` columns (escape codes take none). `color`:
    /// each bar in its deadline's tag colour (else its state's), as 24-bit ANSI.
    public static func lines(_ provider: TimelineProvider, at t: Instant, width: Int, color: Bool) -> [String] {
        let config = provider.config
        let words = config.words
        // (Deadlines due at one instant by title, NaturalOrder: Task 2 before Task 10.)
        let listed = provider.byDue.filter { $0.over + config.overHold > t }
        let shown = listed.indices.sorted { i, j in
            if listed[i].due != listed[j].due { return listed[i].due < listed[j].due }
            let c = NaturalOrder.compare(listed[i].item.title, listed[j].item.title)
            return c != 0 ? c < 0 : i < j
        }.map { listed[$0] }
        var out: [String] = []
        if shown.isEmpty {
            out.append(words.tr("No deadlines"))
        } else {
            out.append(words.tr("Deadlines"))
            // (Each title with its deadline's own icon, as in the bar.) Columns, not characters: a
            // Korean or Chinese title's characters take two each.
            func titled(_ item: Item) -> String { provider.shorten((item.icon.map { $0 + " " } ?? "") + item.title) }
            let titleWidth = min(30, shown.map { DisplayWidth.of(titled($0.item)) }.max() ?? 0)
            for d in shown {
                let ongoing = d.isOngoing(at: t)
                let cd = Countdown(now: t, due: ongoing ? d.over : d.due, zone: provider.zone)
                let state: EntryState = ongoing ? .ongoing : provider.state(remaining: cd.remaining)
                let countdown = cd.text(config.precision, over: config.overText, words: words)
                var left = ongoing ? Catalog.format(words.tr("ends in %s"), [countdown]) : countdown
                // A deadline counting working time shows it here as in the bar.
                if !ongoing, !cd.isOver, d.item.worktime, let work = provider.work {
                    left = Catalog.format(
                        words.tr("%s work"),
                        [WorkCountdown(now: t, due: d.due, work: work).text(config.precision, words: words)])
                }
                let start = ongoing ? d.due : d.item.progressStart(or: provider.summary.generated)
                let end = ongoing ? d.over : d.due
                let total = end - start
                let percent = total > 0 ? Int(min(max(t - start, 0), total) * 100 / total) : 100
                let title = DisplayWidth.padded(
                    DisplayWidth.prefix(titled(d.item), columns: titleWidth), to: titleWidth)
                let filled = percent * 20 / 100
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
                let head =
                    "  " + title + "  " + left + String(repeating: " ", count: max(0, 12 - DisplayWidth.of(left)))
                    + "  "
                let percentText = String(percent)
                let tail =
                    "  " + String(repeating: " ", count: max(0, 3 - percentText.count)) + percentText + "%  "
                    + (d.item.due.map { provider.dueText($0) } ?? "")
                // The bar in colour only where it fits whole (escape codes take no columns).
                let headWidth = DisplayWidth.of(head)
                if color, headWidth + 20 <= width,
                    let hex = Validation.hexColor(tagColor(provider, d.item) ?? config.colors[state])
                {
                    out.append(head + ansi(hex) + bar + "\u{1B}[0m" + fit(tail, width - headWidth - 20))
                } else {
                    out.append(fit(head + bar + tail, width))
                }
            }
        }
        let entry = provider.entry(at: t)
        out.append("")
        out.append(words.tr("Today"))
        for line in (entry.values[.todos_list] ?? "").split(separator: "\n") { out.append(fit("  " + line, width)) }
        out.append("")
        out.append(words.tr("q quits"))
        return out
    }

    /// The item's tag colour (the config's for its tag first).
    static func tagColor(_ provider: TimelineProvider, _ item: Item) -> String? {
        let style = item.tag.flatMap { provider.config.tags[$0.lowercased()] }
        return style?.color ?? item.color
    }

    static func ansi(_ hex: String) -> String {
        guard let v = Int(hex.dropFirst(), radix: 16) else { return "" }
        return "\u{1B}[38;2;\(v >> 16 & 0xFF);\(v >> 8 & 0xFF);\(v & 0xFF)m"
    }

    /// At most `width` columns, never splitting a character.
    static func fit(_ s: String, _ width: Int) -> String { DisplayWidth.prefix(s, columns: max(0, width)) }
}
