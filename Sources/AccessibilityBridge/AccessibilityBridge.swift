import Foundation

/// Trips on the AT-SPI bus: connects in the background (the first frame
/// never waits for it), registers the application with the registry, then
/// answers readers and sends events from the frame loop's `pump`, which
/// never blocks. No bus: `start` says so in one line and returns nil, and
/// the app runs as before.
public final class AccessibilityBridge {
    /// What the app is asked to do.
    public enum Outcome: Equatable, Sendable {
        /// Action "click" on the node with this key.
        case click(key: String)
        /// GrabFocus: the keyboard focus onto the node with this key.
        case focus(key: String)
        /// Value.CurrentValue set on the node with this key.
        case setValue(key: String, value: Double)
        /// The verdict on a forwarded key: `consumed` by a screen reader,
        /// or the app acts on it; `waited` seconds after it was sent (nil:
        /// no answer in time).
        case key(token: Int, consumed: Bool, waited: Double?)
    }

    /// The connection made on the background thread, handed over once.
    private final class Handover: @unchecked Sendable {
        let lock = NSLock()
        var connection: BusConnection?
    }

    private let handover = Handover()
    private var connection: BusConnection?
    private var service: ATSPIService
    private var keys: KeyForwarding
    private var nextToken = 1
    private let log: @Sendable (String) -> Void
    /// An oversized call from a client has been said.
    private var oversizeLogged = false
    private let clock: @Sendable () -> Double
    private let wake: @Sendable () -> Void
    private var watcher: BusWatcher?
    private var announced = false

    /// The longest wait for any call while connecting, in seconds. The
    /// connecting runs on its own thread, so a long wait holds no frame
    /// back, while a short one left a busy bus (a loaded two-core box, the
    /// registry still seeing off an app that had just quit) with an app
    /// that no screen reader could ever find.
    public static let connectTimeout = 5.0
    /// How long a key waits for the reader's verdict before the app acts on it.
    public static let keyTimeout = 0.1

    /// Starts connecting, unless NO_AT_BRIDGE=1 or there is no bus (one log
    /// line then). `wake` is called from another thread whenever the bus has
    /// something for `pump` (it must only post an event to the frame loop).
    public static func start(environment: [String: String], tree: AccessibleTree, version: String, locale: String,
                             clock: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void,
                             log: @escaping @Sendable (String) -> Void) -> AccessibilityBridge? {
        let choice = BusAddress.choose(environment: environment, fileExists: { FileManager.default.fileExists(atPath: $0) })
        switch choice {
        case .off: return nil
        case .none(let reason): log(reason); return nil
        case .accessibility, .session:
            let bridge = AccessibilityBridge(tree: tree, version: version, locale: locale, clock: clock, wake: wake, log: log)
            let handover = bridge.handover
            let thread = Thread {
                let result = Self.connect(choice)
                switch result {
                case .success(let connection):
                    handover.lock.lock()
                    handover.connection = connection
                    handover.lock.unlock()
                    wake()
                case .failure(let failure):
                    log("trips: no accessibility bus (\(failure.description)), so no screen reader can read the app")
                }
            }
            thread.name = "AT-SPI connect"
            thread.start()
            return bridge
        }
    }

    private init(tree: AccessibleTree, version: String, locale: String, clock: @escaping @Sendable () -> Double,
                 wake: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        service = ATSPIService(tree: tree, busName: "", toolkitVersion: version, locale: locale)
        keys = KeyForwarding(timeout: Self.keyTimeout)
        self.clock = clock
        self.wake = wake
        self.log = log
    }

    /// The accessibility bus's address, then a connection to it.
    private static func connect(_ choice: BusAddress.Choice) -> Result<BusConnection, BusConnection.Failure> {
        do {
            var address: String
            switch choice {
            case .accessibility(let a): address = a
            case .session(let session):
                let bus = try BusConnection(address: session, timeout: connectTimeout)
                let answer = try bus.callAndWait("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", timeout: connectTimeout)
                guard let a = answer.first?.stringValue, !a.isEmpty else { throw BusConnection.Failure(description: "org.a11y.Bus gave no address") }
                address = a
            default: throw BusConnection.Failure(description: "no bus")
            }
            return .success(try BusConnection(address: address, timeout: connectTimeout))
        } catch let failure as BusConnection.Failure {
            return .failure(failure)
        } catch {
            return .failure(BusConnection.Failure(description: "\(error)"))
        }
    }

    /// Whether the bridge is on the bus and keys go to the reader first.
    public var isConnected: Bool { connection != nil }

