import Foundation

/// Where one run's work goes, for a row above its goal: the instructions callgrind (valgrind)
/// counts, split by where they are executed (each function's own instructions, grouped by its
/// library or module, so the groups add up to the run), then two inclusive figures (a part with
/// everything it calls), and the page faults GNU time reports. Instruction counts repeat from
/// run to run, where times on this shared machine do not; page faults are kernel work that
/// callgrind does not see.
struct Profile {
    /// The groups, in the order printed; a function goes to the first that claims it.
    static let groups: [(label: String, claims: @Sendable (_ function: Substring, _ object: Substring) -> Bool)] = [
        ("dynamic loader (ld.so)", { _, object in object.contains("/ld-linux") }),
        ("SQLite (libsqlite3)", { _, object in object.contains("/libsqlite3") }),
        ("C library and the other shared libraries", { _, object in object.contains(".so") }),
        ("the reference program's own code", { _, object in object.hasSuffix("sqlite3") }),
        ("swift-argument-parser", { function, _ in function.contains("14ArgumentParser") }),
        ("GRDB", { function, _ in function.contains("4GRDB") }),
        ("Foundation (with CoreFoundation and ICU)", { function, _ in
            function.contains("Foundation") || function.hasPrefix("CF") || function.hasPrefix("_CF") || function.hasPrefix("__CF")
                || function.contains("icu_")
        }),
        ("mydex's own code", { function, _ in function.contains("Mydex") || function.contains("7PokeAPI") }),
        ("Swift runtime and standard library (and the rest of the binary)", { _, _ in true }),
    ]

    /// Inclusive figures: a part with everything it calls (a share of the run, not a group).
    static let inclusiveParts: [(label: String, prefix: String)] = [
        ("argument parsing (`parseAsRoot`, inclusive)", "$s14ArgumentParser15ParsableCommandPAAE11parseAsRoot"),
        ("Swift protocol conformance look-ups (inclusive)", "swift_conformsToProtocolMaybeInstantiateSuperclasses("),
    ]

    var instructions = 0
    var groups = Array(repeating: 0, count: Profile.groups.count)
    var inclusive = Array(repeating: 0, count: Profile.inclusiveParts.count)
    var pageFaults: Int?

    /// Profiles one run of `arguments` (its program copied without debug information first:
    /// valgrind reads Swift's DWARF slowly and needs only the symbols).
    static func run(_ arguments: [String], environment: [String: String], prepare: () throws -> Void, in folder: String) throws -> Profile {
        let copy = folder + "/profiled-" + URL(fileURLWithPath: arguments[0]).lastPathComponent
        try? FileManager.default.removeItem(atPath: copy)
        _ = try measure(["/usr/bin/strip", "--strip-debug", "-o", copy, arguments[0]], environment: environment)
        let output = folder + "/callgrind.out"
        try prepare()
        _ = try measure(
            ["/usr/bin/valgrind", "--tool=callgrind", "--callgrind-out-file=" + output, copy] + arguments.dropFirst(),
            environment: environment)
        var profile = Profile()
        for inclusive in [false, true] {
            let annotated = folder + "/callgrind.txt"
            _ = try measure(
                ["/usr/bin/callgrind_annotate", "--inclusive=\(inclusive ? "yes" : "no")", "--threshold=100", output],
                environment: environment, output: annotated)
            try profile.read(String(contentsOfFile: annotated, encoding: .utf8), inclusive: inclusive)
        }
        try prepare()
        profile.pageFaults = try Self.pageFaults(arguments, environment: environment, in: folder)
        return profile
    }

    /// Reads `callgrind_annotate`'s lines `12,345 (1.23%)  file:function [object]` (the object
    /// left out when it is the line above's). Recursive calls (`…'2`) are counted in the outer.
    mutating func read(_ annotated: String, inclusive: Bool) {
        var object: Substring = ""
        for line in annotated.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let space = trimmed.firstIndex(of: " "), let count = Int(trimmed[..<space].filter { $0 != "," }) else { continue }
            var rest = trimmed[space...].drop { $0 == " " }
            if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...].drop { $0 == " " } }
            if rest.hasPrefix("PROGRAM TOTALS") {
                instructions = count
                continue
            }
            if rest.hasSuffix("]"), let opening = rest.range(of: " [", options: .backwards) {
                object = rest[opening.upperBound...].dropLast()
                rest = rest[..<opening.lowerBound]
            }
            let function = rest.split(separator: ":", maxSplits: 1).last ?? rest
            if inclusive {
                for (index, part) in Self.inclusiveParts.enumerated() where function.hasPrefix(part.prefix) && !function.contains("'") {
                    self.inclusive[index] = max(self.inclusive[index], count)
                }
            } else if let index = Self.groups.firstIndex(where: { $0.claims(function, object) }) {
                groups[index] += count
            }
        }
    }

    /// Minor and major page faults of one run, as GNU time counts them (nil without it).
    static func pageFaults(_ arguments: [String], environment: [String: String], in folder: String) throws -> Int? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
        let report = folder + "/faults.txt"
        _ = try measure([time, "-f", "%R %F", "-o", report] + arguments, environment: environment)
        let counts = try String(contentsOfFile: report, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return counts.reduce(0, +)
    }
}

/// Profiles both sides of each row and prints where their instructions go, side by side.
func printProfiles(_ rows: [(what: String, subject: Subject, reference: Subject)], environment: [String: String], in folder: String) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else {
        throw BenchmarkError("--profile needs valgrind (`apt-get install valgrind`)")
    }
    for row in rows {
        let subject = try Profile.run(row.subject.arguments, environment: environment.merging(row.subject.environment) { $1 }, prepare: row.subject.prepare, in: folder)
        let reference = try Profile.run(row.reference.arguments, environment: environment.merging(row.reference.environment) { $1 }, prepare: row.reference.prepare, in: folder)
        print("\n### \(row.what), against \(row.reference.label)\n")
        print("| instructions (callgrind) | mydex | reference |")
        print("| --- | ---: | ---: |")
        func millions(_ count: Int) -> String { count == 0 ? "–" : String(format: "%.1f M", Double(count) / 1e6) }
        print("| the whole run | \(millions(subject.instructions)) | \(millions(reference.instructions)) |")
        for (index, group) in Profile.groups.enumerated() where subject.groups[index] + reference.groups[index] > 0 {
            print("| \(group.label) | \(millions(subject.groups[index])) | \(millions(reference.groups[index])) |")
        }
        for (index, part) in Profile.inclusiveParts.enumerated() where subject.inclusive[index] + reference.inclusive[index] > 0 {
            print("| \(part.label) | \(millions(subject.inclusive[index])) | \(millions(reference.inclusive[index])) |")
        }
        if let faults = subject.pageFaults, let referenceFaults = reference.pageFaults {
            print("| page faults (GNU time, not instructions) | \(faults) | \(referenceFaults) |")
        }
    }
}
