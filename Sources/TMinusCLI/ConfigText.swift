import TMinusCore

/// The config file's text: the commented default that `config init` writes, and its checks.
enum ConfigText {
    static let defaultText = """
    // tminus configuration. JSON with comments and trailing commas allowed.
    // Check it with: tminus config check
    {
    }

    """

    /// Every problem, each as "line N: …".
    static func problems(in bytes: [UInt8]) -> [String] {
        do {
            _ = try JSONParser.parse(bytes, relaxed: true)
            return []
        } catch {
            return ["line \(error.line): \(error.message)"]
        }
    }
}
