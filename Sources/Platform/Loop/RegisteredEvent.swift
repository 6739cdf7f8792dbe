import CSDL2

/// An SDL event type of the app's own, for what SDL does not say itself:
/// decoded photos waiting, a replayed gesture cancelled. SDL_USEREVENT when
/// SDL has no types left (it hands out 32,767). Registering needs no
/// SDL_Init, so one can be made before the window opens.
public struct RegisteredEvent: Sendable {
    public let type: UInt32

    public init() {
        let registered = SDL_RegisterEvents(1)
        type = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
    }

    /// Wakes a frame loop sleeping in SDL_WaitEvent; any thread (SDL's
    /// event queue is thread-safe).
    @Sendable public func push() { push(code: 0) }

    /// The same, with `code` in the event's `user.code` (which signal came).
    @Sendable public func push(code: Int32) {
        var event = SDL_Event()
        event.type = type
        event.user.code = code
        SDL_PushEvent(&event)
    }
}
