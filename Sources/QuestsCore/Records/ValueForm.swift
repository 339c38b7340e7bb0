import FoundationEssentials

/// A value as a store's column holds it. The store binds and reads these; the core only says which.
public enum ColumnValue: Sendable, Hashable {
    case integer(Int64)
    case text(String)
    /// A UUID, kept as its uppercase text.
    case uuid(UUID)
    /// A day, kept as `YYYY-MM-DD` text.
    case day(LocalDay)
    /// A moment, kept as UTC `YYYY-MM-DDTHH:MM:SSZ` text.
    case timestamp(Date)
    case null
}

/// What a column holds, so that the store reads it as such.
public enum ColumnKind: Sendable {
    case integer, text, uuid, day, timestamp
}

/// How one kind of value is kept wherever a record goes: in a backup (JSON), in a store's column and in a
/// sync register (text). Declared once, so the three cannot disagree; reading a backup or a register refuses
/// a value outside the form's range, while a column is read as the store's own constraints keep it.
public struct ValueForm<Value: Sendable>: Sendable {
    let json: JSONCodec<Value>
    let kind: ColumnKind
    let column: @Sendable (Value) -> ColumnValue
    /// The value a column holds; nil when it is not one of this form (a damaged record).
    let fromColumn: @Sendable (ColumnValue) -> Value?
    /// The value as a register holds it; nil for no value (an optional one that is absent).
    let register: @Sendable (Value) -> String?
    /// The value a register holds (nil: none); nil when it is not one this form accepts.
    let fromRegister: @Sendable (String?) -> Value?

    /// An absent value (`null`, NULL, no register value), or the value as `wrapped` has it. A value present
    /// but not one of `wrapped` is refused, never taken as absent.
    static func optional<Wrapped>(_ wrapped: ValueForm<Wrapped>) -> ValueForm where Value == Wrapped? {
        // Each closure keeps only the part of `wrapped` it calls (as `RecordDeclaration.Field` does).
        let column = wrapped.column
        let fromColumn = wrapped.fromColumn
        let register = wrapped.register
        let fromRegister = wrapped.fromRegister
        return ValueForm(
            json: .optional(wrapped.json), kind: wrapped.kind,
            column: { $0.map(column) ?? .null },
            fromColumn: { value in
                if value == .null { return .some(nil) }
                return fromColumn(value).map { $0 }
            },
            register: { $0.flatMap(register) },
            fromRegister: { text in
                guard let text else { return .some(nil) }
                return fromRegister(text).map { $0 }
            })
    }

    /// This form, refusing a value read from a backup or a register for which `problem` gives one.
    func refusing(_ problem: @escaping @Sendable (Value) -> JSONProblem?) -> ValueForm {
        let fromRegister = self.fromRegister
        return ValueForm(
            json: json.refusing(problem), kind: kind, column: column, fromColumn: fromColumn, register: register,
            fromRegister: { text in fromRegister(text).flatMap { problem($0) == nil ? $0 : nil } })
    }

    /// A value written as its name, one of `all`'s; another name is refused (`unknown` says so in a backup).
    static func named(
        _ all: [Value], _ name: @escaping @Sendable (Value) -> String,
        unknown: @escaping @Sendable (String) -> JSONProblem
    ) -> ValueForm {
        let value = { @Sendable (text: String) in all.first { name($0) == text } }
        return ValueForm(
            json: .named(all, name, unknown: unknown), kind: .text, column: { .text(name($0)) },
            fromColumn: { if case .text(let text) = $0 { value(text) } else { nil } },
            register: name, fromRegister: { $0.flatMap(value) })
    }
}

extension ValueForm where Value == UUID {
    static var uuid: ValueForm {
        ValueForm(
            json: .uuid, kind: .uuid, column: { .uuid($0) },
            fromColumn: { if case .uuid(let id) = $0 { id } else { nil } },
            register: UUIDText.text, fromRegister: { $0.flatMap(UUIDText.parse) })
    }
}

extension ValueForm where Value == LocalDay {
    static var day: ValueForm {
        ValueForm(
            json: .day, kind: .day, column: { .day($0) },
            fromColumn: { if case .day(let day) = $0 { day } else { nil } },
            register: { $0.description }, fromRegister: { $0.flatMap { LocalDay($0) } })
    }
}

extension ValueForm where Value == Date {
    static var timestamp: ValueForm {
        ValueForm(
            json: .timestamp, kind: .timestamp, column: { .timestamp($0) },
            fromColumn: { if case .timestamp(let moment) = $0 { moment } else { nil } },
            register: { Timestamp.utcString($0) }, fromRegister: { $0.flatMap { Timestamp.parseUTC($0) } })
    }
}

extension ValueForm where Value == Int {
    /// A whole number from `range`.
    static func int(in range: ClosedRange<Int>) -> ValueForm {
        ValueForm(
            json: .int(in: range), kind: .integer, column: { .integer(Int64($0)) },
            fromColumn: { if case .integer(let number) = $0 { Int(number) } else { nil } },
            register: { String($0) },
            fromRegister: { $0.flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil } })
    }
}

