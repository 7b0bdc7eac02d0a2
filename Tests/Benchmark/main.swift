// mydex's benchmark (docs/PERFORMANCE.md): runs the built `mydex` and the `sqlite3` CLI side by
// side on generated collections, alternating runs, and prints each ratio with min/median/max
// and peak memory as Markdown. Ratios, not absolute times: the machine is shared and noisy.
//
//   swift build -c release && swift run -c release MydexBenchmark [--runs N] [--quick] [--search]
//
// It is a benchmark, not a test: nothing here is asserted.

import Foundation
import MydexCatalog
import MydexModel

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var runs = 15
    var quick = false
    /// `--browse`: only the browse rows (on the largest collection), to iterate on them.
    var browseOnly = false
    /// `--search`: only the rows of `search` and `release --duplicates` (issue 30), to iterate on them.
    var searchOnly = false
    /// `--individuals`: only issue 31's rows (sorting and filtering individuals, a catch against
    /// the mydex built before them: `--mydex-before PATH`).
    var individualsOnly = false
    var mydexBefore: String?
    /// `--saves`: only issue 32's rows (importing a game's save).
    var savesOnly = false
    /// `--showdown`: only issue 33's rows (Showdown sets out and in).
    var showdownOnly = false
    /// `--profile`: only where the instructions go, on both sides of the rows whose goal is a
    /// ratio against `sqlite3` (callgrind; needs valgrind).
    var profileOnly = false
    var mydex: String
    var sqlite3 = "/usr/bin/sqlite3"

    init(_ arguments: [String]) throws {
        // The mydex built beside this benchmark (same configuration and build folder).
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        mydex = folder.appendingPathComponent("mydex").path
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = try Self.number(rest.popFirst(), "--runs")
            case "--quick": quick = true
            case "--browse": browseOnly = true
            case "--search": searchOnly = true
            case "--profile": profileOnly = true
            case "--individuals": individualsOnly = true
            case "--saves": savesOnly = true
            case "--showdown": showdownOnly = true
            case "--mydex-before": mydexBefore = try Self.value(rest.popFirst(), "--mydex-before")
            case "--mydex": mydex = try Self.value(rest.popFirst(), "--mydex")
            case "--sqlite3": sqlite3 = try Self.value(rest.popFirst(), "--sqlite3")
            case "-h", "--help":
                print("usage: MydexBenchmark [--runs N] [--quick] [--browse] [--search] [--individuals [--mydex-before PATH]] [--saves] [--showdown] [--profile] [--mydex PATH] [--sqlite3 PATH]")
                exit(0)
            default: throw BenchmarkError("unknown argument \(argument); see --help")
            }
        }
    }

    static func value(_ value: String?, _ flag: String) throws -> String {
        guard let value, !value.isEmpty else { throw BenchmarkError("\(flag) needs a value") }
        return value
    }

    static func number(_ value: String?, _ flag: String) throws -> Int {
        guard let value, let number = Int(value), number > 0 else { throw BenchmarkError("\(flag) needs a positive number") }
        return number
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One run of a program: wall time and the peak resident memory the kernel reports for it.
struct Measurement {
    var seconds: Double
    var peakKilobytes: Int
}

/// Starts `arguments` with posix_spawn, its standard input, output and error opened from these
/// paths (path, flags).
func spawn(_ arguments: [String], environment: [String: String], stdio: [(String, Int32)]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, (path, flags)) in stdio.enumerated() {
        posix_spawn_file_actions_addopen(&actions, Int32(descriptor), path, flags, 0o644)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
    return pid
}

/// Runs `arguments` with posix_spawn, output to /dev/null (or to `output`), and waits with
/// wait4 for its resource usage.
func measure(_ arguments: [String], environment: [String: String], output: String = "/dev/null") throws -> Measurement {
    let started = DispatchTime.now().uptimeNanoseconds
    let pid = try spawn(arguments, environment: environment, stdio: [
        ("/dev/null", O_RDONLY), (output, O_WRONLY | O_CREAT | O_TRUNC), ("/dev/null", O_WRONLY),
    ])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let exited = (status & 0x7F) == 0
    guard exited, (status >> 8) & 0xFF == 0 else {
        throw BenchmarkError("\(arguments.joined(separator: " ")) failed (wait status \(status))")
    }
    return Measurement(seconds: seconds, peakKilobytes: usage.ru_maxrss)
}

/// The peak resident memory of one run, in KiB, as GNU time reports it (nil without it).
func peakMemory(_ subject: Subject, environment: [String: String]) throws -> Int? {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-benchmark-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: report) }
    try subject.prepare()
    _ = try measure([time, "-f", "%M", "-o", report.path] + subject.arguments, environment: environment)
    return Int(try String(contentsOf: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
}

struct Statistics {
    var min: Double
    var median: Double
    var max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        min = sorted.first ?? 0
        max = sorted.last ?? 0
        median = sorted.isEmpty ? 0 : sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// A program to time, with work to do before each run that is not timed (e.g. a fresh file).
struct Subject {
    var label: String
    var arguments: [String]
    /// Variables that differ from the benchmark's environment for this side (e.g. `LANG`).
    var environment: [String: String] = [:]
    var prepare: () throws -> Void = {}
}

struct Row {
    var what: String
    var against: String
    var ratio: Statistics
    var subject: Statistics
    var reference: Statistics
    var subjectPeak: Int
    var referencePeak: Int
}

/// Paired runs, alternating which goes first, so that both see the same machine.
func compare(_ what: String, _ subject: Subject, against reference: Subject, runs: Int, environment: [String: String]) throws -> Row {
    var ratios: [Double] = []
    var subjectTimes: [Double] = []
    var referenceTimes: [Double] = []
    var peaks = (subject: 0, reference: 0)
    // One untimed warm-up each: page cache, dynamic loader caches.
    let environments = (
        subject: environment.merging(subject.environment) { _, own in own },
        reference: environment.merging(reference.environment) { _, own in own })
    try subject.prepare()
    _ = try measure(subject.arguments, environment: environments.subject)
    try reference.prepare()
    _ = try measure(reference.arguments, environment: environments.reference)
    for run in 0..<runs {
        var pair: (subject: Measurement?, reference: Measurement?) = (nil, nil)
        for which in run % 2 == 0 ? [0, 1] : [1, 0] {
            if which == 0 {
                try subject.prepare()
                pair.subject = try measure(subject.arguments, environment: environments.subject)
            } else {
                try reference.prepare()
                pair.reference = try measure(reference.arguments, environment: environments.reference)
            }
        }
        guard let measuredSubject = pair.subject, let measuredReference = pair.reference else { continue }
        ratios.append(measuredSubject.seconds / measuredReference.seconds)
        subjectTimes.append(measuredSubject.seconds)
        referenceTimes.append(measuredReference.seconds)
        peaks.subject = max(peaks.subject, measuredSubject.peakKilobytes)
        peaks.reference = max(peaks.reference, measuredReference.peakKilobytes)
    }
    // wait4's peak counts the benchmark's own memory: posix_spawn starts the child in this
    // process's address space, and the kernel keeps that high-water mark across exec. GNU time
    // forks from a small process instead, so its figure is the program's own.
    if let subjectPeak = try peakMemory(subject, environment: environments.subject) { peaks.subject = subjectPeak }
    if let referencePeak = try peakMemory(reference, environment: environments.reference) { peaks.reference = referencePeak }
    return Row(
        what: what, against: reference.label, ratio: Statistics(ratios), subject: Statistics(subjectTimes),
        reference: Statistics(referenceTimes), subjectPeak: peaks.subject, referencePeak: peaks.reference)
}

/// Collections of a given size, made once per benchmark run in a temporary folder.
struct Workspace {
    let root: URL
    let options: Options
    let environment: [String: String]

    init(options: Options) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.options = options
        environment = [
            "HOME": root.path, "PATH": "/usr/bin:/bin", "MYDEX_OFFLINE": "1", "LANG": "C.UTF-8", "TZ": "UTC",
        ]
    }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// A collection with `entries` Pokémon: one caught by mydex (which creates and migrates the
    /// file), the rest inserted in one SQL statement, spread over every species, with history.
    func collection(entries: Int) throws -> String {
        let database = path("collection-\(entries).sqlite")
        _ = try measure([options.mydex, "catch", "--offline", "--seed", "1", "--db", database], environment: environment)
        if entries > 1 {
            let sql = """
                WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(entries))
                INSERT INTO caught_pokemon (species_id, form_id, nickname, is_favorite, is_shiny, caught_at)
                SELECT (i * 7919) % 1025 + 1, (i * 7919) % 1025 + 1, CASE WHEN i % 10 = 0 THEN 'Nick' || i END, i % 17 = 0, i % 4096 = 0,
                       strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || i || ' minutes') FROM n;
                INSERT INTO history (entry_id, action, detail, occurred_at)
                SELECT id, 'catch', NULL, caught_at FROM caught_pokemon WHERE id > 1;
                """
            _ = try measure([options.sqlite3, database, sql], environment: environment)
        }
        return database
    }

    /// pokemon-colorscripts' layout, made with mydex: `pokemon.json` (every species' slug and
    /// forms), one picture per species under `colorscripts/`, and the script that reads them.
    func colorscripts(mydex: String, environment: [String: String]) throws -> String {
        let folder = path("colorscripts")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let listing = path("pokedex.json")
        _ = try measure([mydex, "dex", "list", "--limit", "2000", "--json"], environment: environment, output: listing)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: listing))) as? [String: Any]
        let species = (document?["results"] as? [[String: Any]] ?? []).compactMap { result -> (Int, String)? in
            guard let row = result["species"] as? [String: Any], let dex = row["dex"] as? Int, let slug = row["species"] as? String, dex < 10_000 else { return nil }
            return (dex, slug)
        }
        guard species.count > 1000 else { throw BenchmarkError("`mydex dex list --json` listed \(species.count) species") }
        for (dex, slug) in species {
            _ = try measure([mydex, "sprite", String(dex), "--color", "always", "--no-title"],
                            environment: environment, output: "\(folder)/\(slug).txt")
        }
        let entries = species.map { ["name": $0.1, "forms": ["regular"]] as [String: Any] }
        try JSONSerialization.data(withJSONObject: entries).write(to: URL(fileURLWithPath: path("pokemon.json")))
        let script = path("pokemon-colorscripts.py")
        try """
            import argparse, json, os, random, sys
            here = os.path.dirname(os.path.realpath(__file__))
            parser = argparse.ArgumentParser(prog="pokemon-colorscripts")
            parser.add_argument("-r", "--random", nargs="?", const="1-9", default=None)
            parser.add_argument("--no-title", action="store_false", dest="title")
            parser.add_argument("-s", "--shiny", action="store_true")
            arguments = parser.parse_args()
            with open(os.path.join(here, "pokemon.json")) as file:
                names = [pokemon["name"] for pokemon in json.load(file)]
            name = random.choice(names)
            shiny = arguments.shiny or random.random() <= 1 / 128
            if arguments.title:
                print(name + (" (shiny)" if shiny else ""))
            with open(os.path.join(here, "colorscripts", name + ".txt")) as file:
                print(file.read(), end="")
            """.write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// What `mydex list --sort dex` shows, as the sqlite3 CLI would print it with the same joins:
