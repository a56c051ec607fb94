/// The built-in catalogs as GNU `.mo` files, the compiled form gettext reads: the GNOME Shell
/// extension and the Plasma applets are translated from them (`tminus setup gnome|plasma` writes
/// them beside their code), so the desktops speak the words of the same `po/*.po` files.
///
/// The format (GNU gettext's manual, "The Format of GNU MO Files"): a header of seven
/// little-endian 32-bit words (magic 0x950412de, revision 0, the number of strings, the offsets of
/// the originals' and the translations' tables, the hash table's size 0 and offset), the two
/// tables of (length, offset) pairs, then the strings, each ended by a NUL. The originals are
/// sorted by their bytes (a reader without a hash table searches them by bisection); the first is
/// the header entry, msgid "", whose translation names the charset and the plural rule.
extension Catalog.Table {
    /// This table as a `.mo` file: the header entry and every message with one form (a message
    /// in a context keeps gettext's key, the context, 0x04, the msgid). Messages with plural
    /// forms are left out: the desktops ask for none.
    public func machineObject() -> [UInt8] {
        var header = "Project-Id-Version: tminus\nLanguage: \(code)\nMIME-Version: 1.0\n"
        header += "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
        if !pluralForms.isEmpty { header += "Plural-Forms: \(pluralForms)\n" }
        var pairs: [([UInt8], [UInt8])] = [([], Array(header.utf8))]
        for (msgid, forms) in all where forms.count == 1 && !msgid.isEmpty && !forms[0].isEmpty {
            pairs.append((Array(msgid.utf8), Array(forms[0].utf8)))
        }
        pairs.sort { $0.0.lexicographicallyPrecedes($1.0) }
        return Catalog.machineObject(pairs)
    }
}

extension Catalog {
    /// The built-in languages' `.mo` files: (code, bytes), by code.
    public static var machineObjects: [(code: String, bytes: [UInt8])] {
        tables.map { (code: $0.code, bytes: $0.machineObject()) }
    }

    /// A `.mo` file of (original, translation) pairs already sorted by the originals' bytes.
    static func machineObject(_ pairs: [([UInt8], [UInt8])]) -> [UInt8] {
        let count = pairs.count
        let originals = 28
        let translations = originals + 8 * count
        var strings = translations + 8 * count
        var out: [UInt8] = []
        func word(_ value: Int) {
            let v = UInt32(truncatingIfNeeded: value)
            out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        // magic, revision, N, O, T, hash size, hash offset (no hash table: its size is 0).
        for value in [0x9504_12de, 0, count, originals, translations, 0, strings] { word(value) }
        // The originals' table then the translations' table, the strings in the same order.
        let texts = pairs.map { $0.0 } + pairs.map { $0.1 }
        for text in texts {
            word(text.count)
            word(strings)
            strings += text.count + 1
        }
        for text in texts {
            out += text
            out.append(0)
        }
        return out
    }
}
