import Foundation
import MydexCatalog
import MydexModel
import MydexStore
import MydexText

/// Which language mydex shows Pokémon names, types, genus and Pokédex text in.
public enum DisplayLanguage {
    /// PokeAPI's language codes (its `language` table), lower-case.
    public static let supported = [
        "en", "ko", "ja", "ja-hrkt", "ja-roma", "zh-hans", "zh-hant", "fr", "de", "es", "es-419", "it", "cs", "pt-br",
    ]

    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// A code PokeAPI has no data in, and where it came from (`--lang`, `MYDEX_LANG`).
        case unsupported(String, source: String)
        public var description: String {
            switch self {
            case .unsupported(let code, let source):
                let given = source.hasPrefix("-") ? "\(source) \(code)" : "\(source)=\(code)"
                return tr("language.unsupported", ["given": given, "codes": DisplayLanguage.supported.joined(separator: ", ")])
            }
        }
    }

    /// `--lang`, then `MYDEX_LANG`, then the config file's `lang` (`configured`, checked when
    /// the file was read), then the POSIX locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) when PokeAPI
    /// has that language, else English. An explicit code must be supported.
    public static func resolve(
        explicit: String?, environment: [String: String], configured: String? = nil
    ) throws(Problem) -> String {
        for (candidate, source) in [(explicit, "--lang"), (environment["MYDEX_LANG"], "MYDEX_LANG"), (configured, "lang")] {
            guard let code = candidate?.trimmingCharacters(in: .whitespaces), !code.isEmpty else { continue }
            guard let supported = match(code) else { throw .unsupported(code, source: source) }
            return supported
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap(fromPOSIXLocale) ?? "en"
    }

    /// A code as the user wrote it (`KO`, `ja-Hrkt`, `zh_TW`) to PokeAPI's, if supported.
    public static func match(_ code: String) -> String? {
        let lowered = code.lowercased().replacingOccurrences(of: "_", with: "-")
        if supported.contains(lowered) || lowered == InterfaceLanguage.pseudo.rawValue { return lowered }
        return fromPOSIXLocale(code)
    }

    /// `ko_KR.UTF-8` → `ko`, `zh_TW` → `zh-hant`, `es_MX` → `es-419`, `C` → nil.
    static func fromPOSIXLocale(_ locale: String) -> String? {
        let base = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? locale
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        let region = parts.dropFirst().first
        switch language {
        case "zh":
            return ["tw", "hk", "mo", "hant"].contains(region ?? "") ? "zh-hant" : "zh-hans"
        case "es":
            return region == nil || region == "es" ? "es" : "es-419"
        case "pt":
            return "pt-br"
        default:
            return supported.contains(language) ? language : nil
        }
    }
}

/// Localized text for species and types, falling back to English field by field.
public struct Localizer: Sendable {
    public let language: String
    /// Type names by type, then by language.
    let typeNames: [String: [String: String]]

    public init(language: String, typeNames: [TypeName] = []) {
        self.language = language.lowercased()
        var byType: [String: [String: String]] = [:]
        for name in typeNames { byType[name.type, default: [:]][name.language] = name.name }
        self.typeNames = byType
    }

    /// The first language of `language`'s fallback chain that has this text.
    private func text(_ texts: [String: String]) -> String? {
        DataLanguage.fallbacks(language).lazy.compactMap { texts[$0] }.first
    }

    public func name(_ species: Species) -> String { text(species.names) ?? species.name }

    public func genus(_ species: Species) -> String? { text(species.genera) }

    public func flavorText(_ species: Species) -> String? { text(species.flavorTexts) }

    public func typeName(_ type: String) -> String {
        typeNames[type].flatMap(text) ?? type.prefix(1).uppercased() + type.dropFirst()
    }

    public func types(_ species: Species) -> String {
        species.types.map(typeName).joined(separator: "/")
    }
}
