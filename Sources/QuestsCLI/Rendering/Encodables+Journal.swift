import QuestsCore
import QuestsStore

extension JSONShapes {
    /// An entry of a day: `{number, text, createdAt, updatedAt}`.
    struct JournalEntryRecord: JSONShape {
        let number: Int
        let text: String
        let createdAt: String
        let updatedAt: String

        init(_ entry: JournalEntry, number: Int) {
            self.number = number
            text = entry.text
            createdAt = Timestamp.utcString(entry.createdAt)
            updatedAt = Timestamp.utcString(entry.updatedAt)
        }
    }

    /// `journal --json`: `{date, entries: [{number, text, createdAt, updatedAt}]}`.
    struct JournalDayDocument: JSONShape {
        let date: String
        let entries: [JournalEntryRecord]

        init(_ journal: JournalDay) {
            date = journal.day.description
            entries = journal.entries.enumerated().map { JournalEntryRecord($1, number: $0 + 1) }
        }
    }

    /// `journal --week --json`: `{days: [{date, entries}]}`.
    struct JournalWeekDocument: JSONShape {
        let days: [JournalDayDocument]
    }

    /// An entry found by `journal --search --json`: `{date, text, createdAt, updatedAt}`.
    struct JournalFound: JSONShape {
        let date: String
        let text: String
        let createdAt: String
        let updatedAt: String

        init(_ entry: JournalEntry) {
            date = entry.day.description
            text = entry.text
            createdAt = Timestamp.utcString(entry.createdAt)
            updatedAt = Timestamp.utcString(entry.updatedAt)
        }
    }

    /// `journal --search --json`: `{entries: [...]}`, newest first.
    struct JournalSearchDocument: JSONShape {
        let entries: [JournalFound]
    }

    /// A day and its entry count.
    struct JournalDayCount: JSONShape {
        let date: String
        let entries: Int
    }

    /// `journal --insights --json`: `{current, longest, entries, days, average, week: [{date, entries}],
    /// month: [{date, entries, level}]}`.
    struct JournalInsightsDocument: JSONShape {
        struct MonthDay: JSONShape {
            let date: String
            let entries: Int
            let level: Int
        }

        let current: Int
        let longest: Int
        let entries: Int
        let days: Int
        let average: Double
        let week: [JournalDayCount]
        let month: [MonthDay]

        init(_ insights: JournalInsights) {
            current = insights.current
            longest = insights.longest
            entries = insights.entries
            days = insights.days
            average = (insights.average * 100).rounded() / 100
            week = insights.week.map { JournalDayCount(date: $0.day.description, entries: $0.entries) }
            month = insights.month.map {
                MonthDay(date: $0.day.description, entries: $0.entries, level: JournalInsights.level($0.entries))
            }
        }
    }
}
