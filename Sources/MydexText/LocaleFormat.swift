/// Numbers and dates as each language writes them (CLDR's conventions), without ICU: loading
/// ICU's locale data would cost milliseconds at every start.
public struct LocaleFormat: Sendable, Equatable {
    public let language: InterfaceLanguage

    public init(_ language: InterfaceLanguage) { self.language = language }

    /// Between groups of three digits: 1,234 (en, ko, ja, zh), 1 234 (fr: a narrow no-break
    /// space), 1.234 (de, it, es).
    public var groupingSeparator: String {
        switch language {
        case .french: "\u{202F}"
        case .german, .italian, .spanish: "."
        default: ","
        }
    }

    public var decimalSeparator: String {
        switch language {
        case .french, .german, .italian, .spanish: ","
        default: "."
        }
    }

    /// Spanish groups only numbers of five digits or more (CLDR's minimum grouping digits: 2).
    private var minimumGroupedDigits: Int { language == .spanish ? 5 : 4 }

    /// 12345 → "12,345", "12 345", "12.345".
    public func integer<Number: BinaryInteger>(_ value: Number) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        guard digits.count >= minimumGroupedDigits else { return sign + digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.append(digits[start..<end])
            end = start
        }
        return sign + groups.reversed().joined(separator: groupingSeparator)
    }

    /// `value` with `digits` decimals: 0.6 → "0.6" or "0,6".
    public func decimal(_ value: Double, digits: Int) -> String {
        let scale = (0..<digits).reduce(1.0) { product, _ in product * 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled.truncatingRemainder(dividingBy: scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + integer(whole) }
        let fractionText = String(fraction)
        return sign + integer(whole) + decimalSeparator + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// A percentage: "12.5%", "12,5 %" (fr, de: a no-break space before the sign).
    public func percent(_ value: Double, digits: Int) -> String {
        let number = decimal(value, digits: digits)
        switch language {
        case .french: return number + "\u{202F}%"
        case .german, .spanish: return number + "\u{00A0}%"
        default: return number + "%"
        }
    }

    /// A day as the language writes it, always the same width (months and days with two digits):
    /// 2026-11-24 (en: ISO, as mydex has always printed it), 2026. 11. 24. (ko), 2026/11/24 (ja,
    /// zh), 24/11/2026 (fr, es, it), 24.11.2026 (de).
    public func date(year: Int, month: Int, day: Int) -> String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        switch language {
        case .english, .pseudo: return "\(y)-\(m)-\(d)"
        case .korean: return "\(y). \(m). \(d)."
        case .japanese, .simplifiedChinese, .traditionalChinese: return "\(y)/\(m)/\(d)"
        case .french, .spanish, .italian: return "\(d)/\(m)/\(y)"
        case .german: return "\(d).\(m).\(y)"
        }
    }

    /// A day as short as the language writes it, for a table's column (CLDR's short date, with
    /// two-digit months and days): 2026-11-24 (en, as above), 26. 11. 24. (ko), 2026/11/24 (ja,
    /// zh), 24/11/26 (fr, es, it), 24.11.26 (de).
    public func shortDate(year: Int, month: Int, day: Int) -> String {
        let y = year % 100 < 10 ? "0\(year % 100)" : String(year % 100)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        switch language {
        case .english, .pseudo, .japanese, .simplifiedChinese, .traditionalChinese: return date(year: year, month: month, day: day)
        case .korean: return "\(y). \(m). \(d)."
        case .french, .spanish, .italian: return "\(d)/\(m)/\(y)"
        case .german: return "\(d).\(m).\(y)"
        }
    }

    /// A day and a time of day (24-hour clock everywhere, as each of these locales writes it).
    public func dateTime(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
        let time = (hour < 10 ? "0\(hour)" : String(hour)) + ":" + (minute < 10 ? "0\(minute)" : String(minute))
        return date(year: year, month: month, day: day) + " " + time
    }

    /// The plural form's index in this language's catalog (its `Plural-Forms`), by CLDR's rules
    /// for whole numbers: one/other in en, de, it, es (n = 1 is one); fr (0 and 1 are one); a
    /// single form in ko, ja, zh. CLDR's "many" (fr, es, it: exact millions) writes the same as
    /// "other" for whole numbers printed in digits, so the catalogs carry one and other only.
    public func pluralIndex(_ count: Int) -> Int {
        switch language {
        case .korean, .japanese, .simplifiedChinese, .traditionalChinese: return 0
        case .french: return count == 0 || count == 1 ? 0 : 1
        default: return count == 1 ? 0 : 1
        }
    }

    /// The `Plural-Forms` header each catalog must carry (the completeness test checks it).
    public var pluralFormsHeader: String {
        switch language {
        case .korean, .japanese, .simplifiedChinese, .traditionalChinese: "nplurals=1; plural=0;"
        case .french: "nplurals=2; plural=(n > 1);"
        default: "nplurals=2; plural=(n != 1);"
        }
    }
}
