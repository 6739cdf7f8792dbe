/// Whether a frame may upload decoded pictures as textures, or leaves them
/// to a quieter one. After a frame that was busy drawing (a large photo
/// moving costs 2-3.5 ms on the software renderer), an upload's 1-1.5 ms
/// on top made the slowest frames of Benchmarks/session.sh; a frame after
/// a quiet one has room. Never while the frame shows photos as
/// placeholders or blurred previews (what a person is waiting for), and
/// never more than `maximumWait` frames in a row, so a long animation
/// still sharpens.
struct UploadPacing {
    /// What a frame's drawing and present may cost before the next one waits.
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
