import TMinusCore

extension String {
    /// Pads with spaces to `width` terminal columns (never cuts), for the columns of a listing: a
    /// wide character takes two (`DisplayWidth`).
    package func padding(_ width: Int) -> String { DisplayWidth.padded(self, to: width) }
}
