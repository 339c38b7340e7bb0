import Foundation
import QuestsCore
import QuestsTestSupport

/// Builds a realistic ten-year history as a backup document, with the project's own types and rules:
/// 50 quests on varied schedules (some edited, two archived; five flexible: 3/week, 2/week, 8/month,
/// every 3 days, every 2 days), completions at a chosen rate, a ledger
/// paid from the schedule in force each day, a few undos, a shop of 20 rewards bought from now and
/// then, a streak freeze bought every 60 days over the last year, a skip every 30 days over the last year
/// and one week of vacation. Deterministic for a seed. The bench loads it with `Backups.restore`.
struct HistoryGenerator {
    /// The chance that a scheduled quest-day is completed (1 for a perfect history).
    var completionRate = 0.85
    var years = 10
    var seed: UInt64 = 2026

    /// The history up to `now` (UTC): every day before today, and today's quests due by now half done.
    func backup(now: Date) -> Backup {
        var random = SplitMix(seed: seed)
        let today = LocalDay(dayNumber: Int(now.timeIntervalSince1970 / 86_400))
        let first = today.adding(days: -365 * years - years / 4)
        let quests = (1...50).map { makeQuest(number: $0, first: first, today: today, random: &random) }
        let rewards = (1...20).map { number in
            Reward(
                id: uuid(&random), number: number, title: "Reward \(number)",
                price: [50, 80, 120, 150, 200, 300, 500, 800, 1_000][number % 9])
        }
        var backup = Backup(appVersion: "bench", exportedAt: now, quests: quests, rewards: rewards)
        var balance = 0
        var periodDone: [Int: (start: LocalDay, count: Int)] = [:]  // flexible quests, this period
        var freezeIDs = SplitMix(seed: seed ^ 0xF4EE2E)  // apart, so that the rest of the history stays as it was
        for dayNumber in first.dayNumber...today.dayNumber {
            let day = LocalDay(dayNumber: dayNumber)
            let startOfDay = Double(dayNumber) * 86_400
            for quest in quests {
                guard let schedule = quest.schedule(on: day) else { continue }
                if let measure = schedule.measure {
                    guard quest.isScheduled(on: day), day < today || Bool.random(using: &random) else { continue }
                    balance += addAmounts(
                        of: quest, measure: measure, reward: schedule.reward, on: day, today: today, to: &backup,
                        random: &random)
                    continue
                }
                // A flexible quest is done on random days of its period until its quota is met.
                let period = quest.quotaPeriod(containing: day, weekStart: .monday)
                if let period {
                    let done =
                        periodDone[quest.number].flatMap { $0.start == period.days.lowerBound ? $0.count : nil } ?? 0
                    let chance =
                        Double(period.times) / Double(period.days.lowerBound.days(to: period.days.upperBound) + 1) * 1.2
                    guard done < period.times, Double.random(in: 0..<1, using: &random) < chance else { continue }
                } else if !quest.isScheduled(on: day) {
                    continue
                }
                let minute = (schedule.time?.minutes ?? 8 * 60) + Int.random(in: 0...90, using: &random)
                let at = Date(timeIntervalSince1970: startOfDay + Double(min(minute, 1_439) * 60))
                if day == today
                    ? (at > now || Bool.random(using: &random))
                    : Double.random(in: 0..<1, using: &random) >= completionRate
                {
                    continue
                }
                let completion = Completion(id: uuid(&random), quest: quest.id, day: day, completedAt: at)
                let memo = "\(quest.title) · \(day)"
                if schedule.reward > 0 {
                    backup.ledger.append(
                        LedgerEntry(
                            id: uuid(&random), at: at, amount: schedule.reward, kind: .questReward,
                            reference: completion.id, memo: memo))
                }
                // One completion in 400 is undone a minute later (only in an imperfect history).
                if completionRate < 1, Int.random(in: 0..<400, using: &random) == 0 {
                    if schedule.reward > 0 {
                        backup.ledger.append(
                            LedgerEntry(
                                id: uuid(&random), at: at.addingTimeInterval(60), amount: -schedule.reward,
                                kind: .undo, reference: completion.id, memo: "undo " + memo))
                    }
                    continue
                }
                balance += schedule.reward
                backup.completions.append(completion)
                if let period {
                    let done =
                        periodDone[quest.number].flatMap { $0.start == period.days.lowerBound ? $0.count : nil } ?? 0
                    periodDone[quest.number] = (period.days.lowerBound, done + 1)
                }
            }
            // About one purchase every other day, when the balance affords it.
            if day < today, Bool.random(using: &random), let reward = rewards.randomElement(using: &random),
                balance >= reward.price
            {
                let at = Date(timeIntervalSince1970: startOfDay + 23 * 3_600 + 30 * 60)
                let redemption = Backup.RedemptionRecord(
                    id: uuid(&random), reward: reward.id, title: reward.title, price: reward.price, at: at, day: day)
                backup.redemptions.append(redemption)
                backup.ledger.append(
                    LedgerEntry(
                        id: uuid(&random), at: at, amount: -reward.price, kind: .redemption, reference: redemption.id,
                        memo: reward.title))
                balance -= reward.price
            }
            if day < today, day.days(to: today) <= 365, dayNumber % 60 == 0, balance >= 50 {
                let at = Date(timeIntervalSince1970: startOfDay + 23 * 3_600 + 45 * 60)
                backup.ledger.append(
                    LedgerEntry(
                        id: uuid(&freezeIDs), at: at, amount: -50, kind: .freeze, reference: nil,
                        memo: "streak freeze", day: day))
                balance -= 50
            }
        }
        addSkipsAndVacation(to: &backup, quests: quests, today: today)
        return backup
    }

