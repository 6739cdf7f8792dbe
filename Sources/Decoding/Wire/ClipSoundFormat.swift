/// The one format a clip's sound takes from the worker to the speakers,
/// whatever the clip holds (AAC, Opus, PCM; mono, 5.1; 44.1 kHz...):
/// 48 kHz, two channels, signed 16-bit samples interleaved. Four bytes a
/// sample frame, so a chunk travels as a `SharedPixels` one row high, each
/// "pixel" a sample frame, and SDL plays it as it is.
public enum ClipSoundFormat {
    public static let rate = 48_000
    public static let channels = 2
    public static let bytesPerFrame = 4
    /// The most sample frames a worker sends in one reply: a quarter of a
    /// second (48 KiB), within the side a `SharedPixels` may have.
    public static let chunkFrames = 12_000
}
