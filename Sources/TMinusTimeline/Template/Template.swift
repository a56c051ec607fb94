import TMinusCore

/// A family's format template: `{placeholder}`s, optional `[sections]` that hide themselves when
/// none of their placeholders has a value (empty text, or zero for counts), and `\` to escape
/// `{ } [ ] \`. Rendering is pure and gives plain, unescaped text; renderers escape it.
public enum Template {
    indirect enum Node: Equatable, Sendable {
        case text(String)
        case placeholder(Placeholder)
        case section([Node])
    }

    /// How deep `[ … ]` sections may nest (rendering recurses once per level).
    public static let maxDepth = 16

    /// Why a template cannot be used, or nil.
    public static func check(_ template: String) -> String? { checkError(template)?.description }

    /// `check`'s error itself (its message in the user's language).
    public static func checkError(_ template: String) -> TMinusError? {
        do { _ = try parse(template); return nil } catch { return error }
    }

    /// The longest template accepted, in bytes.
    public static let maxLength = 4096

    static func parse(_ template: String) throws(TMinusError) -> [Node] {
        guard template.utf8.count <= maxLength else { throw .usage(tr: "is longer than %s bytes", "\(maxLength)") }
        // Over the UTF-8 bytes: every character with a meaning here is ASCII, and a byte of a
        // longer character is never one of them. (Walking Characters cost every full run of a bar
        // a tenth of its instructions in grapheme breaking.) Text runs are copied as bytes.
        var template = template
        return try template.withUTF8 { b in Result { () throws(TMinusError) in try parse(bytes: b) } }.get()
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) throws(TMinusError) -> [Node] {
        var stack: [[Node]] = [[]]
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty {
                stack[stack.count - 1].append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }
        var i = 0
        while i < b.count {
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "\\"):
                // The character after it, whole (all of its bytes), as text.
                guard i < b.count else { text.append(c); continue }
                text.append(b[i])
                i += 1
                while i < b.count && b[i] & 0xC0 == 0x80 {
                    text.append(b[i])
                    i += 1
                }
            case UInt8(ascii: "{"):
                let from = i
                while i < b.count && b[i] != UInt8(ascii: "}") { i += 1 }
                guard i < b.count else {
                    throw .usage(tr: "a '{' is never closed; write \\{ for a literal brace")
                }
                let name = String(decoding: UnsafeBufferPointer(rebasing: b[from..<i]), as: UTF8.self)
                i += 1
                guard let p = Placeholder.named(name) else {
                    if let near = Suggest.closest(name, among: Placeholder.allCases.map(\.rawValue)) {
                        throw .usage(tr: "unknown placeholder {%s}; did you mean {%s}?", name, near)
                    }
                    throw .usage(tr: "unknown placeholder {%s}", name)
                }
                flush()
                stack[stack.count - 1].append(.placeholder(p))
            case UInt8(ascii: "}"):
                throw .usage(tr: "a '}' without '{'; write \\} for a literal brace")
            case UInt8(ascii: "["):
                flush()
                guard stack.count <= maxDepth else {
                    throw .usage(tr: "sections '[' are nested more than %s deep", "\(maxDepth)")
                }
                stack.append([])
            case UInt8(ascii: "]"):
                guard stack.count > 1 else {
                    throw .usage(tr: "a ']' without '['; write \\] for a literal bracket")
                }
                flush()
                let section = stack.removeLast()
                stack[stack.count - 1].append(.section(section))
            default:
                text.append(c)
            }
        }
        guard stack.count == 1 else { throw .usage(tr: "a '[' is never closed; write \\[ for a literal bracket") }
        flush()
        return stack[0]
    }

    /// Fills a template. A template that does not parse renders as its own text (config
    /// checking rejects such templates before they get here).
    public static func render(_ template: String, values: PlaceholderValues) -> String {
        CompiledTemplate(template).render(values)
    }

    static func render(_ nodes: [Node], _ values: PlaceholderValues) -> String {
        var out = ""
        for node in nodes {
            switch node {
            case .text(let t): out += t
            case .placeholder(let p): out += values[p] ?? ""
            case .section(let inner):
                if hasValue(inner, values) { out += render(inner, values) }
            }
        }
        return out
    }

    /// A section shows when it has no placeholders, or one of them has a value.
    static func hasValue(_ nodes: [Node], _ values: PlaceholderValues) -> Bool {
        var sawPlaceholder = false
        for node in nodes {
            switch node {
            case .text: continue
            case .placeholder(let p):
                sawPlaceholder = true
                let v = values[p] ?? ""
                if !v.isEmpty && !(p.isCount && v == "0") { return true }
            case .section(let inner):
                sawPlaceholder = true
                if hasValue(inner, values) { return true }
            }
        }
        return !sawPlaceholder
    }
}

/// A template parsed once (a provider compiles its six templates up front, so producing thousands
/// of entries, or one on the poll path, never parses a template twice).
public struct CompiledTemplate: Equatable, Sendable {
    /// The template's text as written.
    public let source: String
    let nodes: [Template.Node]
    /// The placeholders it shows, a bit per slot (a renderer escapes only these values).
    let used: UInt64

    /// A template that does not parse renders as its own text (config checking rejects such
    /// templates before they get here).
    public init(_ source: String) {
        self.source = source
        let nodes = (try? Template.parse(source)) ?? [.text(source)]
        self.nodes = nodes
        func bits(_ nodes: [Template.Node]) -> UInt64 {
            var out: UInt64 = 0
            for node in nodes {
                switch node {
                case .text: break
                case .placeholder(let p): out |= 1 << UInt64(p.slot)
                case .section(let inner): out |= bits(inner)
                }
            }
            return out
        }
        used = bits(nodes)
    }

    /// The text with `values` filled in: plain, unescaped; a section without values left out.
    public func render(_ values: PlaceholderValues) -> String { Template.render(nodes, values) }

    /// Whether the template shows this placeholder anywhere (inside sections too).
    public func uses(_ placeholder: Placeholder) -> Bool { used >> UInt64(placeholder.slot) & 1 == 1 }
}
