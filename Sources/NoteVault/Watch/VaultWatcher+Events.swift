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
                if !pending.needsFullReconcile { say("the event queue overflowed; the whole vault will be checked") }
                pending.needsFullReconcile = true
                continue
            }
            if event.watch == stateWatch {
                if event.has(IN_IGNORED) {
                    stateWatch = nil
                } else if event.name.elementsEqual(Self.configName) {
                    configTouched = true
                }
                continue
            }
            guard let folder = folders[event.watch] else { continue }
            if event.has(IN_IGNORED) || event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) {
                if event.has(IN_IGNORED) { forget(watch: event.watch) }
                if folder.bytes.isEmpty, event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) {
                    say("the vault folder itself was removed or moved; stopping")
                    stop()
                }
                continue
            }
            guard !event.name.isEmpty else { continue }
            if NotePathPolicy.isHiddenName(event.name) {
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
            if event.has(IN_CREATE) || event.has(IN_MOVED_TO) { warnIfLink(path) }
            // A PDF written, moved or deleted: the reading pass looks for the vault's PDFs
            // (one no note links is an entry of its own in search).
            if NotePath.isPDFName(event.name), event.has(IN_CLOSE_WRITE) || event.has(IN_MOVED_TO) || event.has(IN_MOVED_FROM) || event.has(IN_DELETE) {
                extractor.filesChanged()
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

    /// Names a symbolic link that just appeared, as the walk of the vault does: it is never
    /// followed or indexed (its folder events say nothing of where it points), so this warning
    /// is all the user hears of it.
    private func warnIfLink(_ path: NotePath) {
        guard (try? vault.fileStatus(path))?.kind == .symbolicLink else { return }
        warnOnce(DirectoryWalker.Summary(symbolicLinks: [path]).warnings)
    }

    // MARK: - Folder watches

    /// Watches the root and every folder below it that is not hidden or ignored, and `.enote/`
    /// for changes of the config.
    /// - Returns: Whether every folder is watched.
    @discardableResult
    func watchAllFolders() -> Bool {
        watchStateFolder()
        return watchFolders(under: NotePath(bytes: []))
    }

    /// Watches `folder` and every folder below it. Each folder is watched before it is listed,
    /// so a note created in between raises an event or is found by the walk that follows.
    ///
    /// Every caller walks the same folders right after (the start-up or a full reconcile, or the
    /// reconcile of a new folder), so a folder that cannot be watched is never stale at that
    /// moment; its later changes are found by polling (see ``startPolling(missing:error:)``).
    /// - Returns: Whether every folder below `folder` is watched.
    @discardableResult
    func watchFolders(under folder: NotePath) -> Bool {
        var stack = [folder]
        var complete = true
        let policy = vault.notePathPolicy
        while let current = stack.popLast() {
            if !policy.admitsFolder(current) { continue }
            if watches[current] == nil {
                let absolute = current.bytes.isEmpty ? vault.root : vault.root + "/" + current.description
                do {
                    let watch = try inotify.watch(absolute)
                    folders[watch] = current
                    watches[current] = watch
                } catch {
                    switch error {
                    case .limitReached:
                        startPolling(missing: current, error: nil)
                    case .unavailable(let error):
                        startPollingWithoutInotify(error)
                    case .system(let error):
                        // Gone already: the events of its parent and the walk that follows say so.
                        if error.code == ENOENT || error.code == ENOTDIR { continue }
                        startPolling(missing: current, error: error)
                    }
                    complete = false
                    continue
                }
            }
            stack += subfolders(of: current)
        }
        return complete
    }

    /// Switches to walking the whole vault every ``Options/pollInterval``, because `folder`
    /// cannot be watched: the watch limit (`error` is `nil`) or another error. Says so once, and
    /// never asks for a walk itself: the caller walks the folder anyway, and asking again each
    /// time a walk retries the watch would walk the vault back to back.
    private func startPolling(missing folder: NotePath, error: SystemError?) {
        startPolling { interval in
            guard let error else {
                return """
                    cannot watch \(folder): the inotify watch limit is reached (fs.inotify.max_user_watches = \(Inotify.watchLimit)); \
                    checking the whole vault every \(interval) s instead. Raise it with: sudo sysctl fs.inotify.max_user_watches=524288
                    """
            }
            return "cannot watch \(folder): \(error.message); checking the whole vault every \(interval) s instead"
        }
    }

    /// Switches to walking the whole vault every ``Options/pollInterval``, because no inotify
    /// instance could be opened (`error`: the per-user instance limit, or this process's
    /// descriptors, which `inotify_init1` tells apart by neither). Says so once, with both causes.
    private func startPollingWithoutInotify(_ error: SystemError) {
        startPolling { interval in
            """
            cannot watch the vault: \(error.message); checking the whole vault every \(interval) s instead. \
            Each user may open \(Inotify.instanceLimit) inotify instances (raise it with: sudo sysctl fs.inotify.max_user_instances=1024), \
            and each process as many files as `ulimit -n` says; then restart enote
            """
        }
    }

    /// Starts polling unless it runs already, and says `message(interval)` once.
    private func startPolling(saying message: (String) -> LocalizedMessage) {
        guard pollingSince == nil else { return }
        let now = monotonicSeconds()
        pollingSince = now
        nextPoll = now + options.pollInterval
        sayTrouble(message(String(format: "%g", options.pollInterval)))
    }

    /// After a walk of the whole vault while polling: the next poll is an interval away, and
    /// polling ends once every folder is watched (some were removed, or the limit was raised).
    func walkedWholeVault(everyFolderWatched: Bool) {
        guard pollingSince != nil else { return }
        nextPoll = monotonicSeconds() + options.pollInterval
        guard everyFolderWatched else { return }
        pollingSince = nil
        nextPoll = .infinity
        sayTrouble("every folder is watched again; polling stopped")
    }

    /// The names of the folders inside `folder` (links never followed, hidden ones skipped).
    private func subfolders(of folder: NotePath) -> [NotePath] {
        let descriptor: Int32
        do {
            descriptor = try vault.fileSystem.open(
                folder.bytes.isEmpty ? Array(".".utf8) : folder.bytes, beneath: vault.rootDescriptor, flags: O_RDONLY | O_DIRECTORY, mode: 0)
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
            guard !name.isEmpty, !NotePathPolicy.isHiddenName(name) else { continue }
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
