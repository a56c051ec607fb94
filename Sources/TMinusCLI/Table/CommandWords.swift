import TMinusCore

/// Words people type for what tminus names otherwise (`delete` for `rm`, `star` for `edit
/// --star`): an unknown command that is one of them gets the command to type, with the
/// arguments as typed, instead of the nearest spelling (`star` is two edits from `tag`).
enum CommandWords {
    /// The command a word means, and the option it takes with one REF (nil: the arguments as typed).
    static let meanings: [String: (command: String, option: String?)] = [
        "delete": ("rm", nil), "remove": ("rm", nil), "del": ("rm", nil), "erase": ("rm", nil),
        "complete": ("done", nil), "finish": ("done", nil), "check": ("done", nil),
        "star": ("edit", "--star"), "unstar": ("edit", "--unstar"), "favorite": ("edit", "--star"),
        "favourite": ("edit", "--star")
    ]

    /// `tminus rm 1 2`, `tminus edit 3 --star` for the word `typed` and its arguments; nil when
    /// the word means nothing here. Under a `parent` (`tag delete uni`: `tminus tag rm uni`), only
    /// a subcommand among `subcommands`.
    static func suggestion(_ typed: String, _ args: [String], parent: String? = nil, subcommands: [String] = [])
        -> String?
    {
        guard let meaning = meanings[typed.lowercased()] else { return nil }
        if parent != nil, meaning.option != nil || !subcommands.contains(meaning.command) { return nil }
        // (The arguments as typed when short; else a placeholder, so the line stays one line.)
        let refs = meaning.option == nil ? args : Array(args.prefix(1))
        var shown = refs.map(quote).joined(separator: " ")
        if refs.isEmpty || shown.count > 60 || refs.contains(where: { $0.hasPrefix("-") }) {
            shown = parent != nil ? "NAME" : meaning.option == nil ? "REF…" : "REF"
        }
        return "tminus \(parent.map { $0 + " " } ?? "")\(meaning.command) \(shown)"
            + (meaning.option.map { " " + $0 } ?? "")
    }

    /// A word as a shell would need it: bare when plain, else in single quotes.
    static func quote(_ s: String) -> String {
        let text = Validation.printable(s)
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { c in
                (c.value >= 0x30 && c.value <= 0x39) || (c.value >= 0x41 && c.value <= 0x5A)
                    || (c.value >= 0x61 && c.value <= 0x7A) || "#@%+-./:_,".unicodeScalars.contains(c)
            }
        return plain ? text : Completions.quote(text)
    }
}