extension ValueForm where Value == Bool {
    /// True or false: `1` or `0` in a column and a register (another whole number than 0 reads as true).
    static var bool: ValueForm {
        ValueForm(
            json: .bool, kind: .integer, column: { .integer($0 ? 1 : 0) },
            fromColumn: { if case .integer(let number) = $0 { number != 0 } else { nil } },
            register: { $0 ? "1" : "0" }, fromRegister: { $0.flatMap { Int($0) }.map { $0 != 0 } })
    }
}

extension ValueForm where Value == String {
    /// Text `UserText` allows as `field` (notes, a reason), possibly empty.
    static func text(_ field: UserText.Field) -> ValueForm {
        ValueForm(
            json: .userText(field), kind: .text, column: { .text($0) },
            fromColumn: { if case .text(let text) = $0 { text } else { nil } },
            register: { $0 }, fromRegister: { $0.flatMap { UserText.problem(with: $0, as: field) == nil ? $0 : nil } })
    }

    /// A title: text `UserText` allows as one, and not empty.
    static var title: ValueForm {
        let allowed = { @Sendable (text: String) in !text.isEmpty && UserText.problem(with: text, as: .title) == nil }
        return ValueForm(
            json: JSONCodec.userText(.title).refusing { $0.isEmpty ? .empty : nil }, kind: .text,
            column: { .text($0) }, fromColumn: { if case .text(let text) = $0 { text } else { nil } },
            register: { $0 }, fromRegister: { $0.flatMap { allowed($0) ? $0 : nil } })
    }
}

extension ValueForm where Value == TimeOfDay {
    /// A time of day: `HH:MM` in backups and registers, minutes since midnight in a column.
    static var timeOfDay: ValueForm {
        ValueForm(
            json: JSONCodec(
                read: { reader in
                    let text = try reader.readString()
                    guard let time = try? TimeOfDay.parse(text) else { throw reader.error(.expected(.timeOrNull)) }
                    return time
                }, write: { $1.string($0.description) }),
            kind: .integer, column: { .integer(Int64($0.minutes)) },
            fromColumn: { if case .integer(let minutes) = $0 { TimeOfDay(minutes: Int(minutes)) } else { nil } },
            register: { $0.description }, fromRegister: { $0.flatMap { try? TimeOfDay.parse($0) } })
    }
}

extension ValueForm where Value == TimeOfDay {
    /// A schedule's time of day: as `timeOfDay` keeps it, but as minutes since midnight in a register (so
    /// written since the first sync files).
    static var timeOfDayInMinutes: ValueForm {
        let form = timeOfDay
        return ValueForm(
            json: form.json, kind: form.kind, column: form.column, fromColumn: form.fromColumn,
            register: { String($0.minutes) },
            fromRegister: { $0.flatMap { Int($0) }.flatMap { TimeOfDay(minutes: $0) } })
    }
}

extension ValueForm where Value == WeekdaySet {
    /// At least one weekday: their names, Monday first, in backups; the mask (bit 0 = Monday, 1 to 127) in a
    /// column and a register.
    static var weekdays: ValueForm {
        let weekday = JSONCodec<Weekday>.named(Weekday.allCases, \.shortName) { .unknownWeekday($0) }
        return ValueForm(
            json: JSONCodec(
                read: { reader in
                    var set = WeekdaySet()
                    try reader.readArray { reader, _ in set.insert(WeekdaySet(try weekday.read(&reader))) }
                    guard !set.isEmpty else { throw reader.error(.noWeekdays) }
                    return set
                },
                write: { set, writer in
                    writer.beginArray()
                    for day in set.days { weekday.write(day, &writer) }
                    writer.endArray()
                }),
            kind: .integer, column: { .integer(Int64($0.rawValue)) },
            fromColumn: { if case .integer(let mask) = $0 { WeekdaySet(rawValue: Int(mask)) } else { nil } },
            register: { String($0.rawValue) },
            fromRegister: { $0.flatMap { Int($0) }.flatMap { (1...127).contains($0) ? WeekdaySet(rawValue: $0) : nil } }
        )
    }
}

extension ValueForm where Value == ScheduleKind {
    /// `weekdays`, `3/week`, `8/month` or `every 3 from 2026-11-02` (`ScheduleKind.description`), everywhere.
    static var scheduleKind: ValueForm {
        ValueForm(
            json: JSONCodec(
                read: { reader in
                    guard let kind = ScheduleKind.parse(try reader.readString()) else {
                        throw reader.error(.invalidScheduleKind)
                    }
                    return kind
                }, write: { $1.string($0.description) }),
            kind: .text, column: { .text($0.description) },
            fromColumn: { if case .text(let text) = $0 { ScheduleKind.parse(text) } else { nil } },
            register: { $0.description }, fromRegister: { $0.flatMap(ScheduleKind.parse) })
    }
}

extension ValueForm where Value == Amount {
    /// An amount, kept as its whole number of thousandths everywhere (`Amount`).
    static var amount: ValueForm {
        let range = 0...Amount.maximum.thousandths
        return ValueForm(
            json: JSONCodec(
                read: { reader in Amount(thousandths: try reader.readInt(in: range)) ?? .zero },
                write: { $1.int($0.thousandths) }),
            kind: .integer, column: { .integer(Int64($0.thousandths)) },
            fromColumn: { if case .integer(let number) = $0 { Amount(thousandths: Int(number)) } else { nil } },
            register: { String($0.thousandths) }, fromRegister: { $0.flatMap { Int($0) }.flatMap(Amount.init) })
    }
}
