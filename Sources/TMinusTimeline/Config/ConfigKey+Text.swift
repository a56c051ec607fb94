public import TMinusCore

// What is made from the key declarations: `config init`'s file, the JSON Schema, the man page's list.
extension ConfigKey {
    /// `config init`'s file: every key with its comment and default (examples commented out);
    /// `"$schema"` names `schema` when given, for editors.
    public static func initText(schema: String?) -> String {
        var lines = [
            "// tminus configuration: JSON with // comments and trailing commas allowed.",
            "// Check it with `tminus config check`; every key is optional (these are the defaults).",
            "{"
        ]
        for key in all {
            if key.name == "$schema" {
                guard let schema else { continue }
                lines.append(
                    "  // The JSON Schema your editor checks this file against (tminus config schema prints it).")
                lines.append("  \"$schema\": " + JSONWriter.quote(schema) + ",")
                continue
            }
            lines += key.comment.map { "  // " + $0 }
            lines.append("  " + (key.commented ? "// " : "") + JSONWriter.quote(key.name) + ": " + key.initValue + ",")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The config's JSON Schema (draft-07): every key with its description and value's schema; no
    /// other key. What it cannot say (critical shorter than warning, one name per source, which
    /// source fields go with which kind, template syntax) `config check` says.
    public static var schema: JSON {
        .object([
            "$schema": .string("http://json-schema.org/draft-07/schema#"),
            "title": .string("tminus config"),
            "description": .string(
                "~/.config/tminus/config.json: JSON with // comments and trailing commas; check it with tminus config check"
            ),
            "type": .string("object"),
            "properties": .object(all.map { JSON.Member($0.name, $0.described) }),
            "additionalProperties": .bool(false)
        ])
    }

    /// The value's schema with the key's summary as its description.
    var described: JSON {
        guard case .object(var members) = schema else { return schema }
        members.insert(JSON.Member("description", .string(summary)), at: 0)
        return .object(members)
    }
}
