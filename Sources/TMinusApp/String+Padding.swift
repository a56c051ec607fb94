extension String {
    /// Pads with spaces to `width` characters (never cuts), for the columns of a listing.
    package func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
