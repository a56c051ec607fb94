import Glibc

/// The process environment as a dictionary, read from `environ` (no Foundation on the poll path).
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
    }
}

/// Ends the process with a code.
public func exit(_ code: Int32) -> Never { Glibc.exit(code) }
