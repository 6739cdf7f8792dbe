import CSDL2
import Foundation
import TripsKit

extension FrameLoop {
    /// Replays `script` on a virtual clock (`ReplayRunner`, TripsKit) in
    /// this loop's window: input commands are pushed onto SDL's queue and
    /// taken off it like live input, `shot` writes the frame. Every line
    /// printed goes to `print`. With `presentFrames` the frames are also
    /// drawn and shown (`--window`); headless replays draw only for `shot`.
    public func replay(_ driver: AppDriver, script: ReplayScript, scale: Double, presentFrames: Bool,
                       print: (String) -> Void) throws -> Report {
        // Drop what SDL queued while the window came up; the script starts afresh.
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
        var host = WindowReplay(loop: self, scale: scale, presentFrames: presentFrames, size: driver.app.size)
        try ReplayRunner.run(script, driver: driver, host: &host, print: print)
        return host.report
    }
}

/// A replay through SDL, to keep its road honest: a script's input is
/// pushed onto SDL's queue and translated as live input is; what SDL never
/// carries (a touchpad's gestures, a reader's actions) goes straight in, as
/// live. The frames it shows, and how soon input showed, are its report.
struct WindowReplay: ReplayHost {
    let loop: FrameLoop
    let scale: Double
    let presentFrames: Bool
    var events: ReplayEvents
    var report = FrameLoop.Report()
    /// When the input not yet shown was taken, for its latency.
    private var inputTaken: Double?

    init(loop: FrameLoop, scale: Double, presentFrames: Bool, size: CGSize) {
        self.loop = loop
        self.scale = scale
        self.presentFrames = presentFrames
        events = ReplayEvents(size: size, cancelEventType: loop.translator.cancelEventType)
    }

    mutating func framePassed(_ app: AppModel) {
        guard presentFrames else { return }
        let start = FrameLoop.cpu()
        let drawStart = loop.pumpPhotos()
        loop.display.present(damage: loop.draw(app, scale: scale))
        loop.lastDrawSeconds = FrameLoop.cpu() - drawStart
        let end = FrameLoop.clock()
        report.frames += 1
        report.frameTimes.append(FrameLoop.cpu() - start)
        if let taken = inputTaken { report.inputLatencies.append(end - taken); inputTaken = nil }
        loop.warmTextureMemoryOnce() // between frames, as live
    }

    mutating func shot(_ app: AppModel, to path: String) throws {
        loop.drawComplete(app, scale: scale)
        try Screenshot.write(renderer: loop.display.renderer, to: path)
        loop.display.present()
    }

    mutating func settle(_ driver: AppDriver) {
        _ = loop.properties?.learn(driver, wait: true)
        if let silent = loop.photos.takeSilentClip() { driver.clipHasNoSound(photo: silent) }
    }

    /// As a compositor's resize, at the script's scale, so shots have the new size.
    mutating func resize(to size: CGSize) {
        SDL_SetWindowSize(loop.display.window, Int32((size.width * scale).rounded()), Int32((size.height * scale).rounded()))
        events.size = size
    }

    mutating func inputs(for step: ReplayScript.Step, at seconds: Double, size: CGSize) throws -> [InputEvent] {
        if let input = ReplayInputs.direct(step.command, at: seconds, pointer: &events.pointer) {
            if inputTaken == nil { inputTaken = FrameLoop.clock() }
            return [input]
        }
        guard let pushed = events.push(step.command, at: seconds) else {
            throw SDLError.last("SDL_PushEvent (script line \(step.line))")
        }
        var event = SDL_Event()
        var inputs: [InputEvent] = []
        while SDL_PollEvent(&event) != 0 {
            if event.type == loop.photos.readyEventType { continue }
            if inputTaken == nil { inputTaken = FrameLoop.clock() }
            // The pushed event brings the script's stamp; whatever else SDL
            // queued happens at the script's now.
            let stamp = event.type == pushed.type ? pushed.stamp : EventStamp(time: seconds)
            if let input = loop.translator.translate(event, size: size, stamp: stamp) {
                if case .resized = input { continue } // the script's size rules
                inputs.append(input)
            }
        }
        return inputs
    }
}
