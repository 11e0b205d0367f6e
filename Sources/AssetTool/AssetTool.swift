import ArgumentParser
import ColladaKit
import PipelineKit

@main
struct AssetTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assettool",
        abstract: "Reads COLLADA rigs and turns them into app-ready images.",
        version: ToolVersion.release,
        subcommands: [IconsCommand.self, LoopsCommand.self, ExportCommand.self, InitCommand.self, ConvertCommand.self, RenderCommand.self, ValidateCommand.self, InfoCommand.self, PoseCommand.self, PreviewCommand.self,
                      AuthorCommand.self, BenchCommand.self])
}
