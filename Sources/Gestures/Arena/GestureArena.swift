import Foundation

/// Arbitration: which of the recognizers under the pointers may act, and
/// when (docs/GESTURES.md, "How the engine decides", rules 1-8 and 13). It
/// holds every member of every interaction under way; the engine routes
/// events to them and then calls `resolve`, which settles claims, runs the
/// callbacks that may run (outer attachments first) and clears away what
/// finished. Flutter keeps the same rules in its gesture arena.
///
/// A member that recognises by itself (a drag past its distance, a long
/// press at its deadline, a pinch, a completed multi-tap) wins at once and
/// rejects its competitors in every arena it is in. A single tap wins only
/// when nothing ranked above it is undecided and no tap with more taps still
/// waits. A simultaneous member competes with none.
///
/// `trace`, when set, is told why each member won, waits or lost.
///
/// Every move passes through `resolve`, so its properties skip Swift's
/// dynamic exclusivity checks (they cost the move path about a tenth in
/// `make bench`); the engine calls it from one thread, never re-entrantly.
final class GestureArena {
    @exclusivity(unchecked) private(set) var members: [Member] = []
    /// Members that may still take new pointers, by attachment.
    @exclusivity(unchecked) private(set) var live: [AttachmentKey: Member] = [:]
    /// The earliest member deadline (a long press, a double-tap window).
    @exclusivity(unchecked) private(set) var nextDeadline = Double.infinity
    @exclusivity(unchecked) var trace: ((ArenaVerdict) -> Void)?

    @exclusivity(unchecked) private var needsCleanup = false
    @exclusivity(unchecked) private var extraDeliveries = false
    /// A pointer lifted since the last `resolve`: look for stranded members.
    @exclusivity(unchecked) private var lifted = false

    init() { members.reserveCapacity(64) }

    var isEmpty: Bool { members.isEmpty }

    // MARK: Membership

    /// A new member for a new interaction; `live` ones can take more pointers.
    func admit(_ m: Member, live isLive: Bool) {
        members.append(m)
        if isLive { live[m.key] = m }
    }

    /// `m` took the pointer of `arena`.
    func join(_ m: Member, _ arena: PointerArena) {
        arena.members.append(m)
        m.arenas.append(arena)
        m.needsDelivery = true
    }

    /// A fresh pointer's arena is complete: a member that already won
    /// elsewhere and took this pointer too keeps it, and the newcomers lose.
    func open(_ arena: PointerArena) {
        for m in arena.members where m.state == .won && !m.simultaneous { rejectCompetitors(of: m, in: arena) }
    }

    /// The pointer of `arena` lifted (its members are told next).
    func lift(_ arena: PointerArena) {
        arena.isDown = false
        lifted = true
    }

    /// The pointer of `arena` was cancelled: its undecided members lose, and
    /// finished ones still following it (a long press reporting "pressing")
    /// are told.
    func cancel(_ arena: PointerArena) {
        arena.isDown = false
        for m in arena.members {
            if m.state != .done { reject(m, .cancelled) } else if m.root.wantsEventsAfterEnd { m.root.cancel() }
        }
    }

    /// Every member of `arena` still in play loses for `reason`.
    func rejectAll(in arena: PointerArena, _ reason: ArenaVerdict.Reason) {
        for m in arena.members where m.state != .done { reject(m, reason) }
    }

    /// Time passed to `now`: members whose deadline came see it.
    func advance(to now: Double) {
        for m in members where m.state != .done && m.root.deadline <= now {
            m.root.advance(to: now)
            m.needsDelivery = true
        }
    }

    /// Everything lost, no callbacks but the resets (`GestureEngine.cancelAll`).
    func cancelAll() {
        for m in members where m.state != .done { reject(m, .cancelled) }
        for m in members where m.root.wantsEventsAfterEnd { m.root.cancel() }
        for m in members {
            m.state = .done
            for a in m.arenas { a.isDown = false }
            m.arenas.removeAll()
        }
        members.removeAll(keepingCapacity: true)
        live.removeAll()
        nextDeadline = .infinity
    }

    // MARK: Resolving

    /// After events were routed to the members: settle their claims, run the
    /// callbacks that may run (those of `arena` first, outer attachments
    /// before inner ones, rules 4 and 7; then of members decided elsewhere),
    /// reject members a lift left stranded, and clear away what finished.
    /// `phasesChanged: false` (a move that changed no member's phase) skips
    /// settling, which then has nothing to decide: the move path's saving.
    func resolve(_ arena: PointerArena? = nil, phasesChanged: Bool = true) {
        if phasesChanged {
            settle()
            needsCleanup = true
        }
        if let arena { deliver(arena) } else { deliverFlagged() }
        if lifted { rejectStranded() }
        if needsCleanup { cleanup() }
    }

