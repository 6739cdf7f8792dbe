/// Whoever owns a running spring in a `SpringBank`: told where its slot
/// moved to and when it came to rest.
protocol SpringBankOwner: AnyObject {
    /// The owner's index in the bank, or nil while at rest.
    var slot: Int? { get set }
    /// Called after the owner's spring was removed for being at rest, for
    /// every owner that came to rest in a step before any `notifyRest`: it
    /// must not run the app's code.
    func settle()
    /// Runs the app's callbacks for the rest recorded by `settle`.
    func notifyRest()
}

/// The state of one running spring, in units of its starting vectors: the
/// displacement from target is `x₀·p + v₀·q` and the velocity `x₀·r + v₀·s`,
/// where x₀ and v₀ are the displacement and velocity it started (or was last
/// retargeted) with. Only these numbers change while it runs, so the bank
/// steps every kind of value with the same `Double` arithmetic.
struct SpringSlot {
    /// The spring's closed form over one animator step.
    var kernel: SpringKernel
    var p = 1.0, q = 0.0, r = 0.0, s = 1.0
    /// p and q one step earlier, for interpolating what is drawn.
    var previousP = 1.0, previousQ = 0.0
    /// The Gram matrix of x₀ and v₀: enough to measure distance and speed
    /// in value units without touching the values themselves.
    var start: Gram
    /// Squared rest thresholds for distance and speed.
    var restDistanceSquared: Double, restSpeedSquared: Double

    /// Squared distance from target now.
    var distanceSquared: Double { start.lengthSquared(p, q) }
    /// Squared speed now.
    var speedSquared: Double { start.lengthSquared(r, s) }
}

/// The Gram matrix of a displacement x and a velocity v: |x|², x·v and |v|²,
/// from which |x·a + v·b|² follows for any weights a, b.
struct Gram {
    var xx: Double, xv: Double, vv: Double

    init<V: VectorArithmetic>(displacement x: V, velocity v: V) {
        xx = x.magnitudeSquared
        vv = v.magnitudeSquared
        // VectorArithmetic has no dot product; |x + v|² = |x|² + 2x·v + |v|².
        xv = ((x + v).magnitudeSquared - xx - vv) / 2
    }

    /// |x·a + v·b|².
    func lengthSquared(_ a: Double, _ b: Double) -> Double { xx * a * a + 2 * xv * a * b + vv * b * b }
}

/// Every running spring of an animator, packed in one contiguous array so a
/// step is a tight loop over plain numbers: no per-value generics, no
/// closures, no allocation. Springs at rest are swapped out of the array, so
/// its length is the number of running springs.
struct SpringBank {
    private var slots: [SpringSlot] = []
    private var owners: [any SpringBankOwner] = []

    var count: Int { slots.count }

    subscript(slot: Int) -> SpringSlot {
        get { slots[slot] }
        set { slots[slot] = newValue }
    }

    /// Adds a running spring for `owner` and records its slot.
    mutating func insert(_ slot: SpringSlot, owner: any SpringBankOwner) {
        owner.slot = slots.count
        slots.append(slot)
        owners.append(owner)
    }

    /// Removes `owner`'s spring (swapping the last one into its place).
    mutating func remove(_ owner: any SpringBankOwner) {
        guard let index = owner.slot else { return }
        removeSlot(at: index)
    }

    private mutating func removeSlot(at index: Int) {
        let last = slots.count - 1
        owners[index].slot = nil
        if index != last {
            slots[index] = slots[last]
            owners[index] = owners[last]
            owners[index].slot = index
        }
        slots.removeLast()
        owners.removeLast()
    }

    /// Advances every spring by one step and removes those now at rest,
    /// appending their owners to `settled`. `restingIndices` is scratch
    /// space; both keep their capacity, so a steady run allocates nothing.
    /// A spring whose state stopped being finite counts as at rest, so it
    /// lands on its target rather than showing NaN.
    mutating func step(settled: inout [any SpringBankOwner], restingIndices: inout [Int]) {
        restingIndices.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                var slot = buffer[index]
                let k = slot.kernel
                slot.previousP = slot.p
                slot.previousQ = slot.q
                (slot.p, slot.r) = (k.p * slot.p + k.q * slot.r, k.r * slot.p + k.s * slot.r)
                (slot.q, slot.s) = (k.p * slot.q + k.q * slot.s, k.r * slot.q + k.s * slot.s)
                buffer[index] = slot
                // Written so that NaN compares as "at rest".
                if !(slot.distanceSquared > slot.restDistanceSquared || slot.speedSquared > slot.restSpeedSquared) {
                    restingIndices.append(index)
                }
            }
        }
        // Highest first: each swap then brings in a spring that stays.
        for index in restingIndices.reversed() {
            settled.append(owners[index])
            removeSlot(at: index)
        }
    }
}
