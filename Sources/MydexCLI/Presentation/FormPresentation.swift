import Foundation
import MydexModel
import MydexServices
import MydexText

/// Forms as text: their names, their kinds, and a species' list of forms.
extension Presentation {
    /// The form's whole name: PokeAPI's ("Alolan Vulpix"), else the species' with the form's
    /// identifier ("Vulpix (alola)"); a species' own form is the species' name.
    func formName(_ form: PokemonForm, speciesName: String) -> String { Self.formName(form, speciesName: speciesName) }

    static func formName(_ form: PokemonForm, speciesName: String) -> String {
        if form.isSpeciesDefault { return speciesName }
        return form.name ?? tr("form.name.fallback", ["species": speciesName, "form": form.formIdentifier ?? form.identifier])
    }

    /// What kind of form it is, in words: "regional form", "Mega Evolution, battle only", ….
    func formKinds(_ form: PokemonForm) -> [String] {
        var kinds: [String] = []
        if form.regional { kinds.append(tr("form.kind.regional")) }
        if form.mega { kinds.append(tr("form.kind.mega")) }
        if form.gmax { kinds.append(tr("form.kind.gmax")) }
        if form.cosmetic && !form.regional { kinds.append(tr("form.kind.cosmetic")) }
        if form.battleOnly && !form.mega && !form.gmax { kinds.append(tr("form.kind.battle-only")) }
        return kinds
    }

    /// `dex`: the form shown ("Alolan Form · alola · regional form") when it is not the
    /// species' own, and the species' forms, one name (and what to type) each, when it has more
    /// than one.
    func formFields(_ found: FoundPokemon, speciesName: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        let separator = tr("entry.list-separator")
        let form = found.form
        if !form.isSpeciesDefault {
            let parts = [form.formName, form.formIdentifier ?? form.identifier].compactMap { $0 } + formKinds(form)
            fields.append((tr("form.field.form"), parts.joined(separator: separator)))
            if !form.hasOwnSprite { fields.append(("", tr("form.no-own-sprite", ["name": speciesName]))) }
        }
        if found.forms.count > 1 {
            let names = found.forms.map { other in
                other.isSpeciesDefault
                    ? speciesName
                    : tr("form.list.item", ["name": formName(other, speciesName: speciesName), "form": other.formIdentifier ?? other.identifier])
            }
            fields.append((tr("form.field.forms"), names.joined(separator: separator)))
        }
        return fields
    }
}
