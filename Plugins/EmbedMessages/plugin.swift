import Foundation
import PackagePlugin

/// Embeds quests' messages (`Languages/quests.pot`, the English catalog, and one `LANG.po` per language)
/// into the target as generated Swift source: a typed function per message, each language's table, its
/// plural rule and its CLDR calendar words. The binary needs nothing beside it to speak a language.
@main
struct EmbedMessages: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appendingPathComponent("Languages")
        let template = folder.appendingPathComponent("quests.pot")
        let translations = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "po" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Messages.swift")
        return [
            .buildCommand(
                displayName: "Embedding messages in \(translations.count + 1) languages",
                executable: try context.tool(named: "message-embedder").url,
                arguments: [output.path, template.path] + translations.map(\.path),
                inputFiles: [template] + translations,
                outputFiles: [output]
            )
        ]
    }
}
