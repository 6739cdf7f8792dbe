/// Trips' AT-SPI objects: answers every method call a screen reader makes
/// on the application root, the window's frame and its nodes from the
/// latest published tree, and turns tree changes into event signals. Plain
/// values in and out: the bus is `BusConnection`'s, so this is tested and
/// fuzzed without one.
public struct ATSPIService: Sendable {
    /// What a call asks the app to do, besides its answer.
    public enum Request: Equatable, Sendable {
        /// Action "click" on the node: what a tap on it does.
        case click(key: String)
        /// Component.GrabFocus on a focusable node: the keyboard focus onto it.
        case focus(key: String)
        /// Value.CurrentValue set on a node with a value (the zoom, a clip's position).
        case setValue(key: String, value: Double)
    }

    public private(set) var tree: AccessibleTree
    /// Our unique name on the accessibility bus: the first half of every
    /// object reference we hand out.
    public var busName: String
    /// The registry's desktop, the application's parent (Socket.Embed's answer).
    public var desktop: (name: String, path: String) = ("", ATSPI.nullPath)
    /// Application.Id, which the registry sets.
    public var applicationId: Int32 = 0
    public var toolkitVersion: String
    /// The UI's language ("fr"), Accessible.Locale.
    public var locale: String

    /// Object numbers of the nodes by key, never reused, so a reader's
    /// reference to a node that went away names no other.
    private var numbers: [String: Int] = [:]
    private var keys: [Int: String] = [:]

    public init(tree: AccessibleTree, busName: String, toolkitVersion: String, locale: String) {
        self.tree = tree
        self.busName = busName
        self.toolkitVersion = toolkitVersion
        self.locale = locale
        for node in tree.nodes { _ = path(of: node.key) }
    }

    /// Publishes `new`; the events to send, as signals.
    public mutating func publish(_ new: AccessibleTree) -> [DBusSignal] {
        let old = tree
        for node in new.nodes { _ = path(of: node.key) }
        tree = new
        return AccessibleEvent.changes(from: old, to: new).flatMap(signals)
    }

    /// The signals a reader hears when the app first appears: the window's
    /// state and the focus.
    public mutating func announce() -> [DBusSignal] {
        AccessibleEvent.changes(from: nil, to: tree).flatMap(signals)
    }

    // MARK: Paths and references

    mutating func path(of key: String) -> String {
        if let n = numbers[key] { return ATSPI.nodePath(n) }
        let n = numbers.count + 1
        numbers[key] = n
        keys[n] = key
        return ATSPI.nodePath(n)
    }

    func existingPath(of key: String) -> String? { numbers[key].map(ATSPI.nodePath) }

    private func reference(_ path: String) -> DBusValue { .structure([.string(busName), .objectPath(path)]) }
    private var nullReference: DBusValue { .structure([.string(""), .objectPath(ATSPI.nullPath)]) }
    private func reference(node: AccessibleNode) -> DBusValue { reference(existingPath(of: node.key) ?? ATSPI.nullPath) }

    /// What lives at a path now.
    enum Object {
        case root, frame, node(AccessibleNode, index: Int)
    }

    func object(at path: String) -> Object? {
        if path == ATSPI.rootPath { return .root }
        if path == ATSPI.framePath { return .frame }
        guard path.hasPrefix(ATSPI.nodePathPrefix), let n = Int(path.dropFirst(ATSPI.nodePathPrefix.count)),
              let key = keys[n], let index = tree.index(of: key) else { return nil }
        return .node(tree.nodes[index], index: index)
    }

    // MARK: Calls

