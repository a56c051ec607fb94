/// Decimal numbers written straight into bytes: the poll path writes them by the hundred (a
/// kept hour's outputs, a countdown's fields), and a String per number costs an allocation, a
/// copy and, in an interpolation, a protocol call.
public enum Digits {
    /// `n` in decimal, zero-padded to at least `width` digits (after a `-`), appended to `out`.
    public static func write(_ n: Int64, width: Int = 1, into out: inout [UInt8]) {
        if n < 0 { out.append(0x2D) }
        var m = n.magnitude
        var count = 1
        var power: UInt64 = 1
        while m / power >= 10 {
            power *= 10
            count += 1
        }
        if width > count { out.append(contentsOf: repeatElement(0x30, count: width - count)) }
        while power > 0 {
            out.append(UInt8(truncatingIfNeeded: 0x30 + m / power))
            m %= power
            power /= 10
        }
    }

    /// The same as a String.
    public static func text(_ n: Int64, width: Int = 1) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(max(width, 20) + 1)
        write(n, width: width, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
