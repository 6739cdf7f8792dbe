import Foundation

extension AppModel {
    /// The app as the command line asks for it: the binary makes it so, and
    /// so do the model's tests that replay in-process, so both run one app.
    public convenience init(launching options: LaunchOptions, catalog: TripCatalog, size: CGSize, order: [String] = [],
                            strings: Strings = .english, clock: WallClock = .system, trash: Trash? = nil, turner: PhotoTurner? = nil,
                            keptTurns: KeptTurns? = nil, opener: PathOpener? = nil) {
        self.init(catalog: catalog, size: size, mode: options.windowMode, theme: .standard, order: order,
                  simulationRate: options.simulationRate, screen: options.startInPlayground ? .playground : .overview,
                  idleTimeout: options.idleTimeout, attract: options.attract, reduceMotion: options.reduceMotion, strings: strings,
                  wakefulness: Wakefulness(schedule: options.awake, wakeForSeconds: options.wakeForSeconds, clock: clock), trash: trash, turner: turner,
                  keptTurns: keptTurns, opener: opener)
    }
}
