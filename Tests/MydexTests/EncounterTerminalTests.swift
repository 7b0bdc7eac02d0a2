import Foundation
import Testing
import MydexTestSupport

/// `mydex encounter`'s prompt in a real terminal (tmux): one key a ball, the shakes told one by
/// one, `r` to run, and the terminal as it was after each way out.
extension BrowseTerminalTests {
    static let meeting = "encounter --game firered --at viridian-forest --seed 5 --no-sprite"

    @Test("encounter asks for a ball by key, tells the shakes, keeps the catch, and leaves the terminal as it was")
    func encounterPrompt() async throws {
        try await start(command: Self.meeting, waitingFor: "Which ball?")
        let asked = try await screen()
        #expect(asked.contains("A wild Caterpie appeared!") && asked.contains("3    Ultra Ball"))
        // A key that names no ball is ignored; 3 throws the Ultra Ball.
        try await send("z")
        try await send("3")
        let caught = try await waitFor { $0.contains("kept as entry #1") }
        #expect(caught.contains("You used one Ultra Ball… 1… 2… 3… Gotcha! Caterpie was caught!"))
        try await expectRestored(status: 0)
        let run = await environment.run("show", "1", "--json")
        #expect(run.standardOutput.contains("\"ball\" : \"ultra-ball\""))
    }

    @Test("r at the prompt runs from the wild Pokémon, and the terminal is as it was")
    func encounterRun() async throws {
        try await start(command: Self.meeting, waitingFor: "Which ball?")
        try await send("r")
        try await waitFor { $0.contains("Got away safely from the wild Caterpie!") }
        try await expectRestored(status: 0)
        #expect(await environment.run("throw", "great").status == 1)
    }
}
