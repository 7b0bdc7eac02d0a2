import ArgumentParser
import Foundation
import MydexReliability

/// Runs the reliability suite against a built `mydex` and prints the figures as Markdown.
@main
struct ReliabilityRunner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ReliabilityRunner",
        abstract: "Stress and fault suite for mydex: prints the figures published in docs/RELIABILITY.md.",
        discussion: """
            Examples:
              $ swift build -c release && .build/release/ReliabilityRunner --full
              $ .build/release/ReliabilityRunner --only network --only crashes
            """)

    @Flag(help: "The published run (30 s storms, 240 kills, 60 s fuzzing); default is the quick CI subset.")
    var full = false

    @Option(help: ArgumentHelp("The mydex binary (default: the one built beside this program).", valueName: "path"))
    var mydex: String?

    @Option(help: ArgumentHelp("Run only this check (repeatable): \(ReliabilitySuite.checks.map(\.name).joined(separator: ", ")).", valueName: "name"))
    var only: [String] = []

    func run() throws {
        guard let binary = mydex.map({ URL(fileURLWithPath: $0) }) ?? MydexRunner.defaultBinary() else {
            throw ValidationError("no mydex binary found; build it (swift build) or pass --mydex PATH.")
        }
        let unknown = Set(only).subtracting(ReliabilitySuite.checks.map(\.name))
        guard unknown.isEmpty else { throw ValidationError("unknown check \(unknown.sorted().joined(separator: ", ")).") }
        let scale: Scale = full ? .full : .quick
        let workspace = try Workspace(binary: binary, scale: scale)
        print("# mydex reliability, \(scale.rawValue) run\n")
        print("binary: \(binary.path), SQLite \(DatabaseAudit.sqliteVersion()), \(ProcessInfo.processInfo.activeProcessorCount) cores\n")
        var failed = 0
        for check in ReliabilitySuite.checks where only.isEmpty || only.contains(check.name) {
            let started = Date()
            let result: CheckResult
            do {
                result = try check.run(workspace)
            } catch {
                print("## \(check.name)\n\nFAILED TO RUN: \(error)\n")
                failed += 1
                continue
            }
            print("## \(result.name): \(result.passed ? "PASS" : "FAIL") (\(String(format: "%.1f", Date().timeIntervalSince(started))) s)\n")
            print("| figure | value |\n| --- | --- |")
            for figure in result.figures { print("| \(figure.label) | \(figure.value.replacingOccurrences(of: "|", with: "\\|")) |") }
            for problem in result.problems { print("- problem: \(problem)") }
            print("")
            if !result.passed { failed += 1 }
        }
        if failed > 0 { throw ExitCode.failure }
    }
}
