import Foundation

/// Where a replay runs: what a script's input commands become on their way
/// to the model, and what a frame, a shot and a resize do there. The binary
/// (Platform's frame loop) pushes input onto SDL's queue and draws; the
/// test process takes the script's inputs straight (`ReplayInputs`), with
/// no display.
public protocol ReplayHost {
    /// A frame of virtual time went by (a replay in a window shows it).
    mutating func framePassed(_ app: AppModel)
    /// The inputs `step`'s command gives, at `seconds`; the window is `size`.
    mutating func inputs(for step: ReplayScript.Step, at seconds: Double, size: CGSize) throws -> [InputEvent]
    /// Writes the frame as PNG (`shot`).
    mutating func shot(_ app: AppModel, to path: String) throws
    /// The window now has `size` points (a compositor's resize).
    mutating func resize(to size: CGSize)
    /// Before a snapshot or a shot: what the model waits for from the
    /// platform (the properties panel's fields) is handed in first, so a
    /// replay prints the same whatever the workers' speed.
    mutating func settle(_ driver: AppDriver)
}

extension ReplayHost {
    /// Nothing comes from a platform that is not there (the model's own replays).
    public mutating func settle(_ driver: AppDriver) {}
}

/// Runs a touch script on a virtual clock: between commands the model runs
/// at 60 frames a second of virtual time; each input goes through the
/// driver, as live input does; `state` prints a snapshot. Every line
/// printed goes to `print`; the driver prints the event lines, on the same
/// road, as they happen.
public struct ReplayRunner {
    public static let frame = 1.0 / 60

    public static func run<Host: ReplayHost>(_ script: ReplayScript, driver: AppDriver, host: inout Host,
                                             print: (String) -> Void) throws {
        let app = driver.app
        var t = 0.0
        func run(until time: Double) {
            while t + frame < time {
                t += frame
                driver.advance(to: t)
                host.framePassed(app)
            }
            t = max(t, time)
            driver.advance(to: t)
        }
        for step in script.steps {
            run(until: step.seconds)
            switch step.command {
            case .state:
                host.settle(driver)
                print(app.snapshot())
            case .shot(let path):
                host.settle(driver)
                try host.shot(app, to: path)
            case .resize(let size):
                // As a compositor's resize: the window and the layout.
                host.resize(to: size)
                driver.handle(.resized(size), at: t)
            default:
                for input in try host.inputs(for: step, at: t, size: app.size) { driver.handle(input, at: t) }
            }
            if app.quitRequested { break }
        }
    }

    /// Replays `script` on `app` in this process, with no display
    /// (`ReplayInputs`): the lines `trips --replay` prints, for the model's tests.
    public static func lines(_ script: ReplayScript, app: AppModel) throws -> [String] {
        var printed: [String] = []
        let driver = AppDriver(app: app) { if let line = $0.jsonLine { printed.append(line) } }
        var host = ReplayInputs()
        try run(script, driver: driver, host: &host) { printed.append($0) }
        return printed
    }
}
