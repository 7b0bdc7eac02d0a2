// swift-tools-version: 6.1
import PackageDescription

/// Every Swift target: a file sees the members of another module's types only when it imports
/// that module itself (SE-0444), so that each import, and each dependency declared below, says
/// what a file really uses.
let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

/// What the catalog image is made from, beside it (not compiled).
let catalogSources: [String] = ["pokedex.jsonl", "pokedex-forms.jsonl", "pokedex-moves.jsonl", "pokedex-items.jsonl", "pokedex-places.jsonl", "catalog-1.pages", "catalog-2.pages"]
    + (1...9).map { "pokedex-learnsets-gen\($0).jsonl" } + (1...8).map { "pokedex-encounters-gen\($0).jsonl" }
    + (1...9).map { "pokedex-entries-gen\($0).jsonl" }

let package = Package(
    name: "mydex",
    platforms: [.macOS(.v13)],
    products: [
        // The app only. The generator, the reliability runner and the benchmark are executable
        // targets of this package (`swift run PokedexGenerator`, `swift run ReliabilityRunner`),
        // not products: nothing else can depend on them.
        .executable(name: "mydex", targets: ["mydex"]),
    ],
    // Pinned exactly: mydex relies on what each does, not only on its API. It puts the argument
    // parser's English help and error words into the user's language by matching them
    // (`ParserWords`); it counts on GRDB 7's write transactions taking the lock up front
    // (`BEGIN IMMEDIATE`) and on how its records map columns; it reads the line of a bad
    // config file from TOMLKit's errors. Package.resolved cannot be kept here (the package
    // mirror's commits are not GitHub's), so `exact:` is what holds them.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // libcurl through a tiny C shim, loaded with dlopen on first use (commands without the
        // network never map it); curl_easy_setopt/getinfo are variadic and cannot be called
        // from Swift directly. curl.h (libcurl4-openssl-dev) is needed to build only.
        .target(
            name: "CCurlShim",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The SQL migrations, embedded into the binary with C23 #embed so that a copied
        // `mydex` binary needs no resource bundle.
        .target(name: "CMydexMigrations"),
        // The built-in Pokédex: a read-only SQLite database, generated from the reviewable
        // pokedex.jsonl, pokedex-forms.jsonl, pokedex-moves.jsonl and each generation's
        // pokedex-learnsets-genN.jsonl, embedded the same way as
        // its pages, most deflated (catalog.pages; all committed), and read through a VFS of
        // its own that inflates a page when SQLite reads it.
        .target(
            name: "CMydexCatalog",
            exclude: catalogSources,
            // zlib (libz.so.1, loaded with dlopen on the first compressed page) inflates them.
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("dl")]
        ),
        // The box sprites of every species and its shiny (sprites.bin, generated from PokéSprite's
        // PNGs by PokedexGenerator --sprites-only; committed), embedded the same way: drawing
        // needs no PNG decoder and no network.
        .target(
            name: "CMydexSprites",
            exclude: ["sprites.bin"]
        ),
        // libpng's simplified API for the generator (Debian libpng-dev); the app never links it.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // The interface's words in every language: gettext catalogs (one .po a language, each
        // with the English source text; mydex.pot is the template, not embedded), embedded the same way.
        .target(
            name: "CMydexStrings",
            // zlib's inflate, loaded by the catalog's code, for the languages kept deflated.
            dependencies: ["CMydexCatalog"],
            exclude: ["mydex.pot", "ko.po", "ja.po", "zh-Hans.po", "zh-Hant.po", "fr.po", "de.po", "es.po", "it.po", "embedded"]
        ),
        // What mydex says, in the user's language: the catalogs, plural forms, Korean particles,
        // numbers and dates. Every layer above speaks through it.
        .target(
            name: "MydexText",
            dependencies: ["CMydexStrings"],
            swiftSettings: strict
        ),
        // The values every layer shares: a species and its forms, an entry, a history event, a
        // game, a place; what a query asks and what a read returns. Records decode themselves
        // from rows (GRDB), but nothing here reads a database or the network.
        .target(
            name: "MydexModel",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "MydexText"],
            swiftSettings: strict
        ),
        // The read-only reference: species, their names, texts and types, the sprites, the
        // catalog image's format and its builder. The collection store depends on it, never the
        // reverse.
        .target(
            name: "MydexCatalog",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                "CMydexCatalog", "CMydexSprites", "MydexModel", "MydexText",
            ],
            swiftSettings: strict
        ),
        // The user's collection (its database, migrations, backups, transfer) and the Pokédex
        // queries that join it with the catalog.
        .target(
            name: "MydexStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                "MydexCatalog", "MydexModel", "CMydexMigrations", "MydexText",
            ],
            swiftSettings: strict
        ),
        // PNG decoding for `--big` pictures: libpng's simplified API, loaded with dlopen on first
        // use (mydex never links libpng). png.h (libpng-dev) is needed to build only.
        .target(
            name: "CPNGDecode",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "PokeAPI",
            dependencies: ["CCurlShim", "MydexText"],
            swiftSettings: strict
        ),
        .target(
            name: "MydexServices",
            dependencies: [
                "MydexCatalog", "MydexModel", "MydexStore", "MydexSaves", "MydexSets", "PokeAPI", "CPNGDecode", "MydexText",
            ],
            swiftSettings: strict
        ),
        // The games' own files read as the games keep them: generation 1–3 saves and single
        // Pokémon files (layouts from pret's decompilations), bytes in, the games' numbers out.
        // Depends on nothing: the services map the numbers with the catalog.
        .target(
            name: "MydexSaves",
            swiftSettings: strict
        ),
        // Pokémon Showdown's team formats (text, packed, JSON) read and written as Showdown's own
        // code does, in Showdown's names; the services map the names to PokeAPI's.
        .target(
            name: "MydexSets",
            swiftSettings: strict
        ),
        // Puts the terminal back when a full-screen view crashes: a signal handler in C, since
        // one written in Swift could neither capture what to restore nor promise to be safe.
        .target(name: "CTerminalRescue"),
        // The part of ICU's data mydex uses (time zones, URL host names), under the symbol ICU
        // reads its data from: the static binary links it instead of ICU's 34 MB package.
        // Generated by `swift run MydexRelease icu-data`; only the app links it.
        .target(name: "CMydexICUData", exclude: ["icudata.bin", "LICENSE"]),
        // The commit and build date a release stamps into the binary it packages (`mydex version`).
        .target(name: "CMydexBuildStamp"),
        .target(
            name: "MydexCLI",
            dependencies: [
                "MydexServices", "MydexModel", "MydexText", "CTerminalRescue", "CMydexBuildStamp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The config file (config.toml): toml++ through a Swift wrapper.
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strict
        ),
        // The Swift runtime and Foundation are linked in, so the binary runs where no Swift
        // toolchain is installed (and starts without loading them from disk). The linker folds
        // identical functions whose address nothing takes (`--icf=safe`: 0.3 MB of generic
        // specializations and thunks), and exports no symbols: `-static-stdlib` asks for
        // `--export-dynamic`, which put 12,000 of mydex's and GRDB's symbols (1.05 MB) in a
        // dynamic symbol table nothing looks them up in. Both for the binary's size goal
        // (docs/PERFORMANCE.md).
        .executableTarget(
            name: "mydex",
            dependencies: ["MydexCLI", "CMydexICUData"],
            swiftSettings: strict,
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xclang-linker", "-no-pie", "-Xlinker", "--icf=safe", "-Xlinker", "--no-export-dynamic", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lFoundationEssentials", "-lFoundationInternationalization", "-lswiftSynchronization"], .when(platforms: [.linux]))]
        ),
        // Regenerates Sources/CMydexCatalog/pokedex.jsonl and catalog.sqlite, and (with
        // --sprites-only) Sources/CMydexSprites/sprites.bin; not part of the app.
        .executableTarget(
            name: "PokedexGenerator",
            dependencies: [
                "MydexServices", "MydexCatalog", "MydexModel", "MydexSets", "MydexStore", "PokeAPI", "CPNG",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The names PokeAPI lacks (Names/*.tsv, each row with its source), read by path.
            exclude: ["Names"],
            swiftSettings: strict
        ),
        // Builds the release (the tarball, the .deb, SHA256SUMS): `swift run MydexRelease`;
        // not part of the app.
        .executableTarget(
            name: "MydexRelease",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // What the tests and the reliability suite share (not a product): the loopback PokeAPI
        // stand-in that can misbehave (`LocalHTTPServer`) and `ChildProcess`. Nothing in
        // Sources/ depends on it.
        .target(
            name: "MydexTestSupport",
            dependencies: ["MydexServices"],
            path: "Tests/MydexTestSupport",
            swiftSettings: strict
        ),
        // The stress and fault suite (docs/RELIABILITY.md): drives a built `mydex` binary.
        // Uses only mydex's public API, so it builds in release like the app it measures.
        .target(
            name: "MydexReliability",
            dependencies: [
                "MydexTestSupport", "MydexCLI", "MydexServices", "MydexStore", "MydexModel", "PokeAPI",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/MydexReliability",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ReliabilityRunner",
            dependencies: [
                "MydexReliability",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/ReliabilityRunner",
            swiftSettings: strict
        ),
        // mydex against the sqlite3 CLI, side by side (docs/PERFORMANCE.md); not part of the app.
        .executableTarget(name: "MydexBenchmark", dependencies: ["MydexCatalog", "MydexModel"], path: "Tests/Benchmark", swiftSettings: strict),
        .testTarget(
            name: "MydexTests",
            dependencies: [
                "MydexCLI", "MydexServices", "MydexCatalog", "MydexModel", "MydexSaves", "MydexSets", "MydexStore", "MydexText",
                "PokeAPI",
                "PokedexGenerator",
                "MydexReliability", "MydexTestSupport", "CMydexCatalog", "CMydexSprites",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