    /// The answer to `call`, and what it asks the app to do.
    public mutating func handle(_ call: DBusCall) -> (reply: DBusReply, request: Request?) {
        if call.path == ATSPI.cachePath {
            guard call.interface == ATSPI.cache || call.interface.isEmpty, call.member == "GetItems" else { return (.unknownMethod(call), nil) }
            // Nothing is cached ahead: readers ask for what they need.
            return (.values([.array(element: "((so)(so)(so)iiassusau)", [])]), nil)
        }
        guard let object = object(at: call.path) else { return (.unknownObject(call.path), nil) }
        if call.interface == ATSPI.properties { return properties(call, object) }
        if call.interface == ATSPI.introspectable, call.member == "Introspect", call.signature.isEmpty {
            return (.values([.string(introspection(object))]), nil)
        }
        let interface = call.interface.isEmpty ? interfaces(of: object).first { methods(of: $0).contains(call.member) } ?? "" : call.interface
        guard interfaces(of: object).contains(interface) else { return (.unknownMethod(call), nil) }
        switch interface {
        case ATSPI.accessible: return (accessible(call, object), nil)
        case ATSPI.application: return (application(call), nil)
        case ATSPI.component:
            // GrabFocus on a node that takes the focus: the app moves it there
            // (the focus events follow from the next tree).
            if call.member == "GrabFocus", call.signature.isEmpty, case .node(let node, _) = object, node.states.contains(.focusable) {
                return (.values([.bool(true)]), .focus(key: node.key))
            }
            return (component(call, object), nil)
        case ATSPI.action: return action(call, object)
        default: return (.unknownMethod(call), nil)
        }
    }

    func interfaces(of object: Object) -> [String] {
        switch object {
        case .root: return [ATSPI.accessible, ATSPI.application]
        case .frame: return [ATSPI.accessible, ATSPI.component]
        case .node(let node, _):
            return [ATSPI.accessible, ATSPI.component] + (node.actions.isEmpty ? [] : [ATSPI.action]) + (node.value == nil ? [] : [ATSPI.value])
        }
    }

    func methods(of interface: String) -> [String] {
        switch interface {
        case ATSPI.accessible:
            return ["GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
                    "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces"]
        case ATSPI.application: return ["GetLocale", "RegisterEventListener", "DeregisterEventListener"]
        case ATSPI.component:
            return ["Contains", "GetAccessibleAtPoint", "GetExtents", "GetPosition", "GetSize", "GetLayer", "GetMDIZOrder",
                    "GrabFocus", "GetAlpha", "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize"]
        case ATSPI.action:
            return ["GetActions", "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction"]
        default: return []
        }
    }

    private func expect(_ call: DBusCall, _ signature: String) -> DBusReply? {
        call.signature == signature ? nil
            : .invalidArgs("\(call.interface).\(call.member) takes \"\(signature)\", not \"\(call.signature)\"")
    }

    private func children(of object: Object) -> [DBusValue] {
        switch object {
        case .root: return [reference(ATSPI.framePath)]
        case .frame: return tree.nodes.map { reference(node: $0) }
        case .node: return []
        }
    }

    private func role(of object: Object) -> ATSPIRole {
        switch object {
        case .root: return .application
        case .frame: return .frame
        case .node(let node, _): return node.role
        }
    }

    private func states(of object: Object) -> ATSPIStates {
        switch object {
        // Never empty: Orca reads an empty set as a dead object.
        case .root: return ATSPIStates([.enabled, .sensitive, .showing, .visible])
        case .frame: return tree.frameStates
        case .node(let node, _): return node.states
        }
    }

