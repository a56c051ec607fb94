/// The messages of one language: gettext's model (docs/translations.md). A message is looked up
/// by its English text (the msgid, a literal: `StaticString` keeps interpolation out, so every
/// message can be extracted into `po/tminus.pot`); a count picks one of the language's plural
/// forms by its `Plural-Forms` rule. English, and a message a catalog lacks, is the msgid itself.
///
/// The catalogs are built into the program (`Catalogs/`, generated from `po/*.po` by
/// `po/catalogs.py`), so the one static file needs nothing installed beside it.
public struct Catalog: Sendable, Equatable {
    /// A language's translations: msgids sorted by their UTF-8 bytes, each with its forms
    /// (one, or one per plural form).
    public struct Table: Sendable {
        /// The language's code as gettext names it (`de`, `pt_BR`).
        public let code: String
        /// The plural form (0-based) for a count.
        public let plural: @Sendable (Int) -> Int
        /// The `Plural-Forms` header's value (`nplurals=2; plural=(n != 1);`), for the .mo files
        /// the desktops read; empty when not given.
        public let pluralForms: String
        /// (msgid, forms), sorted by msgid's bytes: a table made in code (tests).
        let entries: [(String, [String])]
        /// A generated table's entries as one literal: each is its msgid and forms joined by
        /// 0x01 and ended by 0x00, sorted by msgid's bytes (one string literal compiles in a
        /// moment where hundreds of array elements took the optimizer a minute and a half).
        let packed: StaticString?
        /// Where each packed entry starts, and the end of the last.
        let offsets: [UInt32]

        /// A table of entries given in code.
        public init(
            code: String, plural: @escaping @Sendable (Int) -> Int, pluralForms: String = "",
            entries: [(String, [String])]
        ) {
            self.code = code
            self.plural = plural
            self.pluralForms = pluralForms
            self.entries = entries
            packed = nil
            offsets = []
        }

        /// A table as the generator writes it: the packed entries and where each starts.
        public init(
            code: String, plural: @escaping @Sendable (Int) -> Int, pluralForms: String, packed: StaticString,
            offsets: [UInt32]
        ) {
            precondition(offsets.last.map { Int($0) == packed.utf8CodeUnitCount } ?? false, "a catalog's offsets")
            self.code = code
            self.plural = plural
            self.pluralForms = pluralForms
            self.packed = packed
            self.offsets = offsets
            entries = []
        }

        /// How many messages it has.
        public var count: Int { packed == nil ? entries.count : offsets.count - 1 }

        /// Every (msgid, forms), in msgid's byte order (the .mo files the desktops read).
        public var all: [(String, [String])] {
            guard packed != nil else { return entries }
            return (0..<count).map { i in
                let fields = packedEntry(i).split(separator: 1, omittingEmptySubsequences: false).map {
                    String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)
                }
                return (fields[0], Array(fields.dropFirst()))
            }
        }

        /// Packed entry `i`'s bytes (msgid and forms, without its 0x00).
        func packedEntry(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            let start = Int(offsets[i]), end = Int(offsets[i + 1]) - 1
            return UnsafeBufferPointer(start: packed!.utf8Start + start, count: end - start)
        }

        /// The forms of `msgid`, by binary search (no dictionary: building one costs every run).
        func forms(_ msgid: StaticString) -> [String]? {
            forms(UnsafeBufferPointer(start: msgid.utf8Start, count: msgid.utf8CodeUnitCount))
        }

        /// The forms of a msgid given as bytes (with a context: the context, 0x04, the msgid).
        func forms(_ key: UnsafeBufferPointer<UInt8>) -> [String]? {
            guard let i = find(key) else { return nil }
            guard packed != nil else { return entries[i].1 }
            var out: [String] = []
            var rest = packedForms(i)
            while let (form, next) = Self.cut(rest) {
                out.append(String(decoding: form, as: UTF8.self))
                rest = next
            }
            return out
        }

        /// The first form of a msgid given as bytes: one String made, the others left as they are.
        func first(_ key: UnsafeBufferPointer<UInt8>) -> String? {
            guard let i = find(key) else { return nil }
            guard packed != nil else { return entries[i].1.first }
            return Self.cut(packedForms(i)).map { String(decoding: $0.form, as: UTF8.self) }
        }

        /// The same for a literal msgid.
        func first(_ msgid: StaticString) -> String? {
            first(UnsafeBufferPointer(start: msgid.utf8Start, count: msgid.utf8CodeUnitCount))
        }

