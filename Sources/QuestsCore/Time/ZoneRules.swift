/// A zone's offsets as a list of transitions, then a POSIX rule for the years after the last one: what
/// a TZif file holds, and (with no transitions) what a POSIX `TZ` string says.
struct TransitionTable: Sendable {
    /// Instants (seconds since 1970, ascending) at which the offset changes.
    let times: [Int]
    /// The offset (seconds east of UTC) in force from each of `times`.
    let offsets: [Int]
    /// The offset before the first transition.
    let initialOffset: Int
    /// The rule from the last transition on, if any.
    let rule: PosixRule?

    init(times: [Int] = [], offsets: [Int] = [], initialOffset: Int = 0, rule: PosixRule? = nil) {
        self.times = times
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.rule = rule
    }

    func offset(at moment: Int) -> Int {
        if let rule, moment >= times.last ?? .min { return rule.offset(at: moment) }
        let index = lastIndex(atOrBefore: moment)
        return index.map { offsets[$0] } ?? initialOffset
    }

    func nextTransition(after moment: Int) -> Int? {
        let next = (lastIndex(atOrBefore: moment) ?? -1) + 1
        if next < times.count { return times[next] }
        return rule?.nextTransition(after: max(moment, times.last ?? moment))
    }

    /// The index of the last transition at or before `moment`.
    private func lastIndex(atOrBefore moment: Int) -> Int? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= moment { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}

/// A POSIX `TZ` rule (`man 3 tzset`): a standard offset and optionally a daylight-saving offset with the
/// yearly dates it starts and ends, such as `CET-1CEST,M3.5.0,M10.5.0/3`.
struct PosixRule: Sendable {
    /// Seconds east of UTC in standard time.
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable {
        /// Seconds east of UTC in daylight-saving time.
        let offset: Int
        /// When it starts (in standard local time) and ends (in daylight-saving local time).
        let start: YearlyMoment, end: YearlyMoment
    }

    /// A day of each year and a time on it, in local time.
    struct YearlyMoment: Sendable {
        enum Day: Sendable {
            /// `Jn`: day 1–365, never counting February 29.
            case julian(Int)
            /// `n`: day 0–365, counting February 29.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1–5, 5 = the last) of month `m`.
            case monthWeek(month: Int, week: Int, weekday: Int)
        }
        let day: Day
        /// Seconds after midnight (may be negative or beyond a day).
        let time: Int

        /// The wall-clock moment in `year`, in seconds since 1970.
        func localSeconds(in year: Int) -> Int {
            let january1 = LocalDay(year: year, month: 1, day: 1)!.dayNumber
            let dayNumber: Int
            switch day {
            case .julian(let n): dayNumber = january1 + n - 1 + (LocalDay.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n): dayNumber = january1 + n
            case .monthWeek(let month, let week, let weekday):
                let first = LocalDay(year: year, month: month, day: 1)!
                var day = first.dayNumber + (weekday - first.weekday.rawValue % 7 + 7) % 7 + (week - 1) * 7
                while day - first.dayNumber >= LocalDay.daysIn(month: month, year: year) { day -= 7 }
                dayNumber = day
            }
            return dayNumber * 86_400 + time
        }
    }

