import Foundation
import Testing

/// Puts `to` wherever the file cache at `url` has `from` (the cache is JSON text, titles as
/// written, then its index, which is then not the JSON's: the edited JSON is what is read).
func editCache(_ url: URL, _ from: String, _ to: String) throws {
    var data = try Data(contentsOf: url)
    try #require(data.range(of: Data(from.utf8)) != nil, "the cache has no \(from)")
    while let r = data.range(of: Data(from.utf8)) { data.replaceSubrange(r, with: Data(to.utf8)) }
    try data.write(to: url)
}
