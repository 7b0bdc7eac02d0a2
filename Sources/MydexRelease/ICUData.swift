import ArgumentParser
import Foundation

/// Writes `Sources/CMydexICUData`: the part of ICU's data mydex uses, under the symbol the
/// toolchain's ICU reads its data from, so the static binary links it instead of all 34 MB.
///
/// Linking Foundation statically brings ICU and its whole data package (`icudtNN_dat`, every
/// locale, collation, converter and dictionary). mydex formats its words, numbers and dates
/// itself; what ICU still does for it is the time zones (`TimeZone`) and the host names of URLs
/// (IDNA). An application supplying its own data under ICU's entry point is how ICU is meant to
/// be packaged (ICU's "stubdata" library is the empty case): the linker takes the first
/// definition, ours, and never pulls the archive member that holds the full package.
struct ICUDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icu-data",
        abstract: "Regenerates the ICU data the mydex binary links (Sources/CMydexICUData).",
        discussion: """
            Reads the data package of the toolchain's static ICU (lib_FoundationICU.a), keeps the \
            items mydex's Foundation uses (time zones, IDNA, the root and English locale data as a \
            safety net) and writes icudata.bin and icudata.c, which names the symbol this ICU \
            version reads. Run it after changing toolchains; a test checks the files are current.

            Examples:
              $ swift run MydexRelease icu-data
              $ swift run MydexRelease icu-data --check
            """)

    @Option(help: "The repository (where Package.swift is); the current folder by default.")
    var packagePath: String?

    @Flag(help: "Only check that the committed files are what this toolchain gives; exit 1 if not.")
    var check = false

    func run() throws {
        let root = try Repository.root(packagePath)
        let generated = try ICUData.trimmed(from: try ICUData.toolchainArchive())
        let folder = root.appendingPathComponent("Sources/CMydexICUData")
        let files = [("icudata.bin", generated.package), ("icudata.c", Data(generated.source.utf8))]
        if check {
            let stale = files.filter { name, bytes in (try? Data(contentsOf: folder.appendingPathComponent(name))) != bytes }
            guard stale.isEmpty else {
                throw ReleaseError("\(folder.path) is not what this toolchain's ICU gives (\(stale.map(\.0).joined(separator: ", "))): run swift run MydexRelease icu-data")
            }
            print("Sources/CMydexICUData is current (\(generated.symbol), \(generated.package.count) bytes of \(generated.original) kept)")
            return
        }
        for (name, bytes) in files { try bytes.write(to: folder.appendingPathComponent(name)) }
        print("wrote \(folder.path): \(generated.symbol), \(generated.package.count) of \(generated.original) bytes, \(generated.items) items")
    }
}

/// ICU's common data package (`ucmndata.h`): a header, then a table of contents (a count, then
/// each item's name and data offsets from the table's start, sorted by name for ICU's binary
/// search), the names, and the items, each 16-byte aligned.
enum ICUData {
    /// What mydex keeps, without the `icudtNNl/` prefix. Traced with gdb on `doOpenChoice`
    /// over every command (docs/PERFORMANCE.md says how): the time zones and IDNA only. The
    /// root and English locale data stay so that a Foundation API that reaches for a locale
    /// (en_US_POSIX formatters, Locale.current) still finds one.
    static let kept: Set<String> = [
        // TimeZone: the rules, the zone ids' aliases and metazones, the keywords' types.
        "zoneinfo64.res", "timezoneTypes.res", "metaZones.res", "windowsZones.res", "keyTypeData.res",
        // URL host names (IDNA) and the normalization forms behind them.
        "uts46.nrm", "nfkc.nrm", "nfkc_cf.nrm",
        // Locales: the index, root and English, their shared strings, and what every locale
        // consults (likely subtags, plural rules, numbering systems, calendars' supplements).
        "res_index.res", "root.res", "pool.res", "en.res", "en_US.res", "en_US_POSIX.res", "supplementalData.res",
        "likelySubtags.res", "numberingSystems.res", "plurals.res", "icuver.res", "icustd.res",
        // Converter aliases: how ICU names UTF-8.
        "cnvalias.icu",
    ]

    struct Trimmed {
        let package: Data
        let source: String
        let symbol: String
        let original: Int
        let items: Int
    }

    /// The toolchain's static ICU archive: beside the runtime `swift -print-target-info` names.
    static func toolchainArchive() throws -> URL {
        let info = try Shell.run(["swift", "-print-target-info"])
        struct TargetInfo: Decodable {
            struct Paths: Decodable { let runtimeResourcePath: String }
            let paths: Paths
        }
        let resources = try JSONDecoder().decode(TargetInfo.self, from: Data(info.utf8)).paths.runtimeResourcePath
        let archive = URL(fileURLWithPath: resources).deletingLastPathComponent()
            .appendingPathComponent("swift_static/linux/lib_FoundationICU.a")
        guard FileManager.default.fileExists(atPath: archive.path) else {
            throw ReleaseError("no static ICU at \(archive.path): this toolchain cannot link mydex statically")
        }
        return archive
    }

