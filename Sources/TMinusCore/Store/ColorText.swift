/// `#rrggbb` colours as files hold them.
public enum ColorText {
    /// Whether `s` is exactly `#` and six hex digits (either case).
    public static func isValid(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 7 && u[0] == 0x23
            && u.dropFirst().allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66)
            }
    }
}