    /// The bus's socket while connected: a loop that sleeps on something
    /// else (the Wayland socket, a frame callback) also wakes for it and
    /// pumps, so a reader's call never waits for the sleep to end.
    public var fileDescriptor: Int32? { connection?.fileDescriptor }

    /// Whether `pump` must be called again soon without waiting for the
    /// bus (a key waits for its verdict, or messages wait to be written).
    public var needsPump: Bool { keys.isWaiting || (connection?.hasOutgoing ?? false) }

    /// Publishes the tree of this frame: its changes go out as events.
    /// `settled` false (the app animates): names and values wait.
    public func publish(_ tree: AccessibleTree, settled: Bool = true) {
        let tree = settled ? tree : tree.keepingWords(of: service.tree)
        guard tree != service.tree else { return }
        let signals = service.publish(tree)
        guard let connection, announced else { return }
        for signal in signals { connection.send(signal) }
    }

    /// Sends `key` to the reader; the token its verdict comes back with
    /// (nil: not connected, the app acts on it now).
    public func forward(_ key: ForwardedKey) -> Int? {
        guard let connection else { return nil }
        guard let serial = connection.call(ATSPI.registryName, ATSPI.deviceEventControllerPath, ATSPI.deviceEventController,
                                           "NotifyListenersSync", [key.argument]) else { return nil }
        let token = nextToken
        nextToken += 1
        keys.sent(serial: serial, token: token, at: clock())
        return token
    }

    private var embedSerial: UInt32?
    private var keyRefusalLogged = false

    /// Answers every call that has come, reads every answer, sends what is
    /// queued. Never blocks.
    public func pump() -> [Outcome] {
        if connection == nil {
            handover.lock.lock()
            let ready = handover.connection
            handover.connection = nil
            handover.lock.unlock()
            if let ready { adopt(ready) }
        }
        guard let connection else { return [] }
        var outcomes: [Outcome] = []
        for incoming in connection.pump() {
            switch incoming {
            case .call(let call, let token, let wantsReply):
                let (reply, request) = service.handle(call)
                connection.reply(token, reply, wanted: wantsReply)
                switch request {
                case .click(let key)?: outcomes.append(.click(key: key))
                case .focus(let key)?: outcomes.append(.focus(key: key))
                case .setValue(let key, let value)?: outcomes.append(.setValue(key: key, value: value))
                case nil: break
                }
            case .reply(let serial, let arguments):
                if serial == embedSerial {
                    embedSerial = nil
                    if case .structure(let members)? = arguments.first, members.count == 2,
                       let name = members[0].stringValue, let path = members[1].stringValue {
                        service.desktop = (name, path)
                    }
                } else {
                    keys.answered(serial: serial, consumed: arguments.first?.boolValue ?? false)
                }
            case .failed(let serial, let error):
                if serial == embedSerial {
                    embedSerial = nil
                    log("trips: the accessibility registry did not take the app (\(error)); screen readers may not list it")
                } else if keys.answered(serial: serial, consumed: false) {
                    // The app acts on the key; a registry that refuses keys is said once.
                    if !keyRefusalLogged { log("trips: the accessibility registry refused a key (\(error)); keys go to the app alone") }
                    keyRefusalLogged = true
                }
            case .refused(let member):
                // Said once: a client that sends such calls sends many.
                if !oversizeLogged {
                    log("trips: an accessibility client's \(member) call was larger than the app reads; it was answered with an error")
                }
                oversizeLogged = true
            case .other:
                break
            }
        }
        for verdict in keys.verdicts(at: clock()) {
            outcomes.append(.key(token: verdict.token, consumed: verdict.consumed, waited: verdict.waited))
        }
        if !connection.isConnected {
            log("trips: the accessibility bus went away; screen readers no longer see the app")
            self.connection = nil
            watcher?.stop()
            watcher = nil
        }
        watcher?.resume()
        return outcomes
    }

    private func adopt(_ ready: BusConnection) {
        connection = ready
        service.busName = ready.uniqueName
        // Embed the root in the registry's desktop: readers find the app there.
        embedSerial = ready.call(ATSPI.registryName, ATSPI.rootPath, ATSPI.socket, "Embed",
                                 [.structure([.string(ready.uniqueName), .objectPath(ATSPI.rootPath)])])
        for signal in service.announce() { ready.send(signal) }
        announced = true
        if let fd = ready.fileDescriptor { watcher = BusWatcher(fileDescriptor: fd, wake: wake) }
        // No pump of our own here: the registry answers Embed only after it
        // has set our Application.Id, a call that `pump` must answer (read
        // and dropped here, it left the registry waiting for its timeout,
        // keys and readers with it).
    }
}
