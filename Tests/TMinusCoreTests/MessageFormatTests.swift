import TMinusTestSupport
import Testing

@testable import TMinusCore

/// A template taken apart once (`MessageFormat`) fills as the catalog's formatter fills it, and
/// as the byte-by-byte formatter it replaced did; a counted message taken apart once picks the
/// form `pluralForm` picks, in every built-in language.
@Suite("Message formats")
struct MessageFormatTests {
    /// The formatter as it was before templates were read by `MessageFormat.read`: the reference.
    static func reference(_ template: String, _ arguments: [String]) -> String {
        let t = Array(template.utf8)
        var out: [UInt8] = []
        var next = 0
        var i = 0
        func digit(_ k: Int) -> Int? { k < t.count && t[k] >= 0x30 && t[k] <= 0x39 ? Int(t[k] - 0x30) : nil }
        while i < t.count {
            let c = t[i]
            i += 1
            guard c == 0x25, i < t.count else {
                out.append(c)
                continue
            }
            if t[i] == 0x25 {
                out.append(0x25)
                i += 1
                continue
            }
            var j = i
            var number = 0
            while let v = digit(j) {
                number = number * 10 + v
                j += 1
            }
            var position: Int?
            if j < t.count, t[j] == 0x24, number > 0 {
                position = number - 1
                j += 1
            } else {
                j = i
            }
            var zero = false, width = 0
            if j < t.count, t[j] == 0x30 {
                zero = true
                j += 1
            }
            while let v = digit(j) {
                width = width * 10 + v
                j += 1
            }
            guard j < t.count, t[j] == 0x73 || t[j] == 0x64 else {
                out.append(c)
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            var value: [UInt8] = index < arguments.count ? Array(arguments[index].utf8) : []
            if value.count < width {
                value.insert(contentsOf: repeatElement(zero ? 0x30 : 0x20, count: width - value.count), at: 0)
            }
            out += value
            i = j + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func filled(_ format: MessageFormat, _ arguments: [String]) -> String {
        var out: [UInt8] = []
        format.append(count: arguments.count, into: &out) { index, out in out += arguments[index].utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aTemplateTakenApartFillsAsTheFormatterFills() {
        let fixed = [
            "", "%", "%%", "%%%", "%s", "%d", "%05d|", "%5s|", "100%% %s", "%2$s %1$s", "%3$s", "%0s", "% elapsed",
            "ab%", "%%%s", "%1$", "%1$05d", "%12", "x%s y%s z%s", "%s и %s", "⟦%s⟧", "%2$s%2$s", "%0$s", "%-d"
        ]
        // Templates from the bytes a conversion is made of, at random (a fixed seed).
        var rng = SplitMix(42)
        let alphabet = Array("%sd0125$x é".unicodeScalars)
        var templates = fixed
        for _ in 0..<4_000 {
            let n = Int(rng.next() % 9)
            templates.append(
                String(
                    String.UnicodeScalarView((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })))
        }
        let argumentSets: [[String]] = [[], ["a"], ["12", "b"], ["", "xyz", "7"], ["⟦é⟧", "longer than the width"]]
        for t in templates {
            let format = MessageFormat(t)
            for a in argumentSets {
                let expected = Self.reference(t, a)
                #expect(Self.filled(format, a) == expected, "\(t) \(a)")
                #expect(Catalog.format(t, a) == expected, "\(t) \(a)")
            }
        }
        #expect(MessageFormat("%dh %02dm").format(numbers: 4, 5) == "4h 05m")
        #expect(MessageFormat("ends in %s").format("4h 05m") == "ends in 4h 05m")
    }

    /// Each built-in language, English and the pseudo-locale: the form taken apart once is the
    /// form looked up for the count, filled alike.
    @Test func aCountedMessageTakenApartPicksTheFormLookedUp() {
        let catalogs = [Catalog.english, Catalog.pseudo] + Catalog.tables.map(Catalog.init)
        for c in catalogs {
            let messages: [(StaticString, StaticString)] = [
                ("%d day", "%d days"), ("%d hour", "%d hours"), ("%d minute", "%d minutes"),
                ("%d second", "%d seconds"), ("%d min late", "%d min late"), ("not a message %d", "not messages %d")
            ]
            for (one, other) in messages {
                let message = c.pluralMessage(one, other)
                for n in [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 59, 100, 101, 111, 112, 122, 1_000_001] {
                    var out: [UInt8] = []
                    message.append(n, into: &out)
                    #expect(String(decoding: out, as: UTF8.self) == c.trn(one, other, n), "\(c.code) \(one) \(n)")
                }
            }
        }
    }
}
