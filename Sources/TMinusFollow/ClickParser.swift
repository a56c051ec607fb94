import TMinusCore

/// Click events as bars write them on a command's stdin: i3bar/swaybar send an endless JSON array
/// (`[`, then one object per line, later ones prefixed with `,`); i3blocks `persist` sends a line
/// with the button number, or with `format=json` an object with `button`.
public enum ClickParser {
    /// The button of a click meant for `block`: an event that names another block (a bar that
    /// shares one click stream among blocks) is not ours and gives nil.
    public static func button(_ raw: String, block: String = "tminus") -> Int? {
        var line = Substring(raw)
        while let f = line.first, f == " " || f == "\t" || f == "[" || f == "," || f == "\r" { line.removeFirst() }
        while let l = line.last, l == " " || l == "\t" || l == "\r" || l == "\n" { line.removeLast() }
        // The endless array never closes, but a tidy writer may end a line with "]".
        if line.hasSuffix("]") && !line.hasSuffix("}") && line.first == "{" { line.removeLast() }
        if line.isEmpty { return nil }
        if let n = Int(line) { return n }
        guard let json = try? JSONParser.parse(String(line)) else { return nil }
        if let name = json["name"]?.stringValue, name != block { return nil }
        return json["button"]?.intValue
    }

    /// Which way a button cycles the shown deadline: left and wheel down forward, right and wheel
    /// up back, middle 0 (back to the one due next: `tminus next --reset`); nil for the others.
    public static func step(_ button: Int) -> Int? {
        switch button {
        case 1, 5: 1
        case 3, 4: -1
        case 2: 0
        default: nil
        }
    }
}