/// the collection, and the species' English names and types from the catalog image attached.
let listQuery = """
    SELECT c.id, printf('#%04d', c.species_id), coalesce(l.name, s.name), c.nickname,
           (SELECT group_concat(t.type, '/') FROM catalog.species_types t WHERE t.species_id = c.species_id),
           c.is_favorite, c.is_shiny, substr(c.caught_at, 1, 10)
    FROM caught_pokemon c JOIN catalog.species s ON s.id = c.species_id
    LEFT JOIN catalog.species_names l ON l.species_id = c.species_id AND l.language = 'en'
    WHERE c.released_at IS NULL ORDER BY c.species_id, c.id;
    """

/// What `mydex dex progress` counts, as the sqlite3 CLI would: held species per Pokédex of the
/// games, and per generation.
let progressQuery = """
    WITH held AS MATERIALIZED (SELECT DISTINCT species_id AS id FROM caught_pokemon WHERE released_at IS NULL)
    SELECT p.identifier, count(*), count(h.id) FROM catalog.pokedexes p
    JOIN (SELECT DISTINCT pokedex_id, species_id FROM catalog.pokedex_numbers) n ON n.pokedex_id = p.id
    LEFT JOIN held h ON h.id = n.species_id WHERE p.main_series GROUP BY p.id ORDER BY p.id;
    WITH held AS MATERIALIZED (SELECT DISTINCT species_id AS id FROM caught_pokemon WHERE released_at IS NULL)
    SELECT s.generation, count(*), count(h.id) FROM catalog.species s LEFT JOIN held h ON h.id = s.id
    GROUP BY s.generation ORDER BY s.generation;
    """

