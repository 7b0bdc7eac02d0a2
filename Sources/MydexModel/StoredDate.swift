import Foundation
import GRDB
import MydexText

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
