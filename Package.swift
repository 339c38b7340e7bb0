// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "quests",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "quests", targets: ["quests"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(name: "pack-embedder"),
        .plugin(name: "EmbedQuestPacks", capability: .buildTool(), dependencies: ["pack-embedder"]),
        .executableTarget(name: "message-embedder"),
        .plugin(name: "EmbedMessages", capability: .buildTool(), dependencies: ["message-embedder"]),
        .target(name: "QuestsCore", plugins: ["EmbedQuestPacks"]),
        .target(name: "QuestsStore", dependencies: ["CSQLite", "QuestsCore"]),
        .target(
            name: "QuestsCLI",
            dependencies: [
                "QuestsCore",
                "QuestsStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["EmbedMessages"]
        ),
        .executableTarget(name: "quests", dependencies: ["QuestsCLI"]),
        .executableTarget(name: "quests-floor", dependencies: ["QuestsStore"]),
        .executableTarget(name: "quests-bench", dependencies: ["QuestsStore", "QuestsCore", "QuestsTestSupport"]),
        .target(name: "QuestsTestSupport", dependencies: ["QuestsCore"], path: "Tests/QuestsTestSupport"),
        .testTarget(name: "QuestsCoreTests", dependencies: ["QuestsCore", "QuestsTestSupport"]),
        .testTarget(
            name: "QuestsStoreTests", dependencies: ["QuestsStore", "QuestsCore", "QuestsTestSupport"],
            exclude: ["Fixtures"]),  // read from the source tree by path (#filePath), never bundled
        .testTarget(
            name: "QuestsCLITests",
            dependencies: ["QuestsCLI", "QuestsCore", "QuestsStore", "QuestsTestSupport", "quests"],
            exclude: ["Scripts"]),  // run from the source tree by path (#filePath)
    ],
    swiftLanguageModes: [.v6]
)