/// The catalog image mydex embeds, beside this file's package (the sqlite3 CLI attaches it).
/// The checkout's paged image (`Catalog.pageFiles`, one after the other) inflated into a plain
/// SQLite file in the temporary folder (empty when that fails: the run then stops, saying so),
/// removed when the run ends.
let catalogImage: String = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CMydexCatalog")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-benchmark-catalog-\(getpid()).sqlite")
    guard let paged = try? Catalog.pageFiles.reduce(into: Data(), { $0 += try Data(contentsOf: folder.appendingPathComponent($1)) }),
          let database = Catalog.database(paged: paged), (try? database.write(to: file)) != nil else { return "" }
    return file.path
}()

/// The sqlite3 CLI on `database` with the catalog attached, running `sql`.
/// The reference for a catch: one row inserted by `sqlite3`.
let insertStatement = "INSERT INTO caught_pokemon (species_id, form_id, caught_at) VALUES (25, 25, '2026-01-01 00:00:00.000')"

func sqlite3WithCatalog(_ sqlite3: String, _ database: String, _ sql: String) -> [String] {
    [sqlite3, "-cmd", "ATTACH 'file:\(catalogImage)?mode=ro' AS catalog", database, sql]
}

/// One `mydex browse` session on a pseudo-terminal of 120×40, as a person at a 24-bit colour
/// terminal has it: how long until the first frame is complete, then for each key how long
/// from pressing it to the end of the frame it causes and how many bytes that frame wrote.
/// A frame ends with "end synchronized update" (`ESC [ ? 2026 l`), which browse writes once a
/// frame. The peak memory is GNU time's figure for mydex alone.
struct BrowseSession {
    struct Key {
        var label: String
        var bytes: [UInt8]
    }

    var firstFrame: Double
    /// For each key: until the end of its frame, until the end of the last frame it causes (a
    /// search draws its first page, then its count), and the bytes of all of them.
    var keys: [(label: String, seconds: Double, settled: Double, bytes: Int)]
    var peakKilobytes: Int?

    static let frameEnd = Array("\u{1B}[?2026l".utf8)