    init(standardOffset: Int, daylight: Daylight? = nil) {
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    func offset(at moment: Int) -> Int {
        guard let daylight else { return standardOffset }
        let year = LocalDay(dayNumber: (moment + standardOffset).floorDiv(86_400)).components.year
        let (start, end) = changes(in: year, daylight)
        let inDaylight = start < end ? (start <= moment && moment < end) : !(end <= moment && moment < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    func nextTransition(after moment: Int) -> Int? {
        guard let daylight else { return nil }
        let year = LocalDay(dayNumber: (moment + standardOffset).floorDiv(86_400)).components.year
        return (year - 1...year + 1).flatMap { year -> [Int] in
            let (start, end) = changes(in: year, daylight)
            return [start, end]
        }.filter { $0 > moment }.min()
    }

    /// The instants daylight-saving time starts and ends in `year`.
    private func changes(in year: Int, _ daylight: Daylight) -> (start: Int, end: Int) {
        (daylight.start.localSeconds(in: year) - standardOffset, daylight.end.localSeconds(in: year) - daylight.offset)
    }
}

extension PosixRule {
    /// Parses a POSIX `TZ` rule; nil when `text` is not one.
    init?(_ text: some StringProtocol) {
        var scanner = RuleScanner(bytes: Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset(maxHours: 24) else { return nil }
        if scanner.atEnd {
            self.init(standardOffset: -standard)
            return
        }
        guard scanner.name() else { return nil }
        let daylightOffset =
            scanner.peek == UInt8(ascii: ",") || scanner.atEnd
            ? Optional(standard - 3600) : scanner.offset(maxHours: 24)
        guard let daylightOffset else { return nil }
        var start = YearlyMoment(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7200)
        var end = YearlyMoment(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7200)
        if !scanner.atEnd {
            guard scanner.skip(","), let first = scanner.yearlyMoment(), scanner.skip(","),
                let second = scanner.yearlyMoment(),
                scanner.atEnd
            else { return nil }
            (start, end) = (first, second)
        }
        self.init(standardOffset: -standard, daylight: Daylight(offset: -daylightOffset, start: start, end: end))
    }
}

/// Reads the pieces of a POSIX `TZ` rule from left to right.
private struct RuleScanner {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or `<...>` with letters, digits, `+` and `-`.
    mutating func name() -> Bool {
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        if skip("<") {
            let start = index
            while let byte = peek,
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            { index += 1 }
            return index - start >= 3 && skip(">")
        }
        let start = index
        while let byte = peek, isLetter(byte) { index += 1 }
        return index - start >= 3
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, positive west of Greenwich as POSIX has it.
    mutating func offset(maxHours: Int) -> Int? {
        let negative = skip("-")
        if !negative { _ = skip("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard skip(":") else { break }
            guard let value = number(maxDigits: 2), value < 60 else { return nil }
            seconds += value * unit
        }
        return negative ? -seconds : seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then optionally `/time` (default 02:00).
    mutating func yearlyMoment() -> PosixRule.YearlyMoment? {
        let day: PosixRule.YearlyMoment.Day
        if skip("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if skip("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), skip("."),
                let week = number(maxDigits: 1), (1...5).contains(week), skip("."),
                let weekday = number(maxDigits: 1), weekday <= 6
            else { return nil }
            day = .monthWeek(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), n <= 365 else { return nil }
            day = .zeroBased(n)
        }
        guard skip("/") else { return .init(day: day, time: 7200) }
        guard let time = offset(maxHours: 167) else { return nil }
        return .init(day: day, time: time)
    }

    /// One to `maxDigits` decimal digits.
    mutating func number(maxDigits: Int) -> Int? {
        let start = index
        var value = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), index - start < maxDigits {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }
}

extension TransitionTable {
    /// Reads TZif data (RFC 8536, the zoneinfo file format); nil when `data` is not TZif.
    init?(tzif data: [UInt8]) {
        guard data.count >= 44, data.starts(with: Array("TZif".utf8)) else { return nil }
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset + size <= data.count else { return nil }
            let unsigned = data[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return size == 8 ? Int(Int64(bitPattern: unsigned)) : Int(Int32(bitPattern: UInt32(unsigned)))
        }
        func counts(at header: Int) -> [Int]? {
            let values = (0..<6).compactMap { integer(at: header + 20 + 4 * $0, size: 4) }
            return values.count == 6 && values.allSatisfy { $0 >= 0 } ? values : nil
        }
        // Counts: UT/local indicators, standard/wall indicators, leap seconds, transitions, types, abbreviation bytes.
        guard let first = counts(at: 0) else { return nil }
        func blockSize(_ c: [Int], timeSize: Int) -> Int {
            c[3] * timeSize + c[3] + c[4] * 6 + c[5] + c[2] * (timeSize + 4) + c[1] + c[0]
        }
        var header = 0
        var timeSize = 4
        var c = first
        if data[4] >= UInt8(ascii: "2") {
            header = 44 + blockSize(first, timeSize: 4)
            timeSize = 8
            guard let second = counts(at: header) else { return nil }
            c = second
        }
        let transitionCount = c[3]
        let typeCount = c[4]
        let timesAt = header + 44
        let indicesAt = timesAt + transitionCount * timeSize
        let typesAt = indicesAt + transitionCount
        let end = header + 44 + blockSize(c, timeSize: timeSize)
        guard typeCount > 0, end <= data.count else { return nil }
        let typeOffsets = (0..<typeCount).compactMap { integer(at: typesAt + 6 * $0, size: 4) }
        var times: [Int] = []
        var offsets: [Int] = []
        for index in 0..<transitionCount {
            let type = Int(data[indicesAt + index])
            guard type < typeCount, let time = integer(at: timesAt + index * timeSize, size: timeSize) else {
                return nil
            }
            times.append(time)
            offsets.append(typeOffsets[type])
        }
        var rule: PosixRule?
        if timeSize == 8 {
            // The footer: "\n" rule "\n"; an empty rule means the last type stays in force.
            let footer = data[end...].dropFirst().prefix { $0 != UInt8(ascii: "\n") }
            if !footer.isEmpty {
                guard let parsed = PosixRule(String(decoding: footer, as: UTF8.self)) else { return nil }
                rule = parsed
            }
        }
        self.init(times: times, offsets: offsets, initialOffset: typeOffsets[0], rule: rule)
    }
}
