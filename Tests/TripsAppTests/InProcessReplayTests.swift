import Foundation
import XCTest
@testable import TripsKit

/// The model's tests replay in the test process (`ReplayRunner` with
/// `ReplayInputs`, TripsKit); the binary replays through SDL's queue. Both
/// must print the same bytes for the same script: here every kind of
/// command, the odd ones too (a second press of a button already down, a
/// finger lifted that never landed, a key named in lower case), both ways.
final class InProcessReplayTests: XCTestCase {
    static let scripts: [(name: String, arguments: [String], script: String)] = [
        ("fingers", [], """
        size 1280 800
        at 100 down 1 300.3 700.7
        at 160 up 1
        at 900 state
        at 1000 down 3 401.11 333.37
        at 1000 down 4 611.5 333.37
        at 1016 move 3 351.2 333.3
        at 1016 move 4 661.9 333.3
        at 1032 move 3 301.7 333.3
        at 1032 move 4 711.4 333.3
        at 1060 up 3
        at 1061 up 4 700 300
        at 1500 state
        at 1600 up 7
        at 1700 move 8 500 500
        at 1750 cancel 8
        at 1800 cancel 9
        at 2000 down 2 400 300
        at 2050 move 2 400 390.5
        at 2100 cancel 2
        at 2200 state
        """),
        ("mouse, wheel and keys", [], """
        size 1000 700
        at 100 mouse move 10 10
        at 200 mouse down 300.6 600.4
        at 210 mouse down 300 600
        at 260 mouse up 300.4 600.2
        at 270 mouse up 300 600
        at 1200 state
        at 1300 wheel 0 1.5 ctrl 460.7 330.2
        at 1350 wheel 0 0.25 ctrl
        at 1400 wheel 0 -1 shift alt 300 600
        at 2000 state
        at 2100 key escape
        at 2200 key right
        at 2300 key ctrl+right
        at 2400 key q
        at 2500 key Keypad Enter
        at 3000 state
        """),
        ("touchpad and resize", [], """
        size 1280 800
        at 100 down 1 300 700
        at 160 up 1
        at 1000 pinch begin 460 330
        at 1016 pinch change 1.37 12.5
        at 1032 pinch change 2.21 -8
        at 1048 pinch end
        at 1500 state
        at 1600 scroll 23.5 0 460 330
        at 1616 scroll 31 2
        at 1624 scroll stop
        at 2500 scroll hold 400 700
        at 2600 scroll release
        at 3000 size 900 640
        at 3100 state
        at 3200 mouse down 100 500
        at 3300 mouse move 400 500
        at 3400 mouse up 400 500
        at 4000 state
        """),
        ("a reader's actions", [], """
        size 1280 800
        at 100 reader focus strip:kyoto
        at 900 state
        at 1000 reader click strip:kyoto
        at 2000 state
        at 2100 reader click big-photo
        at 2200 reader click no-such-thing
        at 3000 state
        """),
        ("kiosk", ["--kiosk", "--idle", "5", "--slide", "2"], """
        size 1280 800
        at 7500 state
        at 8000 down 1 300 700
        at 8060 up 1
        at 8100 state
        at 16000 reader click attract
        at 16100 state
        """),
        ("playground", ["--playground"], """
        size 1280 800
        at 100 down 1 640 400
        at 116 move 1 700 410
        at 132 move 1 760.5 420.25
        at 148 up 1
        at 900 state
        at 1000 pinch begin 640 400
        at 1016 pinch change 1.5 30
        at 1032 pinch end
        at 1500 state
        at 1600 key Escape
        at 1700 state
        """),
    ]

    func testEveryKindOfCommandPrintsTheSameInProcessAsThroughTheBinary() throws {
        for (name, arguments, script) in Self.scripts {
            let binary = try Replay.runRaw(script + "\n", arguments: arguments, timeout: 120)
            XCTAssertEqual(binary.status, ExitCode.done.rawValue, "\(name): \(binary.stderr)")
            let parsed = try ReplayScript.parse(script, file: name)
            guard case .run(let options) = try LaunchOptions.parse(arguments) else { return XCTFail(name) }
            let app = AppModel(launching: options, catalog: try TripCatalog.load(file: Replay.assets),
                               size: WindowPlan(options: options, script: parsed).points.cgSize)
            let inProcess = try ReplayRunner.lines(parsed, app: app)
            XCTAssertGreaterThan(binary.stdoutLines.count, 3, name)
            XCTAssertEqual(inProcess.count, binary.stdoutLines.count, name)
            for (a, b) in zip(inProcess, binary.stdoutLines) where a != b {
                XCTFail("\(name): in-process\n\(a)\nbinary\n\(b)")
                break
            }
        }
    }
}
