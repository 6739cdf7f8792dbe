import CSDL2
import Decoding
import Foundation
import PhotoLoading
import TripsKit

/// Ctrl+C (the model's `copy` event): the photo decoded whole and upright
/// on a worker of its own, encoded as a PNG, and put on the clipboard with
/// its `file://` URI. The decode and the encoding (a second or so for 12
/// MP) run on a thread of their own; the loop only offers what is ready and
/// tells the model how it went (`AppDriver.copyEnded`). On Wayland the
/// picture and the URI go through `WaylandDataDevice`, on X11 through
/// `X11Clipboard`; else SDL's clipboard takes the URI as text.
final class PhotoCopier {
    private let loader: PhotoLoader
    private let clipboard: WaylandDataDevice?
    /// X11's clipboard owner (a connection, a window and a thread), made at
    /// the first copy rather than at start-up: most sessions never copy.
    private lazy var x11: X11Clipboard? = onX11 ? X11Clipboard() : nil
    private let onX11: Bool
    private let wake = RegisteredEvent()
    private let ready = Ready()

    /// The copy threads' PNGs (or failures), for the loop to take; guarded by its lock.
    private final class Ready: @unchecked Sendable {
        typealias Item = (path: String, png: Result<[UInt8], DecodeFailure>)
        private let lock = NSLock()
        private var items: [Item] = []
        func add(_ item: Item) { lock.withLock { items.append(item) } }
        func take() -> [Item] { lock.withLock { defer { items.removeAll() }; return items } }
    }

    init(loader: PhotoLoader, clipboard: WaylandDataDevice?, onX11: Bool) {
        self.loader = loader
        self.clipboard = clipboard
        self.onX11 = onX11
    }

    /// Starts the copy of `path`; `turn(_:)` finishes it.
    func copy(_ path: String) {
        let thread = Thread { [loader, wake, ready] in
            let png = loader.decodeAlone(path).flatMap { decoded -> Result<[UInt8], DecodeFailure> in
                ThumbnailPNG.encode(decoded.pixels).map { .success($0) } ?? .failure(.decode("no memory to encode it as PNG"))
            }
            ready.add((path, png))
            wake.push()
        }
        thread.name = "trips-copy"
        thread.start()
    }

    /// The `text/uri-list` of `path`: its `file://` URI, percent-encoded, CRLF-ended.
    static func uriList(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString + "\r\n" }

    /// On the loop's thread: copies ready offered and told to the model.
    /// True when the model heard something.
    func turn(_ driver: AppDriver) -> Bool {
        let done = ready.take()
        for (path, png) in done {
            switch png {
            case .failure(let failure):
                driver.copyEnded(.failed(path: path, reason: failure.description))
            case .success(let bytes):
                let uri = Self.uriList(path)
                let refused: String?
                if let clipboard {
                    refused = clipboard.offer(["image/png": bytes, "text/uri-list": Array(uri.utf8)])
                } else if let x11 {
                    x11.offer(png: bytes, uriList: uri)
                    refused = nil
                } else {
                    refused = SDL_SetClipboardText(uri) == 0 ? nil : String(cString: SDL_GetError())
                }
                driver.copyEnded(refused.map { .failed(path: path, reason: $0) } ?? .copied(path: path))
            }
        }
        return !done.isEmpty
    }
}
