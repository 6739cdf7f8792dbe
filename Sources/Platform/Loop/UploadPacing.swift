/// Whether a frame may upload decoded pictures as textures, or leaves them
/// to a quieter one, on SDL's software renderer. While a large photo
/// moves, a frame's drawing costs 2-3.5 ms there, and an upload's 0.5-1.5
/// ms on top made the slowest frames of Benchmarks/session.sh; a still
/// scene costs a fraction of a millisecond, so the frame after one has
/// room. Never while the frame shows photos as placeholders or blurred
/// previews (what a person is waiting for), and never more than
/// `maximumWait` frames in a row, so a long animation still sharpens.
/// Not for llvmpipe: every frame costs milliseconds there, so all would
/// wait, and the upload's CPU is not the frame's (the attract loop's
/// --reduce-motion went from 18% of a core to 26-44%).
struct UploadPacing {
    /// What a frame's drawing and present may cost before the next one
    /// waits: more is something large moving.
    var busyFrameSeconds = 0.001
    /// Half a second at 60 frames a second.
    var maximumWait = 30
    /// Frames that have waited in a row.
    private(set) var waited = 0

    /// Whether this frame uploads, given what the last frame's drawing and
    /// present cost and how many photos it drew as placeholders or previews.
    mutating func mayUpload(lastFrameSeconds: Double, photosWaiting: Int) -> Bool {
        if photosWaiting == 0, lastFrameSeconds > busyFrameSeconds, waited < maximumWait {
            waited += 1
            return false
        }
        waited = 0
        return true
    }
}
