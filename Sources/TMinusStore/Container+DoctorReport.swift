public import TMinusCore

/// What `tminus doctor` says: its findings, each worded by the command in the user's language.
extension Container {
    /// What `doctor` found: a line per finding, and whether the home needs a repair.
    public struct Report: Sendable {
        /// What a finding is.
        public enum Kind: Sendable, CaseIterable {
            case ok, found, note, repaired
        }

        /// One finding: its kind and its message (a catalog's, with its values), so the command
        /// words it in the user's language; TMinusStore holds no language of its own.
        public struct Finding: Sendable {
            /// Its kind.
            public var kind: Kind
            /// The message.
            public var message: Message
        }

        /// A finding's message: a catalog's template (or a counted pair) and its values.
        public struct Message: Sendable {
            let singular: StaticString?
            let plural: StaticString?
            let count: Int
            let arguments: [String]
            /// The message in English.
            public let english: String

            /// `template` filled with `arguments`.
            static func tr(_ template: StaticString, _ arguments: String...) -> Message {
                Message(
                    singular: template, plural: nil, count: 0, arguments: arguments,
                    english: Catalog.format(template.description, arguments))
            }

            /// The form for `count` (the first conversion), the next conversions `more`.
            static func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ more: String...)
                -> Message
            {
                Message(
                    singular: singular, plural: plural, count: count, arguments: more,
                    english: Catalog.english.trn(singular, plural, count, more))
            }

            /// A text from elsewhere that has no catalog entry (a migration's own finding).
            static func untranslated(_ text: String) -> Message {
                Message(singular: nil, plural: nil, count: 0, arguments: [], english: text)
            }

            /// The message in `words`' language.
            public func text(_ words: Words) -> String {
                guard let singular else { return english }
                guard let plural else { return Catalog.format(words.tr(singular), arguments) }
                return words.messages.trn(singular, plural, count, arguments)
            }
        }

        /// The findings, in order.
        public var findings: [Finding] = []
        /// How many findings need a repair (the `found` lines).
        public var problems = 0
        /// The findings in English, one per line, each led by `ok`, `found`, `note` or `repaired`.
        public var lines: [String] {
            findings.map { f in
                (f.kind == .ok
                    ? "ok       " : f.kind == .found ? "found    " : f.kind == .note ? "note     " : "repaired ")
                    + f.message.english
            }
        }
        mutating func ok(_ m: Message) { findings.append(Finding(kind: .ok, message: m)) }
        mutating func found(_ m: Message) {
            findings.append(Finding(kind: .found, message: m))
            problems += 1
        }
        mutating func note(_ m: Message) { findings.append(Finding(kind: .note, message: m)) }
        mutating func fixed(_ m: Message) { findings.append(Finding(kind: .repaired, message: m)) }
    }
}
