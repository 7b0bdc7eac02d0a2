import Foundation
import MydexCLI

let status = await Mydex.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live())
exit(status)
