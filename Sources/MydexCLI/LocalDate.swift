import Foundation
import MydexModel
import MydexText

/// A day or a moment the user typed, in their time zone: `2026-11-01` (its midnight),
/// `2026-11-01T18:30`, `2026-11-01 18:30:15`; with `Z` or `+09:00` it names its own offset.
enum LocalDate {
    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        func number(_ digits: Int) -> Int? {
            let prefix = rest.prefix(digits)
            guard prefix.count == digits, prefix.allSatisfy(\.isASCII), let value = Int(prefix), value >= 0 else { return nil }
            rest = rest.dropFirst(digits)
            return value
        }
        func skip(_ separators: String) -> Bool {
            guard let first = rest.first, separators.contains(first) else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
              (1...12).contains(month), (1...GregorianDays.daysIn(month: month, year: year)).contains(day) else { return nil }
        var (hour, minute, second) = (0, 0, 0)
        if skip("T ") {
            guard let h = number(2), skip(":"), let m = number(2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if skip(":") {
                guard let s = number(2), s < 60 else { return nil }
                second = s
            }
        }
        var offset: Int?
        if skip("Zz") {
            offset = 0
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let h = number(2) else { return nil }
            _ = skip(":")
            guard let m = number(2), h < 24, m < 60 else { return nil }
            offset = (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
        }
        guard rest.isEmpty else { return nil }
        let wallClock = Double(GregorianDays.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
        if let offset { return Date(timeIntervalSince1970: wallClock - Double(offset)) }
        // The zone's offset at that wall-clock time: asked twice, so a day when it changes is right.
        let guess = Date(timeIntervalSince1970: wallClock - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock))))
        return Date(timeIntervalSince1970: wallClock - Double(timeZone.secondsFromGMT(for: guess)))
    }
}
