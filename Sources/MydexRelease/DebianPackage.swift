import Foundation

/// `mydex_VERSION_ARCH.deb`, made with dpkg-deb: the binary in /usr/bin, the man page gzipped,
/// the completions where each shell looks for packaged ones, the copyright in Debian's
/// machine-readable format, a changelog, and lintian overrides (each with its reason).
enum DebianPackage {
    static let maintainer = "The mydex authors <maintainers@users.noreply.a-seed-e74b4abe.example>"

    static func make(_ contents: ReleaseContents, version: String, root: URL, in artifacts: URL, work: URL) throws -> URL {
        let tree = work.appendingPathComponent("deb/mydex")
        try Staging.place(contents.binary, at: "usr/bin/mydex", in: tree, mode: 0o755)
        let manual = work.appendingPathComponent("mydex.1.gz")
        try gzip(contents.manual, to: manual)
        try Staging.place(manual, at: "usr/share/man/man1/mydex.1.gz", in: tree, mode: 0o644)
        try Staging.place(contents.completions.bash, at: "usr/share/bash-completion/completions/mydex", in: tree, mode: 0o644)
        try Staging.place(contents.completions.zsh, at: "usr/share/zsh/vendor-completions/_mydex", in: tree, mode: 0o644)
        try Staging.place(contents.completions.fish, at: "usr/share/fish/vendor_completions.d/mydex.fish", in: tree, mode: 0o644)
        let copyright = work.appendingPathComponent("copyright")
        try Self.copyright(root: root).write(to: copyright, atomically: true, encoding: .utf8)
        try Staging.place(copyright, at: "usr/share/doc/mydex/copyright", in: tree, mode: 0o644)
        let changelog = work.appendingPathComponent("changelog")
        try Self.changelog(version: version, root: root).write(to: changelog, atomically: true, encoding: .utf8)
        let changelogGz = work.appendingPathComponent("changelog.gz")
        try gzip(changelog, to: changelogGz)
        try Staging.place(changelogGz, at: "usr/share/doc/mydex/changelog.gz", in: tree, mode: 0o644)
        let overrides = work.appendingPathComponent("overrides")
        try Self.lintianOverrides.write(to: overrides, atomically: true, encoding: .utf8)
        try Staging.place(overrides, at: "usr/share/lintian/overrides/mydex", in: tree, mode: 0o644)

        let architecture = try Shell.run(["dpkg", "--print-architecture"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let depends = try Self.depends(binary: tree.appendingPathComponent("usr/bin/mydex"), work: work)
        let size = try Shell.run(["du", "-sk", "--apparent-size", tree.path]).split(separator: "\t").first.map(String.init) ?? "0"
        let control = tree.appendingPathComponent("DEBIAN/control")
        try FileManager.default.createDirectory(at: control.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.control(version: version, architecture: architecture, depends: depends, installedSize: size)
            .write(to: control, atomically: true, encoding: .utf8)
        let sums = try Shell.run(["sh", "-c", "find usr -type f | LC_ALL=C sort | xargs md5sum"], in: tree)
        try sums.write(to: tree.appendingPathComponent("DEBIAN/md5sums"), atomically: true, encoding: .utf8)
        for file in ["DEBIAN/control", "DEBIAN/md5sums"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tree.appendingPathComponent(file).path)
        }
        // Folders 0755 whatever the umask; files were placed with their modes.
        try Shell.run(["find", tree.path, "-type", "d", "-exec", "chmod", "0755", "{}", "+"])
        let package = artifacts.appendingPathComponent("mydex_\(version)_\(architecture).deb")
        // The files' times in the package: the commit's, as in the tarball.
        let time = Staging.commitTime(root)
        try Shell.run((time.isEmpty ? [] : ["env", "SOURCE_DATE_EPOCH=\(time)"])
            + ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", tree.path, package.path])
        return package
    }

    static func gzip(_ file: URL, to target: URL) throws {
        // -n: no name or time inside the gzip header.
        try Shell.run(["sh", "-c", "gzip -9nc \"$0\" > \"$1\"", file.path, target.path])
    }

    /// What the binary links, as dpkg-shlibdeps finds the packages that hold it (libc6,
    /// libsqlite3-0, libstdc++6, libgcc-s1), zlib1g and liblzma5: the built-in Pokédex's pages
    /// are inflated with libz, and its every-game Pokédex entries unpacked with liblzma, both
    /// loaded with dlopen (so dpkg-shlibdeps cannot see them). libcurl and
    /// libpng are loaded only when a command needs them, so they are recommended and suggested instead.
    static func depends(binary: URL, work: URL) throws -> String {
        let source = work.appendingPathComponent("shlibdeps")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("debian"), withIntermediateDirectories: true)
        try "Source: mydex\n\nPackage: mydex\nArchitecture: any\n"
            .write(to: source.appendingPathComponent("debian/control"), atomically: true, encoding: .utf8)
        let line = try Shell.run(["dpkg-shlibdeps", "-O", "-e", binary.path], in: source)
        guard let value = line.split(separator: "\n").first(where: { $0.hasPrefix("shlibs:Depends=") })?
            .dropFirst("shlibs:Depends=".count), !value.isEmpty else {
            throw ReleaseError("dpkg-shlibdeps found no dependencies in \(line)")
        }
        return String(value) + ", zlib1g, liblzma5"
    }

    static func control(version: String, architecture: String, depends: String, installedSize: String) -> String {
        """
        Package: mydex
        Version: \(version)
        Architecture: \(architecture)
        Maintainer: \(maintainer)
        Installed-Size: \(installedSize)
        Depends: \(depends)
        Recommends: libcurl4
        Suggests: libpng16-16, pulseaudio-utils | alsa-utils | ffmpeg | mpv
        Section: utils
        Priority: optional
        Description: Pokémon collection manager for the terminal
         mydex catches random Pokémon from PokeAPI and keeps them in a local SQLite
         collection: list them, nickname, favorite and release them (a release stays
         in the history), back the collection up and export it.
         .
         A complete Pokédex is built in, in every language PokeAPI has, so it works
         offline; every Pokémon is drawn in the terminal, and `mydex browse` shows the
         collection full screen, as an app.

        """
    }

    static func changelog(version: String, root: URL) throws -> String {
        let date = (try? Shell.run(["git", "log", "-1", "--format=%cD"], in: root))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let when = date.isEmpty ? try Shell.run(["date", "-R"]).trimmingCharacters(in: .whitespacesAndNewlines) : date
        return """
            mydex (\(version)) unstable; urgency=medium

              * Release \(version): the release notes are the project's issues.

             -- \(maintainer)  \(when)

            """
    }

    /// Debian's machine-readable copyright: mydex's code (MIT, "Expat" in Debian's words), the
    /// PokeAPI data its Pokédex is made from, the sprites and ICU's data.
    static func copyright(root: URL) throws -> String {
        let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
        let body = license.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("Permission") }
        func indented<Lines: Sequence<Substring>>(_ lines: Lines) -> String {
            lines.map { $0.isEmpty ? " ." : " " + $0 }.joined(separator: "\n")
                .replacingOccurrences(of: #"(\n \.)+$"#, with: "", options: .regularExpression)
        }
        let unicode = try String(contentsOf: root.appendingPathComponent("Sources/CMydexICUData/LICENSE"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        return """
            Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
            Upstream-Name: mydex
            Comment: Pokémon and Pokémon character names are trademarks of Nintendo.
             Pokémon images © Nintendo/Creatures Inc./GAME FREAK Inc.

            Files: *
            Copyright: 2026 The mydex authors
            License: Expat

            Files: Sources/CMydexCatalog/*
            Copyright: PokeAPI contributors (https://github.com/PokeAPI/pokeapi)
            License: BSD-3-Clause
            Comment: The built-in Pokédex, made from PokeAPI's CSV tables (commit
             bbef3d99ddfa8277f726414c89b471267aef8a8e) and its REST API v2 responses.

            Files: Sources/CMydexSprites/*
            Copyright: PokéSprite contributors (msikma; koenigderluegner/pokesprite), Dada78641
            License: Expat
            Comment: Box sprites converted (pixels unchanged) from pokemon-gen8 of
             koenigderluegner/pokesprite at commit 22008335af5ddab0e03869d633997f83e3474c80.

            Files: Sources/CMydexICUData/*
            Copyright: 2016 and later Unicode, Inc. and others
            License: Unicode-3.0
            Comment: ICU's time zone rules and the other ICU data the binary links, taken
             unchanged from the Swift toolchain's Foundation (ICU 76).

            License: Expat
            \(indented(body))

            License: Unicode-3.0
            \(indented(unicode))

            License: BSD-3-Clause
             Redistribution and use in source and binary forms, with or without
             modification, are permitted provided that the following conditions are met:
             .
             1. Redistributions of source code must retain the above copyright notice, this
             list of conditions and the following disclaimer.
             .
             2. Redistributions in binary form must reproduce the above copyright notice,
             this list of conditions and the following disclaimer in the documentation
             and/or other materials provided with the distribution.
             .
             3. Neither the name of the copyright holder nor the names of its contributors
             may be used to endorse or promote products derived from this software without
             specific prior written permission.
             .
             THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
             ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
             WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
             DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
             FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
             DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
             SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
             CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
             OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
             OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

            """
    }

    /// What lintian says of a package like this one that is so on purpose.
    static let lintianOverrides = """
        # Linked without PIE on purpose: the static Swift runtime's 86,000 relative relocations
        # would be applied at every start, doubling it (docs/PERFORMANCE.md); libraries, heap and
        # stack are still randomized.
        mydex: hardening-no-pie [usr/bin/mydex]

        """
}
