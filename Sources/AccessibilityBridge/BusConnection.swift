import CDBus
import Foundation

/// The one seam between the AT-SPI objects and the bus: a private libdbus
/// connection, used without its main loop. Calls that wait (only while
/// connecting, off the frame path) have a timeout; after that the frame
/// loop sends without waiting and reads with `pump`, which never blocks.
/// A connection is used by one thread at a time (the one that opened it
/// hands it over once).
public final class BusConnection: @unchecked Sendable {
    private let raw: OpaquePointer
    /// Our unique name on this bus (":1.42").
    public let uniqueName: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A message off the bus.
    public enum Incoming {
        /// A method call to answer; `token` goes back to `reply`.
        case call(DBusCall, token: OpaquePointer, wantsReply: Bool)
        /// The answer to the call sent as `serial`.
        case reply(serial: UInt32, arguments: [DBusValue])
        /// The error the call sent as `serial` got instead.
        case failed(serial: UInt32, error: String)
        /// A call whose arguments were larger than Trips reads, already
        /// answered with an error (`DBusMessageCoding.Budget`).
        case refused(member: String)
        case other
    }

    /// Connects to `address`, and says Hello, within `timeout` seconds.
    public init(address: String, timeout: Double) throws {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Failure(description: Self.text(error, or: "cannot connect to \(address)"))
        }
        // A bus that goes away must not end the app (libdbus would exit).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
        // dbus_bus_register would wait 25 s for the answer: Hello by hand.
        let hello = dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")!
        defer { dbus_message_unref(hello) }
        guard let answer = dbus_connection_send_with_reply_and_block(connection, hello, Self.milliseconds(timeout), &error) else {
            let reason = Self.text(error, or: "no answer to Hello")
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Failure(description: reason)
        }
        defer { dbus_message_unref(answer) }
        guard let name = DBusMessageCoding.arguments(of: answer)?.first?.stringValue else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Failure(description: "the bus gave no name")
        }
        uniqueName = name
        _ = dbus_bus_set_unique_name(connection, name)
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    private static func milliseconds(_ seconds: Double) -> Int32 { Int32(max(1, min(60_000, (seconds * 1000).rounded()))) }

    private static func text(_ error: DBusError, or fallback: String) -> String {
        guard dbus_error_is_set_wrapper(error) else { return fallback }
        let name = error.name.map { String(cString: $0) } ?? "", message = error.message.map { String(cString: $0) } ?? ""
        return message.isEmpty ? name : message
    }

    private static func dbus_error_is_set_wrapper(_ error: DBusError) -> Bool {
        var e = error
        return dbus_error_is_set(&e) != 0
    }

    private func methodCall(_ destination: String, _ path: String, _ interface: String, _ member: String,
                            _ arguments: [DBusValue]) throws -> OpaquePointer {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw Failure(description: "cannot make the call \(interface).\(member)")
        }
        guard DBusMessageCoding.append(arguments, to: message) else {
            dbus_message_unref(message)
            throw Failure(description: "cannot write the arguments of \(interface).\(member)")
        }
        return message
    }

    /// Calls and waits at most `timeout` seconds: while connecting only.
    public func callAndWait(_ destination: String, _ path: String, _ interface: String, _ member: String,
                            _ arguments: [DBusValue] = [], timeout: Double) throws -> [DBusValue] {
        let message = try methodCall(destination, path, interface, member, arguments)
        defer { dbus_message_unref(message) }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let answer = dbus_connection_send_with_reply_and_block(raw, message, Self.milliseconds(timeout), &error) else {
            throw Failure(description: Self.text(error, or: "no answer to \(interface).\(member)"))
        }
        defer { dbus_message_unref(answer) }
        guard let arguments = DBusMessageCoding.arguments(of: answer) else {
            throw Failure(description: "the answer to \(interface).\(member) is larger than Trips reads")
        }
        return arguments
    }

    /// Sends a call without waiting; its answer comes through `pump` with
    /// the serial returned (nil: it could not be queued).
    public func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
                     _ arguments: [DBusValue]) -> UInt32? {
        guard let message = try? methodCall(destination, path, interface, member, arguments) else { return nil }
        defer { dbus_message_unref(message) }
        var serial: dbus_uint32_t = 0
        return dbus_connection_send(raw, message, &serial) != 0 ? serial : nil
    }

    public func send(_ signal: DBusSignal) {
        guard let message = dbus_message_new_signal(signal.path, signal.interface, signal.member) else { return }
        defer { dbus_message_unref(message) }
        if DBusMessageCoding.append(signal.arguments, to: message) { _ = dbus_connection_send(raw, message, nil) }
    }

    /// Answers the call `token` came with, and lets it go.
    public func reply(_ token: OpaquePointer, _ reply: DBusReply, wanted: Bool) {
        defer { dbus_message_unref(token) }
        guard wanted else { return }
        var message: OpaquePointer?
        switch reply {
        case .values(let values):
            message = dbus_message_new_method_return(token)
            if let m = message, !DBusMessageCoding.append(values, to: m) {
                dbus_message_unref(m)
                message = dbus_message_new_error(token, "org.freedesktop.DBus.Error.Failed", "the answer could not be written")
            }
        case .error(let name, let text):
            message = dbus_message_new_error(token, name, text)
        }
        guard let message else { return }
        _ = dbus_connection_send(raw, message, nil)
        dbus_message_unref(message)
    }

    /// Writes what is queued and reads what has come, without blocking;
    /// every message read. Empty and `isConnected` false: the bus went away.
    public func pump() -> [Incoming] {
        _ = dbus_connection_read_write(raw, 0)
        var out: [Incoming] = []
        while let message = dbus_connection_pop_message(raw) {
            switch dbus_message_get_type(message) {
            case DBUS_MESSAGE_TYPE_METHOD_CALL:
                guard let arguments = DBusMessageCoding.arguments(of: message) else {
                    // Answered here, never read further: the bridge does not see it.
                    out.append(.refused(member: dbus_message_get_member(message).map { String(cString: $0) } ?? "?"))
                    reply(message, .error(name: "org.freedesktop.DBus.Error.LimitsExceeded",
                                          message: "an argument is longer than the \(DBusMessageCoding.Budget.stringLimit >> 10) KiB Trips reads"),
                          wanted: dbus_message_get_no_reply(message) == 0)
                    continue
                }
                let call = DBusCall(path: dbus_message_get_path(message).map { String(cString: $0) } ?? "",
                                    interface: dbus_message_get_interface(message).map { String(cString: $0) } ?? "",
                                    member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                                    arguments: arguments)
                out.append(.call(call, token: message, wantsReply: dbus_message_get_no_reply(message) == 0))
                continue // `reply` lets it go
            case DBUS_MESSAGE_TYPE_METHOD_RETURN:
                if let arguments = DBusMessageCoding.arguments(of: message) {
                    out.append(.reply(serial: dbus_message_get_reply_serial(message), arguments: arguments))
                } else {
                    out.append(.failed(serial: dbus_message_get_reply_serial(message), error: "an answer larger than Trips reads"))
                }
            case DBUS_MESSAGE_TYPE_ERROR:
                let name = dbus_message_get_error_name(message).map { String(cString: $0) } ?? "?"
                let text = DBusMessageCoding.arguments(of: message)?.first?.stringValue ?? ""
                out.append(.failed(serial: dbus_message_get_reply_serial(message), error: text.isEmpty ? name : name + ": " + text))
            default:
                out.append(.other)
            }
            dbus_message_unref(message)
        }
        return out
    }

    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Whether sent messages still wait to be written.
    public var hasOutgoing: Bool { dbus_connection_has_messages_to_send(raw) != 0 }

    /// The socket, to wait on it (nil: libdbus has none to give).
    public var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 ? fd : nil
    }
}
