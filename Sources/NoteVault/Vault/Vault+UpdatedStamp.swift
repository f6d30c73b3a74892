import Foundation

extension Vault {
    /// The `updated` stamp a change of a note writes, or `nil`: the one rule of every write
    /// (`enote set`, `enote edit`, the web's Done, an agent's write).
    ///
    /// A note that has `updated` has it kept current (enote writes it in every note it creates);
    /// a note that never had it (an adopted Obsidian or Hugo vault) never gets it, unless the
    /// vault's config asks for it everywhere (`updated_stamp = always`). `frontMatter` is the
    /// front matter the written text will have, before the stamp: a person who removed the key
    /// in an edit does not see it come back. Marking a task done stamps nothing either way
    /// (``setTask(in:line:done:revision:force:)``).
    ///
    /// For example, with the default `updated_stamp = existing`:
    ///
    /// ```swift
    /// vault.updatedStamp(for: note.content.frontMatter)  // nil for "---\ntitle: x\n---\n"
    /// ```
    package func updatedStamp(for frontMatter: FrontMatterReading) -> FrontMatterEditor.Change? {
        var hasKey = false
        if case .parsed(let parsed) = frontMatter { hasKey = !parsed.entries(named: FrontMatterKey.updated.rawValue).isEmpty }
        guard hasKey || config.updatedStamp == .always else { return nil }
        return .set(.updated, NoteDate.stamp(clock.now(), in: clock.timeZone))
    }
}
