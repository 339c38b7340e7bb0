import Foundation
import PackagePlugin

/// Embeds the JSON packs in `QuestPacks/` into the target as generated Swift source, so the `quests`
/// binary carries them wherever it is copied.
@main
struct EmbedQuestPacks: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appendingPathComponent("QuestPacks")
        let packs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BundledPackSources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(packs.count) quest packs",
                executable: try context.tool(named: "pack-embedder").url,
                arguments: [output.path] + packs.map(\.path),
                inputFiles: packs,
                outputFiles: [output]
            )
        ]
    }
}
