import CSDL2
import Foundation
import Motion
import TripsKit

/// The game-style loop: poll events, step the simulation at a fixed rate
/// (Fiedler's accumulator, clamped against the spiral of death), render once
/// per frame with the interpolation fraction, present. When nothing moves it
/// sleeps in SDL_WaitEventTimeout instead of spinning, so an idle window
/// costs next to no CPU.
public final class FrameLoop {
    private let display: Display
    private let scene: SceneRenderer
    private let text: TextRenderer
    private let photos: PhotoTextures
    private var clock: FixedTimestep
    private let log: (String) -> Void
    /// The longest sleep between checks while idle, in milliseconds. Signals
    /// also wake SDL's wait, so quitting stays prompt either way.
    private let idleWaitMilliseconds: Int32 = 250

    /// What a run did, for tests and benchmarks.
    public struct Report {
        public var frames = 0
        public var firstFrameSeconds: Double?
    }

    public init(display: Display, photos: PhotoTextures, text: TextRenderer, theme: Theme, rate: Double,
                log: @escaping (String) -> Void) {
        self.display = display
        self.photos = photos
        self.text = text
        self.scene = SceneRenderer(renderer: display.renderer, photos: photos, text: text, theme: theme)
        self.clock = FixedTimestep(rate: rate)
        self.log = log
    }

    private static func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Runs until the app asks to quit, or for `frames` frames when given
    /// (writing the last one to `screenshot` as PNG).
    public func run(_ app: AppModel, frames: Int? = nil, screenshot: String? = nil, started: Double) throws -> Report {
        var report = Report()
        var event = SDL_Event()
        var needsFrame = true
        var scale = display.scale
        let paceInterval = display.hasVSync ? 0 : display.refreshInterval
        app.handle(.resized(CGSize(width: display.sizeInPoints.width, height: display.sizeInPoints.height)))

        while !app.quitRequested {
            if !needsFrame && !app.isAnimating && frames == nil {
                clock.reset() // idle time is not time to simulate
                if SDL_WaitEventTimeout(&event, idleWaitMilliseconds) != 0 {
                    needsFrame = handle(event, app) || needsFrame
                }
            }
            while SDL_PollEvent(&event) != 0 { needsFrame = handle(event, app) || needsFrame }
            if app.quitRequested { break }
            guard needsFrame || app.isAnimating || frames != nil else { continue }

            let frameStart = Self.now()
            let frame = clock.advance(to: frameStart)
            for _ in 0..<frame.steps { app.step(clock.step) }
            let newScale = display.scale
            if newScale != scale { scale = newScale; text.clear() }
            scene.draw(app.scene(alpha: frame.alpha) { [photos] index in
                photos.loadedSize(index).map { CGSize(width: $0.width, height: $0.height) }
            }, scale: scale)
            report.frames += 1
            let last = frames.map { report.frames >= $0 } ?? false
            if last, let screenshot { try Screenshot.write(renderer: display.renderer, to: screenshot) }
            SDL_RenderPresent(display.renderer)
            if report.firstFrameSeconds == nil { report.firstFrameSeconds = Self.now() - started }
            needsFrame = false
            if last { break }
            if paceInterval > 0 {
                let spare = paceInterval - (Self.now() - frameStart)
                if spare > 0.001 { SDL_Delay(UInt32(spare * 1000)) }
            }
        }
        return report
    }

    /// Passes one SDL event to the app; true when the picture may have changed.
    private func handle(_ event: SDL_Event, _ app: AppModel) -> Bool {
        switch SDL_EventType(event.type) {
        case SDL_WINDOWEVENT:
            // Exposed, shown, resized: redraw.
            if let input = EventTranslator.translate(event, window: display.window) { app.handle(input) }
            return true
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return true
        default:
            guard let input = EventTranslator.translate(event, window: display.window) else { return false }
            app.handle(input)
            return true
        }
    }
}
