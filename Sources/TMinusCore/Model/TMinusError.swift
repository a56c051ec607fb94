/// Every error a command can report: one type that keeps what it is about. Its `message` is the
/// one line that says what to do instead; `path`, `line`, `errno` and `cause` keep the file, the
/// line in it, the system call's error number and the error underneath (a parse error, a bus
/// failure), so callers and tests look at fields, not at text. `exitCode` maps it to the
/// process's status in one place: a usage error 2, a failure 1.
public struct TMinusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of error: the user's input, or something that failed.
    public enum Kind: Sendable, Equatable {
        /// Bad input from the user: exit 2.
        case usage
        /// A file that cannot be read or parsed, or an I/O failure: exit 1.
        case failure
    }

    /// Its kind (and so its exit code).
    public var kind: Kind
    /// The one line shown to the user.
    public var message: String
    /// The file it is about, when there is one.
    public var path: String?
    /// The line in that file, when known.
    public var line: Int?
    /// The failed system call's error number (`errno`), for an I/O failure.
    public var errno: Int32?
    /// The error underneath, when another one caused it.
    public var cause: (any Error & Sendable)?
    /// The message's catalog entry and what fills it (`usage(tr:)`), for the user's language;
    /// nil for a message that is English only.
    public var template: StaticString?
    /// The values of the template's conversions, in order.
    public var arguments: [String] = []
    /// What `withDetail` added after a translated message.
    var detail = ""
    /// What `withPrefix` put before it.
    var lead = ""
    /// Messages of the catalogs `followed(by:)` put after it (template, values).
    var tail: [(StaticString, [String])] = []

    /// An error of `kind` with its message and what it is about.
    public init(
        _ kind: Kind, _ message: String, path: String? = nil, line: Int? = nil, errno: Int32? = nil,
        cause: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.path = path
        self.line = line
        self.errno = errno
        self.cause = cause
    }

    /// Bad input from the user (exit 2).
    public static func usage(_ message: String) -> TMinusError { TMinusError(.usage, message) }

    /// A failure (exit 1), with the file, line, errno and cause when known.
    public static func failure(
        _ message: String, path: String? = nil, line: Int? = nil, errno: Int32? = nil,
        cause: (any Error & Sendable)? = nil
    ) -> TMinusError {
        TMinusError(.failure, message, path: path, line: line, errno: errno, cause: cause)
    }

    /// A usage error whose message a catalog translates: `template` with `%s` conversions
    /// (`"unknown command '%s'; see tminus --help"`), filled by `arguments`.
    public static func usage(tr template: StaticString, _ arguments: String...) -> TMinusError {
        usage(tr: template, arguments: arguments)
    }

    /// `usage(tr:)` with the values as a list (for a template handed on by a caller).
    public static func usage(tr template: StaticString, arguments: [String]) -> TMinusError {
        var e = TMinusError(.usage, Deferred.render(Catalog.format(template.description, arguments), .english))
        e.template = template
        e.arguments = arguments
        return e
    }

    /// A failure whose message a catalog translates (`usage(tr:)`'s twin), with the file, line,
    /// errno and cause kept as fields.
    public static func failure(
        tr template: StaticString, _ arguments: String..., path: String? = nil, line: Int? = nil,
        errno: Int32? = nil, cause: (any Error & Sendable)? = nil
    ) -> TMinusError {
        failure(tr: template, arguments: arguments, path: path, line: line, errno: errno, cause: cause)
    }

    /// `failure(tr:)` with the values as a list (for a template handed on by a caller).
    public static func failure(
        tr template: StaticString, arguments: [String], path: String? = nil, line: Int? = nil,
        errno: Int32? = nil, cause: (any Error & Sendable)? = nil
    ) -> TMinusError {
        var e = TMinusError(
            .failure, Deferred.render(Catalog.format(template.description, arguments), .english), path: path,
            line: line, errno: errno,
            cause: cause)
        e.template = template
        e.arguments = arguments
        return e
    }

    /// The message (English).
    public var description: String { message }

    /// The message in the user's language (English where it has no catalog entry).
    public func text(_ words: Words) -> String {
        guard let template else { return message }
        var out = lead + Catalog.format(words.tr(template), arguments)
        for (t, values) in tail { out += Catalog.format(words.tr(t), values) }
        return Deferred.render(out + detail, words)
    }

    /// The message kept for the reader's language (`Deferred`): what a source's record keeps of
    /// why it could not be read.
    public var deferredText: String {
        guard let template else { return message }
        var out = lead + Deferred.message(template, arguments)
        for (t, values) in tail { out += Deferred.message(t, values) }
        return out + detail
    }

    /// The process exit status: 2 for a usage error, 1 for a failure.
    public var exitCode: Int32 { kind == .usage ? 2 : 1 }

    /// Equal in kind, message, file, line and errno (a cause is compared by its text).
    public static func == (a: TMinusError, b: TMinusError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.path == b.path && a.line == b.line && a.errno == b.errno
            && a.cause.map { "\($0)" } == b.cause.map { "\($0)" }
    }
}

extension TMinusError {
    /// The same error with `detail` added to its message.
    public func withDetail(_ detail: String) -> TMinusError {
        guard !detail.isEmpty else { return self }
        var e = self
        e.message += detail
        e.detail += detail
        return e
    }

    /// The same error with another message of the catalogs after it (`template` filled with
    /// `arguments`): a line made of two messages, "CONFIG line 3: " and what is wrong there.
    public func followed(by template: StaticString, _ arguments: [String]) -> TMinusError {
        var e = self
        let english = Deferred.render(Catalog.format(template.description, arguments), .english)
        e.message += english
        // (After an English detail the order must hold: the rest stays English too.)
        if e.detail.isEmpty { e.tail.append((template, arguments)) } else { e.detail += english }
        return e
    }

    /// The same error with `prefix` (machine words: an option's name) put before its message.
    public func withPrefix(_ prefix: String) -> TMinusError {
        var e = self
        e.message = prefix + e.message
        e.lead = prefix + e.lead
        return e
    }
}
