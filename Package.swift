// swift-tools-version:6.0
import PackageDescription

// Concrete generic types (a Dictionary of Int to Quest, say) get their metadata from direct accessors
// rather than by demangling their names at run time, which checks each generic requirement by scanning
// every protocol conformance in the binary: about 0.37 M instructions per first use of a key type.
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

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
        .target(name: "QuestsCore", swiftSettings: directMetadata, plugins: ["EmbedQuestPacks"]),
        .target(name: "QuestsStore", dependencies: ["CSQLite", "QuestsCore"], swiftSettings: directMetadata),
        .target(
            name: "QuestsCLI",
            dependencies: [
                "QuestsCore",
                "QuestsStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadata,
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
