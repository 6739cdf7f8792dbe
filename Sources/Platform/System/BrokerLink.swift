import CMosquitto
import Foundation
import TripsKit

/// One kiosk's connection to its MQTT broker (`--mqtt`), through Debian's
/// libmosquitto on a thread of its own: it connects (TLS verified unless
/// told otherwise), subscribes, and keeps reconnecting with backoff (1 s,
/// doubling to 30 s) while the broker refuses or is away, saying each new
/// reason once. What arrives is queued for the frame loop, which a pushed
/// event wakes (`wake`), as the library's watch does. libmosquitto is
/// linked but only initialised here, so a run without `--mqtt` never touches it.
public final class BrokerLink: @unchecked Sendable {
    public struct Settings: Sendable {
        public var address: BrokerAddress
        public var caFile: String?
        public var certFile: String?
        public var keyFile: String?
        public var insecure: Bool
        public var clientID: String
        /// The last will: published by the broker if the kiosk goes away unseen.
        public var will: (topic: String, payload: String)
        public var subscriptions: [String]
        /// Topics whose messages count against the command rate limit.
        public var commandTopics: Set<String>

        public init(address: BrokerAddress, caFile: String?, certFile: String?, keyFile: String?, insecure: Bool, clientID: String,
                    will: (topic: String, payload: String), subscriptions: [String], commandTopics: Set<String>) {
            self.address = address
            self.caFile = caFile
            self.certFile = certFile
            self.keyFile = keyFile
            self.insecure = insecure
            self.clientID = clientID
            self.will = will
            self.subscriptions = subscriptions
            self.commandTopics = commandTopics
        }
    }

    public struct Message: Sendable {
        public var topic: String
        public var payload: [UInt8]
        /// When it arrived, on the link's clock.
        public var arrived: Double
        /// Its length when it was over the limit (its bytes were not kept).
        public var oversized: Int?
    }

    private let settings: Settings
    private let clock: @Sendable () -> Double
    private let wake: @Sendable () -> Void
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var mosq: OpaquePointer?
    private var thread: Thread?
    // Under `lock`:
    private var queue: [Message] = []
    private var connectedSinceTaken = false
    private var stopping = false
    /// Between the broker's yes and the connection's end: the loop's
    /// publishes go out only then (during a TLS handshake they would not).
    private var online = false
    private var limit = CommandRateLimit()
    // The link's thread only:
    private var refusal: String?
    private var lastLibraryError: String?
    private var said: String?
    private var lostAt: Double?
    private var connected = false
    private var droppedUnsaid = 0
    private var lastDropLine = -Double.infinity
    private var everConnected = false
    /// Messages kept for the loop at most; more are dropped as a burst.
    private let queueLimit = 256

    public init(settings: Settings, clock: @escaping @Sendable () -> Double, wake: @escaping @Sendable () -> Void,
                log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.clock = clock
        self.wake = wake
        self.log = log
    }

    /// Starts the link's thread; the first connection is made there, so a
    /// broker that is slow or away never holds up the first frame.
    public func start() {
        mosquitto_lib_init()
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let m = mosquitto_new(settings.clientID, true, me) else {
            log("trips: mqtt: cannot make a client (\(String(cString: strerror(errno)))); running without the broker")
            return
        }
        mosq = m
        mosquitto_threaded_set(m, true)
        let a = settings.address
        if let user = a.user { mosquitto_username_pw_set(m, user, a.password) }
        mosquitto_will_set(m, settings.will.topic, Int32(settings.will.payload.utf8.count), settings.will.payload, 1, true)
        if a.secure {
            let rc = mosquitto_tls_set(m, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, settings.certFile, settings.keyFile, nil)
            if rc != MOSQ_ERR_SUCCESS.rawValue {
                log("trips: mqtt \(a): cannot use the TLS files (\(String(cString: mosquitto_strerror(rc)))); running without the broker")
                return
            }
            if settings.insecure {
                mosquitto_tls_insecure_set(m, true)
                mosquitto_tls_opts_set(m, 0, nil, nil) // SSL_VERIFY_NONE
                log("trips: mqtt \(a): --mqtt-insecure: the broker's certificate is NOT verified")
            }
        }
        mosquitto_connect_callback_set(m) { _, object, rc in BrokerLink.from(object).answered(rc) }
        mosquitto_disconnect_callback_set(m) { _, object, _ in
            let link = BrokerLink.from(object)
            link.connected = false
            link.lock.withLock { link.online = false }
        }
        mosquitto_message_callback_set(m) { _, object, message in
            guard let message else { return }
            BrokerLink.from(object).arrived(message.pointee)
        }
        mosquitto_log_callback_set(m) { _, object, level, text in
            guard level == MOSQ_LOG_ERR, let text else { return }
            BrokerLink.from(object).lastLibraryError = String(cString: text)
        }
        let thread = Thread { [self] in run() }
        thread.name = "trips-mqtt"
        self.thread = thread
        thread.start()
    }

