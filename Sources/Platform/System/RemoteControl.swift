import Foundation
import TripsKit

/// The frame loop's side of the broker (`BrokerLink`): once a turn it hands
/// the model, through its driver, the commands that came (and the fleet's
/// settings merged, all < group < device), answers a refused one on
/// `trips/NAME/error`, publishes the discovery configs and the retained
/// state when they change, and a screenshot when asked.
public final class RemoteControl {
    let link: BrokerLink
    let topics: RemoteTopics
    let discovery: HomeAssistantDiscovery
    private let version: String
    private let clock: () -> Double
    private let started: Double
    private let log: (String) -> Void
    private let verbose: Bool
    /// The screen as a JPEG (the frame loop draws it whole); set once the loop is made.
    public var screenshot: (() throws -> [UInt8])?
    /// The frame loop's last frame-time p99, in ms; set once the loop is made.
    public var frameP99: (() -> Double?)?
    /// When the last present ended, on the link's clock; set once the loop is made.
    public var lastPresent: (() -> (frame: Int, at: Double))?

    private var scoped: [RemoteTopics.Scope: FleetSettings] = [:]
    private var settings = FleetSettings()
    private var lastError: String?
    private var publishedState: String?
    private var publishedTrips: [String]?
    private var lastStatePublish = -Double.infinity
    private var screenshotWanted = false
    /// Commands handled and not yet seen on screen: their arrival, word and the frame count then.
    private var awaitingScreen: [(arrived: Double, word: String, frame: Int)] = []

    public init(link: BrokerLink, topics: RemoteTopics, version: String, clock: @escaping () -> Double, started: Double,
                verbose: Bool, log: @escaping (String) -> Void) {
        self.link = link
        self.topics = topics
        self.version = version
        self.clock = clock
        self.started = started
        self.verbose = verbose
        self.log = log
        discovery = HomeAssistantDiscovery(topics: topics, version: version)
    }

    /// One turn of the loop: true when the model took something that may
    /// change what it shows.
    public func turn(_ driver: AppDriver) -> Bool {
        let app = driver.app
        noteShown()
        let (messages, connected) = link.take()
        if connected { publishedState = nil; publishedTrips = nil }
        var changed = false
        for message in messages {
            switch topics.classify(message.topic) {
            case .command?:
                let parsed = message.oversized.map { .failure(RemoteRefusal("a command of \($0) bytes is over the limit of \(RemoteCommand.maximumPayloadBytes)")) }
                    ?? RemoteCommand.parse(message.payload)
                switch parsed {
                case .success(let command):
                    driver.handle(.remote(command), at: app.time)
                    if verbose { awaitingScreen.append((message.arrived, command.word, lastPresent?().frame ?? 0)) }
                    changed = true
                case .failure(let refusal):
                    refuse("\(message.topic): \(refusal.message)")
                }
            case .config(let scope)?:
                let parsed = message.oversized.map { .failure(RemoteRefusal("\(message.topic): a config of \($0) bytes is over the limit")) }
                    ?? FleetSettings.parse(message.payload, topic: message.topic)
                switch parsed {
                case .success(let new): scoped[scope] = new
                case .failure(let refusal): refuse(refusal.message); continue
                }
                let merged = FleetSettings.merged(all: scoped[.all] ?? FleetSettings(), groups: topics.groups.map { scoped[.group($0)] ?? FleetSettings() },
                                                  device: scoped[.device] ?? FleetSettings())
                let said = merged.changes(from: settings)
                guard !said.isEmpty else { continue }
                settings = merged
                log("trips: mqtt: the fleet's settings changed: \(said)")
                driver.handle(.remote(.settings(merged)), at: app.time)
                changed = true
            case nil:
                break
            }
        }
        if screenshotWanted, let screenshot {
            screenshotWanted = false
            do {
                link.publish(topics.screenshot, try screenshot())
            } catch {
                refuse("screenshot: \(error)")
            }
            changed = true // the shot drew into the back buffer: the next frame draws it all again
        }
        publish(app)
        return changed
    }

    /// What the model said happened that the broker hears of.
    public func note(_ event: AppEvent) {
        switch event.kind {
        case .remoteAsked(.screenshot): screenshotWanted = true
        case .remoteRefused(let message): refuse(message)
        default: break
        }
    }

    /// Each refusal goes to `trips/NAME/error`; the log has at most one a
    /// second, and says how many it left out.
    private func refuse(_ message: String) {
        lastError = message
        link.publish(topics.error, message)
        let now = clock()
        guard now - lastRefusalLine >= 1 else { refusalsUnsaid += 1; return }
        log("trips: mqtt: refused: \(message)" + (refusalsUnsaid > 0 ? " (and \(refusalsUnsaid) more before it, not logged)" : ""))
        refusalsUnsaid = 0
        lastRefusalLine = now
    }
    private var lastRefusalLine = -Double.infinity
    private var refusalsUnsaid = 0

    /// Discovery when the trips change (the select's options), the state
    /// when it changes (and once a minute, for its uptime).
    private func publish(_ app: AppModel) {
        let trips = app.catalog.trips.map(\.id)
        if trips != publishedTrips {
            publishedTrips = trips
            for config in discovery.configs(trips: trips) { link.publish(config.topic, config.payload, retain: true) }
            link.publish(topics.availability, "online", retain: true)
        }
        let now = clock()
        let state = app.remoteState
        let key = "\(state)\(lastError ?? "")\(settings)"
        guard key != publishedState || now - lastStatePublish > 60 else { return }
        publishedState = key
        lastStatePublish = now
        link.publish(topics.state, state.json(version: version, uptime: now - started, frameP99Milliseconds: frameP99?(),
                                              lastError: lastError, settings: settings), retain: true)
    }

    /// Commands whose first frame has been presented since: how long from
    /// their arrival to that present (`TRIPS_VERBOSE`, for `make bench`).
    private func noteShown() {
        guard !awaitingScreen.isEmpty, let present = lastPresent?() else { return }
        awaitingScreen.removeAll { waiting in
            guard present.frame > waiting.frame else { return false }
            log(String(format: "trips: mqtt: '%@' on screen after %.1f ms", waiting.word, (present.at - waiting.arrived) * 1000))
            return true
        }
    }
}
