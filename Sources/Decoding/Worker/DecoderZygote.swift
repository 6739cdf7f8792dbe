import CSeccomp
import Foundation

/// Starts decode workers without exec. Started as a worker would be, a
/// worker costs the `trips` binary's exec and the loading of its ~86 shared
/// libraries, about 20 ms of CPU each, paid while the window opens. The
/// zygote is a process forked from the app before SDL or any thread starts:
/// it loads and warms the decoders once (`DecoderWorker.warmUp`), then forks
/// a ready worker for each request. Each worker is made the app's own child
/// (CLONE_PARENT), so the app waits for it and reads how it ended exactly as
/// for a worker it started itself, and it confines itself
/// (`DecoderSandbox`) before it reads a photo, as any worker does.
///
/// The app asks over a Unix socket: one byte with the new worker's socket
/// (SCM_RIGHTS); the zygote answers with the worker's pid. The zygote dies
/// with the app (a parent-death signal, and the socket's end). Safe to use
/// from any thread.
public final class DecoderZygote: @unchecked Sendable {
    static let modeArgument = "--decode-zygote"
    /// What ps and pgrep call the zygote and its workers (comm).
    static let nameOfZygote = "trips-zygote"
    static let nameOfWorker = "trips-decoder"
    private let lock = NSLock()
    private var control: Int32
    private let pid: pid_t

    private init(control: Int32, pid: pid_t) {
        self.control = control
        self.pid = pid
    }

    deinit {
        if control >= 0 { close(control) }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Forks the zygote from this process, which must have no other thread
    /// yet (a fork copies only the calling thread; a lock another thread
    /// held would stay locked). Call it first thing in `main`. Nil when the
    /// fork failed: workers are then started with exec.
    public static func forkHere() -> DecoderZygote? {
        guard let pair = socketPair() else { return nil }
        let app = getpid()
        let child = fork()
        if child == 0 {
            close(pair.app)
            serve(control: pair.zygote, app: app)
        }
        close(pair.zygote)
        guard child > 0 else { close(pair.app); return nil }
        return DecoderZygote(control: pair.app, pid: child)
    }

    /// Starts the zygote by exec of `executable` (its zygote mode), for a
    /// process that already has threads (the tests). Its workers are still
    /// this process's children.
    public static func spawn(executable: String) -> DecoderZygote? {
        guard let pair = socketPair() else { return nil }
        let spawned = ModeSpawn.start(executable, mode: modeArgument, socket: pair.zygote)
        close(pair.zygote)
        guard case .success(let child) = spawned else { close(pair.app); return nil }
        return DecoderZygote(control: pair.app, pid: child)
    }

    /// Runs the zygote when the command line asks for it (`trips
    /// --decode-zygote APP_PID`, its socket on descriptor 3); otherwise returns.
    static func runIfAsked(_ arguments: [String]) {
        guard arguments.count >= 3, arguments[1] == modeArgument, let app = Int32(arguments[2]) else { return }
        serve(control: DecoderWorker.socketDescriptor, app: app)
    }

    /// A worker on the other end of `socket` (which the caller still owns
    /// and closes), or nil when the zygote is gone (then the caller starts
    /// one with exec).
    public func startWorker(socket: Int32) -> pid_t? {
        lock.lock()
        defer { lock.unlock() }
        guard control >= 0 else { return nil }
        var ask: UInt8 = 1
        var child: Int32 = -1
        var fd: Int32 = -1
        let asked = trips_send_with_fd(control, &ask, 1, socket) == 1
        let answered = asked && withUnsafeMutableBytes(of: &child) { trips_receive_with_fd(control, $0.baseAddress, 4, &fd) } == 4
        if fd >= 0 { close(fd) }
        guard answered else { close(control); control = -1; return nil }
        return child > 0 ? child : nil
    }

    /// A connected SEQPACKET pair, close-on-exec: the app's end and the
    /// other process's (the zygote's, or a worker's).
    public static func socketPair() -> (app: Int32, zygote: Int32)? {
        var pair: [Int32] = [-1, -1]
        guard Glibc.socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return nil }
        return (pair[0], pair[1])
    }

    /// The zygote's life: decoders loaded and warmed once, then a worker
    /// forked for each request until the app goes away.
    private static func serve(control: Int32, app: pid_t) -> Never {
        ParentDeath.follow(app)
        // Forked, not exec'd, it has the app's command line: its name tells it apart.
        _ = trips_prctl_set_name(nameOfZygote)
        // Its own process group, so a terminal's Ctrl+C reaches the app,
        // which ends the workers, rather than every worker at once.
        setpgid(0, 0)
        for fd: Int32 in [0, 1, 2] {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd { dup2(null, fd); close(null) }
        }
        DecoderWorker.warmUp()
        while true {
            var ask: UInt8 = 0
            var socket: Int32 = -1
            let n = trips_receive_with_fd(control, &ask, 1, &socket)
            guard n > 0 else { _exit(0) } // the app closed its end
            guard socket >= 0 else { continue }
            let child = trips_clone_sibling()
            if child == 0 {
                close(control)
                DecoderWorker.runForked(socket: socket, app: app)
            }
            close(socket)
            var answer = Int32(child)
            guard withUnsafeBytes(of: &answer, { trips_send_with_fd(control, $0.baseAddress, 4, -1) }) == 4 else { _exit(0) }
        }
    }
}