    private func accessible(_ call: DBusCall, _ object: Object) -> DBusReply {
        switch call.member {
        case "GetChildAtIndex":
            if let bad = expect(call, "i") { return bad }
            let all = children(of: object), i = call.arguments[0].intValue ?? -1
            guard all.indices.contains(i) else { return .invalidArgs("child index \(i) is out of range: \(call.path) has \(all.count)") }
            return .values([all[i]])
        case "GetChildren":
            if let bad = expect(call, "") { return bad }
            return .values([.array(element: "(so)", children(of: object))])
        case "GetIndexInParent":
            if let bad = expect(call, "") { return bad }
            switch object {
            case .root: return .values([.int32(-1)])
            case .frame: return .values([.int32(0)])
            case .node(_, let index): return .values([.int32(Int32(index))])
            }
        case "GetRelationSet":
            if let bad = expect(call, "") { return bad }
            return .values([.array(element: "(ua(so))", [])])
        case "GetRole":
            if let bad = expect(call, "") { return bad }
            return .values([.uint32(role(of: object).rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            if let bad = expect(call, "") { return bad }
            return .values([.string(role(of: object).name)])
        case "GetState":
            if let bad = expect(call, "") { return bad }
            return .values([.array(element: "u", states(of: object).words.map { .uint32($0) })])
        case "GetAttributes":
            if let bad = expect(call, "") { return bad }
            var pairs: [(String, DBusValue)] = [("toolkit", .string("Trips"))]
            if case .node(let node, _) = object { pairs += node.attributes.map { ($0.0, .string($0.1)) } }
            return .values([.dictionary(pairs, valueSignature: "s")])
        case "GetApplication":
            if let bad = expect(call, "") { return bad }
            return .values([reference(ATSPI.rootPath)])
        case "GetInterfaces":
            if let bad = expect(call, "") { return bad }
            return .values([.array(element: "s", interfaces(of: object).map { .string($0) })])
        default:
            return .unknownMethod(call)
        }
    }

    private func application(_ call: DBusCall) -> DBusReply {
        switch call.member {
        case "GetLocale":
            if let bad = expect(call, "u") { return bad }
            return .values([.string(locale)])
        case "RegisterEventListener", "DeregisterEventListener":
            // Every event is sent anyway; there are few and they are small.
            if let bad = expect(call, "s") { return bad }
            return .values([])
        default:
            return .unknownMethod(call)
        }
    }

    private func coordinates(_ value: DBusValue) -> ATSPICoordinates? { value.intValue.flatMap { UInt32(exactly: $0) }.flatMap(ATSPICoordinates.init) }

    private func extents(of object: Object, _ coordinates: ATSPICoordinates) -> PixelRect {
        switch object {
        case .root, .frame: return tree.frameExtents(coordinates)
        case .node(let node, _): return tree.extents(of: node, coordinates)
        }
    }

    private func component(_ call: DBusCall, _ object: Object) -> DBusReply {
        switch call.member {
        case "Contains", "GetAccessibleAtPoint":
            if let bad = expect(call, "iiu") { return bad }
            guard let x = call.arguments[0].intValue, let y = call.arguments[1].intValue,
                  let coords = coordinates(call.arguments[2]) else { return .invalidArgs("unknown coordinate type \(call.arguments[2])") }
            let inside = extents(of: object, coords).contains(x: Int32(x), y: Int32(y))
            if call.member == "Contains" { return .values([.bool(inside)]) }
            guard inside else { return .values([nullReference]) }
            switch object {
            case .frame: return .values([tree.node(atX: Int32(x), y: Int32(y), coords).map { reference(node: $0) } ?? nullReference])
            default: return .values([nullReference])
            }
        case "GetExtents":
            if let bad = expect(call, "u") { return bad }
            guard let coords = coordinates(call.arguments[0]) else { return .invalidArgs("unknown coordinate type \(call.arguments[0])") }
            let r = extents(of: object, coords)
            return .values([.structure([.int32(r.x), .int32(r.y), .int32(r.width), .int32(r.height)])])
        case "GetPosition":
            if let bad = expect(call, "u") { return bad }
            guard let coords = coordinates(call.arguments[0]) else { return .invalidArgs("unknown coordinate type \(call.arguments[0])") }
            let r = extents(of: object, coords)
            return .values([.int32(r.x), .int32(r.y)])
        case "GetSize":
            if let bad = expect(call, "") { return bad }
            let r = extents(of: object, .window)
            return .values([.int32(r.width), .int32(r.height)])
        case "GetLayer":
            if let bad = expect(call, "") { return bad }
            // ATSPI_LAYER_WINDOW for the frame, ATSPI_LAYER_WIDGET inside it.
            if case .frame = object { return .values([.uint32(7)]) }
            return .values([.uint32(3)])
        case "GetMDIZOrder":
            if let bad = expect(call, "") { return bad }
            return .values([.int16(0)])
        case "GetAlpha":
            if let bad = expect(call, "") { return bad }
            return .values([.double(1)])
        case "GrabFocus", "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize":
            // Not offered (GrabFocus: not on what takes no focus): the answer
            // says so (false), as GTK's does.
            return .values([.bool(false)])
        default:
            return .unknownMethod(call)
        }
    }

    private func action(_ call: DBusCall, _ object: Object) -> (DBusReply, Request?) {
        guard case .node(let node, _) = object else { return (.unknownMethod(call), nil) }
        if call.member == "GetActions" {
            if let bad = expect(call, "") { return (bad, nil) }
            return (.values([.array(element: "(sss)", node.actions.map { .structure([.string($0), .string(""), .string("")]) })]), nil)
        }
        guard methods(of: ATSPI.action).contains(call.member) else { return (.unknownMethod(call), nil) }
        if let bad = expect(call, "i") { return (bad, nil) }
        let i = call.arguments[0].intValue ?? -1
        guard node.actions.indices.contains(i) else {
            return (.invalidArgs("action index \(i) is out of range: \(call.path) has \(node.actions.count)"), nil)
        }
        switch call.member {
        case "DoAction": return (.values([.bool(true)]), .click(key: node.key))
        case "GetName", "GetLocalizedName": return (.values([.string(node.actions[i])]), nil)
        default: return (.values([.string("")]), nil)
        }
    }

    // MARK: Properties

    private mutating func properties(_ call: DBusCall, _ object: Object) -> (DBusReply, Request?) {
        switch call.member {
        case "Get":
            if let bad = expect(call, "ss") { return (bad, nil) }
            let interface = call.arguments[0].stringValue ?? "", name = call.arguments[1].stringValue ?? ""
            guard let value = allProperties(of: object, interface: interface).first(where: { $0.0 == name })?.1 else {
                return (.invalidArgs("no property \(interface).\(name) at \(call.path)"), nil)
            }
            return (.values([.variant(value)]), nil)
        case "GetAll":
            if let bad = expect(call, "s") { return (bad, nil) }
            let pairs = allProperties(of: object, interface: call.arguments[0].stringValue ?? "").map { ($0.0, DBusValue.variant($0.1)) }
            return (.values([.dictionary(pairs)]), nil)
        case "Set":
            if let bad = expect(call, "ssv") { return (bad, nil) }
            // A value's number (a reader's increment or decrement): the app
            // takes it within its range, and the tree's next change tells it.
            if case .node(let node, _) = object, let range = node.value, call.arguments[0].stringValue == ATSPI.value,
               call.arguments[1].stringValue == "CurrentValue", let wanted = call.arguments[2].doubleValue, wanted.isFinite {
                return (.values([]), .setValue(key: node.key, value: min(max(wanted, range.minimum), range.maximum)))
            }
            guard case .root = object, call.arguments[0].stringValue == ATSPI.application, call.arguments[1].stringValue == "Id",
                  let id = call.arguments[2].intValue, let id32 = Int32(exactly: id) else {
                return (.error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "only Application.Id and a Value's CurrentValue can be set"), nil)
            }
            applicationId = id32
            return (.values([]), nil)
        default:
            return (.unknownMethod(call), nil)
        }
    }

    private func allProperties(of object: Object, interface: String) -> [(String, DBusValue)] {
        guard interfaces(of: object).contains(interface) else { return [] }
        switch interface {
        case ATSPI.accessible:
            let name: String, description: String, parent: DBusValue
            switch object {
            case .root: (name, description, parent) = ("trips", "", .structure([.string(desktop.name), .objectPath(desktop.path)]))
            case .frame: (name, description, parent) = (tree.title, "", reference(ATSPI.rootPath))
            case .node(let node, _): (name, description, parent) = (node.name, node.description, reference(ATSPI.framePath))
            }
            return [("Name", .string(name)), ("Description", .string(description)), ("Parent", parent),
                    ("ChildCount", .int32(Int32(children(of: object).count))), ("Locale", .string(locale)),
                    ("AccessibleId", .string(accessibleId(object))), ("HelpText", .string(""))]
        case ATSPI.application:
            return [("ToolkitName", .string("Trips")), ("Version", .string(toolkitVersion)), ("AtspiVersion", .string("2.1")),
                    ("Id", .int32(applicationId))]
        case ATSPI.value:
            // Set, it asks the app (`Request.setValue`); the description says it in words.
            guard case .node(let node, _) = object, let v = node.value else { return [] }
            return [("MinimumValue", .double(v.minimum)), ("MaximumValue", .double(v.maximum)),
                    ("MinimumIncrement", .double(v.step)), ("CurrentValue", .double(v.current)), ("Text", .string(node.description))]
        case ATSPI.action:
            guard case .node(let node, _) = object else { return [] }
            return [("NActions", .int32(Int32(node.actions.count)))]
        default:
            return []
        }
    }

    private func accessibleId(_ object: Object) -> String {
        switch object {
        case .root: return "trips"
        case .frame: return "window"
        case .node(let node, _): return node.key
        }
    }

    private func introspection(_ object: Object) -> String {
        let names = interfaces(of: object) + [ATSPI.properties, ATSPI.introspectable]
        return "<node>" + names.map { "<interface name=\"\($0)\"/>" }.joined() + "</node>"
    }

    // MARK: Signals

    private func eventSignal(_ path: String, _ interface: String, _ member: String, _ detail: String,
                             _ detail1: Int32, _ detail2: Int32, _ data: DBusValue) -> DBusSignal {
        DBusSignal(path: path, interface: interface, member: member,
                   arguments: [.string(detail), .int32(detail1), .int32(detail2), .variant(data), .dictionary([])])
    }

    func signals(for event: AccessibleEvent) -> [DBusSignal] {
        switch event {
        case .childAdded(let key, let index), .childRemoved(let key, let index):
            let added: Bool
            if case .childAdded = event { added = true } else { added = false }
            return [eventSignal(ATSPI.framePath, ATSPI.objectEvents, "ChildrenChanged", added ? "add" : "remove", Int32(index), 0,
                                reference(existingPath(of: key) ?? ATSPI.nullPath))]
        case .nameChanged(let key, let name):
            guard let path = existingPath(of: key) else { return [] }
            return [eventSignal(path, ATSPI.objectEvents, "PropertyChange", "accessible-name", 0, 0, .string(name))]
        case .descriptionChanged(let key, let description):
            guard let path = existingPath(of: key) else { return [] }
            return [eventSignal(path, ATSPI.objectEvents, "PropertyChange", "accessible-description", 0, 0, .string(description))]
        case .focusChanged(let key, let focused):
            guard let path = existingPath(of: key) else { return [] }
            return [eventSignal(path, ATSPI.objectEvents, "StateChanged", ATSPIState.focused.eventName, focused ? 1 : 0, 0, .int32(0))]
        case .windowActivated(let active):
            return [eventSignal(ATSPI.framePath, ATSPI.objectEvents, "StateChanged", ATSPIState.active.eventName, active ? 1 : 0, 0, .int32(0)),
                    eventSignal(ATSPI.framePath, ATSPI.windowEvents, active ? "Activate" : "Deactivate", "", 0, 0, .string(tree.title))]
        }
    }
}

extension ATSPI {
    static let nodePathPrefix = "/org/a11y/atspi/accessible/n"
    static func nodePath(_ n: Int) -> String { nodePathPrefix + "\(n)" }
}
