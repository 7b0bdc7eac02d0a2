import Foundation
import MydexModel
import MydexServices
import MydexText

/// A detail page: an entry of the collection or a species of the Pokédex, as `show` and `dex`
/// tell it (the same fields, in the same words), with its picture and the evolution chain to
/// move along.
struct BrowseDetail: Sendable {
    enum Subject: Equatable, Sendable {
        case entry(CollectionEntry)
        case species(Int)
    }

    struct Field: Equatable, Sendable {
        var label: String
        var value: String
    }

    var subject: Subject
    var speciesID: Int
    /// "#0025 Pikachu" or "Entry 12: Sparky (Pikachu)".
    var title: String
    /// Favorite and shiny marks beside the title.
    var marks: String
    var fields: [Field]
    /// The species of the evolution chain, in order (empty when it does not evolve).
    var chain: [SpeciesProfile.Link]
    /// The link ←/→ has reached; Enter opens it.
    var chainFocus: Int
    /// The picture: `--big`'s when cached, else the box sprite.
    var sprite: Sprite?
    /// Whether `sprite` is a 96×96 picture (drawn at most 1:1) rather than a box sprite (2×).
    var isBigSprite: Bool
    /// Lines of the text column scrolled past (↑/↓).
    var scroll = 0

    var entry: CollectionEntry? {
        if case .entry(let entry) = subject { return entry }
        return nil
    }
}

/// Builds detail pages from the Pokédex and the collection.
struct BrowseDetailSource: Sendable {
    let collection: Library
    let presentation: Presentation
    let sprites: SpriteSource?
    /// `--big`'s picture when it is in the cache (never fetched here: the page opens at once).
    let cachedBigSprite: @Sendable (Species, Bool) async -> Sprite?

    func detail(of entry: CollectionEntry) async throws -> BrowseDetail {
        let detail = try await collection.entries.detail(of: entry, history: 20)
        let (species, profile) = (detail.species, detail.profile)
        var fields = presentation.entryFields(detail, training: false).map(BrowseDetail.Field.init)
        for (index, event) in detail.history.enumerated() {
            var text = presentation.dateTime(event.occurredAt) + "  " + HistoryWords.actionName(event.action)
            if let detail = event.detail {
                text += "  " + HistoryWords.detail(detail, of: event.action, entry: entry, presentation: presentation)
            }
            fields.append(BrowseDetail.Field(label: index == 0 ? tr("browse.detail.history") : "", value: text))
        }
        let big = await cachedBigSprite(species, entry.isShiny)
        return BrowseDetail(
            subject: .entry(entry), speciesID: species.id,
            title: tr("show.title", ["id": String(entry.id), "title": presentation.title(entry)]),
            marks: Self.marks(favorite: entry.isFavorite, shiny: entry.isShiny),
            fields: fields, chain: chain(profile), chainFocus: focus(species.id, in: profile),
            sprite: big ?? sprites?.sprite(of: entry), isBigSprite: big != nil)
    }

    func detail(ofSpecies id: Int) async throws -> BrowseDetail {
        let pokedex = collection.pokedex
        guard let species = try await pokedex.species(id: id) else { throw StoreError.speciesNotCached(id: id) }
        let profile = try await pokedex.profile(of: species)
        let tally = try await pokedex.tally(speciesID: id)
        var fields = presentation.speciesFields(species).map(BrowseDetail.Field.init)
        fields.append(BrowseDetail.Field(label: tr("browse.detail.held"), value: Translator.current.format.integer(tally.held)))
        fields += presentation.profileFields(species, profile, training: false).map(BrowseDetail.Field.init)
        fields += presentation.pokedexField(species, game: profile.pokedexGame).map(BrowseDetail.Field.init)
        let big = await cachedBigSprite(species, false)
        return BrowseDetail(
            subject: .species(id), speciesID: id,
            title: "\(presentation.dexNumber(id)) \(presentation.localizer.name(species))", marks: "",
            fields: fields, chain: chain(profile), chainFocus: focus(id, in: profile),
            sprite: big ?? sprites?.sprite(speciesID: id, shiny: false), isBigSprite: big != nil)
    }

    static func marks(favorite: Bool, shiny: Bool) -> String {
        [favorite ? "★" : nil, shiny ? "✨" : nil].compactMap { $0 }.joined(separator: " ")
    }

    /// Every species of the chain once, in the order its paths list them.
    private func chain(_ profile: SpeciesProfile) -> [SpeciesProfile.Link] {
        var seen = Set<Int>()
        return presentation.evolutionChains(profile).flatMap { $0 }.filter { seen.insert($0.id).inserted }
    }

    private func focus(_ id: Int, in profile: SpeciesProfile) -> Int {
        chain(profile).firstIndex { $0.id == id } ?? 0
    }
}

extension BrowseDetail.Field {
    init(_ pair: (String, String)) { self.init(label: pair.0, value: pair.1) }
}
