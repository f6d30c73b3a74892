// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "enote",
    defaultLocalization: "en",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "enote", targets: ["enote"]),
        .library(name: "NoteVault", targets: ["NoteVault"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev). Only `Markdown` imports it.
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Linux system calls that Glibc's Swift overlay does not expose (renameat2, openat2).
        .target(name: "CEnoteSystem"),
        // The FTS5 ranking function of the index, in C because it runs once per matching row.
        .target(
            name: "CEnoteFTS",
            dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Markdown → Swift values, plain text and HTML, through libcmark.
        .target(name: "Markdown", dependencies: ["CCMark"]),
        // The notes vault: notes, front matter, files, index, watcher, expiry.
        .target(
            name: "NoteVault",
            dependencies: [
                "Markdown",
                "CEnoteSystem",
                "CEnoteFTS",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The command line: parsing, output formatting, localisation.
        .target(
            name: "EnoteCLI",
            dependencies: [
                "NoteVault",
                "CEnoteSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "enote", dependencies: ["EnoteCLI"]),
        // Generates benchmark vaults and times enote against rg and find (scripts/bench).
        .executableTarget(
            name: "enote-bench",
            dependencies: ["NoteVault", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(
            name: "NoteVaultTests",
            dependencies: ["NoteVault", .product(name: "Yams", package: "Yams")]
        ),
        .testTarget(name: "EnoteCLITests", dependencies: ["EnoteCLI", "enote"]),
    ],
    swiftLanguageModes: [.v6]
)
