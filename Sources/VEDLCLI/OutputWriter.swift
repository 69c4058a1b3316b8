import Foundation
import VEDLDiagnostics
import VEDLSource

/// Writes a command's text output to stdout, or atomically to `-o PATH`.
enum OutputWriter {
  static func write(_ text: String, to path: String?, io: CommandIO) -> Int32 {
    guard let path else {
      io.out(text)
      return VEDLCommandLine.ExitStatus.success
    }
    do {
      try AtomicFile.write(Data(text.utf8), to: io.resolve(path))
      return VEDLCommandLine.ExitStatus.success
    } catch {
      let d = Diagnostic(
        .cannotWriteFile, "cannot write `\(path)`: \(error.localizedDescription)",
        file: SourceFile(path: path, bytes: []), span: .point(0))
      DiagnosticOutput(format: .text, io: io).emit([d])
      return VEDLCommandLine.ExitStatus.failure
    }
  }
}
