import TMinusCore

extension ICalParser {
    /// Components that never hold one another (RFC 5545: a VTODO holds VALARMs, never a VEVENT or
    /// another VTODO): a BEGIN of one while another is open closes the open one.
    static let siblings: Set<String> = ["VTODO", "VEVENT", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"]

    /// What is said of a component refused for its size (`maxComponentLines`, `maxComponentBytes`).
    static func refusal(_ name: String, lines: Bool) -> String {
        let shown = ControlText.clean(String(name.prefix(20)), replacement: "?", dropBidi: true)
        return lines
            ? deferred(
                "BEGIN:%s is larger than %s lines (no real calendar's is); it is not read", shown,
                String(maxComponentLines))
            : deferred(
                "BEGIN:%s is larger than %s MB (no real calendar's is); it is not read", shown,
                String(maxComponentBytes >> 20))
    }

    /// What is said of a VCALENDAR's own lines past `maxComponentLines`.
    static let calendarTooLong = deferred(
        "VCALENDAR has more than %s lines of its own; they are ignored from here on (its events are read)",
        String(maxComponentLines))

    /// The component tree, built line by line: BEGIN opens, the matching END closes (an END that
    /// matches an outer component closes the inner ones too; one that matches nothing is ignored).
    /// A BEGIN of a VTODO, VEVENT… while one of those is open (its END was mistyped or left out)
    /// closes the open one first, so one typo cannot swallow the rest of the file. Both are noted
    /// in `structure`. A component past `maxComponentLines` or `maxComponentBytes` is refused
    /// (noted in `refused`, its lines let go and the rest of it not kept); a VCALENDAR keeps its
    /// components and ignores its own lines past the limit.
    struct Tree {
        struct Frame {
            var component: ICalComponent
            /// Content lines in it: its own and, except in a VCALENDAR, those of the components
            /// closed inside it.
            var lines = 0
            var refused = false
            var isCalendar: Bool { component.name == "VCALENDAR" }
        }

        /// false: nothing is kept, only counted (`ICalParser.parse`'s `keep`).
        let keep: Bool
        var stack: [Frame] = [Frame(component: ICalComponent(name: ""))]
        var structure: [(line: Int, message: String)] = []
        var refused: [(line: Int, message: String)] = []
        /// Where the last line that counts ended: a component never closed ends there.
        var lastEnd = 0

        init(keep: Bool) { self.keep = keep }

        /// A content line that is not BEGIN or END, ending at `end` (its line break included):
        /// counted in the open component, and whether it is to be kept (parsed and `add`ed).
        mutating func line(endingAt end: Int, number: Int) -> Bool {
            let top = stack.count - 1
            // Outside any component (junk after END:VCALENDAR): dropped.
            guard top > 0, !stack[top].refused else { return false }
            stack[top].lines += 1
            if stack[top].isCalendar {
                guard stack[top].lines <= maxComponentLines else {
                    if stack[top].lines == maxComponentLines + 1, refused.count < 3 {
                        refused.append((number, calendarTooLong))
                    }
                    return false
                }
            } else if stack[top].lines > maxComponentLines {
                refuse(top, lines: true)
                return false
            } else if end - stack[top].component.range.lowerBound > maxComponentBytes {
                refuse(top, lines: false)
                return false
            }
            return keep
        }

        /// A kept property (`line` said so).
        mutating func add(_ p: ICalProperty) {
            lastEnd = p.range.upperBound
            stack[stack.count - 1].component.properties.append(p)
        }

        /// Refuses the component at `index` (and those open inside it): its lines let go.
        mutating func refuse(_ index: Int, lines: Bool) {
            if refused.count < 3 {
                refused.append((stack[index].component.line, refusal(stack[index].component.name, lines: lines)))
            }
            for k in index..<stack.count {
                stack[k].refused = true
                stack[k].component.properties = []
                stack[k].component.components = []
            }
        }

        /// A BEGIN or END line.
        mutating func marker(_ p: ICalProperty) {
            lastEnd = p.range.upperBound
            if p.name == "BEGIN" {
                if stack.count > maxDepth { return }
                let name = upperTrimmed(p.value[...])
                if siblings.contains(name),
                    let open = stack.lastIndex(where: { siblings.contains($0.component.name) }), open > 0
                {
                    if structure.count < 3 {
                        structure.append(
                            (
                                stack[open].component.line,
                                deferred(
                                    "BEGIN:%s has no END before line %s; it is read up to there",
                                    stack[open].component.name, String(p.line))
                            ))
                    }
                    while stack.count > open { close(at: p.range.lowerBound, endOffset: nil) }
                }
                var frame = Frame(
                    component: ICalComponent(name: name, line: p.line, range: p.range.lowerBound..<p.range.upperBound))
                frame.refused = stack[stack.count - 1].refused
                stack.append(frame)
            } else {
                let name = upperTrimmed(p.value[...])
                guard let depth = stack.lastIndex(where: { $0.component.name == name }), depth > 0 else {
                    if structure.count < 3 {
                        // The file's own text: shown inert (no control or bidi character reaches a terminal).
                        let shown = ControlText.clean(String(name.prefix(20)), replacement: "?", dropBidi: true)
                        structure.append((p.line, deferred("END:%s closes nothing that is open; ignored", shown)))
                    }
                    return
                }
                while stack.count - 1 > depth { close(at: p.range.lowerBound, endOffset: nil) }
                close(at: p.range.upperBound, endOffset: p.range.lowerBound)
            }
        }

        /// Closes the innermost open component, into the one around it (unless either is refused).
        mutating func close(at end: Int, endOffset: Int?) {
            var f = stack.removeLast()
            f.component.range = f.component.range.lowerBound..<end
            f.component.endOffset = endOffset
            let parent = stack.count - 1
            if parent > 0, !stack[parent].isCalendar, !stack[parent].refused {
                stack[parent].lines += f.lines
                if stack[parent].lines > maxComponentLines {
                    refuse(parent, lines: true)
                } else if end - stack[parent].component.range.lowerBound > maxComponentBytes {
                    refuse(parent, lines: false)
                }
            }
            if keep, !f.refused, !stack[parent].refused { stack[parent].component.components.append(f.component) }
        }

        /// Closes what is still open; the top-level components. (Properties outside any
        /// component, junk after END:VCALENDAR, were dropped.)
        mutating func finish() -> [ICalComponent] {
            while stack.count > 1 { close(at: lastEnd, endOffset: nil) }
            return stack[0].component.components
        }
    }
}
