import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusRender
import TMinusTimeline

extension ShowCommand {
    /// The outputs from `now` to come, each with the interval it holds for, as the timeline gives
    /// them: until the data must be read again (`refresh`), an hour, `maxSegments` outputs or
    /// `maxKeptBytes`, whichever comes first. A renderer that prints the second itself (json) keeps
    /// its output for the second it was made in.
    ///
    /// In one pass: where only the countdown ticks (its words, the whole percent), each output is
    /// the first one's pattern filled in (`OutputPattern`), not an entry rendered from scratch;
    /// each other change renders its entry once.
    static func outputsToCome(
        _ provider: TimelineProvider, from entry: Entry, _ rendered: Rendered, memo: TodayMemo,
        refresh: Instant?, now: Instant, showsSeconds: Bool,
        render: (Entry) -> Rendered
    ) -> [WidgetCache.Segment] {
        var limit = now + 3_600
        if let refresh, refresh < limit { limit = refresh }
        var segments = [WidgetCache.Segment(from: now, until: limit, text: rendered.text, exitCode: rendered.exitCode)]
        guard !showsSeconds else {
            segments[0].until = now + 1
            return segments
        }
        var current = entry
        var output = rendered
        var bytes = rendered.text.utf8.count
        /// Ends the last output at `next`; false when no more are kept.
        func endLast(at next: Instant?) -> Bool {
            guard let next, next < limit else { return false }
            segments[segments.count - 1].until = next
            return segments.count < WidgetCache.maxSegments && bytes < WidgetCache.maxKeptBytes
        }
        func append(_ from: Instant, _ text: String, _ exitCode: Int32) {
            appendBytes(from, Array(text.utf8), exitCode)
        }
        func appendBytes(_ from: Instant, _ output: [UInt8], _ exitCode: Int32) {
            bytes += output.count
            segments.append(WidgetCache.Segment(from: from, until: limit, bytes: output, exitCode: exitCode))
        }
        while true {
            var next: Instant?
            var stretch = provider.stretch(at: current.date, memo: memo)
            var ticks: TickValues?
            var pattern: OutputPattern?
            if var s = stretch {
                let t = provider.tickValues(s, at: current.date)
                // The percent at 0 hides its section (the tooltip's "· N% elapsed"), so no output
                // with the percent as a hole matches one at 0: the stretch then ends at 1 %, tried
                // at once (not after a render that could not match, each deadline's first 1 %).
                if t.percent > 0 { pattern = OutputPattern(current, output, ticks: t, render: render) }
                if pattern == nil {
                    s.percentFixed = true
                    pattern = OutputPattern(current, output, ticks: t, percent: false, render: render)
                }
                stretch = s
                ticks = t
            }
            if let stretch, let ticks, let pattern {
                var values = ticks
                var cursor = current.date
                var last = current.date
                var refused = false
                while let (at, v) = provider.nextTick(stretch, after: cursor, current: values) {
                    guard endLast(at: at) else { return segments }
                    cursor = at
                    guard let text = pattern.fillBytes(v) else {
                        // A byte the pattern's check did not see: render this one, and go on from it.
                        refused = true
                        break
                    }
                    appendBytes(at, text, pattern.exitCode)
                    values = v
                    last = at
                }
                if refused {
                    current = provider.entry(at: cursor, memo: memo)
                    output = render(current)
                    append(cursor, output.text, output.exitCode)
                    continue
                }
                // The stretch ends: the next change as `nextChange` finds it, from the last output's entry.
                if last != current.date { current = provider.entry(at: last, memo: memo) }
                next = provider.nextChange(after: cursor, current: current, memo: memo, before: limit)
            } else {
                next = provider.nextChange(after: current.date, current: current, memo: memo, before: limit)
            }
            guard endLast(at: next), let next else { return segments }
            current = provider.entry(at: next, memo: memo)
            output = render(current)
            append(next, output.text, output.exitCode)
        }
    }
}
