/// Writes links to notes, the one way every part of enote writes them: the editor's completion
/// and its "move the selection into a new note", the wikilinks a rename rewrites, the pictures
/// of a photo note. As zk's `core.LinkFormatter`, it is made once with what it must know (here
/// the notes a wikilink may name) and then asked for each link by the note it leads to and the
/// note it is written in; no front end builds a link's text itself.
///
/// For example, with notes `plan.md` and `work/plan.md`, a wikilink to `work/plan.md` is
/// `work/plan` (`plan` leads to the other note), and a Markdown link to it from
/// `notes/today.md` is `../work/plan.md`.
package struct LinkFormatter: Sendable {
    /// The ways a wikilink may name its note, tried in this order: by name, by the path relative
    /// to the linking note, by the path from the vault's root (always tried).
    package struct WikilinkForm: Sendable, Equatable {
        /// By the note's file name alone (`[[plan]]`), when that leads to it.
        package var byName: Bool
        /// By the path relative to the linking note's folder (`[[../work/plan]]`).
        package var relative: Bool
        /// With the `.md` of the file name (`[[plan.md]]`), else without.
        package var keepingExtension: Bool

        /// The shortest form: the name, else the path from the root, without `.md`.
        package init(byName: Bool = true, relative: Bool = false, keepingExtension: Bool = false) {
            self.byName = byName
            self.relative = relative
            self.keepingExtension = keepingExtension
        }
    }

    /// Decides which written forms lead where: it must know the note linked to and every note
    /// a candidate form could name (as ``NoteIndex/resolver(forWikilinks:)`` gives for the
    /// note's name).
    package let resolver: LinkResolver

    package init(resolver: LinkResolver) {
        self.resolver = resolver
    }

    /// What a wikilink to the note at `target`, written in the note at `source`, holds between
    /// `[[` and `]]` (before a `#heading` or `|alias`): the first of `form`'s ways that leads to
    /// `target` alone, or nil when none does (the path would be ambiguous, or it cannot be
    /// written in a wikilink).
    package func wikilink(to target: String, from source: String, form: WikilinkForm = WikilinkForm()) -> String? {
        func shown(_ path: String) -> String { form.keepingExtension ? path : NotePath.droppingMarkdownExtension(path) }
        var candidates: [String] = []
        if form.byName { candidates.append(shown(String(target.split(separator: "/").last ?? Substring(target)))) }
        if form.relative { candidates.append(shown(RelativePath.of(target, from: LinkResolver.folder(of: source)))) }
        candidates.append(shown(target))
        return candidates.first { candidate in
            resolver.resolve(LinkTarget(wikilink: candidate), wikilink: true, from: source) == .resolved(target)
        }
    }

    /// A Markdown link's destination to `target` seen from the note at `source`: the relative
    /// path, with what a destination cannot hold as written percent-encoded (spaces, controls,
    /// `%`, `<`, `>`, parentheses, `#`, `?`, `\`); letters of every script are kept as they are.
    package static func markdownDestination(to target: String, from source: String) -> String {
        PercentCoding.encode(RelativePath.of(target, from: LinkResolver.folder(of: source)), nonASCII: false)
    }

    /// A whole link to the note at `target`, written in the note at `source`: `[[name]]` as
    /// ``wikilink(to:from:form:)`` writes it in its shortest form (the path from the root when no
    /// form leads there alone), or `[title](destination)`, the title's brackets and backslashes
    /// escaped.
    package func link(to target: String, title: String, from source: String, asWikilink: Bool) -> String {
        guard asWikilink else { return Self.markdownLink(to: target, title: title, from: source) }
        return "[[" + (wikilink(to: target, from: source) ?? NotePath.droppingMarkdownExtension(target)) + "]]"
    }

    /// `[title](destination)` to the file at `target` from the note at `source`: the
    /// ``markdownDestination(to:from:)``, and the title with its brackets and backslashes escaped
    /// (a `!` before it shows a picture).
    package static func markdownLink(to target: String, title: String, from source: String) -> String {
        var text = ""
        for character in title {
            if "[]\\".contains(character) { text.append("\\") }
            text.append(character)
        }
        return "[\(text)](\(markdownDestination(to: target, from: source)))"
    }
}
