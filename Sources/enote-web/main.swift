import EnoteWeb

#if canImport(Glibc)
import Glibc
#endif

// A page closed mid-answer must not end the server with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
exit(await WebMain.run(Array(CommandLine.arguments.dropFirst())))
