import Foundation
import Testing

@testable import QuestsStore

@Suite struct MigrationTests {
    /// Steps after the shipped ones: a parent table whose children cascade-delete with it.
    static let family =
        Migrations.steps + [
            Migrations.Step(
                name: "create a family",
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT;
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE) STRICT;
                    INSERT INTO parent (id, name) VALUES (1, 'a'), (2, 'b');
                    INSERT INTO child (parent) VALUES (1), (1), (2);
                    """)
        ]

    /// The standard rebuild of a table (new table, copy, drop, rename), as SQLite documents it.
    static let rebuildParent = Migrations.Step(
        name: "rebuild the parent table",
        sql: """
            CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL, note TEXT NOT NULL DEFAULT '') STRICT;
            INSERT INTO parent_new (id, name) SELECT id, name FROM parent;
            DROP TABLE parent;
            ALTER TABLE parent_new RENAME TO parent;
            """)

    @Test func aStepCanRebuildATableWithoutCascadingDeletes() throws {
        let folder = try TemporaryStore()
        let db = try Database(path: folder.path)
        try Migrations.migrate(db, steps: Self.family)
        try Migrations.migrate(db, steps: Self.family + [Self.rebuildParent])
        #expect(try db.prepare("SELECT count(*) FROM child").firstRow { $0.int(0) } == 3)
        #expect(try db.prepare("SELECT count(*) FROM parent WHERE note = ''").firstRow { $0.int(0) } == 2)
        #expect(try Migrations.appliedVersion(db) == Self.family.count + 1)
        // Foreign keys are back on for everything after the migration.
        #expect(try db.prepare("PRAGMA foreign_keys").firstRow { $0.int(0) } == 1)
    }

    @Test func aStepThatLeavesReferencesDanglingIsRolledBack() throws {
        let folder = try TemporaryStore()
        let db = try Database(path: folder.path)
        try Migrations.migrate(db, steps: Self.family)
        let orphaning = Migrations.Step(name: "lose a parent", sql: "DELETE FROM parent WHERE id = 2")
        #expect(throws: StoreError.migrationBrokeReferences(step: "lose a parent", table: "child")) {
            try Migrations.migrate(db, steps: Self.family + [orphaning])
        }
        #expect(try db.prepare("SELECT count(*) FROM parent").firstRow { $0.int(0) } == 2)
        #expect(try Migrations.appliedVersion(db) == Self.family.count)
    }

    @Test func anUpgradeThatFailsPartWayLeavesTheStoreAsItWas() throws {
        let folder = try TemporaryStore()
        let db = try Database(path: folder.path)
        try Migrations.migrate(db)
        let orphaning = Migrations.Step(name: "lose a parent", sql: "DELETE FROM parent WHERE id = 2")
        // The family's step succeeds, the next fails: neither lands.
        #expect(throws: StoreError.migrationBrokeReferences(step: "lose a parent", table: "child")) {
            try Migrations.migrate(db, steps: Self.family + [orphaning])
        }
        #expect(try Migrations.appliedVersion(db) == Migrations.steps.count)
        #expect(try db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'parent'").firstRow { $0.int(0) } == nil)
    }
}