    static func run(_ mydex: String, database: String, keys: [Key], environment: [String: String]) throws -> BrowseSession {
        // posix_openpt and friends are not in Swift's Glibc: /dev/ptmx, then TIOCSPTLCK (unlock)
        // and TIOCGPTN (the number of the terminal's other side).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlocked) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw BenchmarkError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        let terminal = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-benchmark-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let time = "/usr/bin/time"
        let timed = FileManager.default.isExecutableFile(atPath: time)
        let arguments = (timed ? [time, "-f", "%M", "-o", report.path] : []) + [mydex, "browse", "--db", database]
        let session = environment.merging(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { _, own in own }
        let started = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(arguments, environment: session, stdio: Array(repeating: (terminal, O_RDWR), count: 3))
        var pending: [UInt8] = []
        /// Reads until a frame ends (or, with a wait, nil when none ends within it); returns
        /// when, and the bytes the frame took. Only bytes not yet searched are searched (a marker
        /// may straddle two reads).
        func nextFrame(within milliseconds: Int32 = 10_000) throws -> (at: UInt64, bytes: Int)? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var searched = 0
            while true {
                var start = max(0, searched - frameEnd.count)
                var found: Int?
                while start + frameEnd.count <= pending.count, found == nil {
                    if pending[start] == frameEnd[0], pending[start..<(start + frameEnd.count)].elementsEqual(frameEnd) { found = start }
                    start += 1
                }
                searched = pending.count
                if let end = found {
                    let count = end + frameEnd.count
                    pending.removeFirst(count)
                    return (DispatchTime.now().uptimeNanoseconds, count)
                }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, milliseconds) > 0 else {
                    if milliseconds < 10_000 { return nil }
                    throw BenchmarkError("browse drew no frame within 10 s")
                }
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { throw BenchmarkError("browse closed the terminal") }
                pending += buffer[0..<count]
            }
        }
        guard let first = try nextFrame() else { throw BenchmarkError("browse drew no first frame") }
        var measured: [(String, Double, Double, Int)] = []
        for key in keys {
            let pressed = DispatchTime.now().uptimeNanoseconds
            _ = key.bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            guard let frame = try nextFrame() else { throw BenchmarkError("no frame after \(key.label)") }
            // Frames that follow on their own (a search's count) belong to this key too.
            var last = frame
            var bytes = frame.bytes
            while let more = try nextFrame(within: 150) {
                last = more
                bytes += more.bytes
            }
            measured.append((key.label, Double(frame.at - pressed) / 1e9, Double(last.at - pressed) / 1e9, bytes))
        }
        _ = write(master, "q", 1)
        // Drain what it writes while leaving, so that it never blocks on a full terminal.
        var status: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while waitpid(pid, &status, WNOHANG) == 0 {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 { _ = read(master, &buffer, buffer.count) }
        }
        let peak = timed ? Int((try? String(contentsOf: report, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") : nil
        return BrowseSession(firstFrame: Double(first.at - started) / 1e9, keys: measured, peakKilobytes: peak)
    }
}

/// The browse rows: the first frame against `mydex list --limit 30` on the same collection
/// (paired runs, alternating), and each key's time to its frame and the frame's bytes.
func compareBrowse(
    _ mydex: String, database: String, label: String, runs: Int, environment: [String: String]
) throws -> (row: Row, keys: [(label: String, seconds: Statistics, settled: Statistics, bytes: Statistics)]) {
    let keys: [BrowseSession.Key] = [
        .init(label: "→ (next cell)", bytes: Array("\u{1B}[C".utf8)),
        .init(label: "↓ (next row)", bytes: Array("\u{1B}[B".utf8)),
        .init(label: "PgDn (next page: a query)", bytes: Array("\u{1B}[6~".utf8)),
        .init(label: "End (the last page)", bytes: Array("\u{1B}[F".utf8)),
        .init(label: "Home", bytes: Array("\u{1B}[H".utf8)),
        .init(label: "s (sort by Pokédex number)", bytes: Array("s".utf8)),
        .init(label: "PgDn, sorted by Pokédex number", bytes: Array("\u{1B}[6~".utf8)),
        .init(label: "s (sort by name)", bytes: Array("s".utf8)),
        .init(label: "PgDn, sorted by name", bytes: Array("\u{1B}[6~".utf8)),
        .init(label: "s s (by date caught, then by entry again)", bytes: Array("ss".utf8)),
        .init(label: "/ (the search field)", bytes: Array("/".utf8)),
        .init(label: "p typed in the search", bytes: Array("p".utf8)),
        .init(label: "i typed in the search", bytes: Array("i".utf8)),
        .init(label: "Esc (search cleared)", bytes: [0x1B]),
        .init(label: "Enter (detail page)", bytes: [0x0D]),
        .init(label: "Esc (back to the grid)", bytes: [0x1B]),
    ]
    let list = [mydex, "list", "--limit", "30", "--db", database]
    _ = try measure(list, environment: environment)
    _ = try BrowseSession.run(mydex, database: database, keys: [], environment: environment)
    var ratios: [Double] = []
    var browseTimes: [Double] = []
    var listTimes: [Double] = []
    var peaks = (browse: 0, list: 0)
    var keyTimes = [[Double]](repeating: [], count: keys.count)
    var keySettled = [[Double]](repeating: [], count: keys.count)
    var keyBytes = [[Double]](repeating: [], count: keys.count)
    for run in 0..<runs {
        var pair: (browse: BrowseSession?, list: Measurement?) = (nil, nil)
        for which in run % 2 == 0 ? [0, 1] : [1, 0] {
            if which == 0 {
                pair.browse = try BrowseSession.run(mydex, database: database, keys: keys, environment: environment)
            } else {
                pair.list = try measure(list, environment: environment)
            }
        }
        guard let session = pair.browse, let listed = pair.list else { continue }
        ratios.append(session.firstFrame / listed.seconds)
        browseTimes.append(session.firstFrame)
        listTimes.append(listed.seconds)
        peaks.browse = max(peaks.browse, session.peakKilobytes ?? 0)
        for (index, key) in session.keys.enumerated() {
            keyTimes[index].append(key.seconds)
            keySettled[index].append(key.settled)
            keyBytes[index].append(Double(key.bytes))
        }
    }
    if let listPeak = try peakMemory(Subject(label: "", arguments: list), environment: environment) { peaks.list = listPeak }
    let row = Row(
        what: "`mydex browse`, first frame, \(label) entries (120×40, 24-bit colour)", against: "`mydex list --limit 30`",
        ratio: Statistics(ratios), subject: Statistics(browseTimes), reference: Statistics(listTimes),
        subjectPeak: peaks.browse, referencePeak: peaks.list)
    return (row, keys.indices.map { (keys[$0].label, Statistics(keyTimes[$0]), Statistics(keySettled[$0]), Statistics(keyBytes[$0])) })
}

/// The browse row and its keys, as Markdown.
func printBrowse(_ browse: (row: Row, keys: [(label: String, seconds: Statistics, settled: Statistics, bytes: Statistics)]), label: String) {
    let row = browse.row
    print("\n`mydex browse` on the \(label)-entry collection: the first frame against `mydex list --limit 30`, ratio min / median / max \(String(format: "%.2f× / %.2f× / %.2f×", row.ratio.min, row.ratio.median, row.ratio.max)) (medians \(String(format: "%.1f ms against %.1f ms", row.subject.median * 1000, row.reference.median * 1000))); peak memory \(String(format: "%.1f MiB", Double(row.subjectPeak) / 1024)). Then from a key press to the end of the frame it causes, to the end of the last frame it causes (a search's count follows its first page), and what they wrote to the terminal:\n")
    print("| key | to its frame, min / median / max | to the last frame (median) | bytes written (median) |")
    print("| --- | --- | --- | --- |")
    for key in browse.keys {
        let times = String(format: "%.1f / %.1f / %.1f ms", key.seconds.min * 1000, key.seconds.median * 1000, key.seconds.max * 1000)
        print("| \(key.label) | \(times) | \(String(format: "%.1f ms", key.settled.median * 1000)) | \(Int(key.bytes.median)) |")
    }
}

/// Issue 30's rows, on a copy of `collection` where one entry in nine is nicknamed 번개 (1,111 of
/// 10,000, over most species): `search 번개` against `list --name 번개` (the same entries), and
/// `release --duplicates --dry-run` (a line per entry it would release) against `list --limit N`
/// of as many entries (N the number it names: the same number of rows, read and printed).
func searchAndReleaseRows(
    _ mydex: String, _ sqlite3: String, collection: String, label: String, in workspace: Workspace, runs: Int,
    environment: [String: String]
) throws -> [Row] {
    let shared = workspace.path("shared-nickname.sqlite")
    try FileManager.default.copyItem(atPath: collection, toPath: shared)
    _ = try measure([sqlite3, shared, "UPDATE caught_pokemon SET nickname = '번개' WHERE id % 9 = 0"], environment: environment)
    let dryRun = workspace.path("release-dry-run.txt")
    _ = try measure([mydex, "release", "--duplicates", "--dry-run", "--db", shared], environment: environment, output: dryRun)
    let released = try String(contentsOfFile: dryRun, encoding: .utf8).split(separator: "\n").count
    return [
        try compare(
            "`mydex search 번개`, \(label) entries, one in nine nicknamed 번개",
            Subject(label: "", arguments: [mydex, "search", "번개", "--db", shared]),
            against: Subject(label: "`mydex list --name 번개` (the same entries)", arguments: [mydex, "list", "--name", "번개", "--db", shared]),
            runs: runs, environment: environment),
        try compare(
            "`mydex release --duplicates --dry-run`, the same \(label) entries (\(released) to release)",
            Subject(label: "", arguments: [mydex, "release", "--duplicates", "--dry-run", "--db", shared]),
            against: Subject(
                label: "`mydex list --limit \(released)` (as many entries)",
                arguments: [mydex, "list", "--limit", String(released), "--db", shared]),
            runs: runs, environment: environment),
    ]
}

/// Issue 32's rows: importing a real 128 KiB save (FireRed, from the tests' fixtures) into a new
/// collection against importing the same Pokémon from mydex's own JSON export of them, and a dry
/// run of the save against `mydex --version` (its goal is absolute: under 0.1 s).
func saveRows(_ mydex: String, in workspace: Workspace, runs: Int, environment: [String: String]) throws -> [Row] {
    let save = "Tests/MydexTests/Fixtures/saves/firered-slot1.sav"
    guard FileManager.default.fileExists(atPath: save) else { throw BenchmarkError("no \(save): run the benchmark from a checkout") }
    let scratch = workspace.path("scratch.sqlite"), exported = workspace.path("firered.json")
    _ = try measure([mydex, "import", save, "--db", scratch], environment: environment)
    _ = try measure([mydex, "export", exported, "--format", "json", "--db", scratch], environment: environment)
    let fromSave = workspace.path("from-save.sqlite"), fromJSON = workspace.path("from-json.sqlite")
    func fresh(_ path: String) -> () -> Void { { for suffix in ["", "-journal"] { unlink(path + suffix) } } }
    return [
        try compare(
            "`mydex import` of a FireRed save (128 KiB, 11 Pokémon) into a new collection",
            Subject(label: "", arguments: [mydex, "import", save, "--db", fromSave], prepare: fresh(fromSave)),
            against: Subject(
                label: "`mydex import` of the same Pokémon from mydex's JSON export", arguments: [mydex, "import", exported, "--db", fromJSON],
                prepare: fresh(fromJSON)),
            runs: runs, environment: environment),
        try compare(
            "`mydex import --dry-run` of the FireRed save",
            Subject(label: "", arguments: [mydex, "import", save, "--dry-run", "--db", scratch]),
            against: Subject(label: "`mydex --version`", arguments: [mydex, "--version"]),
            runs: runs, environment: environment),
    ]
}

/// Makes every entry without an individual one: levels, natures, genders and IVs spread by
/// formula over the ids, as `catch` would spread them; the EVs (PokeAPI's stat order), ability
/// and held item (SQL values) and moves given. The genders spread by formula ignore the species'
/// ratio: a set of them would not import (`gender` 'genderless' writes none, which does).
func individualsSQL(
    ability: String, evs: [Int], item: String, moves: [String],
    gender: String = "CASE id % 3 WHEN 0 THEN 'female' ELSE 'male' END"
) -> String {
    """
    UPDATE caught_pokemon SET generation = 9, level = (id * 37) % 100 + 1, gender = \(gender),
        nature = CASE id % 3 WHEN 0 THEN 'hardy' WHEN 1 THEN 'adamant' ELSE 'jolly' END,
        ability = \(ability), hidden_ability = 0, personality = (id * 2654435761) % 4294967296,
        iv_hp = (id * 7) % 32, iv_attack = (id * 11) % 32, iv_defense = (id * 13) % 32, iv_special_attack = (id * 17) % 32,
        iv_special_defense = (id * 19) % 32, iv_speed = (id * 23) % 32,
        ev_hp = \(evs[0]), ev_attack = \(evs[1]), ev_defense = \(evs[2]), ev_special_attack = \(evs[3]),
        ev_special_defense = \(evs[4]), ev_speed = \(evs[5]), held_item = \(item),
        moves = '[\(moves.map { "\"\($0)\"" }.joined(separator: ","))]', origin = 'catch' WHERE generation IS NULL
    """
}

/// Issue 33's row, on a copy of `collection` made individuals (as `individualRows` makes them,
/// with EVs and items so that every line of a set is written): exporting them as Showdown's text
/// against exporting them as CSV; and importing that text into a new collection against
/// importing the CSV.
func showdownRows(
    _ mydex: String, _ sqlite3: String, collection: String, label: String, in workspace: Workspace, runs: Int,
    environment: [String: String]
) throws -> [Row] {
    let individuals = workspace.path("sets.sqlite")
    try FileManager.default.copyItem(atPath: collection, toPath: individuals)
    _ = try measure([sqlite3, individuals, individualsSQL(
        ability: "NULL", evs: [252, 0, 4, 0, 0, 252], item: "'leftovers'", moves: ["tackle", "growl", "protect", "rest"],
        gender: "'genderless'")],
        environment: environment)
    let text = workspace.path("sets.txt"), csv = workspace.path("sets.csv")
    func fresh(_ path: String) -> () -> Void { { for suffix in ["", "-journal"] { unlink(path + suffix) } } }
    _ = try measure([mydex, "export", text, "--format", "showdown", "--db", individuals], environment: environment)
    _ = try measure([mydex, "export", csv, "--db", individuals], environment: environment)
    let fromText = workspace.path("from-sets.sqlite"), fromCSV = workspace.path("from-csv.sqlite")
    return [
        try compare(
            "`mydex export --format showdown`, \(label) individuals",
            Subject(label: "", arguments: [mydex, "export", "--format", "showdown", "-", "--db", individuals]),
            against: Subject(label: "`mydex export` as CSV (the same entries)", arguments: [mydex, "export", "-", "--db", individuals]),
            runs: runs, environment: environment),
        try compare(
            "`mydex import` of those \(label) sets into a new collection",
            Subject(label: "", arguments: [mydex, "import", text, "--db", fromText], prepare: fresh(fromText)),
            against: Subject(label: "`mydex import` of the CSV export", arguments: [mydex, "import", csv, "--db", fromCSV], prepare: fresh(fromCSV)),
            runs: max(3, runs / 3), environment: environment),
    ]
}

/// Issue 31's rows, on a copy of `collection` whose entries are individuals (levels, natures and
/// IVs spread by formula, as `catch` would spread them): `list --sort iv` against `list --sort
/// dex`, a filter by IV against a filter by type; and with `before` (the mydex built before
/// individuals), `catch --offline` against the same catch by that binary.
func individualRows(
    _ mydex: String, _ sqlite3: String, collection: String, label: String, before: String?, in workspace: Workspace, runs: Int,
    environment: [String: String]
) throws -> [Row] {
    let individuals = workspace.path("individuals.sqlite")
    try FileManager.default.copyItem(atPath: collection, toPath: individuals)
    _ = try measure([sqlite3, individuals, individualsSQL(ability: "'static'", evs: [0, 0, 0, 0, 0, 0], item: "NULL", moves: ["tackle", "growl"])],
        environment: environment)
    var rows = [
        try compare(
            "`mydex list --sort iv`, \(label) individuals",
            Subject(label: "", arguments: [mydex, "list", "--sort", "iv", "--db", individuals]),
            against: Subject(label: "`mydex list --sort dex` (the same entries)", arguments: [mydex, "list", "--sort", "dex", "--db", individuals]),
            runs: runs, environment: environment),
        try compare(
            "`mydex list --iv '>=62'`, \(label) individuals (about as many as water)",
            Subject(label: "", arguments: [mydex, "list", "--iv", ">=62", "--db", individuals]),
            against: Subject(label: "`mydex list --type water` (the same collection)", arguments: [mydex, "list", "--type", "water", "--db", individuals]),
            runs: runs, environment: environment),
        try compare(
            "`mydex list --json`, \(label) individuals (stats computed)",
            Subject(label: "", arguments: [mydex, "list", "--json", "--db", individuals]),
            against: Subject(label: "`mydex list --json` of as many entries without individuals", arguments: [mydex, "list", "--json", "--db", collection]),
            runs: max(3, runs / 3), environment: environment),
    ]
    if let before {
        // The same number of entries in a collection the earlier mydex made (it refuses schema 9),
        // listed by it: time and peak memory before individuals, against after with them.
        let listedBefore = workspace.path("before-list.sqlite")
        _ = try measure([before, "catch", "--offline", "--seed", "1", "--db", listedBefore], environment: environment)
        let count = try Int(String(contentsOfFile: {
            let out = workspace.path("count.txt")
            _ = try measure([sqlite3, collection, "SELECT max(id) FROM caught_pokemon"], environment: environment, output: out)
            return out
        }(), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        _ = try measure([sqlite3, listedBefore, """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO caught_pokemon (species_id, form_id, nickname, is_favorite, is_shiny, caught_at)
            SELECT (i * 7919) % 1025 + 1, (i * 7919) % 1025 + 1, CASE WHEN i % 10 = 0 THEN 'Nick' || i END, i % 17 = 0, i % 4096 = 0,
                   strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || i || ' minutes') FROM n;
            """], environment: environment)
        rows.append(try compare(
            "`mydex list --sort dex`, \(label) individuals",
            Subject(label: "", arguments: [mydex, "list", "--sort", "dex", "--db", individuals]),
            against: Subject(label: "`mydex list --sort dex` built before individuals, as many entries", arguments: [before, "list", "--sort", "dex", "--db", listedBefore]),
            runs: max(3, runs / 3), environment: environment))
        let one = workspace.path("individuals-one.sqlite"), oneBefore = workspace.path("individuals-one-before.sqlite")
        // Each binary on a collection it made itself (the new one's migrated to schema 9).
        _ = try measure([mydex, "catch", "--offline", "--seed", "1", "--db", one], environment: environment)
        _ = try measure([before, "catch", "--offline", "--seed", "1", "--db", oneBefore], environment: environment)
        rows.append(try compare(
            "`mydex catch --offline` (an individual drawn)",
            Subject(label: "", arguments: [mydex, "catch", "--offline", "--db", one]),
            against: Subject(label: "`mydex catch --offline` built before individuals", arguments: [before, "catch", "--offline", "--db", oneBefore]),
            runs: runs, environment: environment))
    }
    return rows
}

/// Rows as a Markdown table.
func printRows(_ rows: [Row]) {
    print("| what | against | ratio min / median / max | mydex median | reference median | peak memory mydex / reference |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows {
        let ratio = String(format: "%.2f× / %.2f× / %.2f×", row.ratio.min, row.ratio.median, row.ratio.max)
        let times = (String(format: "%.1f ms", row.subject.median * 1000), String(format: "%.1f ms", row.reference.median * 1000))
        let peaks = String(format: "%.1f / %.1f MiB", Double(row.subjectPeak) / 1024, Double(row.referencePeak) / 1024)
        print("| \(row.what) | \(row.against) | \(ratio) | \(times.0) | \(times.1) | \(peaks) |")
    }
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard FileManager.default.isExecutableFile(atPath: options.mydex) else {
        throw BenchmarkError("no mydex at \(options.mydex): run `swift build -c release` first, or pass --mydex")
    }
    guard FileManager.default.isExecutableFile(atPath: options.sqlite3) else {
        throw BenchmarkError("no sqlite3 CLI at \(options.sqlite3): `apt-get install sqlite3`, or pass --sqlite3")
    }
    guard FileManager.default.fileExists(atPath: catalogImage) else {
        throw BenchmarkError("no catalog image: run the benchmark from a checkout (it reads Sources/CMydexCatalog/catalog-N.pages)")
    }
    defer { unlink(catalogImage) }
    let workspace = try Workspace(options: options)
    defer { workspace.remove() }
    let environment = workspace.environment
    let mydex = options.mydex
    let sqlite3 = options.sqlite3
    let runs = options.runs

    let bigLabel = options.quick ? "5,000" : "100,000"
    if options.browseOnly {
        let browse = try compareBrowse(
            mydex, database: try workspace.collection(entries: options.quick ? 5000 : 100_000), label: bigLabel, runs: runs,
            environment: environment)
        printBrowse(browse, label: bigLabel)
        return
    }
    let tenThousandLabel = options.quick ? "1,000" : "10,000"
    if options.individualsOnly {
        let rows = try individualRows(
            mydex, sqlite3, collection: try workspace.collection(entries: options.quick ? 5000 : 100_000), label: bigLabel,
            before: options.mydexBefore, in: workspace, runs: runs, environment: environment)
        print("# mydex benchmark: individuals\n")
        print("mydex: \(mydex); before: \(options.mydexBefore ?? "none"); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(runs) paired runs each, alternating which runs first.\n")
        printRows(rows)
        return
    }
    if options.showdownOnly {
        let rows = try showdownRows(
            mydex, sqlite3, collection: try workspace.collection(entries: options.quick ? 1000 : 10_000), label: tenThousandLabel,
            in: workspace, runs: runs, environment: environment)
        print("# mydex benchmark: Showdown sets\n")
        print("mydex: \(mydex); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(runs) paired runs each, alternating which runs first.\n")
        printRows(rows)
        return
    }
    if options.savesOnly {
        let rows = try saveRows(mydex, in: workspace, runs: runs, environment: environment)
        print("# mydex benchmark: the games' saves\n")
        print("mydex: \(mydex); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(runs) paired runs each, alternating which runs first.\n")
        printRows(rows)
        return
    }
    if options.searchOnly {
        let rows = try searchAndReleaseRows(
            mydex, sqlite3, collection: try workspace.collection(entries: options.quick ? 1000 : 10_000), label: tenThousandLabel,
            in: workspace, runs: runs, environment: environment)
        print("# mydex benchmark: search and release --duplicates\n")
        print("mydex: \(mydex); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(runs) paired runs each, alternating which runs first.\n")
        printRows(rows)
        return
    }
    let one = try workspace.collection(entries: 1)
    let tenThousand = try workspace.collection(entries: options.quick ? 1000 : 10_000)
    let big = options.quick ? 5000 : 100_000
    let hundredThousand = try workspace.collection(entries: big)
    var rows: [Row] = []
    if options.profileOnly {
        let insertCopy = workspace.path("insert.sqlite")
        let catchCopy = workspace.path("catch.sqlite")
        try FileManager.default.copyItem(atPath: one, toPath: insertCopy)
        try FileManager.default.copyItem(atPath: one, toPath: catchCopy)
        print("# where the instructions go\n")
        print("mydex: \(mydex); sqlite3: \(sqlite3); one run of each side under callgrind, one more under GNU time.")
        try printProfiles([
            ("`mydex --version`", Subject(label: "", arguments: [mydex, "--version"]),
             Subject(label: "`sqlite3 DB 'SELECT 1'`", arguments: [sqlite3, one, "SELECT 1"])),
            ("`mydex list --sort dex`, 1 entry", Subject(label: "", arguments: [mydex, "list", "--sort", "dex", "--db", one]),
             Subject(label: "`sqlite3` listing the entries sorted by dex", arguments: sqlite3WithCatalog(sqlite3, one, listQuery))),
            ("`mydex list --sort dex`, \(tenThousandLabel) entries",
             Subject(label: "", arguments: [mydex, "list", "--sort", "dex", "--db", tenThousand]),
             Subject(label: "`sqlite3` listing the same entries sorted", arguments: sqlite3WithCatalog(sqlite3, tenThousand, listQuery))),
            ("`mydex catch --offline`", Subject(label: "", arguments: [mydex, "catch", "--offline", "--db", catchCopy]),
             Subject(label: "`sqlite3` inserting one row", arguments: [sqlite3, insertCopy, insertStatement])),
        ], environment: environment, in: workspace.root.path)
        return
    }

    rows.append(try compare(
        "`mydex --version`", Subject(label: "`sqlite3 DB 'SELECT 1'`", arguments: [mydex, "--version"]),
        against: Subject(label: "`sqlite3 DB 'SELECT 1'`", arguments: [sqlite3, one, "SELECT 1"]),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex list`, 1 entry", Subject(label: "", arguments: [mydex, "list", "--sort", "dex", "--db", one]),
        against: Subject(label: "`sqlite3` listing the entries sorted by dex", arguments: sqlite3WithCatalog(sqlite3, one, listQuery)),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex dex 25`", Subject(label: "", arguments: [mydex, "dex", "25", "--db", one]),
        against: Subject(label: "`mydex show 1`", arguments: [mydex, "show", "1", "--db", one]),
        runs: runs, environment: environment))
    // Issue 20's pages, each against a species' page (which shows type defenses since issue 20).
    rows.append(try compare(
        "`mydex dex type fire`", Subject(label: "", arguments: [mydex, "dex", "type", "fire", "--db", one]),
        against: Subject(label: "`mydex dex 25`", arguments: [mydex, "dex", "25", "--db", one]),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex dex moves pikachu --game firered`",
        Subject(label: "", arguments: [mydex, "dex", "moves", "pikachu", "--game", "firered", "--db", one]),
        against: Subject(label: "`mydex dex 25`", arguments: [mydex, "dex", "25", "--db", one]),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex dex move thunderbolt`", Subject(label: "", arguments: [mydex, "dex", "move", "thunderbolt", "--db", one]),
        against: Subject(label: "`mydex dex 25`", arguments: [mydex, "dex", "25", "--db", one]),
        runs: runs, environment: environment))
    // Where to find a Pokémon: one game, every game, and what lives in a place (the table read whole).
    for (label, arguments) in [
        ("`mydex dex where pikachu --game firered`", ["dex", "where", "pikachu", "--game", "firered"]),
        ("`mydex dex where pikachu`", ["dex", "where", "pikachu"]),
        ("`mydex dex where --at viridian-forest --game firered`", ["dex", "where", "--at", "viridian-forest", "--game", "firered"]),
        ("`mydex dex 25 --all-entries`", ["dex", "25", "--all-entries"]),
    ] {
        rows.append(try compare(
            label, Subject(label: "", arguments: [mydex] + arguments + ["--db", one]),
            against: Subject(label: "`mydex dex 25`", arguments: [mydex, "dex", "25", "--db", one]),
            runs: runs, environment: environment))
    }
    let fresh = workspace.path("fresh.sqlite")
    rows.append(try compare(
        "first command on a new collection (`catch --offline`)",
        Subject(label: "", arguments: [mydex, "catch", "--offline", "--db", fresh]) {
            for suffix in ["", "-journal"] { unlink(fresh + suffix) }
        },
        against: Subject(label: "the same command later", arguments: [mydex, "catch", "--offline", "--db", one]),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex list --sort dex`, \(tenThousandLabel) entries",
        Subject(label: "", arguments: [mydex, "list", "--sort", "dex", "--db", tenThousand]),
        against: Subject(label: "`sqlite3` listing the same entries sorted", arguments: sqlite3WithCatalog(sqlite3, tenThousand, listQuery)),
        runs: runs, environment: environment))
    for arguments in [["list"], ["list", "--json"]] {
        rows.append(try compare(
            "`mydex \(arguments.joined(separator: " "))`, \(bigLabel) entries",
            Subject(label: "", arguments: [mydex] + arguments + ["--db", hundredThousand]),
            against: Subject(label: "`sqlite3` listing the same entries", arguments: sqlite3WithCatalog(sqlite3, hundredThousand, listQuery)),
            runs: max(3, runs / 5), environment: environment))
    }
    rows += try searchAndReleaseRows(
        mydex, sqlite3, collection: tenThousand, label: tenThousandLabel, in: workspace, runs: runs, environment: environment)
    rows.append(try compare(
        "`mydex dex progress`, \(bigLabel) entries",
        Subject(label: "", arguments: [mydex, "dex", "progress", "--db", hundredThousand]),
        against: Subject(label: "`sqlite3` counting the same (every Pokédex, every generation)",
                         arguments: sqlite3WithCatalog(sqlite3, hundredThousand, progressQuery)),
        runs: max(3, runs / 5), environment: environment))
    // import: the 100,000-entry collection as `export` writes it, into a new collection each
    // run, against the sqlite3 CLI loading the same CSV into a table (issue 18 §4).
    let exported = workspace.path("export-\(big).csv")
    _ = try measure([mydex, "export", exported, "--db", hundredThousand], environment: environment)
    let imported = workspace.path("imported.sqlite")
    let loaded = workspace.path("loaded.sqlite")
    rows.append(try compare(
        "`mydex import`, \(bigLabel) entries (CSV)",
        Subject(label: "", arguments: [mydex, "import", exported, "--db", imported]) {
            for suffix in ["", "-journal"] { unlink(imported + suffix) }
        },
        against: Subject(label: "`sqlite3 .import` of the same CSV into a table", arguments: [sqlite3, loaded, ".import --csv \(exported) entries"]) {
            unlink(loaded)
        },
        runs: max(3, runs / 5), environment: environment))
    let browse = try compareBrowse(mydex, database: hundredThousand, label: bigLabel, runs: max(3, runs / 3), environment: environment)
    rows.append(browse.row)
    let insertCopy = workspace.path("insert.sqlite")
    let catchCopy = workspace.path("catch.sqlite")
    try FileManager.default.copyItem(atPath: one, toPath: insertCopy)
    try FileManager.default.copyItem(atPath: one, toPath: catchCopy)
    rows.append(try compare(
        "`mydex catch --offline`", Subject(label: "", arguments: [mydex, "catch", "--offline", "--db", catchCopy]),
        against: Subject(
            label: "`sqlite3` inserting one row",
            arguments: [sqlite3, insertCopy, insertStatement]),
        runs: runs, environment: environment))
    // Catching as the games do (issue 21): a wild Pokémon met from a real table, and one ball
    // thrown at it (a fresh encounter prepared, untimed, before each throw).
    let encounterCopy = workspace.path("encounter.sqlite")
    try FileManager.default.copyItem(atPath: one, toPath: encounterCopy)
    let meet = [mydex, "encounter", "--game", "firered", "--at", "viridian-forest", "--seed", "1", "--db", encounterCopy]
    rows.append(try compare(
        "`mydex encounter --game firered --at viridian-forest`", Subject(label: "", arguments: meet),
        against: Subject(label: "`mydex catch --offline`", arguments: [mydex, "catch", "--offline", "--db", catchCopy]),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex throw poke`",
        Subject(label: "", arguments: [mydex, "throw", "poke", "--db", encounterCopy], prepare: {
            _ = try measure(meet, environment: environment)
        }),
        against: Subject(label: "`mydex catch --offline`", arguments: [mydex, "catch", "--offline", "--db", catchCopy]),
        runs: runs, environment: environment))

    // The interface in Korean against the C locale (English): the catalog is parsed on the
    // first message, numbers and dates formatted by rule; issue 15 allows 10% at most.
    let korean = ["LANG": "ko_KR.UTF-8"]
    let english = ["LANG": "C"]
    rows.append(try compare(
        "`mydex list`, 1 entry, `LANG=ko_KR.UTF-8`",
        Subject(label: "", arguments: [mydex, "list", "--db", one], environment: korean),
        against: Subject(label: "the same with `LANG=C`", arguments: [mydex, "list", "--db", one], environment: english),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex list`, \(tenThousandLabel) entries, `LANG=ko_KR.UTF-8`",
        Subject(label: "", arguments: [mydex, "list", "--db", tenThousand], environment: korean),
        against: Subject(label: "the same with `LANG=C`", arguments: [mydex, "list", "--db", tenThousand], environment: english),
        runs: runs, environment: environment))
    rows.append(try compare(
        "`mydex catch --offline`, `LANG=ko_KR.UTF-8`",
        Subject(label: "", arguments: [mydex, "catch", "--offline", "--db", catchCopy], environment: korean),
        against: Subject(label: "the same with `LANG=C`", arguments: [mydex, "catch", "--offline", "--db", catchCopy], environment: english),
        runs: runs, environment: environment))

    // A shell-prompt picture, against pokemon-colorscripts (`pokemon-colorscripts -r --no-title`,
    // a Python script; not installed here, and not on PyPI). The stand-in does that tool's work:
    // Python starts, imports argparse, json, os and random, parses its arguments, loads a JSON
    // list of every Pokémon with their forms, picks one and rolls shininess (1/128), then reads
    // and prints that species' pre-rendered picture, rendered here by mydex itself.
    let python = "/usr/bin/python3"
    if FileManager.default.isExecutableFile(atPath: python) {
        let colorscripts = try workspace.colorscripts(mydex: mydex, environment: environment)
        rows.append(try compare(
            "`mydex sprite random --color always --no-title`",
            Subject(label: "", arguments: [mydex, "sprite", "random", "--color", "always", "--no-title"]),
            against: Subject(
                label: "Python doing pokemon-colorscripts' work (`-r --no-title`, its stand-in)",
                arguments: [python, colorscripts, "-r", "--no-title"]),
            runs: runs, environment: environment))
    }

    let backup = workspace.path("one-backup.sqlite")
    _ = try measure([mydex, "backup", backup, "--db", one], environment: environment)

    print("# mydex benchmark\n")
    print("mydex: \(mydex) (\(fileSize(mydex)) bytes); sqlite3: \(sqlite3); \(ProcessInfo.processInfo.activeProcessorCount) cores; \(runs) paired runs each (a fifth of that for the largest collections), alternating which runs first.\n")
    printRows(rows)
    printBrowse(browse, label: bigLabel)
    print("\n| file | bytes |")
    print("| --- | --- |")
    print("| a one-entry collection | \(fileSize(one)) |")
    print("| its backup | \(fileSize(backup)) |")
    print("| a \(bigLabel)-entry collection | \(fileSize(hundredThousand)) |")
    // What a release ships: the binary stripped as MydexRelease strips it (issue 18's goal: ≤ 40 MB).
    let stripped = workspace.path("mydex-stripped")
    try FileManager.default.copyItem(atPath: mydex, toPath: stripped)
    _ = try measure(["/usr/bin/strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note", stripped], environment: environment)
    print("| the mydex binary | \(fileSize(mydex)) |")
    print("| the same, stripped as a release ships it | \(fileSize(stripped)) |")
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("MydexBenchmark: \(error)\n".utf8))
    exit(1)
}
