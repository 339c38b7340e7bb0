import CSQLite

/// The store's schema, as named, ordered SQL steps. A shipped step is never edited: changes are new steps.
enum Migrations {
    /// A step talks to the database only: one that fills derived data carries its own frozen copy of the
    /// rule as it was then, never the live rules, which later steps may change.
    struct Step: Sendable {
        let name: String
        let sql: String
    }

    /// Every step, oldest first; the store's schema version is the number of steps applied.
    static let steps: [Step] = [
        Step(
            name: "create quests, completions, ledger and settings",
            sql: """
                CREATE TABLE quest (
                    number INTEGER PRIMARY KEY AUTOINCREMENT,
                    uuid TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL CHECK (length(title) > 0),
                    notes TEXT NOT NULL DEFAULT '',
                    created_day TEXT NOT NULL CHECK (created_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
                ) STRICT;

                CREATE TABLE quest_version (
                    quest INTEGER NOT NULL REFERENCES quest(number) ON DELETE CASCADE,
                    effective_from TEXT NOT NULL,
                    time_minutes INTEGER CHECK (time_minutes BETWEEN 0 AND 1439),
                    weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),
                    reward INTEGER NOT NULL CHECK (reward >= 0),
                    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                    PRIMARY KEY (quest, effective_from)
                ) STRICT, WITHOUT ROWID;

                CREATE TABLE completion (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    quest INTEGER NOT NULL REFERENCES quest(number) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    completed_at TEXT NOT NULL,
                    UNIQUE (quest, day)
                ) STRICT;
                CREATE INDEX completion_by_day ON completion(day, quest);

                -- Append-only. running_balance is the sum of every amount so far, checked on insert, so the
                -- balance is one indexed read and can never go below zero.
                CREATE TABLE ledger_entry (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    at TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount <> 0),
                    kind TEXT NOT NULL CHECK (kind IN ('quest-reward', 'redemption', 'undo', 'bonus', 'adjustment')),
                    reference TEXT,
                    memo TEXT NOT NULL DEFAULT '',
                    running_balance INTEGER NOT NULL CHECK (running_balance >= 0)
                ) STRICT;
                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference) WHERE reference IS NOT NULL;

                CREATE TRIGGER ledger_entry_running_balance BEFORE INSERT ON ledger_entry
                WHEN NEW.running_balance IS NOT
                     coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0) + NEW.amount
                BEGIN
                    SELECT RAISE(ABORT, 'ledger running balance must be the previous balance plus the amount');
                END;
                CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;

                CREATE TABLE setting (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                ) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: "create the reward shop",
            sql: """
                CREATE TABLE reward (
                    number INTEGER PRIMARY KEY AUTOINCREMENT,
                    uuid TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL CHECK (length(title) > 0),
                    notes TEXT NOT NULL DEFAULT '',
                    price INTEGER NOT NULL CHECK (price > 0),
                    removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1))
                ) STRICT;
                CREATE TRIGGER reward_no_delete BEFORE DELETE ON reward
                BEGIN
                    SELECT RAISE(ABORT, 'rewards are removed by flag so that their redemptions keep them');
                END;

                -- History: keeps the title and price paid; never changed or removed.
                CREATE TABLE redemption (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    reward INTEGER NOT NULL REFERENCES reward(number),
                    title TEXT NOT NULL,
                    price INTEGER NOT NULL CHECK (price > 0),
                    redeemed_at TEXT NOT NULL,
                    day TEXT NOT NULL
                ) STRICT;
                CREATE TRIGGER redemption_no_update BEFORE UPDATE ON redemption
                BEGIN
                    SELECT RAISE(ABORT, 'redemptions are history and never change');
                END;
                CREATE TRIGGER redemption_no_delete BEFORE DELETE ON redemption
                BEGIN
                    SELECT RAISE(ABORT, 'redemptions are history and never change');
                END;
                """),
        Step(
            name: "record achievements and daily celebrations",
            sql: """
                -- One row per achievement ever earned; the key makes concurrent awards impossible to double.
                CREATE TABLE achievement (
                    key TEXT PRIMARY KEY,
                    earned_day TEXT NOT NULL,
                    recorded_at TEXT NOT NULL
                ) STRICT, WITHOUT ROWID;

