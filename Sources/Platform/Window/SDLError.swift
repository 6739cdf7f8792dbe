import CSDL2

/// An SDL call that failed, with SDL's own reason.
public struct SDLError: Error, CustomStringConvertible {
    public var call: String
    public var reason: String
    public var description: String { "\(call) failed: \(reason)" }

    /// Captures SDL_GetError() right after the failing call.
    static func last(_ call: String) -> SDLError {
        SDLError(call: call, reason: String(cString: SDL_GetError()))
    }
}
