extension Catalog {
    /// The codes of the built-in languages.
    public static var codes: [String] { tables.map(\.code) }

    /// The catalog a program run in `environment` speaks, chosen as gettext chooses: the
    /// messages' locale is `LC_ALL`, else `LC_MESSAGES`, else `LANG`; when it is unset, `C` or
    /// `POSIX` the messages are English and `LANGUAGE` is not read; otherwise each name of
    /// `LANGUAGE` (a colon-separated list), then the locale's own, is tried, each as `ll_CC` then
    /// `ll` (its `.codeset` and `@modifier` left off). English (`en`) and the pseudo-locale
    /// (`qps`) are languages too. No catalog found: English.
    public static func chosen(by environment: Environment) -> Catalog {
        let locale =
            [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]].lazy.compactMap { $0 }.first {
                !$0.isEmpty
            } ?? ""
        if locale.isEmpty || locale == "C" || locale == "POSIX" || locale.hasPrefix("C.") { return .english }
        var names = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        names.append(locale)
        for name in names {
            var base = Substring(name)
            if let at = base.firstIndex(of: "@") { base = base[..<at] }
            if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
            let language = base.split(separator: "_").first.map(String.init) ?? ""
            for code in [String(base), language] where !code.isEmpty {
                if code == "en" { return .english }
                if code == "qps" { return .pseudo }
                if let table = table(code) { return Catalog(table) }
            }
        }
        return .english
    }

    /// `text` as the pseudo-locale shows it: its ASCII letters accented, its placeholders
    /// (`{title}`) and conversions (`%d`, `%-d`, `%1$s`) kept, the whole wrapped in ⟦ ⟧.
    static func pseudoText(_ text: String) -> String {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let accented = Array("áƀçđéƒĝĥíĵķĺɱñóƥʠŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŦÚṼŴẊÝŽ".unicodeScalars)
        var out = "⟦"
        var inPlaceholder = false, inConversion = false
        for c in text.unicodeScalars {
            if inConversion {
                out.unicodeScalars.append(c)
                let isFlag = c == "-" || c == "$" || (c.value >= 0x30 && c.value <= 0x39)
                if !isFlag { inConversion = false }
                continue
            }
            if c == "{" { inPlaceholder = true }
            if c == "}" { inPlaceholder = false }
            if c == "%" && !inPlaceholder {
                inConversion = true
                out.unicodeScalars.append(c)
                continue
            }
            if !inPlaceholder, let i = plain.firstIndex(of: c) {
                out.unicodeScalars.append(accented[i])
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out + "⟧"
    }
}