    /// After a lift: a member with no finger left, no deadline and no verdict
    /// can never finish, so it loses and its states reset (a safety net; the
    /// built-in gestures all end or fail with their last finger).
    @inline(never) private func rejectStranded() {
        lifted = false
        for m in members where (m.state == .competing || m.state == .won) && !m.isIndirect
            && !m.hasPointerDown && m.root.deadline == .infinity {
            reject(m, .stranded)
        }
        settle()
        deliverFlagged()
    }

    /// Decides claims until nothing changes: failed members leave, recognised
    /// ones win (rejecting their competitors) or wait.
    private func settle() {
        var progress = true
        while progress {
            progress = false
            var i = 0
            while i < members.count {
                let m = members[i]
                i += 1
                guard m.isUndecided else { continue }
                switch m.root.phase {
                case .possible:
                    continue
                case .failed:
                    reject(m, .failed)
                    progress = true
                case .active, .ended:
                    if !m.simultaneous, let (blocker, reason) = blocker(of: m) {
                        if m.state != .pending && trace != nil { report(m, .waiting, reason, blocker) }
                        m.state = .pending
                        continue
                    }
                    m.state = .won
                    if trace != nil { report(m, .won, m.simultaneous ? .simultaneous : .recognized) }
                    m.needsDelivery = true
                    extraDeliveries = true
                    needsCleanup = true
                    progress = true
                    if !m.simultaneous {
                        for a in m.arenas { rejectCompetitors(of: m, in: a) }
                    }
                }
            }
        }
    }

    /// What keeps a recognised tap waiting, if anything: a member ranked
    /// above it still undecided (for a single tap), or a tap with more taps
    /// that is still waiting or has just completed (rule 1).
    private func blocker(of m: Member) -> (Member, ArenaVerdict.Reason)? {
        let taps = m.root.claimTapCount
        guard taps > 0 else { return nil }
        for arena in m.arenas {
            var above = true
            for o in arena.members {
                if o === m { above = false; continue }
                guard !o.simultaneous, o.isUndecided else { continue }
                if o.root.holdCount > taps { return (o, .moreTapsMayFollow) }
                if o.root.phase != .possible && o.root.claimTapCount > taps { return (o, .moreTapsMayFollow) }
                if taps == 1 && above { return (o, .rankedBelowUndecided) }
            }
        }
        return nil
    }

    private func rejectCompetitors(of m: Member, in arena: PointerArena) {
        for o in arena.members where o !== m && !o.simultaneous && o.isUndecided { reject(o, .beaten, by: m) }
    }

    private func reject(_ m: Member, _ reason: ArenaVerdict.Reason, by winner: Member? = nil) {
        m.state = .done
        m.needsDelivery = false
        m.root.cancel()
        needsCleanup = true
        if trace != nil { report(m, .lost, reason, winner) }
    }

    /// Tells the trace (kept out of line: names are built only for it).
    @inline(never) private func report(_ m: Member, _ outcome: ArenaVerdict.Outcome, _ reason: ArenaVerdict.Reason,
                                       _ other: Member? = nil) {
        trace?(ArenaVerdict(gesture: m.name, outcome: outcome, reason: reason, other: other?.name, source: m.source))
    }

    // MARK: Delivery

    private func deliver(_ arena: PointerArena) {
        var i = arena.members.count - 1
        while i >= 0 {
            let m = arena.members[i]
            if m.needsDelivery { deliver(m) }
            i -= 1
        }
        if extraDeliveries { deliverFlagged() }
    }

    private func deliverFlagged() {
        extraDeliveries = false
        var i = 0
        while i < members.count {
            let m = members[i]
            if m.needsDelivery { deliver(m) }
            i += 1
        }
    }

    private func deliver(_ m: Member) {
        m.needsDelivery = false
        guard m.state == .competing || m.state == .won else { return }
        m.root.deliver()
        if m.state == .won && m.root.phase.isTerminal {
            m.state = .done
            needsCleanup = true
        }
    }

    /// Drops finished members and recomputes the next deadline.
    private func cleanup() {
        needsCleanup = false
        var i = 0
        var deadline = Double.infinity
        while i < members.count {
            let m = members[i]
            if m.state == .done || m.state == .pending || m.root.phase.isTerminal, live[m.key] === m {
                live.removeValue(forKey: m.key)
            }
            if m.state == .done && !(m.root.wantsEventsAfterEnd && m.hasPointerDown) {
                for a in m.arenas { a.members.removeAll { $0 === m } }
                m.arenas.removeAll()
                members.remove(at: i)
                continue
            }
            if m.state != .done { deadline = min(deadline, m.root.deadline) }
            i += 1
        }
        nextDeadline = deadline
    }
}
