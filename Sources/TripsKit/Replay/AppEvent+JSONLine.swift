import JSON

extension AppEvent {
    /// The replay's event line, `{"t": ms, "event": name, ...fields}`; nil
    /// for what a replay never meets (a library's new trips).
    public var jsonLine: String? {
        let name: String
        var fields: [(String, JSONValue)] = []
        switch kind {
        case .open(let trip): name = "open"; fields = [("trip", .string(trip))]
        case .close(let trip): name = "close"; fields = [("trip", .string(trip))]
        case .zoom(let zoom): name = "zoom"; fields = [("zoom", .num(zoom))]
        case .page(let trip, let index): name = "page"; fields = [("trip", .string(trip)), ("index", .number(Double(index)))]
        case .wholePhoto(let on): name = "whole"; fields = [("whole", .bool(on))]
        case .fullscreen(let on): name = "fullscreen"; fields = [("fullscreen", .bool(on))]
        case .trashed(let path): name = "trash"; fields = [("photo", .string(AppModel.fileName(path)))]
        case .restored(let path): name = "untrash"; fields = [("photo", .string(AppModel.fileName(path)))]
        case .deleted(let path): name = "delete"; fields = [("photo", .string(AppModel.fileName(path)))]
        case .turned(let path, let kept):
            name = "turn"; fields = [("photo", .string(AppModel.fileName(path)))] + (kept == 0 ? [] : [("kept", .number(Double(kept)))])
        case .copy(let path): name = "copy"; fields = [("photo", .string(AppModel.fileName(path)))]
        case .opened(let trips): name = "drop"; fields = [("trips", .number(Double(trips)))]
        case .notice(let text): name = "notice"; fields = [("message", .string(text))]
        case .reorder(let order): name = "reorder"; fields = [("order", .list(order.map { .string($0) }))]
        case .reset: name = "reset"
        case .idle: name = "idle"
        case .attract: name = "attract"
        case .attractEnd: name = "attract-end"
        case .asleep: name = "asleep"
        case .awake: name = "awake"
        case .tripsChanged, .remoteAsked, .remoteRefused, .settingsChanged, .openAsked: return nil
        }
        return JSONLine.write(.obj([("t", .number((time * 1000).rounded())), ("event", .string(name))] + fields))
    }
}
