import Foundation

/// Times in exported files: ISO 8601 in UTC to the millisecond, `2026-11-22T04:05:06.123Z`
/// (mydex keeps times to the millisecond, so they come back exactly).
public enum TransferTime {
    public static func text(_ date: Date) -> String {
        // Rounded, not cut: a time read back from the database may lie a hair below its millisecond.
        StoredDate.text(date, separator: "T", rounding: .toNearestOrAwayFromZero) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, with or without a fraction (kept to the millisecond), then `Z` or an
    /// offset (`+09:00`, `+0900`); a space may stand for the `T`. Nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? { StoredDate.number(bytes, range) }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32,
              bytes[13] == 58, bytes[16] == 58,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var milliseconds = 0
        if bytes[index] == 46 {
            let digits = bytes[(index + 1)...].prefix { $0 >= 48 && $0 <= 57 }
            guard !digits.isEmpty else { return nil }
            for (position, digit) in digits.prefix(3).enumerated() { milliseconds += Int(digit - 48) * [100, 10, 1][position] }
            index += 1 + digits.count
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes = 0
        switch bytes[index] {
        case 90 where index + 1 == bytes.count:  // Z
            break
        case 43, 45:  // + or -
            let rest = bytes.count - index - 1
            guard rest == 5 || rest == 4, let hours = number(index + 1..<index + 3),
                  let minutes = rest == 5 ? (bytes[index + 3] == 58 ? number(index + 4..<index + 6) : nil) : number(index + 3..<index + 5),
                  hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let days = GregorianDays.days(year: year, month: month, day: day)
        let seconds = ((hour * 60 + minute - offsetMinutes) * 60 + second)
        return Date(timeIntervalSince1970: Double(Int64(days) * 86_400_000 + Int64(seconds) * 1000 + Int64(milliseconds)) / 1000)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
