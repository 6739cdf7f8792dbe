import Foundation

/// Starts the `trips` binary again in one of its modes (`trips MODE
/// APP_PID`): a worker when there is no zygote, or the zygote itself for a
/// process that already has threads. Its socket is descriptor 3 and it has
/// no other way out: stdio goes to /dev/null (a decoder spinning on
/// warnings must not flood the log). It gets its own process group, so a
/// terminal's Ctrl+C reaches the app, which ends its workers, rather than
/// every worker at once, and no signal blocked that the spawning thread
/// happened to block.
public enum ModeSpawn {
    /// Why posix_spawn failed: its errno.
    public struct Failure: Error {
        public var code: Int32
    }

    /// The child's pid, or the errno posix_spawn gave.
    public static func start(_ executable: String, mode: String, socket: Int32) -> Result<pid_t, Failure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, DecoderWorker.socketDescriptor)
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let arguments = [executable, mode, String(getpid())]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        return spawned == 0 ? .success(child) : .failure(Failure(code: spawned))
    }
}
