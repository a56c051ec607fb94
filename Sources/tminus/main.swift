import Glibc
import TMinusCLI

exit(CLI.run(arguments: CommandLine.arguments, environment: ProcessEnvironment.current(), finish: { exit($0) }))
