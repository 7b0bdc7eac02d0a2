import Foundation
import Testing
import MydexTestSupport

/// The binary links only the part of ICU's data it uses (`CMydexICUData`, made by
/// `MydexRelease icu-data`): that part must be current with the toolchain, linked instead of
/// the full package, and enough for what mydex asks of ICU (time zones, above all).
@Suite("ICU data")
struct ICUDataTests {
    @Test("The committed ICU data is what this toolchain's ICU gives, trimmed",
          .enabled(if: ["ar", "nm", "objcopy"].allSatisfy(ReleaseTools.has), "binutils is missing (sudo apt-get install binutils)"))
    func current() async throws {
        let environment = try TestEnvironment()
        let run = try await ChildProcess(
            try EndToEndTests.sibling("MydexRelease"), ["icu-data", "--check", "--package-path", Fixtures.repositoryRoot.path],
            environment: ProcessInfo.processInfo.environment.merging(["HOME": environment.directory.path]) { $1 },
            in: environment.directory).outcome()
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("is current (icudt"), "\(run.standardOutput)")
    }

    @Test("The binary holds the trimmed ICU data, not the full package")
    func linked() async throws {
        let binary = try EndToEndTests.binary
        // grep: a debug build's own search takes seconds over a 100 MB binary.
        func holds(_ name: String) async throws -> Bool {
            try await ChildProcess(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "grep -q -a -F -- '\(name)' '\(binary.path)'"],
                environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"]).outcome().status == 0
        }
        // Item names of ICU's table of contents: kept ones are there, dropped ones are not.
        #expect(try await holds("/zoneinfo64.res"))
        for dropped in ["/coll/root.res", "/brkitr/root.res", "/translit/root.res", "/ko.res", "/unames.icu"] {
            #expect(try await !holds(dropped), "the binary links ICU's \(dropped)")
        }
    }

    @Test("Local times are right in every time zone with the trimmed data (offsets, half hours, daylight saving)")
    func timeZones() async throws {
        let environment = try TestEnvironment()
        func mydex(_ arguments: [String], zone: String) async throws -> ChildProcess.Outcome {
            try await ChildProcess(
                try EndToEndTests.binary, arguments,
                environment: [
                    "HOME": environment.directory.path, "MYDEX_DB": environment.databasePath, "TZ": zone, "NO_COLOR": "1", "LANG": "C",
                ],
                in: environment.directory).outcome()
        }
        #expect(try await mydex(["catch", "--offline", "--seed", "1"], zone: "UTC").status == 0)
        func minutes(_ zone: String) async throws -> Int? {
            let history = try await mydex(["history"], zone: zone)
            // `2026-11-25 18:11  #1 Registeel  catch …`: the wall clock's hours and minutes.
            let line = try #require(history.standardOutput.split(separator: "\n").last, "\(history.standardError)")
            let clock = try #require(line.split(separator: " ").dropFirst().first)
            guard clock.count == 5, let hour = Int(clock.prefix(2)), let minute = Int(clock.suffix(2)) else { return nil }
            return hour * 60 + minute
        }
        let utc = try #require(try await minutes("UTC"))
        for (zone, offset) in [("Asia/Seoul", 9 * 60), ("Asia/Kolkata", 5 * 60 + 30), ("America/St_Johns", -(3 * 60 + 30))] {
            let local = try #require(try await minutes(zone))
            #expect((local - utc + 24 * 60) % (24 * 60) == (offset + 24 * 60) % (24 * 60), "\(zone)")
        }
        // Lord Howe moves by half an hour for summer: +10:30 or +11, never the UTC time.
        let lordHowe = try #require(try await minutes("Australia/Lord_Howe"))
        #expect([10 * 60 + 30, 11 * 60].contains((lordHowe - utc + 24 * 60) % (24 * 60)))
    }
}
