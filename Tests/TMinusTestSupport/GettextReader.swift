import Foundation

/// gettext's own readers of a `.mo` file, for tests of the files tminus writes: Python's
/// `gettext.GNUTranslations` (the catalog and its plural rule) and GNU `msgunfmt` (back to a .po).
public enum GettextReader {
    /// What Python's gettext reads in the `.mo` file at `path`: its messages (msgid → msgstr,
    /// the header entry's under "") and its plural rule's form for each count in `counts`.
    public static func python(_ path: String, counts: [Int] = []) throws -> (catalog: [String: String], plural: [Int]) {
        let script = """
            import gettext, json, sys
            with open(sys.argv[1], "rb") as f:
                t = gettext.GNUTranslations(f)
            print(json.dumps({"catalog": t._catalog, "plural": [t.plural(int(n)) for n in sys.argv[2:]]}))
            """
        let out = try run("/usr/bin/python3", ["-c", script, path] + counts.map(String.init))
        guard let object = try JSONSerialization.jsonObject(with: out) as? [String: Any],
            let catalog = object["catalog"] as? [String: String], let plural = object["plural"] as? [Int]
        else { throw Failure(message: "python3 printed no catalog") }
        return (catalog, plural)
    }

    /// The `.mo` file at `path` as `msgunfmt` prints it (a .po file).
    public static func msgunfmt(_ path: String) throws -> String {
        String(decoding: try run("/usr/bin/msgunfmt", ["--no-wrap", path]), as: UTF8.self)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    static func run(_ program: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(message: "\(program) failed: " + String(decoding: problem, as: UTF8.self))
        }
        return data
    }
}
