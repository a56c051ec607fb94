/// How a JSON list of items is laid out in `store.json` and `summary.json`: one object per line.
/// A JSON string never holds a raw newline (it is written `\n`), so every newline in such a list
/// is between two objects, and a change can find and patch the lines it touches without reading
/// the others (docs/storage.md, "Changes that touch one line"). Pure: the patching lives with the
/// files (TMinusStore's `ItemLines`).
///
/// ```
/// [                    <- the list's `[`; an empty list is `[]`
/// <indent>{…},         <- each line: indent, one object, "," unless it is the last
/// <indent>{…}
/// <closing>]           <- a newline, the closing indent, `]`
/// ```
public struct LineList: Sendable {
    /// Spaces before each object.
    public let indent: Int
    /// Spaces before the closing `]`.
    public let closing: Int

    /// A layout with `indent` spaces before each object and `closing` spaces before the `]`.
    public init(indent: Int, closing: Int) {
        self.indent = indent
        self.closing = closing
    }

    /// Between two objects: `,`, a newline and the indent.
    public var separator: [UInt8] { [0x2C, 0x0A] + [UInt8](repeating: 0x20, count: indent) }

    /// Writes the list, `[` to `]`, each object written by `write`.
    public func write<T>(_ elements: [T], into out: inout [UInt8], _ write: (T, inout [UInt8]) -> Void) {
        out.append(0x5B)
        guard !elements.isEmpty else {
            out.append(0x5D)
            return
        }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent))
        for (i, element) in elements.enumerated() {
            if i > 0 {
                out.append(0x2C)
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x20, count: indent))
            }
            write(element, &out)
        }
        close(&out)
    }

    /// What follows the last object: a newline, the closing indent and `]`.
    public var closingBytes: [UInt8] { [0x0A] + [UInt8](repeating: 0x20, count: closing) + [0x5D] }

    /// Appends what follows the last object (`closingBytes`) to `out`.
    public func close(_ out: inout [UInt8]) { out += closingBytes }
}