    /// One to three amounts of a counted or limit quest's `day` (a counted quest's often reaching its
    /// target, a limit quest's mostly within it), with the completion and reward its total comes to
    /// (`settleMeasuredDay`'s rule: a limit is kept once the day is over); returns the reward paid.
    private func addAmounts(
        of quest: Quest, measure: QuestMeasure, reward: Int, on day: LocalDay, today: LocalDay,
        to backup: inout Backup, random: inout SplitMix
    ) -> Int {
        var total = 0
        var last = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 8 * 3_600)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let units =
                measure.kind == .target ? Int.random(in: 1...4, using: &random) : Int.random(in: 0...1, using: &random)
            guard let amount = Amount(thousandths: units * 1_000) else { continue }
            total += amount.thousandths
            last = last.addingTimeInterval(Double(Int.random(in: 30...240, using: &random)) * 60)
            backup.amounts.append(
                AmountEntry(id: uuid(&random), quest: quest.id, day: day, amount: amount, recordedAt: last))
        }
        let kept =
            measure.kind == .target
            ? total >= measure.amount.thousandths : day < today && total <= measure.amount.thousandths
        guard kept else { return 0 }
        let completion = Completion(
            id: NameUUID.completion(quest: quest.id, day: day), quest: quest.id, day: day, completedAt: last)
        backup.completions.append(completion)
        guard reward > 0 else { return 0 }
        backup.ledger.append(
            LedgerEntry(
                id: uuid(&random), at: last, amount: reward, kind: .questReward, reference: completion.id,
                memo: "\(quest.title) · \(day)"))
        return reward
    }

    /// Over the last year, a skip every 30 days (of a quest scheduled that day and not done) and one week
    /// of vacation 200 days ago, drawn from their own generator so that the rest of the history stays as
    /// it was.
    private func addSkipsAndVacation(to backup: inout Backup, quests: [Quest], today: LocalDay) {
        var random = SplitMix(seed: seed ^ 0x5C1B)
        let since = today.adding(days: -365)
        let done = Set(backup.completions.filter { $0.day >= since }.map { "\($0.quest)/\($0.day)" })
        for offset in stride(from: 365, to: 0, by: -30) {
            let day = today.adding(days: -offset)
            let open = quests.filter { $0.isScheduled(on: day) && !done.contains("\($0.id)/\(day)") }
            guard let quest = open.randomElement(using: &random) else { continue }
            let at = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 21 * 3_600)
            backup.skips.append(
                Skip(
                    id: NameUUID.skip(quest: quest.id, day: day), quest: quest.id, day: day,
                    reason: "bench", skippedAt: at))
        }
        let start = today.adding(days: -200)
        backup.vacations.append(
            Vacation(
                id: uuid(&random), first: start, last: start.adding(days: 6), reason: "bench",
                addedAt: Date(timeIntervalSince1970: Double(start.dayNumber - 10) * 86_400)))
    }

    private func makeQuest(number: Int, first: LocalDay, today: LocalDay, random: inout SplitMix) -> Quest {
        let created = number <= 40 ? first : first.adding(days: Int.random(in: 0...(365 * years / 2), using: &random))
        var initial = schedule(&random)
        if (41...45).contains(number) {
            let kinds: [ScheduleKind] = [
                .quota(times: 3, per: .week), .quota(times: 2, per: .week), .quota(times: 8, per: .month),
                .every(days: 3, from: created), .every(days: 2, from: created),
            ]
            initial = ScheduleDays(kind: kinds[number - 41]).applied(to: initial)
        }
        // Two counted quests (8 glasses, 5 km) and two limit quests (at most 2 cups, none at all).
        let measures: [Int: QuestMeasure] = [
            46: QuestMeasure(.target, Amount(thousandths: 8_000)!, unit: "glasses"),
            47: QuestMeasure(.target, Amount(thousandths: 5_000)!, unit: "km"),
            48: QuestMeasure(.atMost, Amount(thousandths: 2_000)!, unit: "cups"),
            49: QuestMeasure(.atMost, .zero, unit: "cigarettes"),
        ]
        initial.measure = measures[number]
        var quest = Quest(
            id: uuid(&random), number: number, title: "Quest \(number)", createdDay: created,
            versions: [ScheduleVersion(effectiveFrom: created, schedule: initial)])
        // Three in ten get a new schedule some day; two are archived.
        if Int.random(in: 0..<10, using: &random) < 3 {
            quest =
                quest.applying(
                    schedule(&random),
                    from: created.adding(days: Int.random(in: 1...created.days(to: today), using: &random))
                ).quest
        }
        if number == 17 || number == 33 {
            var archived = quest.schedule(asOf: today)
            archived.archived = true
            quest = quest.applying(archived, from: today.adding(days: -Int.random(in: 30...900, using: &random))).quest
        }
        return quest
    }

    private func schedule(_ random: inout SplitMix) -> Schedule {
        let patterns: [WeekdaySet] = [
            .daily, .daily, .daily, .daily, .daily, .daily, .daily, .weekdays, .weekdays, .weekends,
            WeekdaySet([.monday, .wednesday, .friday]), WeekdaySet([.tuesday, .thursday]),
            WeekdaySet([.monday, .tuesday, .thursday, .saturday]),
        ]
        let time =
            Int.random(in: 0..<10, using: &random) < 3
            ? nil : TimeOfDay(minutes: Int.random(in: 24...88, using: &random) * 15)
        return Schedule(
            time: time, weekdays: patterns.randomElement(using: &random) ?? .daily,
            reward: Int.random(in: 1...10, using: &random) * 5)
    }

    private func uuid(_ random: inout SplitMix) -> UUID { Self.uuid(&random) }

    /// A version 4 UUID drawn from `random`.
    static func uuid(_ random: inout SplitMix) -> UUID {
        let high = random.next()
        let low = random.next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            var raw = Array(bytes)
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
            return UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }
}