    /// The archive's data package, trimmed to `kept`, and the C file that links it.
    static func trimmed(from archive: URL) throws -> Trimmed {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("mydex-icu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let member = "icu_packaged_data.cpp.o"
        try Shell.run(["ar", "x", archive.path, member], in: work)
        let symbols = try Shell.run(["nm", member], in: work).split(separator: "\n").compactMap { $0.split(separator: " ").last }
        guard symbols.count == 1, let symbol = symbols.first.map(String.init), symbol.hasPrefix("icudt"), symbol.hasSuffix("_dat") else {
            throw ReleaseError("\(member) in \(archive.path) should define one icudtNN_dat symbol; it defines \(symbols)")
        }
        try Shell.run(["objcopy", "-O", "binary", "--only-section=.rodata", member, "data.bin"], in: work)
        let original = try Data(contentsOf: work.appendingPathComponent("data.bin"))
        let (package, items) = try trim(original, keeping: kept)
        return Trimmed(package: package, source: source(symbol: symbol, size: package.count), symbol: symbol,
                       original: original.count, items: items)
    }

    /// `package` with only the items named in `kept`; throws when one of them is missing, so a
    /// new ICU that renamed one is noticed here rather than as a wrong time in a user's list.
    static func trim(_ package: Data, keeping kept: Set<String>) throws -> (Data, Int) {
        let bytes = [UInt8](package)
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func uint32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard bytes.count > 32, bytes[2] == 0xDA, bytes[3] == 0x27, bytes[8] == 0, Array(bytes[12..<16]) == Array("CmnD".utf8) else {
            throw ReleaseError("not a little-endian ICU common data package")
        }
        let table = uint16(0)
        let count = uint32(table)
        guard table + 4 + 8 * count <= bytes.count else { throw ReleaseError("the ICU package's table of contents is cut short") }
        var items: [(name: [UInt8], data: ArraySlice<UInt8>)] = []
        for index in 0..<count {
            let name = table + uint32(table + 4 + 8 * index)
            let start = table + uint32(table + 8 + 8 * index)
            let end = index + 1 < count ? table + uint32(table + 16 + 8 * index) : bytes.count
            guard let nul = bytes[name...].firstIndex(of: 0), start <= end, end <= bytes.count else {
                throw ReleaseError("the ICU package's item \(index) is malformed")
            }
            let fullName = Array(bytes[name..<nul])
            let shortName = String(decoding: fullName.drop { $0 != UInt8(ascii: "/") }.dropFirst(), as: UTF8.self)
            if kept.contains(shortName) { items.append((fullName, bytes[start..<end])) }
        }
        let found = Set(items.map { String(decoding: $0.name.drop { $0 != UInt8(ascii: "/") }.dropFirst(), as: UTF8.self) })
        guard found == kept else {
            throw ReleaseError("this ICU has no \(kept.subtracting(found).sorted().joined(separator: ", ")): update ICUData.kept")
        }
        func aligned(_ value: Int) -> Int { (value + 15) / 16 * 16 }
        // Names right after the table, then the items, in the original (sorted) order.
        var names: [UInt8] = []
        var nameOffsets: [Int] = []
        for item in items {
            nameOffsets.append(4 + 8 * items.count + names.count)
            names += item.name + [0]
        }
        var body: [UInt8] = []
        var dataOffsets: [Int] = []
        let firstItem = aligned(4 + 8 * items.count + names.count)
        for item in items {
            dataOffsets.append(firstItem + body.count)
            body += item.data
            body += [UInt8](repeating: 0, count: aligned(body.count) - body.count)
        }
        func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var output = Array(bytes[0..<table]) + littleEndian(items.count)
        for (name, data) in zip(nameOffsets, dataOffsets) { output += littleEndian(name) + littleEndian(data) }
        output += names
        output += [UInt8](repeating: 0, count: table + firstItem - output.count)
        output += body
        return (Data(output), items.count)
    }

    /// Refuses a binary that links another ICU data package than Sources/CMydexICUData's (a new
    /// toolchain's ICU reads another symbol, and the full 34 MB come back). A binary stripped
    /// already has no symbols to tell; it is taken as it is.
    static func checkLinked(in binary: URL, root: URL) throws {
        guard let symbols = try? Shell.run(["nm", "-S", binary.path]) else { return }
        let expected = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent("Sources/CMydexICUData/icudata.bin").path))?[.size] as? Int
        for line in symbols.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[3].hasPrefix("icudt"), fields[3].hasSuffix("_dat") else { continue }
            guard let size = Int(fields[1], radix: 16), size == expected else {
                throw ReleaseError("\(binary.path) links ICU data \(fields[3]) of \(Int(fields[1], radix: 16) ?? 0) bytes, not Sources/CMydexICUData's \(expected ?? 0): run swift run MydexRelease icu-data and build again")
            }
        }
    }

    static func source(symbol: String, size: Int) -> String {
        """
        // Generated by `swift run MydexRelease icu-data` (Sources/MydexRelease/ICUData.swift): the
        // part of ICU's data mydex uses (\(size) bytes), under the symbol this toolchain's ICU reads
        // its data from. The linker takes this definition and leaves out the full package.

        // #embed is standard C23; clang also accepts it in older modes with this warning.
        #pragma clang diagnostic ignored "-Wc23-extensions"

        __attribute__((aligned(16), used)) const unsigned char \(symbol)[] = {
        #embed "icudata.bin"
        };

        """
    }
}
