/// One property of an iCalendar file (RFC 5545 §3.1), as written: `NAME;PARAM=VALUE:value`.
/// The value keeps its escapes (`text` decodes them); `range` is where the property's lines are in
/// the file, folds and line break included, so a writer can replace exactly those bytes.
public struct ICalProperty: Sendable, Equatable {
    /// Upper-case (names are case-insensitive).
    public var name: String
    /// Its parameters, in the order written.
    public var parameters: [ICalParameter]
    /// The unfolded value, escapes kept.
    public var value: [UInt8]
    /// The line in the file where the property starts (1-based).
    public var line: Int
    /// Byte offsets in the file: from the property's first byte through its last line break.
    public var range: Range<Int>

    /// A property; `line` and `range` stay 0 for one that was not read from a file.
    public init(
        name: String, parameters: [ICalParameter] = [], value: [UInt8], line: Int = 0, range: Range<Int> = 0..<0
    ) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
        self.range = range
    }

    /// The first value of a parameter (its name in any case), or nil.
    public func parameter(_ name: String) -> String? {
        for p in parameters where p.name == name { return p.values.first }
        return nil
    }

    /// The value as TEXT (RFC 5545 §3.3.11): escapes decoded in one pass.
    public var text: String { ICalText.unescape(value[...]) }

    /// The value as a list of TEXT values split on unescaped commas (CATEGORIES).
    public var textList: [String] { ICalText.split(value[...]).map { ICalText.unescape($0) } }

    /// The raw value as a string (dates, numbers, rules: no escapes there).
    public var raw: String { String(decoding: value, as: UTF8.self) }
}

/// One parameter of a property (`;NAME=VALUE,VALUE`), its values caret-decoded (RFC 6868).
public struct ICalParameter: Sendable, Equatable {
    /// Upper-case.
    public var name: String
    /// The values, quotes removed.
    public var values: [String]

    /// A parameter named `name` (upper-case) with these values.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// A component (`BEGIN:VTODO` … `END:VTODO`) with its properties and sub-components.
public struct ICalComponent: Sendable, Equatable {
    /// Upper-case: VCALENDAR, VTODO, VEVENT, VALARM, VTIMEZONE, STANDARD, DAYLIGHT, …
    public var name: String
    /// Its properties (BEGIN and END lines aside), in file order.
    public var properties: [ICalProperty]
    /// The components inside it (VALARMs, a VTIMEZONE's STANDARD and DAYLIGHT), in file order.
    public var components: [ICalComponent]
    /// The line of its BEGIN (1-based).
    public var line: Int
    /// Byte offsets: from its BEGIN line through its END line's break (or the end of the file
    /// when it is never closed).
    public var range: Range<Int>
    /// Where its END line starts (where a writer inserts new properties); nil when never closed.
    public var endOffset: Int?

    /// A component; `line`, `range` and `endOffset` default to none (one not read from a file).
    public init(
        name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [], line: Int = 0,
        range: Range<Int> = 0..<0, endOffset: Int? = nil
    ) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
        self.range = range
        self.endOffset = endOffset
    }

    /// The first property with this (upper-case) name.
    public func property(_ name: String) -> ICalProperty? {
        for p in properties where p.name == name { return p }
        return nil
    }

    /// Every property with this (upper-case) name, in file order.
    public func all(_ name: String) -> [ICalProperty] { properties.filter { $0.name == name } }
}

/// A parsed iCalendar file: its top-level components (usually one VCALENDAR; bare VTODOs and
/// several VCALENDARs occur too) and the lines that could not be read.
public struct ICalDocument: Sendable {
    /// Its top-level components, in file order.
    public var components: [ICalComponent]
    /// Lines that are not content lines (no `:`), by line number.
    public var badLines: [Int]
    /// The file's line break (CRLF unless the file uses LF): what a writer uses for new lines.
    public var lineBreak: [UInt8]
    /// BEGIN/END that do not pair up (a typo'd `END:VTOOD`, a missing END), by line: what a
    /// reader reports, since the components around them were read as best as could be.
    public var structure: [(line: Int, message: String)] = []
    /// Components refused for their size (`ICalParser.maxComponentLines`, `maxComponentBytes`),
    /// and a VCALENDAR's own lines ignored past the limit, by line (the first three).
    public var refused: [(line: Int, message: String)] = []

    /// Every component of these names, at any depth (VTODO inside VCALENDAR, or bare), in file
    /// order; not inside other matches.
    public func find(_ names: Set<String>) -> [ICalComponent] {
        var out: [ICalComponent] = []
        func walk(_ cs: [ICalComponent]) {
            for c in cs {
                if names.contains(c.name) { out.append(c) } else { walk(c.components) }
            }
        }
        walk(components)
        return out
    }
}
