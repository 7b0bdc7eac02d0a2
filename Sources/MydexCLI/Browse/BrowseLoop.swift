import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What reaches a running `browse`: keys from the terminal, a new size, a signal that ends it,
/// the terminal gone, or a message from work that finished later.
enum BrowseInput: Sendable {
    case keys([KeyEvent])
    case resize
    case signal(Int32)
    case closed
    case message(String)
    /// The count a search put off, asked for once the frame with its first page is out.
    case count
}

/// The process ended by a signal once the terminal was put back: exits with 128 + its number,
/// as a shell reports it.
struct SignalExit: Error, Equatable {
    let signal: Int32
}

/// Runs a session on the terminal: reads keys on a thread of its own (never blocking the
/// cooperative pool, which has two threads here), hears SIGWINCH, SIGTERM, SIGHUP and SIGINT
/// through dispatch sources, and draws a frame after each input, writing only the cells that
/// changed, inside synchronized output (DEC mode 2026) so the terminal shows whole frames.
struct BrowseLoop {
    let session: TerminalSession
    let controller: BrowseController
    var renderer: BrowseRenderer

    static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Until the user quits (nil) or a signal ends the session (the signal). The terminal is
    /// restored before this returns, whichever way it ends.
    mutating func run() async -> Int32? {
        let (inputs, continuation) = AsyncStream<BrowseInput>.makeStream()
        controller.post = { continuation.yield(.message($0)) }
        let reader = KeyReader(input: session.input, continuation: continuation)
        let signals = SignalSources(Self.endingSignals + [SIGWINCH]) { signal in
            continuation.yield(signal == SIGWINCH ? .resize : .signal(signal))
        }
        // The terminal first: a signal's default action comes back only once it is restored.
        defer {
            session.restore()
            signals.cancel()
            reader.stop()
        }
        reader.start()
        var previous: ScreenBuffer?
        await controller.resize(to: layout())
        await controller.refresh()
        draw(&previous)
        for await input in inputs {
            switch input {
            case .keys(let keys):
                for key in keys {
                    if key == .control("z") {
                        session.suspend()
                        previous = nil
                        await controller.resize(to: layout())
                        continue
                    }
                    await controller.handle(key)
                    if controller.finished { return nil }
                }
            case .resize:
                await controller.resize(to: layout())
            case .signal(let signal):
                return signal
            case .closed:
                return SIGHUP
            case .message(let text):
                controller.show(text)
            case .count:
                await controller.finishCount()
            }
            draw(&previous)
            // Queued behind keys already typed: a search typed fast is counted once, at its end.
            if controller.countPending { continuation.yield(.count) }
        }
        return nil
    }

    private func layout() -> BrowseLayout {
        let size = session.size() ?? (80, 24)
        return BrowseLayout(width: size.columns, height: size.rows)
    }

    private mutating func draw(_ previous: inout ScreenBuffer?) {
        let frame = renderer.frame(controller)
        let changes = frame.rendered(after: previous, depth: renderer.depth)
        if !changes.isEmpty { session.write(Self.synchronized(changes)) }
        previous = frame
    }

    /// A frame between "begin" and "end synchronized update": terminals that know mode 2026 show
    /// it at once; the others ignore both.
    static func synchronized(_ changes: String) -> String { "\u{1B}[?2026h" + changes + "\u{1B}[?2026l" }
}

/// Reads the terminal on its own thread and decodes keys; a lone ESC is told from the start of
/// a sequence by `escapeWait` of silence. `stop()` wakes it through a pipe and waits for it to end.
private final class KeyReader: @unchecked Sendable {
    private let input: Int32
    private let continuation: AsyncStream<BrowseInput>.Continuation
    private var wake: [Int32] = [-1, -1]
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    /// A terminal writes a key's sequence at once, so its bytes arrive together; over a slow link
    /// they may not. 10 ms is tmux's own wait since 3.5 (Esc is then answered within a frame).
    static let escapeWait: Int32 = 10

    init(input: Int32, continuation: AsyncStream<BrowseInput>.Continuation) {
        self.input = input
        self.continuation = continuation
    }

    func start() {
        guard pipe(&wake) == 0 else {
            continuation.yield(.closed)
            return
        }
        started = true
        let thread = Thread { [self] in
            read()
            done.signal()
        }
        thread.stackSize = 1 << 18
        thread.start()
    }

    func stop() {
        guard started else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wake[1], &byte, 1)
        done.wait()
        close(wake[0])
        close(wake[1])
        started = false
    }

    private func read() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, decoder.isWaiting ? Self.escapeWait : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.closed)
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                let events = decoder.flush()
                if !events.isEmpty { continuation.yield(.keys(events)) }
                continue
            }
            if descriptors[0].revents & Int16(POLLIN) == 0, descriptors[0].revents != 0 {
                // Hung up or gone: nobody is at the terminal any more.
                continuation.yield(.closed)
                return
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                continuation.yield(.closed)
                return
            }
            let events = decoder.feed(buffer[0..<count])
            if !events.isEmpty { continuation.yield(.keys(events)) }
        }
    }
}

/// Signals heard through dispatch sources while a session runs; their default actions (which
/// would end mydex with the terminal raw) are off until `cancel()` puts them back.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
