/// How many terminal columns text takes: East Asian wide and fullwidth characters two, combining
/// marks and format characters none, an emoji shown as emoji two, anything else one. Counted per
/// character (grapheme cluster), so a flag, a skin tone or a family joined by ZWJ is one emoji of
/// two columns, not the sum of its code points (which per-code-point `wcwidth` gives).
public enum DisplayWidth {
    /// Columns `text` takes.
    public static func of(_ text: String) -> Int {
        var n = 0
        for c in text { n += of(c) }
        return n
    }

    /// Columns one character takes: two when any of its code points is wide, is an emoji in
    /// emoji presentation, or is asked for as one (VS16) or a flag (regional indicators); none
    /// when all are combining marks or format characters; else one.
    public static func of(_ c: Character) -> Int {
        var width = 0
        for s in c.unicodeScalars {
            let v = s.value
            if v < 0x300 {
                if v >= 0x20 && v != 0x7F && !(0x80..<0xA0).contains(v) { width = max(width, 1) }
                continue
            }
            if v == 0xFE0F || (0x1F1E6...0x1F1FF).contains(v) || s.properties.isEmojiPresentation || isWide(v) {
                return 2
            }
            switch s.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: continue
            default: break
            }
            // Hangul Jamo vowels and finals join the initial before them.
            if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { continue }
            width = max(width, 1)
        }
        return width
    }

    /// The longest start of `text` that fits in `columns`, never splitting a character.
    public static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for i in text.indices {
            let w = of(text[i])
            if used + w > columns { break }
            used += w
            end = text.index(after: i)
        }
        return String(text[..<end])
    }

    /// `text` and spaces to `columns` (never cut).
    public static func padded(_ text: String, to columns: Int) -> String {
        let w = of(text)
        return w >= columns ? text : text + String(repeating: " ", count: columns - w)
    }

    /// Whether the code point is East Asian Wide or Fullwidth (UAX #11, Unicode 14: its W and F
    /// code points, ranges joined across unassigned ones).
    static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var lo = 0, hi = wide.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if wide[mid].upperBound < v { lo = mid + 1 } else { hi = mid }
        }
        return lo < wide.count && wide[lo].contains(v)
    }

    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,
        0x231A...0x231B,
        0x2329...0x232A,
        0x23E9...0x23EC,
        0x23F0...0x23F0,
        0x23F3...0x23F3,
        0x25FD...0x25FE,
        0x2614...0x2615,
        0x2648...0x2653,
        0x267F...0x267F,
        0x2693...0x2693,
        0x26A1...0x26A1,
        0x26AA...0x26AB,
        0x26BD...0x26BE,
        0x26C4...0x26C5,
        0x26CE...0x26CE,
        0x26D4...0x26D4,
        0x26EA...0x26EA,
        0x26F2...0x26F3,
        0x26F5...0x26F5,
        0x26FA...0x26FA,
        0x26FD...0x26FD,
        0x2705...0x2705,
        0x270A...0x270B,
        0x2728...0x2728,
        0x274C...0x274C,
        0x274E...0x274E,
        0x2753...0x2755,
        0x2757...0x2757,
        0x2795...0x2797,
        0x27B0...0x27B0,
        0x27BF...0x27BF,
        0x2B1B...0x2B1C,
        0x2B50...0x2B50,
        0x2B55...0x2B55,
        0x2E80...0x303E,
        0x3041...0x3247,
        0x3250...0x4DBF,
        0x4E00...0xA4C6,
        0xA960...0xA97C,
        0xAC00...0xD7A3,
        0xF900...0xFAD9,
        0xFE10...0xFE19,
        0xFE30...0xFE6B,
        0xFF01...0xFF60,
        0xFFE0...0xFFE6,
        0x16FE0...0x1B2FB,
        0x1F004...0x1F004,
        0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E,
        0x1F191...0x1F19A,
        0x1F200...0x1F320,
        0x1F32D...0x1F335,
        0x1F337...0x1F37C,
        0x1F37E...0x1F393,
        0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4,
        0x1F3F8...0x1F43E,
        0x1F440...0x1F440,
        0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E,
        0x1F550...0x1F567,
        0x1F57A...0x1F57A,
        0x1F595...0x1F596,
        0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7F0,
        0x1F90C...0x1F93A,
        0x1F93C...0x1F945,
        0x1F947...0x1F9FF,
        0x1FA70...0x1FAF6,
        0x20000...0x3FFFD
    ]
}
