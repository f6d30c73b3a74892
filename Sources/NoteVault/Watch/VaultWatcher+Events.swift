#if canImport(Glibc)
import Glibc
#endif

extension VaultWatcher {
    /// Turns inotify events into pending changes. Nothing is read here: a note is looked at
    /// only when its events have settled.
    func handle(_ events: [Inotify.Event]) {
        let now = monotonicSeconds()
        for event in events {
            if event.has(IN_Q_OVERFLOW) {
                if !pending.needsFullReconcile { options.log("the event queue overflowed; the whole vault will be checked") }
                pending.needsFullReconcile = true
                continue
            }
            guard let folder = folders[event.watch] else { continue }
            if event.has(IN_IGNORED) || event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) {
                if event.has(IN_IGNORED) { forget(watch: event.watch) }
                if folder.bytes.isEmpty, event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) {
                    options.log("the vault folder itself was removed or moved; stopping")
                    stop()
                }
                continue
            }
            guard !event.name.isEmpty else { continue }
            if event.name.first == UInt8(ascii: ".") {
                // An editor letting go of a note (its lock or swap file gone) may free it for
                // expiry: look at the note again.
                if event.has(IN_DELETE) || event.has(IN_MOVED_FROM), let note = EditorLockDetector.noteName(lockedBy: event.name) {
                    pending.noteChanged(folder.appending(note), at: now)
                }
                continue
            }
            let path = folder.appending(event.name)
            if event.has(IN_ISDIR) {
                if event.has(IN_MOVED_FROM) || event.has(IN_DELETE) { forgetWatches(under: path) }
                if event.has(IN_CREATE) || event.has(IN_MOVED_TO) { watchFolders(under: path) }
                pending.folderChanged(path, at: now)
                continue
            }
            guard NotePath.isMarkdownName(event.name) else { continue }
            if event.has(IN_MODIFY) {
                pending.noteWriting(path, at: now)
            } else if event.has(IN_CLOSE_WRITE) {
                pending.noteClosed(path, at: now)
            } else {
                pending.noteChanged(path, at: now)
            }
        }
    }

    // MARK: - Folder watches

    /// Watches the root and every folder below it that is not hidden or ignored.
    func watchAllFolders() {
        watchFolders(under: NotePath(bytes: []))
    }

    /// Watches `folder` and every folder below it. Each folder is watched before it is listed,
    /// so a note created in between raises an event or is found by the reconcile that follows.
    func watchFolders(under folder: NotePath) {
        var stack = [folder]
        let config = vault.config
        while let current = stack.popLast() {
            if !current.bytes.isEmpty, NoteIndex.isHiddenOrIgnored(current, config: config) { continue }
            if watches[current] == nil {
                let absolute = current.bytes.isEmpty ? vault.root : vault.root + "/" + current.description
                do {
                    let watch = try inotify.watch(absolute)
                    folders[watch] = current
                    watches[current] = watch
                } catch .limitReached {
                    if pollingSince == nil {
                        options.log("cannot watch \(current): the inotify watch limit is reached (fs.inotify.max_user_watches = \(Inotify.watchLimit)); "
                            + "checking the whole vault every \(Int(options.pollInterval)) s instead. Raise it with: sudo sysctl fs.inotify.max_user_watches=524288")
                        pollingSince = monotonicSeconds()
                    }
                    pending.needsFullReconcile = true
                    continue
                } catch {
                    // Gone already, or unreadable: a reconcile will tell.
                    pending.needsFullReconcile = pending.needsFullReconcile || errno != ENOENT && errno != ENOTDIR
                    continue
                }
            }
            stack += subfolders(of: current)
        }
    }

    /// The names of the folders inside `folder` (links never followed, hidden ones skipped).
    private func subfolders(of folder: NotePath) -> [NotePath] {
        let descriptor: Int32
        do {
            descriptor = try vault.fileSystem.open(folder.bytes.isEmpty ? Array(".".utf8) : folder.bytes, beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
        } catch {
            return []
        }
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return []
        }
        defer { closedir(directory) }
        var result: [NotePath] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: 256) { pointer in
                    Array(UnsafeBufferPointer(start: pointer, count: strnlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self), 256)))
                }
            }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                isFolder = (try? vault.fileSystem.status(of: name, in: descriptor))?.kind == .directory
            }
            if isFolder { result.append(folder.appending(name)) }
        }
        return result
    }

    /// Stops watching `folder` and everything below it (it was moved away or removed).
    func forgetWatches(under folder: NotePath) {
        let prefix = folder.bytes + [UInt8(ascii: "/")]
        for (path, watch) in watches where path == folder || path.bytes.starts(with: prefix) {
            inotify.unwatch(watch)
            forget(watch: watch)
        }
    }

    /// Drops the bookkeeping of a watch the kernel removed.
    func forget(watch: Int32) {
        if let path = folders.removeValue(forKey: watch) { watches[path] = nil }
    }
}