        /// The entry of `key`, by binary search; nil when there is none. (A packed entry's msgid,
        /// which ends at its first 0x01, is compared as bytes up to where the two differ: most
        /// steps look at a byte or two.)
        func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                let c =
                    packed != nil ? Catalog.compare(entry: packedEntry(mid), key) : Catalog.compare(entries[mid].0, key)
                if c == 0 { return mid }
                if c < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }

        /// Packed entry `i`'s msgid.
        func packedMsgid(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            let entry = packedEntry(i)
            return UnsafeBufferPointer(start: entry.baseAddress, count: Catalog.end(of: entry))
        }

        /// Packed entry `i`'s forms, each ended by 0x01 but the last (nil: it has none).
        func packedForms(_ i: Int) -> UnsafeBufferPointer<UInt8>? {
            let entry = packedEntry(i), msgid = packedMsgid(i)
            guard msgid.count < entry.count else { return nil }
            return UnsafeBufferPointer(rebasing: entry[(msgid.count + 1)...])
        }

        /// The first form of `forms` and the rest after its 0x01 (nil: no more forms).
        static func cut(_ forms: UnsafeBufferPointer<UInt8>?) -> (
            form: UnsafeBufferPointer<UInt8>, rest: UnsafeBufferPointer<UInt8>?
        )? {
            guard let forms, let base = forms.baseAddress else { return nil }
            let n = Catalog.end(of: forms)
            guard n < forms.count else { return (forms, nil) }
            return (
                UnsafeBufferPointer(start: base, count: n),
                UnsafeBufferPointer(start: base + n + 1, count: forms.count - n - 1)
            )
        }
    }

    /// The language's code (`de`, `pt_BR`; `en` for English, `qps` for the pseudo-locale).
    public let code: String
    let table: Table?
    /// Whether it is the pseudo-locale's (asked on every message: a flag, not a comparison).
    let isPseudo: Bool

    /// English: every message its msgid.
    public static let english = Catalog(code: "en", table: nil)
    /// The pseudo-locale (`LANGUAGE=qps`): every message accented and wrapped in ⟦ ⟧, so a test
    /// finds any text that does not come through a catalog.
    public static let pseudo = Catalog(code: "qps", table: nil)

    init(code: String, table: Table?) {
        self.code = code
        self.table = table
        isPseudo = code == "qps"
    }

    /// A catalog over `table`.
    public init(_ table: Table) { self.init(code: table.code, table: table) }

    public static func == (a: Catalog, b: Catalog) -> Bool { a.code == b.code }

    /// The message `msgid` in this language.
    public func tr(_ msgid: StaticString) -> String {
        if table == nil && !isPseudo { return msgid.description }
        if let first = table?.first(msgid), !first.isEmpty { return first }
        return isPseudo ? Catalog.pseudoText(msgid.description) : msgid.description
    }

    /// The message `msgid` found at run time (a message kept for later: `Deferred`).
    public func tr(text msgid: String) -> String { found(Array(msgid.utf8), msgid) }

    /// The first form under `key` (a msgid, or a context, EOT and a msgid), else `msgid` itself
    /// (accented in the pseudo-locale).
    func found(_ key: [UInt8], _ msgid: String) -> String {
        if let table, let first = key.withUnsafeBufferPointer({ table.first($0) }), !first.isEmpty {
            return first
        }
        return isPseudo ? Catalog.pseudoText(msgid) : msgid
    }

    /// The message `msgid` in `context` (the same English in two places a language may say
    /// apart, gettext's msgctxt).
    public func trc(_ context: StaticString, _ msgid: StaticString) -> String {
        if let table {
            var key = Array(UnsafeBufferPointer(start: context.utf8Start, count: context.utf8CodeUnitCount))
            key.append(0x04)
            key += UnsafeBufferPointer(start: msgid.utf8Start, count: msgid.utf8CodeUnitCount)
            if let first = key.withUnsafeBufferPointer({ table.first($0) }), !first.isEmpty { return first }
        }
        return isPseudo ? Catalog.pseudoText(msgid.description) : msgid.description
    }

    /// The message `msgid` in `context`, where the msgid is a text the extractor finds beside
    /// a marker rather than inside a call (`--help`'s summaries: po/catalogs.py's HELP).
    public func trc(_ context: StaticString, text msgid: String) -> String {
        guard table != nil else { return found([], msgid) }
        var key = Array(UnsafeBufferPointer(start: context.utf8Start, count: context.utf8CodeUnitCount))
        key.append(0x04)
        key += Array(msgid.utf8)
        return found(key, msgid)
    }

    /// The form of a message with a count (`%d day` / `%d days`) for `count`, its first
    /// conversion the count and the next ones `more`.
    public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ more: [String] = []) -> String {
        guard more.isEmpty else { return Catalog.format(pluralForm(singular, plural, count), [String(count)] + more) }
        var out: [UInt8] = []
        trn(singular, plural, count, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same with the count only, appended to `out` as bytes (a countdown's words).
    public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, into out: inout [UInt8]) {
        Catalog.append(pluralForm(singular, plural, count), count: 1, into: &out) { _, out in
            Digits.write(Int64(count), into: &out)
        }
    }

    /// The form of a counted message for `count`, its conversions not filled in.
    public func pluralForm(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
        if let table, let forms = table.forms(singular), !forms.isEmpty {
            let form = forms[Catalog.formIndex(table.plural(count), of: forms.count)]
            return form.isEmpty ? (count == 1 ? singular : plural).description : form
        }
        let form = (count == 1 ? singular : plural).description
        return isPseudo ? Catalog.pseudoText(form) : form
    }

    /// The form a rule's index picks among `count` forms (an index out of range: the last).
    static func formIndex(_ i: Int, of count: Int) -> Int { i >= 0 && i < count ? i : count - 1 }

    /// The counted message's forms taken apart once, to be filled for many counts (the same
    /// form as `pluralForm` picks for each).
    public func pluralMessage(_ singular: StaticString, _ plural: StaticString) -> PluralMessage {
        var forms: [MessageFormat] = []
        var rule: (@Sendable (Int) -> Int)?
        if let table, let found = table.forms(singular), !found.isEmpty {
            forms = found.map { MessageFormat($0) }
            rule = table.plural
        }
        func fallback(_ s: StaticString) -> MessageFormat {
            MessageFormat(isPseudo ? Catalog.pseudoText(s.description) : s.description)
        }
        return PluralMessage(forms: forms, rule: rule, one: fallback(singular), other: fallback(plural))
    }

    /// `template` with its conversions filled from `arguments` in order, or by position
    /// (`%2$s`): `%s`, `%d`, a zero-padded width (`%02d`), and `%%`. gettext's `c-format`
    /// check (`msgfmt -c`) keeps a translation's conversions the msgid's.
    public static func format(_ template: String, _ arguments: [String]) -> String {
        format(template, count: arguments.count) { index, out in
            var value = arguments[index]
            value.withUTF8 { out += $0 }
        }
    }

    /// The same with numbers for arguments, written as digits straight into the text (a
    /// countdown's words are formatted for each of the hour's kept outputs).
    public static func format(_ template: String, numbers: [Int]) -> String {
        format(template, count: numbers.count) { index, out in Digits.write(Int64(numbers[index]), into: &out) }
    }

    /// `template` filled by `write`, which appends argument `index` (below `count`) to the bytes.
    static func format(_ template: String, count: Int, write: (_ index: Int, _ out: inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(template.utf8.count + 16)
        append(template, count: count, into: &out, write: write)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same, appended to `out` (a text made of several messages, the countdown's words, is
    /// written into one buffer).
    public static func append(
        _ template: String, count: Int, into out: inout [UInt8], write: (_ index: Int, _ out: inout [UInt8]) -> Void
    ) {
        // (Bytes, not characters: a template is filled on every run's path.)
        var template = template
        template.withUTF8 { t in
            MessageFormat.read(t, text: { out.append(contentsOf: UnsafeBufferPointer(rebasing: t[$0])) }) {
                index, zero, width in
                MessageFormat.fill(index, count: count, zero: zero, width: width, into: &out, write: write)
            }
        }
    }

    /// Bytes of `a` against `b`: negative, 0 or positive.
    static func compare(_ a: String, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var a = a
        return a.withUTF8 { compare($0, b) }
    }

    /// The same for two byte buffers.
    static func compare(_ x: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(x.count, b.count)
        var k = 0
        while k < n {
            if x[k] != b[k] { return Int(x[k]) - Int(b[k]) }
            k &+= 1
        }
        return x.count - b.count
    }

    /// A packed entry's msgid (its bytes up to the first 0x01) against `key`, as `compare` does.
    static func compare(entry: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        var k = 0
        while true {
            let entryEnds = k >= entry.count || entry[k] == 1, keyEnds = k >= key.count
            if entryEnds || keyEnds { return entryEnds ? (keyEnds ? 0 : -1) : 1 }
            if entry[k] != key[k] { return Int(entry[k]) - Int(key[k]) }
            k &+= 1
        }
    }

    /// Where the first 0x01 of `bytes` is (its count when there is none): a packed entry's
    /// msgid, and each of its forms, end there.
    static func end(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var k = 0
        while k < bytes.count && bytes[k] != 1 { k &+= 1 }
        return k
    }
}

/// A counted message (`%d day` / `%d days`) in one language, its forms taken apart once
/// (`Catalog.pluralMessage`).
public struct PluralMessage: Sendable {
    /// The catalog's forms, by the language's plural index (one left empty is not used); none
    /// when the catalog lacks the message.
    let forms: [MessageFormat]
    let rule: (@Sendable (Int) -> Int)?
    /// The msgid's singular and plural, for a count the catalog has no form for.
    let one: MessageFormat
    let other: MessageFormat

    /// The form for `count`.
    public func form(_ count: Int) -> MessageFormat {
        if let rule, !forms.isEmpty {
            let form = forms[Catalog.formIndex(rule(count), of: forms.count)]
            if !form.isEmpty { return form }
        }
        return count == 1 ? one : other
    }

    /// The form for `count` filled with it, appended to `out`.
    public func append(_ count: Int, into out: inout [UInt8]) {
        form(count).append(count: 1, into: &out) { _, out in Digits.write(Int64(count), into: &out) }
    }
}
