import EnoteCLI

#if canImport(Glibc)
import Glibc
#endif

// Writing to a closed pipe (`enote list | head`) must end quietly, not with SIGPIPE's default.
signal(SIGPIPE, SIG_IGN)
// The arguments as bytes: CommandLine.arguments would have replaced bytes that are not UTF-8.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
}
exit(EnoteMain.run(bytes: arguments))
