import Foundation

/// What a remote command does to the model (MQTT, `RemoteCommand`): it came
/// in by the one door, like a touch, and counts as one for the idle time.
extension AppModel {
    func remote(_ command: RemoteCommand) {
        if case .settings(let settings) = command { apply(settings); return }
        idle.input(at: time)
        attractDue = nil
        switch command {
        case .next, .previous:
            let by = command == .next ? 1 : -1
            if isAsleep { return }
            if screen == .attract { attract?.skip(by: by, at: time, slideState); return }
            if screen != .overview { show(.overview) }
            step(by: by)
        case .open(let name):
            if isAsleep { remoteWake() }
            guard let trip = catalog.trips.firstIndex(where: { $0.id == name })
                    ?? catalog.trips.firstIndex(where: { $0.city.caseInsensitiveCompare(name) == .orderedSame }) else {
                record(.remoteRefused("open: no trip has the id or city '\(RemoteRefusal.quoted(name))'"))
                return
            }
            endAttract()
            if screen != .overview { show(.overview) }
            if bigPhoto.trip != trip || bigPhoto.phase == .closing { open(trip) }
        case .close:
            endAttract()
            close()
        case .slideshow(let on):
            guard on else { endAttract(); return }
            if isAsleep { remoteWake() }
            if attract == nil { attract = Attract(settings: Attract.Settings(), reduceMotion: bigPhoto.reduceMotion, animator: animator) }
            if screen != .overview { show(.overview) }
            if bigPhoto.isOut && bigPhoto.phase != .closing { close() }
            // Until its first photo is decoded, it is due now.
            if !startAttract() { attractDue = time }
        case .sleep:
            guard !isAsleep else { return }
            signalled(.sleep)
            record(.remoteAsked(.sleep))
        case .wake:
            remoteWake()
        case .slideSeconds(let seconds):
            setSlideSeconds(seconds)
        case .reload, .screenshot:
            record(.remoteAsked(command))
        case .settings:
            break
        }
    }

    /// Awake again, as SIGUSR1 wakes it (until the awake hours' next
    /// edge); the idle time starts now.
    func remoteWake() {
        guard isAsleep else { return }
        signalled(.wake)
        record(.remoteAsked(.wake))
    }

    /// Next or previous: the big photo's page, past its ends the
    /// neighbouring trip in strip order; from the Overview the first (or last) trip.
    private func step(by step: Int) {
        let order = strip.order
        guard !order.isEmpty else { return }
        if let trip = bigPhoto.trip, bigPhoto.phase != .closing {
            let page = bigPhoto.page + step
            if page >= 0 && page < bigPhoto.pageCount {
                bigPhoto.page(by: step)
                return
            }
            let position = strip.position(of: trip) ?? 0
            open(order[((position + step) % order.count + order.count) % order.count])
        } else {
            open(step > 0 ? order[0] : order[order.count - 1])
        }
    }

    /// A slideshow photo's stay; the slideshow under way goes on with it.
    private func setSlideSeconds(_ seconds: Double) {
        guard attract?.settings.slideSeconds != seconds else { return }
        remakeAttract(slideSeconds: seconds)
    }

    /// The slideshow made again with these seconds, its pairs as they were
    /// and the big photo's reduce-motion; one under way goes on.
    private func remakeAttract(slideSeconds: Double) {
        let running = screen == .attract
        endAttract()
        attract = Attract(settings: Attract.Settings(slideSeconds: slideSeconds, pairs: attract?.settings.pairs ?? true), reduceMotion: bigPhoto.reduceMotion, animator: animator)
        if running && !startAttract() { attractDue = time }
    }

    /// The fleet's settings this model follows live: the slideshow's
    /// seconds, the idle time, reduce-motion, the awake hours. (The
    /// language takes effect at the next start.)
    private func apply(_ settings: FleetSettings) {
        if let hours = settings.awakeHours, hours != wakefulness.schedule?.text, let schedule = try? AwakeSchedule(parsing: hours) {
            wakefulness = Wakefulness(schedule: schedule, wakeForSeconds: wakefulness.wakeForSeconds, clock: wakefulness.clock)
            _ = updateSleep()
        }
        if let reduce = settings.reduceMotion, reduce != bigPhoto.reduceMotion {
            bigPhoto.reduceMotion = reduce
            if let attract { remakeAttract(slideSeconds: attract.settings.slideSeconds) }
        }
        if let seconds = settings.slideSeconds { setSlideSeconds(seconds) }
        if let seconds = settings.idleSeconds, seconds != (idle.timeout ?? 0) {
            idle = IdleTimer(timeout: seconds)
            idle.input(at: time)
        }
    }
}