                -- Days whose all-clear was celebrated, so the celebration happens once per day.
                CREATE TABLE celebration (
                    day TEXT PRIMARY KEY
                ) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: "count each day's completions of scheduled quests",
            sql: """
                -- Completions of quests that were scheduled on their day (the quest existed, was not archived,
                -- and the day is one of its weekdays under the schedule in force that day; weekdays bit 0 is Monday).
                CREATE VIEW scheduled_completion AS
                SELECT c.id, c.quest, c.day FROM completion c
                JOIN quest q ON q.number = c.quest AND q.created_day <= c.day
                WHERE (SELECT v.archived = 0 AND (v.weekdays >> ((CAST(strftime('%w', c.day) AS INTEGER) + 6) % 7)) & 1
                       FROM quest_version v WHERE v.quest = c.quest AND v.effective_from <= c.day
                       ORDER BY v.effective_from DESC LIMIT 1);

                -- How many scheduled quests were completed on each day, kept up to date by the triggers below, so
                -- that streaks and achievements read one row per day instead of every completion.
                CREATE TABLE completed_day (
                    day TEXT PRIMARY KEY,
                    completed INTEGER NOT NULL CHECK (completed > 0)
                ) STRICT, WITHOUT ROWID;
                INSERT INTO completed_day (day, completed) SELECT day, count(*) FROM scheduled_completion GROUP BY day;

                CREATE TRIGGER completion_counted AFTER INSERT ON completion
                WHEN EXISTS (SELECT 1 FROM scheduled_completion WHERE id = NEW.id)
                BEGIN
                    INSERT INTO completed_day (day, completed) VALUES (NEW.day, 1)
                    ON CONFLICT (day) DO UPDATE SET completed = completed + 1;
                END;
                CREATE TRIGGER completion_uncounted BEFORE DELETE ON completion
                WHEN EXISTS (SELECT 1 FROM scheduled_completion WHERE id = OLD.id)
                BEGIN
                    DELETE FROM completed_day WHERE day = OLD.day AND completed = 1;
                    UPDATE completed_day SET completed = completed - 1 WHERE day = OLD.day;
                END;
                -- A schedule change recounts the days on or after it on which that quest was completed.
                CREATE TRIGGER quest_version_recounted AFTER INSERT ON quest_version
                BEGIN
                    DELETE FROM completed_day
                    WHERE day IN (SELECT day FROM completion WHERE quest = NEW.quest AND day >= NEW.effective_from);
                    INSERT INTO completed_day (day, completed)
                    SELECT day, count(*) FROM scheduled_completion
                    WHERE day IN (SELECT day FROM completion WHERE quest = NEW.quest AND day >= NEW.effective_from)
                    GROUP BY day;
                END;

                -- Ledger entries other than quest rewards, undos and purchases are rare: this finds them at once.
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind IN ('bonus', 'adjustment');
                """),
        Step(
            name: "count each day's completions in Swift, with the day rule",
            sql: """
                DROP TRIGGER completion_counted;
                DROP TRIGGER completion_uncounted;
                DROP TRIGGER quest_version_recounted;
                DROP VIEW scheduled_completion;
                DROP TABLE completed_day;

                -- What each day's completions count (DayRule.count): all of them, and those of quests not
                -- scheduled that day (still due: what happened stays part of its day). Filled by the store in the
                -- same transaction as every write that changes it, so that streaks read one row per day.
                CREATE TABLE day_count (
                    day TEXT PRIMARY KEY,
                    completed INTEGER NOT NULL CHECK (completed > 0),
                    unscheduled INTEGER NOT NULL CHECK (unscheduled BETWEEN 0 AND completed)
                ) STRICT, WITHOUT ROWID;

                -- Filled from the tables as they are at this step (a frozen copy of the day rule then, which
                -- knew weekdays only: no skips, no flexible schedules): a completion is unscheduled unless the
                -- version in force that day is not archived and runs on its weekday (bit 0 Monday), on or after
                -- the day the quest was created.
                INSERT INTO day_count (day, completed, unscheduled)
                SELECT c.day, count(*), sum(CASE WHEN c.day >= q.created_day AND coalesce((
                    SELECT v.archived = 0 AND ((v.weekdays >> ((CAST(strftime('%w', c.day) AS INTEGER) + 6) % 7)) & 1) = 1
                    FROM quest_version v WHERE v.quest = c.quest AND v.effective_from <= c.day
                    ORDER BY v.effective_from DESC LIMIT 1), 0) THEN 0 ELSE 1 END)
                FROM completion c JOIN quest q ON q.number = c.quest
                GROUP BY c.day;
                """),
        Step(
            name: "allow refund ledger entries",
            sql: """
                -- SQLite cannot change a CHECK constraint: rebuild the table with the same rows and ids, then its
                -- indexes and triggers (dropping a table drops them, and fires no DELETE trigger).
                CREATE TABLE ledger_entry_new (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    at TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount <> 0),
                    kind TEXT NOT NULL CHECK (kind IN ('quest-reward', 'redemption', 'undo', 'bonus', 'adjustment', 'refund')),
                    reference TEXT,
                    memo TEXT NOT NULL DEFAULT '',
                    running_balance INTEGER NOT NULL CHECK (running_balance >= 0)
                ) STRICT;
                INSERT INTO ledger_entry_new (id, uuid, at, amount, kind, reference, memo, running_balance)
                SELECT id, uuid, at, amount, kind, reference, memo, running_balance FROM ledger_entry ORDER BY id;
                DROP TABLE ledger_entry;
                ALTER TABLE ledger_entry_new RENAME TO ledger_entry;

                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference) WHERE reference IS NOT NULL;
                -- Refunds are rare too, and count with bonuses and adjustments as DD not earned by quests.
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind IN ('bonus', 'adjustment', 'refund');
                CREATE TRIGGER ledger_entry_running_balance BEFORE INSERT ON ledger_entry
                WHEN NEW.running_balance IS NOT
                     coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0) + NEW.amount
                BEGIN
                    SELECT RAISE(ABORT, 'ledger running balance must be the previous balance plus the amount');
                END;
                CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                """),
        Step(
            name: "remember the reminders sent today",
            sql: """
                -- The quests `quests remind` notified of, by day, so that each is notified once a day. Only today's
                -- rows matter (older ones are dropped as reminders are sent); not part of backups.
                CREATE TABLE reminder (
                    quest INTEGER NOT NULL REFERENCES quest(number) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    PRIMARY KEY (quest, day)
                ) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: scheduleKindsStep,
            sql: """
                -- As ScheduleKind writes it: 'weekdays', '3/week', '8/month' or 'every 3 from 2026-11-02'; every
                -- earlier version ran on weekdays. Flexible kinds keep weekdays at 127 (every day).
                ALTER TABLE quest_version ADD COLUMN kind TEXT NOT NULL DEFAULT 'weekdays'
                    CHECK (kind = 'weekdays' OR kind GLOB '[1-9]*/week' OR kind GLOB '[1-9]*/month' OR kind GLOB 'every [1-9]* from *');
                """),
        Step(
            name: "keep a note with each completion",
            sql: """
                ALTER TABLE completion ADD COLUMN note TEXT NOT NULL DEFAULT '';
                """),
        Step(
            name: "allow a debt that a sync leaves",
            sql: """
                -- A sync may take the balance below zero (purchases made offline on two machines): a debt. The
                -- CHECK on running_balance goes (the table is rebuilt with the same rows and ids, indexes and
                -- triggers); a trigger refuses instead any entry that takes DD out below zero unless a sync is
                -- applying remote changes (sync_state has the key 'applying' only inside that transaction).
                CREATE TABLE sync_state (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                ) STRICT, WITHOUT ROWID;

                CREATE TABLE ledger_entry_new (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    at TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount <> 0),
                    kind TEXT NOT NULL CHECK (kind IN ('quest-reward', 'redemption', 'undo', 'bonus', 'adjustment', 'refund')),
                    reference TEXT,
                    memo TEXT NOT NULL DEFAULT '',
                    running_balance INTEGER NOT NULL
                ) STRICT;
                INSERT INTO ledger_entry_new (id, uuid, at, amount, kind, reference, memo, running_balance)
                SELECT id, uuid, at, amount, kind, reference, memo, running_balance FROM ledger_entry ORDER BY id;
                DROP TABLE ledger_entry;
                ALTER TABLE ledger_entry_new RENAME TO ledger_entry;

                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference) WHERE reference IS NOT NULL;
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind IN ('bonus', 'adjustment', 'refund');
                CREATE TRIGGER ledger_entry_running_balance BEFORE INSERT ON ledger_entry
                WHEN NEW.running_balance IS NOT
                     coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0) + NEW.amount
                BEGIN
                    SELECT RAISE(ABORT, 'ledger running balance must be the previous balance plus the amount');
                END;
                CREATE TRIGGER ledger_entry_no_debt BEFORE INSERT ON ledger_entry
                WHEN NEW.amount < 0 AND NEW.running_balance < 0
                     AND NOT EXISTS (SELECT 1 FROM sync_state WHERE key = 'applying')
                BEGIN
                    SELECT RAISE(ABORT, 'CHECK constraint failed: only a sync may leave the balance below zero');
                END;
                CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                """),
        Step(
            name: "record changes for sync",
            sql: """
                -- Sync (docs/sync.md). sync_state holds this replica's id, clock, counters and sync folder.
                -- sync_register: the value and stamp of every synced field; seq orders this replica's own
                -- stamps, for the next file. sync_dirty: records touched by the current write transaction,
                -- filled by the triggers below once the store syncs, stamped and emptied before it commits.
                CREATE TABLE sync_register (
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    field TEXT NOT NULL,
                    value TEXT,
                    stamp TEXT NOT NULL,
                    seq INTEGER,
                    PRIMARY KEY (kind, key, field)
                ) STRICT, WITHOUT ROWID;
                CREATE INDEX sync_register_own ON sync_register(seq) WHERE seq IS NOT NULL;
                CREATE TABLE sync_dirty (kind TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (kind, key)) STRICT, WITHOUT ROWID;
                -- Records whose registers could not be applied yet (their quest or reward has not arrived).
                CREATE TABLE sync_pending (kind TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (kind, key)) STRICT, WITHOUT ROWID;
                -- The files of other replicas already read, as "replica/name".
                CREATE TABLE sync_read (name TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;

                CREATE TRIGGER sync_quest_inserted AFTER INSERT ON quest
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('quest', NEW.uuid); END;
                CREATE TRIGGER sync_quest_updated AFTER UPDATE ON quest
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('quest', NEW.uuid); END;
                CREATE TRIGGER sync_version_inserted AFTER INSERT ON quest_version
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN
                    INSERT OR IGNORE INTO sync_dirty
                    SELECT 'version', uuid || '/' || NEW.effective_from FROM quest WHERE number = NEW.quest;
                END;
                CREATE TRIGGER sync_completion_inserted AFTER INSERT ON completion
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN
                    INSERT OR IGNORE INTO sync_dirty SELECT 'completion', uuid || '/' || NEW.day FROM quest WHERE number = NEW.quest;
                END;
                CREATE TRIGGER sync_completion_deleted AFTER DELETE ON completion
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN
                    INSERT OR IGNORE INTO sync_dirty SELECT 'completion', uuid || '/' || OLD.day FROM quest WHERE number = OLD.quest;
                END;
                CREATE TRIGGER sync_reward_inserted AFTER INSERT ON reward
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('reward', NEW.uuid); END;
                CREATE TRIGGER sync_reward_updated AFTER UPDATE ON reward
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('reward', NEW.uuid); END;
                CREATE TRIGGER sync_purchase_inserted AFTER INSERT ON redemption
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('purchase', NEW.uuid); END;
                -- Quest rewards and undos are not copied: each replica pays completions itself.
                CREATE TRIGGER sync_entry_inserted AFTER INSERT ON ledger_entry
                WHEN NEW.kind NOT IN ('quest-reward', 'undo') AND EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('entry', NEW.uuid); END;
                CREATE TRIGGER sync_setting_inserted AFTER INSERT ON setting
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('setting', NEW.key); END;
                CREATE TRIGGER sync_setting_updated AFTER UPDATE ON setting
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('setting', NEW.key); END;
                CREATE TRIGGER sync_setting_deleted AFTER DELETE ON setting
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('setting', OLD.key); END;
                CREATE TRIGGER sync_achievement_inserted AFTER INSERT ON achievement
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('achievement', NEW.key); END;
                CREATE TRIGGER sync_achievement_updated AFTER UPDATE ON achievement
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('achievement', NEW.key); END;
                """),
        Step(
            name: "allow streak freeze ledger entries, each with the day it was bought",
            sql: """
                -- A freeze is a ledger entry of kind 'freeze' that is its own purchase; its day (the local day it
                -- was bought, which every machine must read alike) is kept with it, NULL for every other kind.
                -- The table is rebuilt (SQLite cannot change a CHECK) with the same rows and ids, then its
                -- indexes and triggers, the sync trigger included.
                CREATE TABLE ledger_entry_new (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    at TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount <> 0),
                    kind TEXT NOT NULL CHECK (kind IN ('quest-reward', 'redemption', 'undo', 'bonus', 'adjustment', 'refund', 'freeze')),
                    reference TEXT,
                    memo TEXT NOT NULL DEFAULT '',
                    running_balance INTEGER NOT NULL,
                    day TEXT CHECK ((kind = 'freeze') = (day IS NOT NULL))
                ) STRICT;
                INSERT INTO ledger_entry_new (id, uuid, at, amount, kind, reference, memo, running_balance)
                SELECT id, uuid, at, amount, kind, reference, memo, running_balance FROM ledger_entry ORDER BY id;
                DROP TABLE ledger_entry;
                ALTER TABLE ledger_entry_new RENAME TO ledger_entry;

                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference) WHERE reference IS NOT NULL;
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind IN ('bonus', 'adjustment', 'refund');
                -- Freezes are few: the streak reads them all, through this index.
                CREATE INDEX ledger_entry_freezes ON ledger_entry(day) WHERE kind = 'freeze';
                CREATE TRIGGER ledger_entry_running_balance BEFORE INSERT ON ledger_entry
                WHEN NEW.running_balance IS NOT
                     coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0) + NEW.amount
                BEGIN
                    SELECT RAISE(ABORT, 'ledger running balance must be the previous balance plus the amount');
                END;
                CREATE TRIGGER ledger_entry_no_debt BEFORE INSERT ON ledger_entry
                WHEN NEW.amount < 0 AND NEW.running_balance < 0
                     AND NOT EXISTS (SELECT 1 FROM sync_state WHERE key = 'applying')
                BEGIN
                    SELECT RAISE(ABORT, 'CHECK constraint failed: only a sync may leave the balance below zero');
                END;
                CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER sync_entry_inserted AFTER INSERT ON ledger_entry
                WHEN NEW.kind NOT IN ('quest-reward', 'undo') AND EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('entry', NEW.uuid); END;
                """),
        Step(
            name: "index the completions that carry a note, and ledger amounts by reference",
            sql: """
                -- Few completions have a note: `show` finds a quest's notes through this index instead of reading
                -- every one of its completions' rows (its days come from the (quest, day) key alone).
                CREATE INDEX completion_noted ON completion(quest, day) WHERE note <> '';
                -- What a completion was paid (the sum of the entries that refer to it) is read from the index
                -- alone, without visiting each entry's row: the same index, with the amount.
                DROP INDEX ledger_entry_by_reference;
                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference, amount) WHERE reference IS NOT NULL;
                """),
        Step(
            name: skipsStep,
            sql: """
                -- A skipped quest-day (quests skip): not due, pays nothing. Its uuid is derived from its quest
                -- and day (NameUUID.skip), so the same skip made on two machines is one.
                CREATE TABLE skip (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    quest INTEGER NOT NULL REFERENCES quest(number) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    reason TEXT NOT NULL DEFAULT '',
                    skipped_at TEXT NOT NULL,
                    UNIQUE (quest, day)
                ) STRICT;
                CREATE INDEX skip_by_day ON skip(day, quest);

                -- A vacation (quests vacation add): every day from first_day through last_day is neutral.
                CREATE TABLE vacation (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    first_day TEXT NOT NULL CHECK (first_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    last_day TEXT NOT NULL CHECK (last_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND last_day >= first_day),
                    reason TEXT NOT NULL DEFAULT '',
                    added_at TEXT NOT NULL
                ) STRICT;

                -- day_count gains the day's skips of scheduled quests not completed (DayRule.count); a day with
                -- skips and no completion has a row too.
                CREATE TABLE day_count_with_skips (
                    day TEXT PRIMARY KEY,
                    completed INTEGER NOT NULL CHECK (completed >= 0),
                    unscheduled INTEGER NOT NULL CHECK (unscheduled BETWEEN 0 AND completed),
                    skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped >= 0),
                    CHECK (completed > 0 OR skipped > 0)
                ) STRICT, WITHOUT ROWID;
                INSERT INTO day_count_with_skips (day, completed, unscheduled) SELECT day, completed, unscheduled FROM day_count;
                DROP TABLE day_count;
                ALTER TABLE day_count_with_skips RENAME TO day_count;

                -- Skips travel keyed by quest and day, vacations by uuid; a removal is a change too (docs/sync.md).
                -- Neither is updated in place by a command (only a sync changes a skip's reason, from another
                -- machine's registers), so inserts and deletes are all there is to note.
                CREATE TRIGGER sync_skip_inserted AFTER INSERT ON skip
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty SELECT 'skip', uuid || '/' || NEW.day FROM quest WHERE number = NEW.quest; END;
                CREATE TRIGGER sync_skip_deleted AFTER DELETE ON skip
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty SELECT 'skip', uuid || '/' || OLD.day FROM quest WHERE number = OLD.quest; END;
                CREATE TRIGGER sync_vacation_inserted AFTER INSERT ON vacation
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('vacation', NEW.uuid); END;
                CREATE TRIGGER sync_vacation_deleted AFTER DELETE ON vacation
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('vacation', OLD.uuid); END;
                """),
        Step(
            name: "index the ledger's other kinds by comparisons, not a list",
            sql: """
                -- SQLite tests a row against an index's `kind IN (three or more names)` by building a lookup
                -- table of the names again for every row: building this index over a restored ledger cost more
                -- than inserting the ledger. Three comparisons say the same. The queries that read the index
                -- spell its condition the same way (SQLite uses a partial index only for a condition it can
                -- match).
                DROP INDEX ledger_entry_other_kinds;
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind = 'bonus' OR kind = 'adjustment' OR kind = 'refund';
                """),
        Step(
            name: "remember that the achievements were judged today",
            sql: """
                -- One row at most: the day (and the time zone, by its rules) as of which a full judgement of the
                -- achievements found every one the history earns recorded. A write that changes only that day
                -- then asks what it can newly earn (ProgressChange) instead of judging years of history again.
                -- Any change to what achievements are judged on removes the row; these triggers say only that.
                CREATE TABLE achievements_judged (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    day TEXT NOT NULL,
                    zone TEXT NOT NULL
                ) STRICT;
                CREATE TRIGGER achievements_unjudged_quest_insert AFTER INSERT ON quest BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_quest_update AFTER UPDATE ON quest BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_quest_delete AFTER DELETE ON quest BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_quest_version_insert AFTER INSERT ON quest_version BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_quest_version_update AFTER UPDATE ON quest_version BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_quest_version_delete AFTER DELETE ON quest_version BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_completion_insert AFTER INSERT ON completion BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_completion_update AFTER UPDATE ON completion BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_completion_delete AFTER DELETE ON completion BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_day_count_insert AFTER INSERT ON day_count BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_day_count_update AFTER UPDATE ON day_count BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_day_count_delete AFTER DELETE ON day_count BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_skip_insert AFTER INSERT ON skip BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_skip_update AFTER UPDATE ON skip BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_skip_delete AFTER DELETE ON skip BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_vacation_insert AFTER INSERT ON vacation BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_vacation_update AFTER UPDATE ON vacation BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_vacation_delete AFTER DELETE ON vacation BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_ledger_entry_insert AFTER INSERT ON ledger_entry BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_redemption_insert AFTER INSERT ON redemption BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_setting_insert AFTER INSERT ON setting BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_setting_update AFTER UPDATE ON setting BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_setting_delete AFTER DELETE ON setting BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_achievement_insert AFTER INSERT ON achievement BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_achievement_update AFTER UPDATE ON achievement BEGIN DELETE FROM achievements_judged; END;
                CREATE TRIGGER achievements_unjudged_achievement_delete AFTER DELETE ON achievement BEGIN DELETE FROM achievements_judged; END;
                """),
        Step(
            name: "index what each purchase cost",
            sql: """
                -- Achievements read the DD spent on rewards (the sum of the prices) from this index alone: a few
                -- pages, instead of every purchase's whole row.
                CREATE INDEX redemption_price ON redemption(price);
                """),
        Step(
            name: "note deleted quests for sync",
            sql: """
                -- quests delete: a deleted quest's registers record it (docs/sync.md).
                CREATE TRIGGER sync_quest_deleted AFTER DELETE ON quest
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('quest', OLD.uuid); END;
                """),
        Step(
            name: "count the store's writes for the achievements' judgement",
            sql: """
                -- The judgement of the achievements is current while no write came after it: every write
                -- counts itself here (QuestStore.write), and the judgement keeps the count it was made at. One
                -- owner that knows when its cache is stale, instead of a trigger on every table it reads.
                CREATE TABLE store_change (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL) STRICT;
                INSERT INTO store_change (id, count) VALUES (1, 0);
                DELETE FROM achievements_judged;
                ALTER TABLE achievements_judged ADD COLUMN changes INTEGER NOT NULL DEFAULT -1;
                DROP TRIGGER achievements_unjudged_quest_insert;
                DROP TRIGGER achievements_unjudged_quest_update;
                DROP TRIGGER achievements_unjudged_quest_delete;
                DROP TRIGGER achievements_unjudged_quest_version_insert;
                DROP TRIGGER achievements_unjudged_quest_version_update;
                DROP TRIGGER achievements_unjudged_quest_version_delete;
                DROP TRIGGER achievements_unjudged_completion_insert;
                DROP TRIGGER achievements_unjudged_completion_update;
                DROP TRIGGER achievements_unjudged_completion_delete;
                DROP TRIGGER achievements_unjudged_day_count_insert;
                DROP TRIGGER achievements_unjudged_day_count_update;
                DROP TRIGGER achievements_unjudged_day_count_delete;
                DROP TRIGGER achievements_unjudged_skip_insert;
                DROP TRIGGER achievements_unjudged_skip_update;
                DROP TRIGGER achievements_unjudged_skip_delete;
                DROP TRIGGER achievements_unjudged_vacation_insert;
                DROP TRIGGER achievements_unjudged_vacation_update;
                DROP TRIGGER achievements_unjudged_vacation_delete;
                DROP TRIGGER achievements_unjudged_ledger_entry_insert;
                DROP TRIGGER achievements_unjudged_redemption_insert;
                DROP TRIGGER achievements_unjudged_setting_insert;
                DROP TRIGGER achievements_unjudged_setting_update;
                DROP TRIGGER achievements_unjudged_setting_delete;
                DROP TRIGGER achievements_unjudged_achievement_insert;
                DROP TRIGGER achievements_unjudged_achievement_update;
                DROP TRIGGER achievements_unjudged_achievement_delete;
                """),
        Step(
            name: syncFilesStep,
            sql: """
                -- A sync file is named after the range of its replica's changes it holds (docs/sync.md).
                -- sync_seen: the ranges (first, last] of each other replica's changes this store applied; a file
                -- whose range lies in one was read. sync_read keeps naming the files read that are named otherwise
                -- (an older quests' files, conflict copies), while they are in the folder.
                CREATE TABLE sync_seen (
                    replica TEXT NOT NULL,
                    first INTEGER NOT NULL,
                    last INTEGER NOT NULL CHECK (last > first),
                    PRIMARY KEY (replica, first)
                ) STRICT, WITHOUT ROWID;
                -- The files this store wrote in its own folder (its name there), to tell them from a copy's.
                CREATE TABLE sync_own (name TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
                -- Files of the folder that could not be read, once warned about, as "replica/name".
                CREATE TABLE sync_unreadable (name TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: focusLedgerStep,
            sql: """
                -- Focus tasks and main quests are paid through the ledger (kinds 'focus-task' and 'focus-goal',
                -- taken back by 'undo'). SQLite cannot change a CHECK: the table is rebuilt with the same rows and
                -- ids, then every index and trigger on it, sync's included. Like quest
                -- rewards, focus payments are not copied by sync: each replica pays its focus records itself.
                CREATE TABLE ledger_entry_new (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    at TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount <> 0),
                    kind TEXT NOT NULL CHECK (kind IN ('quest-reward', 'redemption', 'undo', 'bonus', 'adjustment', 'refund', 'freeze',
                                                       'focus-task', 'focus-goal')),
                    reference TEXT,
                    memo TEXT NOT NULL DEFAULT '',
                    running_balance INTEGER NOT NULL,
                    day TEXT CHECK ((kind = 'freeze') = (day IS NOT NULL))
                ) STRICT;
                INSERT INTO ledger_entry_new (id, uuid, at, amount, kind, reference, memo, running_balance, day)
                SELECT id, uuid, at, amount, kind, reference, memo, running_balance, day FROM ledger_entry ORDER BY id;
                DROP TABLE ledger_entry;
                ALTER TABLE ledger_entry_new RENAME TO ledger_entry;

                CREATE INDEX ledger_entry_freezes ON ledger_entry(day) WHERE kind = 'freeze';
                CREATE INDEX ledger_entry_by_reference ON ledger_entry(reference, amount) WHERE reference IS NOT NULL;
                CREATE INDEX ledger_entry_other_kinds ON ledger_entry(kind) WHERE kind = 'bonus' OR kind = 'adjustment' OR kind = 'refund';
                CREATE TRIGGER ledger_entry_running_balance BEFORE INSERT ON ledger_entry
                WHEN NEW.running_balance IS NOT
                     coalesce((SELECT running_balance FROM ledger_entry ORDER BY id DESC LIMIT 1), 0) + NEW.amount
                BEGIN
                    SELECT RAISE(ABORT, 'ledger running balance must be the previous balance plus the amount');
                END;
                CREATE TRIGGER ledger_entry_no_debt BEFORE INSERT ON ledger_entry
                WHEN NEW.amount < 0 AND NEW.running_balance < 0
                     AND NOT EXISTS (SELECT 1 FROM sync_state WHERE key = 'applying')
                BEGIN
                    SELECT RAISE(ABORT, 'CHECK constraint failed: only a sync may leave the balance below zero');
                END;
                CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER ledger_entry_no_delete BEFORE DELETE ON ledger_entry
                BEGIN
                    SELECT RAISE(ABORT, 'ledger entries are append-only');
                END;
                CREATE TRIGGER sync_entry_inserted AFTER INSERT ON ledger_entry
                WHEN NEW.kind NOT IN ('quest-reward', 'undo', 'focus-task', 'focus-goal')
                     AND EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('entry', NEW.uuid); END;
                """),
        Step(
            name: "record the day's focus: its main quest and its tasks",
            sql: """
                -- A day's main quest (quests focus goal): one per day, its uuid derived from the day
                -- (NameUUID.focusGoal); state as FocusGoalState writes it; carried_from the earlier day it came from.
                CREATE TABLE focus_goal (
                    day TEXT PRIMARY KEY CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    uuid TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL CHECK (length(title) > 0),
                    state TEXT NOT NULL CHECK (state IN ('open', 'achieved', 'achieved-by-itself', 'not-yet')),
                    reward INTEGER NOT NULL CHECK (reward >= 0),
                    carried_from TEXT CHECK (carried_from IS NULL OR carried_from < day),
                    set_at TEXT NOT NULL
                ) STRICT, WITHOUT ROWID;

                -- A focus task (quests focus add): its own uuid; never deleted (a dropped one stays, as history).
                -- carried_from is the uuid of the earlier day's task it was carried over from.
                CREATE TABLE focus_task (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    title TEXT NOT NULL CHECK (length(title) > 0),
                    priority TEXT NOT NULL CHECK (priority IN ('high', 'medium', 'low')),
                    at_minutes INTEGER CHECK (at_minutes BETWEEN 0 AND 1439),
                    until_minutes INTEGER CHECK (until_minutes IS NULL OR until_minutes > at_minutes),
                    reward INTEGER NOT NULL CHECK (reward >= 0),
                    state TEXT NOT NULL CHECK (state IN ('open', 'done', 'dropped')),
                    carried_from TEXT,
                    added_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX focus_task_by_day ON focus_task(day);
                CREATE INDEX focus_task_carried ON focus_task(carried_from) WHERE carried_from IS NOT NULL;

                -- The celebration message each focus action showed last, so that the next one differs; this
                -- machine's own, not in backups.
                CREATE TABLE focus_cheer (action TEXT PRIMARY KEY, message INTEGER NOT NULL) STRICT, WITHOUT ROWID;

                -- Main quests travel keyed by day, tasks by uuid, field by field (docs/sync.md).
                CREATE TRIGGER sync_focus_goal_inserted AFTER INSERT ON focus_goal
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('focus-goal', NEW.day); END;
                CREATE TRIGGER sync_focus_goal_updated AFTER UPDATE ON focus_goal
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('focus-goal', NEW.day); END;
                CREATE TRIGGER sync_focus_task_inserted AFTER INSERT ON focus_task
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('focus-task', NEW.uuid); END;
                CREATE TRIGGER sync_focus_task_updated AFTER UPDATE ON focus_task
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('focus-task', NEW.uuid); END;
                """),
        Step(
            name: "remember the focus check-ins sent today",
            sql: """
                -- The check-in times (`config focus-checkins`) `quests remind` sent, or passed, by day, so that each
                -- is sent once a day. Only today's rows matter (older ones are dropped as check-ins are sent); this
                -- machine's own, not in backups, not synced.
                CREATE TABLE focus_checkin (
                    day TEXT NOT NULL,
                    at_minutes INTEGER NOT NULL CHECK (at_minutes BETWEEN 0 AND 1439),
                    PRIMARY KEY (day, at_minutes)
                ) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: "index the ledger by time",
            sql: """
                -- ledger and wallet list entries newest first by time (ties by id), and log and stats find the
                -- entries of a span by time: through this index, a few pages instead of every entry sorted.
                CREATE INDEX ledger_entry_by_time ON ledger_entry(at, id);
                """),
        Step(
            name: "index a span's completions in the order made, purchases by day, and main quests carried over",
            sql: """
                -- log and stats read a span's completions by day in the order they were made, with the uuid their
                -- payments refer to and the note: from this index alone, without a sort or a visit to each row. It
                -- serves what the index on (day, quest) served (a day's completions), which goes.
                CREATE INDEX completion_by_day_in_order ON completion(day, completed_at, quest, uuid, note);
                DROP INDEX completion_by_day;
                -- log and stats find a span's purchases by day instead of reading every one.
                CREATE INDEX redemption_by_day ON redemption(day);
                -- A day's focus offers an earlier day's main quest unless it was carried over already: found
                -- through this index instead of reading every main quest (as focus_task_carried does for tasks).
                CREATE INDEX focus_goal_carried ON focus_goal(carried_from) WHERE carried_from IS NOT NULL;
                """),
        Step(
            name: "keep the registers of a record written whole at one stamp as one row",
            sql: """
                -- A completion, purchase or ledger entry whose registers share one stamp keeps them as one row of
                -- sync_register: field '' and value the fields as a JSON object (RecordRegisters, docs/sync.md).
                -- Rows kept before stay as they are, one per field, until their record changes. A field without
                -- a name (which only a malformed sync file could have brought) now means the whole record: such
                -- a row goes. An older quests refuses the store from this step on, rather than misreading a row.
                DELETE FROM sync_register WHERE field = '';
                """),
        Step(
            name: "keep where the current streak stood with the achievements' judgement",
            sql: """
                -- What the judgement's walk over the whole history found before its day: the streak that ended
                -- the day before (streak_days, and streak_start, NULL when 0) and the streak freezes still unused
                -- (freezes_unused, in the order they are used: 'YYYY-MM-DD/UUID' for each, its purchase day and
                -- ledger entry, separated by spaces). While the judgement is current, no day before its day
                -- changed and no freeze was bought or refunded, so the current streak walks only the days since
                -- (StreakCheckpoint). streak_days NULL (a judgement made before this step): not known.
                ALTER TABLE achievements_judged ADD COLUMN streak_days INTEGER;
                ALTER TABLE achievements_judged ADD COLUMN streak_start TEXT;
                ALTER TABLE achievements_judged ADD COLUMN freezes_unused TEXT;
                """),
        Step(
            name: "measure counted and limit quests, record their amounts, and group quests",
            sql: """
                -- A schedule version's target (a counted quest) or limit (a limit quest), in thousandths, and the
                -- unit its amounts are in; neither for a yes/no quest (SPEC 18).
                ALTER TABLE quest_version ADD COLUMN target INTEGER CHECK (target BETWEEN 0 AND 1000000000000);
                ALTER TABLE quest_version ADD COLUMN at_most INTEGER
                    CHECK (at_most IS NULL OR (at_most BETWEEN 0 AND 1000000000000 AND target IS NULL));
                ALTER TABLE quest_version ADD COLUMN unit TEXT NOT NULL DEFAULT '';
                -- The group a quest is in (Health, Work), empty for none.
                ALTER TABLE quest ADD COLUMN group_name TEXT NOT NULL DEFAULT '';

                -- One amount recorded for a quest's day, its own uuid; never deleted (an undo sets undone), so
                -- that amounts recorded on several machines add up. A measured quest-day's completion is
                -- derived from the day's total, on each machine, and is not synced (docs/sync.md).
                CREATE TABLE amount_entry (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    quest INTEGER NOT NULL REFERENCES quest(number) ON DELETE CASCADE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    amount INTEGER NOT NULL CHECK (amount BETWEEN 0 AND 1000000000000),
                    recorded_at TEXT NOT NULL,
                    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
                ) STRICT;
                CREATE INDEX amount_entry_by_day ON amount_entry(day, quest);
                CREATE INDEX amount_entry_by_quest ON amount_entry(quest, day);

                CREATE TRIGGER sync_amount_entry_inserted AFTER INSERT ON amount_entry
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('amount', NEW.uuid); END;
                CREATE TRIGGER sync_amount_entry_updated AFTER UPDATE ON amount_entry
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('amount', NEW.uuid); END;
                """),
        Step(
            name: "keep the journal: each entry its own record, a deleted one as a tombstone",
            sql: """
                -- A journal entry (quests journal TEXT): its own uuid; the day whose journal holds it; its text
                -- exactly as written. A deleted entry keeps its row, without its text (deleted = 1), so that a
                -- delete stays deleted through sync and imports (docs/journal.md).
                CREATE TABLE journal_entry (
                    id INTEGER PRIMARY KEY,
                    uuid TEXT NOT NULL UNIQUE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    text TEXT NOT NULL CHECK ((deleted = 1 AND text = '') OR (deleted = 0 AND length(text) > 0)),
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
                ) STRICT;
                CREATE INDEX journal_entry_by_day ON journal_entry(day) WHERE deleted = 0;

                -- Entries travel by uuid, field by field; a delete is a field too (docs/sync.md).
                CREATE TRIGGER sync_journal_entry_inserted AFTER INSERT ON journal_entry
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('journal-entry', NEW.uuid); END;
                CREATE TRIGGER sync_journal_entry_updated AFTER UPDATE ON journal_entry
                WHEN EXISTS (SELECT 1 FROM sync_state WHERE key = 'replica')
                BEGIN INSERT OR IGNORE INTO sync_dirty VALUES ('journal-entry', NEW.uuid); END;

                -- The days quests remind sent a nudge after missed days (at most one a day); this machine's
                -- own, not in backups, not synced.
                CREATE TABLE nudge_sent (day TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
                """),
        Step(
            name: "remember the undos that took back nothing, for the log",
            sql: """
                -- An undo of a completion that had been paid nothing (a quest of reward 0, history imported
                -- without --pay): no ledger entry holds it, so log reads it here, at the moment it was made, with
                -- the memo an undo's ledger entry would have. This machine's own, not in backups, not synced.
                CREATE TABLE unpaid_undo (
                    id INTEGER PRIMARY KEY,
                    at TEXT NOT NULL,
                    memo TEXT NOT NULL
                ) STRICT;
                CREATE INDEX unpaid_undo_by_time ON unpaid_undo(at, id);
                """),
        Step(
            name: "count each day's journal entries from the index alone",
            sql: """
                -- The days' entries are counted from the index, without reading each entry's row (whose text
                -- may be long): the index holds every column the count reads.
                DROP INDEX journal_entry_by_day;
                CREATE INDEX journal_entry_days ON journal_entry(day, deleted) WHERE deleted = 0;
                """),
        Step(
            name: "keep the longest streak with the achievements' judgement",
            sql: """
                -- The longest streak the judgement's walk found before its day (longest_days; longest_start and
                -- longest_end, its first and last day, NULL when 0), so that while the judgement is current
                -- quests streak walks only the days since (StreakCheckpoint). A judgement made before this step
                -- is made again, in full, by the next command that judges; NULL: no checkpoint is kept.
                ALTER TABLE achievements_judged ADD COLUMN longest_days INTEGER;
                ALTER TABLE achievements_judged ADD COLUMN longest_start TEXT;
                ALTER TABLE achievements_judged ADD COLUMN longest_end TEXT;
                DELETE FROM achievements_judged;
                """),
    ]

    /// The step that added what a store remembers of sync files: ranges read, its own files, unreadable ones.
    static let syncFilesStep = "remember the sync files read by range, this store's own files, and unreadable ones"

    /// The step that allowed focus payments in the ledger.
    static let focusLedgerStep = "allow focus task and main quest payments in the ledger"

    /// The step that gave each schedule version a kind (`quest_version.kind`).
    static let scheduleKindsStep =
        "give each schedule version a kind: weekdays, every N days, or N times a week or month"

    /// The step that added skips, vacations and each day's skip count.
    static let skipsStep = "record skips and vacations, and count each day's skips"

    /// The schema version that step `name` brings a store to.
    static func version(after name: String) -> Int {
        (steps.firstIndex { $0.name == name } ?? steps.count) + 1
    }

    /// The schema version this build writes.
    static var latestVersion: Int { steps.count }

    /// Brings the schema up to `latestVersion` in one transaction, refusing a newer store: a new store gets
    /// its whole schema in one commit, and an upgrade lands whole or not at all.
    ///
    /// Foreign keys are off meanwhile, so that a step can rebuild a table (create the new one, copy, drop
    /// the old, rename) without cascading deletes; every reference must still resolve after each step, or
    /// the whole migration is rolled back.
    static func migrate(_ db: Database, steps: [Step] = Migrations.steps) throws {
        let current = try appliedVersion(db)
        if current > steps.count { throw StoreError.newerStore(version: current, supported: steps.count) }
        guard current < steps.count else { return }
        // Outside the transaction: inside one, SQLite ignores the pragma.
        try db.execute("PRAGMA foreign_keys = OFF")
        try db.writeTransaction {
            try db.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migration (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                ) STRICT
                """)
            // Another process may have migrated it while this one waited for the lock.
            let applied = try appliedVersion(db)
            for (offset, step) in steps.enumerated().dropFirst(applied) {
                try db.execute(step.sql)
                let broken = try db.prepare("PRAGMA foreign_key_check").rows { $0.text(0) }
                if let table = broken.first { throw StoreError.migrationBrokeReferences(step: step.name, table: table) }
                try db.prepare("INSERT INTO schema_migration (version, name) VALUES (?, ?)")
                    .run([.integer(Int64(offset + 1)), .text(step.name)])
            }
        }
        try db.execute("PRAGMA foreign_keys = ON")
    }

    /// The highest applied step, 0 for an empty database; refuses a database that is not a quests store.
    static func appliedVersion(_ db: Database) throws -> Int {
        // A quests store answers the one query; only a database without the table (SQLite's plain error,
        // "no such table") lists its tables, to tell an empty database from another program's. Any other
        // failure (busy, not a database) is the one the listing would have met.
        do {
            return try db.prepare("SELECT coalesce(max(version), 0) FROM schema_migration").firstRow(
                [], { $0.int(0) }) ?? 0
        } catch let error as DatabaseError where error.primaryCode == SQLITE_ERROR {}
        let tables = try db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").rows { $0.text(0) }
        guard tables.contains("schema_migration") else {
            if tables.isEmpty { return 0 }
            throw StoreError.notAQuestsStore
        }
        return try db.prepare("SELECT coalesce(max(version), 0) FROM schema_migration").firstRow { $0.int(0) }
            ?? 0
    }
}
