import Foundation
import Motion

/// Every threshold the gestures use, in one place, each with where its number
/// comes from (Flutter's gesture constants, named where one is taken;
/// SwiftUI's documented defaults or the behaviour docs/GESTURES.md
/// describes; or "chosen here" with the reason). Gesture initialisers and
/// `GestureEngine.Configuration` default to these; an app may pass others.
public enum GestureConstants {
    // MARK: Taps

    /// Longest pause between the taps of a multi-tap: Flutter's
    /// `kDoubleTapTimeout` (300 ms), which SwiftUI's double tap matches (rule 1).
    public static let doubleTapInterval = 0.3
    /// Farthest a next tap may land from the first one: chosen here, about a
    /// fingertip (Flutter's `kDoubleTapSlop` is a looser 100).
    public static let doubleTapDistance: CGFloat = 40
    /// Farthest a finger may move during a tap: the drag's default minimum
    /// distance, so a touch that stops being a tap starts being a drag.
    public static let tapSlop: CGFloat = dragMinimumDistance

    // MARK: Long press

    /// SwiftUI's `LongPressGesture` default `minimumDuration` (rule 11).
    public static let longPressMinimumDuration = 0.5
    /// SwiftUI's `LongPressGesture` default `maximumDistance` (rule 12).
    public static let longPressMaximumDistance: CGFloat = 10

    // MARK: Drag and velocity

    /// SwiftUI's `DragGesture` default `minimumDistance` (rule 15); scroll
    /// views pan after the same distance.
    public static let dragMinimumDistance: CGFloat = 10
    /// How far ahead `predictedEndTranslation` looks: 0.25 s, SwiftUI's, as
    /// three open reimplementations agree (rule 18).
    public static let predictionInterval: CGFloat = 0.25
    /// Oldest sample the velocity fit uses: Flutter's and Android's 100 ms
    /// horizon (rule 29).
    public static let velocityHorizon = 0.100
    /// A finger still this long before lifting has no velocity: Flutter's
    /// `kAssumePointerMoveStoppedMilliseconds` (40 ms, rule 29).
    public static let restInterval = 0.040
    /// Fewest events a velocity is fitted to: Flutter's minimum sample count (3).
    public static let velocityMinimumEvents = 3
    /// Samples the velocity tracker keeps: Flutter's history size (20), more
    /// than 100 ms holds at 120 Hz.
    public static let velocitySampleCapacity = 20
    /// Slack when comparing event times: millisecond timestamps are decimal
    /// fractions, and 1.14 - 1.1 is a hair under 0.04 in binary. A
    /// microsecond is far below any panel's resolution.
    public static let timestampTolerance = 1e-6
    /// The fastest a flick may hand over to momentum: Flutter's
    /// `kMaxFlingVelocity` (8,000 per second). A glitching panel or a replayed
    /// jump would otherwise fling a strip thousands of points past its end.
    public static let maximumFlingSpeed = 8000.0

    // MARK: Pinch and rotate

    /// SwiftUI's `MagnifyGesture` default `minimumScaleDelta`.
    public static let magnifyMinimumScaleDelta: CGFloat = 0.01
    /// SwiftUI's `RotateGesture` default `minimumAngleDelta`.
    public static let rotateMinimumAngleDelta = Angle.degrees(1)
    /// Fingers closer than this read as this far apart, so a pinch starting
    /// with two touches on one spot never divides by zero: chosen here, one
    /// point, below any panel's resolution.
    public static let minimumSpan: CGFloat = 1
    /// Magnification per Ctrl+wheel unit: chosen here, 10 %, about a
    /// browser's Ctrl+wheel zoom step (rule 28).
    public static let wheelZoomFactor: CGFloat = 1.1
    /// A Ctrl+wheel zoom ends this long after its last wheel event: chosen
    /// here, longer than the gap between the notches of one spin (rule 28).
    public static let wheelZoomIdleTime = 0.3

    // MARK: Bad input (rule 31)

    /// A location farther than this from the origin is dropped: farther than
    /// any screen, near enough that squares and velocities stay finite.
    public static let maximumCoordinate: CGFloat = 1e7
    /// A wheel event of more units than this is dropped as garbage: no wheel
    /// turns a million notches between two events.
    public static let maximumWheelUnits: CGFloat = 1e6
}
