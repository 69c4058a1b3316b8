import Foundation
import VEDLCLI

// The executable is a thin shell: all behaviour lives in VEDLCLI so tests can run it in-process.
let status = VEDLCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
