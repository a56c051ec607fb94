/// Which version a store file is: read from its first key, where tminus writes it, or past
/// everything else (an older tminus may have written it last), and the fuzzer's check that the
/// two ways read a store alike.
extension StoreFile {
    /// For the fuzzer: whether `bytes` read with the version taken from the first key gives what
    /// the two reads give (the version read past everything first): the same store, or the same
    /// failure.
    public static func readsAlike(_ bytes: [UInt8]) -> Bool {
        func outcome(_ read: () throws(TMinusError) -> Loaded) -> Result<Loaded, TMinusError> {
            do throws(TMinusError) { return .success(try read()) } catch { return .failure(error) }
        }
        let once = outcome { () throws(TMinusError) in try Self.read(bytes, path: "store.json") }
        let twice = outcome { () throws(TMinusError) in
            let version = try readVersion(bytes, path: "store.json", bad: { bad($0, $1, "store.json") })
            return try Self.read(bytes, path: "store.json", version: version, leading: false)!
        }
        return once == twice
    }

    /// The version when it is the object's first key, a whole number this tminus reads; else nil.
    static func leadingVersion(_ bytes: [UInt8]) -> Int? {
        var p = JSONParser(bytes)
        guard (try? p.kind()) == .object, (try? p.beginObject()) != nil, (try? p.nextKey()) == "version",
            (try? p.kind()) == .number, let v = try? p.readNumber(), v.rounded() == v,
            (1...Double(Store.currentVersion)).contains(v)
        else { return nil }
        return Int(v)
    }

    /// The top-level `version` (read past everything else).
    static func readVersion(_ bytes: [UInt8], path: String, bad: (Int?, String) -> TMinusError) throws(TMinusError)
        -> Int
    {
        var p = JSONParser(bytes)
        var found: Double?
        var line = 1
        do throws(JSONSyntaxError) {
            guard try p.kind() == .object else { throw p.error(at: "not a tminus store (not a JSON object)") }
            try p.beginObject()
            while let key = try p.nextKey() {
                if key == "version", try p.kind() == .number {
                    line = p.currentLine
                    found = try p.readNumber()
                } else if key == "version" {
                    throw p.error(at: "\"version\" must be 1, 2 or 3")
                } else {
                    try p.skipValue()
                }
            }
            try p.finish()
        } catch {
            var e = bad(error.line, error.message)
            e.cause = error
            throw e
        }
        guard let v = found else { throw bad(1, "no \"version\"; it is not a tminus store") }
        guard v.rounded() == v, (1...Double(Store.currentVersion)).contains(v) else {
            if v.rounded() == v, v > Double(Store.currentVersion), v < 1e9 {
                throw .failure(
                    tr: "%s is version %s, newer than this tminus reads (%s); upgrade tminus", "\(path)", "\(Int(v))",
                    "\(Store.currentVersion)", path: path
                )
            }
            throw bad(line, "\"version\" must be 1, 2 or 3")
        }
        return Int(v)
    }
}
