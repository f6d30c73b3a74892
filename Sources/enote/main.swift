import EnoteCLI

#if canImport(Glibc)
import Glibc
#endif

// Writing to a closed pipe (`enote list | head`) must end quietly, not with SIGPIPE's default.
signal(SIGPIPE, SIG_IGN)
exit(EnoteMain.run(Array(CommandLine.arguments.dropFirst())))
