/// Whether the first frame waits a moment for the photos it shows.
///
/// On Wayland nothing of a window is on screen before its first commit, so
/// a first frame held back while its photos decode costs no one a blank
/// window, and spares them a strip of placeholders replaced a moment
/// later. In a window it also keeps the photos ahead of libdecor: right
/// after the first frame the compositor activates the window, and libdecor
/// redraws its title bar on the loop's thread, some 50-100 ms of CPU that
/// otherwise came before the photos' frame (`Benchmarks/peers.sh`,
/// docs/PRESENTING.md). On X11 the window is mapped, blank, as soon as it
/// is made, so there the first frame is drawn at once.
struct FirstFrameHold {
    /// How long the first frame may wait, from the loop's start: a photo
    /// that decodes slowly (a huge or broken file) is a placeholder after that.
    static let longest = 0.15
    private let deadline: Double?

    /// `holds`: the window shows nothing before its first frame (Wayland).
    init(holds: Bool, start: Double) {
        deadline = holds ? start + Self.longest : nil
    }

    /// How long to wait for a decode before the first frame is drawn at
    /// `now`, or nil to draw it: only while the first photos are still
    /// decoding (`photosLoading`), and never past the deadline.
    func wait(now: Double, photosLoading: Bool) -> Double? {
        guard let deadline, photosLoading, now < deadline else { return nil }
        return deadline - now
    }
}
