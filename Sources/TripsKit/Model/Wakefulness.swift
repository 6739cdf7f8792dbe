import Foundation

/// Whether the kiosk is asleep, and until when: the `--awake` schedule,
/// overruled by a signal until the schedule's next edge (SIGUSR1 wakes,
/// SIGUSR2 sleeps) and by a visitor's touch for `wakeForSeconds` after the
/// last input. Times are the model's clock; the schedule is read on the
/// wall clock it is given, so tests set the date and time zone.
public struct Wakefulness {
    public let schedule: AwakeSchedule?
    public let wakeForSeconds: Double
    let clock: WallClock
    /// A signal's say, until the schedule's next edge after it (nil edge: no
    /// schedule, so until the next signal).
    private var signalled: (asleep: Bool, edge: Date?)?
    /// A touch woke the kiosk until then (model seconds).
    private var wokenUntil: Double?
    public private(set) var isAsleep = false

    public init(schedule: AwakeSchedule? = nil, wakeForSeconds: Double = Self.defaultWakeForSeconds, clock: WallClock = .system) {
        self.schedule = schedule
        self.wakeForSeconds = wakeForSeconds
        self.clock = clock
    }

    /// A touch wakes a sleeping kiosk for this long (`--wake-for`).
    public static let defaultWakeForSeconds: Double = 300

    /// Brings the state to `time`; true when it fell asleep or woke.
    mutating func update(at time: Double) -> Bool {
        let now = clock.now()
        if let until = wokenUntil, time >= until { wokenUntil = nil }
        if let edge = signalled?.edge, now >= edge { signalled = nil }
        let scheduledAsleep = schedule.map { !$0.isAwake(at: now, calendar: clock.calendar) } ?? false
        let asleep = wokenUntil == nil && (signalled?.asleep ?? scheduledAsleep)
        defer { isAsleep = asleep }
        return asleep != isAsleep
    }

    /// When the state may next change, in model seconds (at `time`).
    func deadline(at time: Double) -> Double? {
        let now = clock.now()
        let edge = schedule?.nextEdge(after: now, calendar: clock.calendar).map { time + max(0, $0.timeIntervalSince(now)) }
        return [edge, wokenUntil].compactMap { $0 }.min()
    }

    /// A visitor's input: wakes a sleeping kiosk for `wakeForSeconds`, and
    /// keeps a woken one awake that long after it.
    mutating func touched(at time: Double) {
        if isAsleep || wokenUntil != nil { wokenUntil = time + wakeForSeconds }
    }

    /// SIGUSR1 (`asleep` false) or SIGUSR2: until the schedule's next edge.
    mutating func signal(asleep: Bool) {
        let now = clock.now()
        signalled = (asleep, schedule?.nextEdge(after: now, calendar: clock.calendar))
        wokenUntil = nil
    }
}

/// The wall clock and calendar the awake hours are read on: the system's
/// live, a fixed date and time zone in tests.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var calendar: Calendar

    public init(now: @escaping @Sendable () -> Date, calendar: Calendar) {
        self.now = now
        self.calendar = calendar
    }

    /// The system's time and its local time zone.
    public static var system: WallClock { WallClock(now: { Date() }, calendar: Calendar(identifier: .gregorian)) }
}
