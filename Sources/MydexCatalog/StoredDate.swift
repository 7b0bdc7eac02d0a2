import Foundation
import GRDB

/// Dates as mydex stores them: GRDB's text format, `2026-11-21 07:35:00.123`, in UTC, written
/// and read with calendar arithmetic. GRDB's own conversion goes through DateFormatter and
/// Calendar, whose first use loads ICU data: a fifth of a `catch`.
public enum StoredDate {
    package static func text(_ date: Date) -> String { text(date, separator: " ", rounding: .down) }

    /// `date` to the millisecond, date and time parted by `separator`.
    package static func text(_ date: Date, separator: String, rounding: FloatingPointRoundingRule) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(rounding))
        let days = Int((Double(milliseconds) / 86_400_000).rounded(.down))
        let millisecondOfDay = Int(milliseconds - Int64(days) * 86_400_000)
        let (year, month, day) = GregorianDays.civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))\(separator)\(pad(millisecondOfDay / 3_600_000, 2)):"
            + "\(pad(millisecondOfDay / 60_000 % 60, 2)):\(pad(millisecondOfDay / 1000 % 60, 2)).\(pad(millisecondOfDay % 1000, 3))"
    }

    /// `YYYY-MM-DD HH:MM[:SS[.SSS]]` (or with `T`), UTC; nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? { Self.number(bytes, range) }
        guard bytes.count >= 16, bytes[4] == 45, bytes[7] == 45, bytes[10] == 32 || bytes[10] == 84, bytes[13] == 58,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var seconds = 0, milliseconds = 0
        if bytes.count >= 19 {
            guard bytes[16] == 58, let value = number(17..<19) else { return nil }
            seconds = value
        }
        if bytes.count >= 21, bytes[19] == 46 {
            let digits = bytes[20...].prefix { $0 >= 48 && $0 <= 57 }.prefix(3)
            milliseconds = (digits.reduce(0) { $0 * 10 + Int($1 - 48) }) * [100, 10, 1][max(digits.count - 1, 0)]
        }
        let days = GregorianDays.days(year: year, month: month, day: day)
        let total = Int64(days) * 86_400_000 + Int64(((hour * 60 + minute) * 60 + seconds) * 1000 + milliseconds)
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }

    /// The decimal number the ASCII digits in `range` of `bytes` make; nil if any is no digit.
    package static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[range] {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static let encoding = DatabaseDateEncodingStrategy.custom { text($0) }
    static let decoding = DatabaseDateDecodingStrategy.custom { value in String.fromDatabaseValue(value).flatMap(date) }
}

/// Days since 1970-01-01 and calendar dates, by Howard Hinnant's algorithms (proleptic
/// Gregorian): what stored dates and the dates lists print need, without a Calendar.
public enum GregorianDays {
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` of `year` has (leap years included).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

}
