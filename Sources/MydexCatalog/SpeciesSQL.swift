import GRDB
import MydexModel

/// What lists show of a species, in SQL: its names and type names in the language bound to
/// `:language`, read straight from the catalog's and the fetched tables by primary key. (The
/// `pokedex_*` views merge the two with UNION ALL, which SQLite cannot push a join into: joined
/// per row, they were materialized whole, tens of milliseconds per query.) A fetched species
/// replaces the catalog's; the language falls back as `DataLanguage.fallbacks` says (the
/// nearest language, then English), then to PokeAPI's name.
package enum SpeciesSQL {
    /// The language tried after `:language` and before English, or NULL (`DataLanguage`).
    package static let nearestLanguage = DataLanguage.nearestSQL(":language")

    /// The columns of `shown` and `shownForms` beyond the ids, the names and the types' PokeAPI
    /// names: each is a good part of the statement, which a short command spends more time
    /// preparing than running, so a reader asks only for those it reads.
    package struct Columns: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// `name_key`, the search key of the name, for sorting and matching by name.
        package static let nameKey = Columns(rawValue: 1 << 0)
        /// `generation` (species only).
        package static let generation = Columns(rawValue: 1 << 1)
        /// `type_name_list`: the types' names in the language, else the nearest, else English.
        /// A reader of many rows names them itself from `allTypeNames` (`EntryNames`).
        package static let typeNames = Columns(rawValue: 1 << 2)
        package static let all: Columns = [.nameKey, .generation, .typeNames]
    }

    /// A CTE `shown(id, species_name, name, name_key, generation, type_list, type_name_list)`
    /// over the species whose ids `ids` (a SELECT of one column) returns (of the last three,
    /// those `columns` asks for).
    package static func shown(ids: String, columns: Columns = .all) -> String {
        """
        shown AS MATERIALIZED (
            SELECT i.id,
                coalesce(f.name, c.name) AS species_name,
                CASE WHEN f.id IS NOT NULL
                    THEN \(fetchedName("f"))
                    ELSE coalesce(cl.name, cn.name, ce.name, c.name) END AS name,\(columns.contains(.nameKey) ? """

                CASE WHEN f.id IS NOT NULL
                    THEN search_key(\(fetchedName("f")))
                    ELSE coalesce(cl.key, cn.key, ce.key, c.name) END AS name_key,
                """ : "")\(columns.contains(.generation) ? """
                coalesce(f.generation, c.generation) AS generation,
                """ : "")
                coalesce((SELECT group_concat(type, '/') FROM (\(types("i.id")))), '') AS type_list\(columns.contains(.typeNames) ? """
                ,
                coalesce((SELECT group_concat(\(typeName("t.type")), '/') FROM (\(types("i.id"))) t), '') AS type_name_list
                """ : "")
            FROM (\(ids)) i
            LEFT JOIN main.fetched_species f ON f.id = i.id
            LEFT JOIN catalog.species c ON c.id = i.id AND f.id IS NULL
            LEFT JOIN catalog.species_names cl ON cl.species_id = c.id AND cl.language = :language
            LEFT JOIN catalog.species_names cn ON cn.species_id = c.id AND cn.language = \(nearestLanguage)
            LEFT JOIN catalog.species_names ce ON ce.species_id = c.id AND ce.language = 'en'
            WHERE f.id IS NOT NULL OR c.id IS NOT NULL)
        """
    }

    /// A CTE `shown_forms(id, identifier, form_identifier, species_default, name, name_key,
    /// type_list, type_name_list)` over the catalog's forms whose ids `ids` returns, other than
    /// their species' own: their whole names and types in the language bound to `:language`
    /// (`name_key` and `type_name_list` when `columns` asks for them).
    package static func shownForms(ids: String, columns: Columns = .all) -> String {
        """
        shown_forms AS MATERIALIZED (
            SELECT fo.id, fo.identifier, fo.form_identifier, fo.species_default,
                coalesce(fl.name, fn.name, fe.name) AS name,\(columns.contains(.nameKey) ? " coalesce(fl.key, fn.key, fe.key) AS name_key," : "")
                coalesce((SELECT group_concat(type, '/') FROM (\(formTypes("fo.id")))), '') AS type_list\(columns.contains(.typeNames) ? """
                ,
                coalesce((SELECT group_concat(\(typeName("t.type")), '/') FROM (\(formTypes("fo.id"))) t), '') AS type_name_list
                """ : "")
            FROM (\(ids)) i
            -- Forms other than their species' own only: the others are shown as the species.
            JOIN catalog.forms fo ON fo.id = i.id AND NOT fo.species_default
            LEFT JOIN catalog.form_names fl ON fl.form_id = fo.id AND fl.language = :language
            LEFT JOIN catalog.form_names fn ON fn.form_id = fo.id AND fn.language = \(nearestLanguage)
            LEFT JOIN catalog.form_names fe ON fe.form_id = fo.id AND fe.language = 'en')
        """
    }

    /// The ids of forms other than their species' own among the entries `condition` selects
    /// (on `caught_pokemon c`), for `shownForms`, or other `columns` of those entries. Such a
    /// form's id is 10001 or more but for a few (Xerneas' Active Mode is 716): both are read
    /// through the form index, not by a scan of every entry (a second scan cost a
    /// 100,000-entry list a fifth of its time).
    package static func otherForms(where condition: String, columns: String = "form_id AS id") -> String {
        """
        SELECT \(columns) FROM main.caught_pokemon c WHERE c.form_id >= \(Catalog.firstFormID) AND \(condition)
        UNION SELECT \(columns) FROM main.caught_pokemon c
        WHERE c.form_id IN (SELECT id FROM catalog.forms WHERE id < \(Catalog.firstFormID) AND NOT species_default) AND \(condition)
        """
    }

    /// An entry's name with `shown` as `w` and `shown_forms` (other forms only) as `sf`: the
    /// form's whole name, else the species' with the form's identifier, else the species'.
    package static let entryName = """
        CASE WHEN sf.id IS NULL THEN coalesce(w.name, '#' || c.species_id)
            ELSE coalesce(sf.name, coalesce(w.name, '#' || c.species_id) || ' (' || sf.form_identifier || ')') END
        """

    /// The search key of `entryName`, for sorting by name.
    package static let entryNameKey = """
        CASE WHEN sf.id IS NULL THEN w.name_key ELSE coalesce(sf.name_key, w.name_key) END
        """

    /// The types of form `id`, in slot order, as rows of `type`.
    static func formTypes(_ id: String) -> String {
        "SELECT type FROM catalog.form_types WHERE form_id = \(id) ORDER BY slot"
    }

    /// The name of fetched species `f` (a row of `fetched_species`, names a JSON object by
    /// language) in `:language`, its nearest language, English, else PokeAPI's name.
    package static func fetchedName(_ f: String) -> String {
        """
        coalesce(json_extract(\(f).names, '$."' || :language || '"'), json_extract(\(f).names, '$."' || \(nearestLanguage) || '"'), \
        json_extract(\(f).names, '$.en'), \(f).name)
        """
    }

    /// The types of species `id`, in slot order, as rows of `type`.
    static func types(_ id: String) -> String {
        """
        SELECT value AS type FROM main.fetched_species, json_each(fetched_species.types) WHERE fetched_species.id = \(id)
        UNION ALL
        SELECT type FROM catalog.species_types
        WHERE species_id = \(id) AND NOT EXISTS (SELECT 1 FROM main.fetched_species WHERE fetched_species.id = \(id))
        """
    }

    /// Every type's name as `typeName` gives it: rows of `(type, name)`, for a reader that names
    /// the types of many rows (`EntryNames`) with one statement of this rule rather than one
    /// per row.
    package static let allTypeNames = """
        SELECT t.type, \(typeName("t.type")) AS name
        FROM (SELECT type FROM catalog.type_names UNION SELECT type FROM main.fetched_type_names) t
        """

    /// The name of type `type` in `:language`, its nearest language, English, else PokeAPI's name
    /// (at each language, PokeAPI's fetched names before the catalog's).
    static func typeName(_ type: String) -> String {
        """
        coalesce(
            (SELECT name FROM main.fetched_type_names WHERE type = \(type) AND language = :language),
            (SELECT name FROM catalog.type_names WHERE type = \(type) AND language = :language),
            (SELECT name FROM main.fetched_type_names WHERE type = \(type) AND language = \(nearestLanguage)),
            (SELECT name FROM catalog.type_names WHERE type = \(type) AND language = \(nearestLanguage)),
            (SELECT name FROM main.fetched_type_names WHERE type = \(type) AND language = 'en'),
            (SELECT name FROM catalog.type_names WHERE type = \(type) AND language = 'en'),
            \(type))
        """
    }
}

extension SearchText {
    /// `search_key(text)` in SQL: the same normalization, so the catalog's precomputed keys and
    /// keys computed at query time (nicknames, fetched names) compare equal.
    package static let sqlFunction = DatabaseFunction("search_key", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(normalized)
    }
}
