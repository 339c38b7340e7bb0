import Foundation
import QuestsCore

extension QuestStore {
    /// The numbers of the quests completed for `day`.
    public func completedQuestNumbers(on day: LocalDay) throws -> Set<Int> {
        Set(try connection.prepare("SELECT quest FROM completion WHERE day = ?").rows([.day(day)]) { $0.int(0) })
    }

    /// The completion of quest `number` for `day`, if any.
    public func completion(ofQuest number: Int, on day: LocalDay) throws -> Completion? {
        try connection.prepare("SELECT uuid, completed_at FROM completion WHERE quest = ? AND day = ?")
            .firstRow([.integer(Int64(number)), .day(day)]) { row in
                guard let id = row.uuid(0), let at = row.timestamp(1) else {
                    throw StoreError.damagedRecord("completion of quest #\(number) for \(day)")
                }
                return Completion(id: id, questNumber: number, day: day, completedAt: at)
            }
    }

    /// Records `completion` unless the quest is already completed that day; returns whether it was new.
    ///
    /// The UNIQUE (quest, day) key decides, so two processes completing at once cannot both succeed.
    public func insert(_ completion: Completion) throws -> Bool {
        try connection.prepare("""
            INSERT INTO completion (uuid, quest, day, completed_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (quest, day) DO NOTHING
            """).run([.uuid(completion.id), .integer(Int64(completion.questNumber)),
                      .day(completion.day), .timestamp(completion.completedAt)])
        return connection.changes == 1
    }

    /// Removes a completion (the ledger keeps its credit and gets a reversing entry separately).
    public func delete(_ completion: Completion) throws {
        try connection.prepare("DELETE FROM completion WHERE uuid = ?").run([.uuid(completion.id)])
    }
}