    private static func from(_ object: UnsafeMutableRawPointer?) -> BrokerLink {
        Unmanaged<BrokerLink>.fromOpaque(object!).takeUnretainedValue()
    }

    /// The link's thread: connect, loop, and on a failure wait and try again.
    private func run() {
        guard let m = mosq else { return }
        var delay = 1.0
        var tcp = false
        while !isStopping {
            var rc: Int32
            if !tcp {
                refusal = nil
                lastLibraryError = nil
                rc = mosquitto_connect(m, settings.address.host, Int32(settings.address.port), 30)
                tcp = rc == MOSQ_ERR_SUCCESS.rawValue
            } else {
                rc = mosquitto_loop(m, 500, 1)
            }
            if rc == MOSQ_ERR_SUCCESS.rawValue {
                if connected { delay = 1 }
                continue
            }
            tcp = false
            connected = false
            lock.withLock { online = false }
            if lostAt == nil { lostAt = clock() }
            let reason = refusal ?? lastLibraryError.map { "\(String(cString: mosquitto_strerror(rc))): \($0)" }
                ?? (rc == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(rc)))
            // Once an outage; a kiosk that never got in also hears of a new reason.
            if said == nil || (!everConnected && reason != said) {
                said = reason
                log("trips: mqtt \(settings.address): \(reason); trying again with backoff (1 s doubling to 30 s), the photos go on")
            }
            sleep(seconds: delay)
            delay = min(delay * 2, 30)
        }
        // A clean goodbye: the broker sends no will for it, so say offline first.
        if tcp && connected {
            mosquitto_publish(m, nil, settings.will.topic, Int32(settings.will.payload.utf8.count), settings.will.payload, 1, true)
            for _ in 0..<3 { _ = mosquitto_loop(m, 50, 1) }
            mosquitto_disconnect(m)
            _ = mosquitto_loop(m, 50, 1)
        }
    }

    private func sleep(seconds: Double) {
        let end = clock() + seconds
        while !isStopping && clock() < end { usleep(200_000) }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func answered(_ rc: Int32) {
        guard rc == 0 else {
            refusal = "the broker refused the connection (\(String(cString: mosquitto_connack_string(rc))))"
            return
        }
        connected = true
        everConnected = true
        for topic in settings.subscriptions { mosquitto_subscribe(mosq, nil, topic, 1) }
        if let lostAt, said != nil {
            log(String(format: "trips: mqtt \(settings.address): connected again after %.1f s", clock() - lostAt))
        } else {
            log("trips: mqtt \(settings.address): connected as \(settings.clientID)")
        }
        said = nil
        lostAt = nil
        lock.withLock { connectedSinceTaken = true; online = true }
        wake()
    }

    private func arrived(_ message: mosquitto_message) {
        let topic = String(cString: message.topic)
        let length = Int(message.payloadlen)
        let oversized = length > RemoteCommand.maximumPayloadBytes ? length : nil
        let payload = oversized != nil || length <= 0 ? [] : Array(UnsafeRawBufferPointer(start: message.payload, count: length))
        let now = clock()
        var burstEnded = 0
        let queued: Bool = lock.withLock {
            if settings.commandTopics.contains(topic) {
                switch limit.offer(at: now) {
                case .drop: return false
                case .take(let dropped): burstEnded = dropped
                }
            }
            guard queue.count < queueLimit else { return false }
            queue.append(Message(topic: topic, payload: payload, arrived: now, oversized: oversized))
            return true
        }
        // A burst is one line, and a stream of bursts one line in ten seconds.
        droppedUnsaid += burstEnded
        if droppedUnsaid > 0 && now - lastDropLine >= 10 {
            log("trips: mqtt: dropped \(droppedUnsaid) commands that came faster than \(Int(limit.perSecond)) a second")
            droppedUnsaid = 0
            lastDropLine = now
        }
        if queued { wake() }
    }

    /// What arrived since the last call, and whether the link (re)connected
    /// meanwhile (the loop then publishes its discovery and state again).
    public func take() -> (messages: [Message], connected: Bool) {
        lock.withLock {
            defer { queue.removeAll(); connectedSinceTaken = false }
            return (queue, connectedSinceTaken)
        }
    }

    /// Publishes `payload` on `topic` (QoS 1); from any thread. Dropped
    /// while not connected: discovery and state go out again on connecting.
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool = false) {
        guard let mosq, lock.withLock({ online }) else { return }
        payload.withUnsafeBytes { bytes in
            _ = mosquitto_publish(mosq, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
        }
    }

    public func publish(_ topic: String, _ text: String, retain: Bool = false) { publish(topic, Array(text.utf8), retain: retain) }

    /// Says offline and disconnects, within about a second.
    public func stop() {
        lock.withLock { stopping = true }
        let end = clock() + 1
        while let thread, !thread.isFinished, clock() < end { usleep(10_000) }
    }
}
