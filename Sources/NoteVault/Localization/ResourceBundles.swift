import Foundation

/// Where the resource bundles of enote's targets are found (`enote_NoteVault.resources`,
/// `enote_EnoteCLI.resources`, `enote_EnoteWeb.resources`, …): the one rule for every
/// executable and every bundle.
///
/// A program looks in `$ENOTE_RESOURCES`, then in its own folder (where the build leaves the
/// bundles: `.build/release/`), then in `../share/enote/` from its own folder (where
/// `make install` and the Debian package put them: `/usr/bin/enote`, `/usr/share/enote/`). Its
/// own folder is the one `/proc/self/exe` names, links resolved, so neither the working folder,
/// nor the name it was started by (`enote`, found through `PATH`), nor a symbolic link to it
/// changes what is found. SwiftPM's `Bundle.module` is not used: it falls back to the build
/// folder's absolute path, which hides a bundle missing from an installation for as long as
/// the build folder exists.
package enum ResourceBundles {
    /// The bundle `name`, or `nil` when none of the folders holds it (messages then stay
    /// English; a front end without its assets says so).
    package static func bundle(named name: String) -> Bundle? {
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for folder in folders(executable: executable, environment: ProcessInfo.processInfo.environment) {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue, let bundle = Bundle(path: path) {
                return bundle
            }
        }
        return nil
    }

    /// The folders looked in, in order, for a program at `executable` (its path with links
    /// resolved, as `/proc/self/exe` gives it).
    static func folders(executable: String?, environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let explicit = environment["ENOTE_RESOURCES"], !explicit.isEmpty { folders.append(explicit) }
        if let executable, executable.hasPrefix("/") {
            let own = (executable as NSString).deletingLastPathComponent
            folders.append(own)
            folders.append(((own as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/enote"))
        }
        return folders
    }
}
