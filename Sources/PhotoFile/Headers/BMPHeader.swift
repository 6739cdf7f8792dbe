extension PhotoHeader {
    /// BITMAPCOREHEADER (12 bytes, unsigned 16-bit sides) or
    /// BITMAPINFOHEADER and later (signed 32-bit; a negative height means
    /// the rows are stored top-down).
    static func bmp(_ b: ByteWindow) throws -> PhotoHeader {
        let dibSize = try b.u32le(14)
        if dibSize == 12 {
            return PhotoHeader(format: .bmp, width: try b.u16le(18), height: try b.u16le(20))
        }
        guard dibSize >= 16 else { throw ParseStop.damaged("bitmap header of \(dibSize) bytes") }
        let width = Int(Int32(truncatingIfNeeded: try b.u32le(18)))
        let height = Int(Int32(truncatingIfNeeded: try b.u32le(22)))
        return PhotoHeader(format: .bmp, width: width, height: abs(height))
    }
}
