import EnoteRPC
import Foundation
import NoteVault

/// The tools that change the vault. Each resolves its note exactly (a path or a whole title,
/// never a guess), hands the change to the library's ``AgentEditor`` (limits, editors, revision,
/// journal, durable write), and reads the result into the index before answering, so the next
/// read sees it.
enum WritingTools {
    /// Runs a write: the index fresh, the note resolved exactly (when `note` names one), the
    /// write's answer, the index told.
    static func write(
        _ call: ToolCall, resolving: Bool = true, _ body: (NotePath?) throws(AgentError) -> AgentEditor.Write
    ) throws(ResponseError) -> ToolResult {
        let reference = resolving ? try call.arguments.noteReference() : nil
        do throws(AgentError) {
            try call.vault.editor.attempt { () throws(VaultError) in try call.vault.fresh() }
            let path = try reference.map { reference throws(AgentError) in
                try call.vault.editor.attempt { () throws(VaultError) in
                    try call.vault.withIndex { index throws(VaultError) in try call.vault.vault.resolveExactly(reference, in: index) }
                }
            }
            let write = try body(path)
            call.vault.recordWrite(write)
            return ToolResult(WriteAnswer(write))
        } catch {
            return .failure(error)
        }
    }

    static let create = Tool(
        name: "create", title: "Create a note",
        description: """
            Creates a note with a title and text (front matter with title and times is written for you). At path when \
            given (exact, ending in .md), else at a name made from the title. Never overwrites: a note already at that \
            path (or one differing only in case) is an error.
            """,
        inputSchema: Schema.arguments(
            [
                ("title", Schema.string("The note's title (one line).")), ("body", Schema.text("The note's Markdown text.")),
                ("path", Schema.string("The exact new path in the vault, such as inbox/idea.md.")),
                ("color", Schema.string("A colour: red, orange, yellow, green, blue, purple, pink, gray, \"#RRGGBB\" or hsb(H, S%, B%).")),
                ("destroy", Schema.string("When the note destroys itself: a date (2026-12-01 18:00) or a time from now (3d).")),
                ("tags", Schema.strings("Tags for the front matter.")),
            ], required: ["title", "body"]),
        readOnly: false, destructive: false, idempotent: false
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(["title", "body", "path", "color", "destroy", "tags"])
        var new = NewNote(title: try arguments.string("title"), body: try arguments.string("body", text: true))
        let path = try arguments.newPath("path")
        if let color = try arguments.optionalString("color") { new.color = try FrontMatterArguments.color(color) }
        if let destroy = try arguments.optionalString("destroy") { new.destroy = try FrontMatterArguments.destroy(destroy, clock: call.clock) }
        if let tags = try arguments.strings("tags"), !tags.isEmpty { new.extraFields.append((key: "tags", yaml: FrontMatterArguments.tagsYAML(tags))) }
        return try write(call, resolving: false) { _ throws(AgentError) in try call.vault.editor.create(new, at: path, client: call.client) }
    }

    static let replace = Tool(
        name: "replace", title: "Replace text in a note",
        description: """
            Replaces old_text with new_text in a note's body. old_text must occur exactly once (give enough of the \
            surrounding text), and revision must be the one read returned: a note changed since is left alone. Front \
            matter is changed with set_front_matter, never here; its updated key is stamped only where the note has one.
            """,
        inputSchema: Schema.arguments(
            [
                ("note", Schema.note), ("old_text", Schema.text("The exact text to replace, as read returned it.")),
                ("new_text", Schema.text("The text to put in its place (empty to delete it).")), ("revision", Schema.revision),
            ], required: ["note", "old_text", "new_text", "revision"]),
        readOnly: false, destructive: true, idempotent: false
    ) { call throws(ResponseError) in
        let arguments = call.arguments
        try arguments.requireKnown(["note", "old_text", "new_text", "revision"])
        let old = try arguments.string("old_text", text: true)
        guard !old.isEmpty else { throw ResponseError(.invalidParams, Localization.text("the argument old_text must not be empty")) }
        let new = try arguments.string("new_text", text: true)
        guard let revision = try arguments.revision() else { throw ResponseError(.invalidParams, Localization.text("the argument revision is missing")) }
        return try write(call) { path throws(AgentError) in
            try call.vault.editor.replace(in: path!, old: old, new: new, expecting: revision, client: call.client)
        }
    }

    static func insertTool(_ place: AgentEditor.Place) -> Tool {
        let name = place == .end ? "append" : "prepend"
        return Tool(
            name: name, title: place == .end ? "Append to a note" : "Prepend to a note",
            description: place == .end
                ? "Adds text at the end of a note, or at the end of one heading's section (before the next heading of its level). Nothing else changes but the note's updated key, and that only where the note has one."
                : "Adds text at the start of a note's body (after its front matter), or right under one of its headings. Nothing else changes but the note's updated key, and that only where the note has one.",
            inputSchema: Schema.arguments(
                [
                    ("note", Schema.note), ("text", Schema.text("The Markdown text to add, on lines of its own.")),
                    ("heading", Schema.string("Add under this heading instead (its text, as outline shows it).")), ("revision", Schema.revision),
                ], required: ["note", "text"]),
            readOnly: false, destructive: false, idempotent: false
        ) { call throws(ResponseError) in
            let arguments = call.arguments
            try arguments.requireKnown(["note", "text", "heading", "revision"])
            let text = try arguments.string("text", text: true)
            let heading = try arguments.optionalString("heading")
            let revision = try arguments.revision()
            return try write(call) { path throws(AgentError) in
                try call.vault.editor.insert(text, into: path!, at: place, under: heading, expecting: revision, client: call.client)
            }
        }
    }

    static let append = insertTool(.end)
    static let prepend = insertTool(.start)

    static let setFrontMatter = Tool(
        name: "set_front_matter", title: "Set front matter",
        description: """
            Changes a note's front matter keys, surgically (only their lines change, and updated where the note has one): title, color, destroy, \
            tags, other keys through set (key → text), and keys to remove. enote's own keys (updated, created, order) \
            are not set by hand. A destroy date is destructive: when it passes, the note goes to the trash (or is deleted, \
            as the vault's expiry says); undo of this write brings it back while it is in the trash.
            """,
        inputSchema: Schema.arguments(
            [
                ("note", Schema.note), ("title", Schema.string("A new title.")),
                ("color", Schema.string("A colour: a palette name, \"#RRGGBB\" or hsb(H, S%, B%).")),
                ("destroy", Schema.string("When the note destroys itself: a date or a time from now (3d).")),
                ("tags", Schema.strings("The note's tags (replacing the list).")),
                ("set", Schema.stringMap("Other keys and their text values.")),
                ("remove", Schema.strings("Keys to remove (title, color, destroy, tags or other keys).")), ("revision", Schema.revision),
            ], required: ["note"]),
        // A destroy date removes the note once it passes (issue 34): a destructive write.
        readOnly: false, destructive: true, idempotent: true
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["note", "title", "color", "destroy", "tags", "set", "remove", "revision"])
        let changes = try FrontMatterArguments.changes(call.arguments, clock: call.clock)
        let revision = try call.arguments.revision()
        return try write(call) { path throws(AgentError) in
            try call.vault.editor.setFrontMatter(of: path!, changes, expecting: revision, client: call.client)
        }
    }

    static let move = Tool(
        name: "move", title: "Move or rename a note",
        description: """
            Moves (renames) a note to an exact new path ending in .md, rewriting every link to it in the form it was \
            written, as enote mv does. Refused when the path is taken, a link would break, or a note to change is open \
            in an editor or outside the folders agents may write.
            """,
        inputSchema: Schema.arguments(
            [("note", Schema.note), ("to", Schema.string("The exact new path, such as archive/plan.md.")), ("revision", Schema.revision)],
            required: ["note", "to"]),
        readOnly: false, destructive: false, idempotent: false
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["note", "to", "revision"])
        guard let target = try call.arguments.newPath("to") else { throw ResponseError(.invalidParams, Localization.text("the argument to is missing")) }
        let revision = try call.arguments.revision()
        return try write(call) { path throws(AgentError) in
            try call.vault.withIndex { index throws(AgentError) in
                try call.vault.editor.move(path!, to: target, expecting: revision, graph: IndexLinkGraph(index: index), client: call.client)
            }
        }
    }

    static let delete = Tool(
        name: "delete", title: "Delete a note",
        description: "Moves a note to the vault's trash (.trash/), from where it can be restored; undo brings it back.",
        inputSchema: Schema.arguments([("note", Schema.note), ("revision", Schema.revision)], required: ["note"]),
        readOnly: false, destructive: true, idempotent: false
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["note", "revision"])
        let revision = try call.arguments.revision()
        return try write(call) { path throws(AgentError) in try call.vault.editor.delete(path!, expecting: revision, client: call.client) }
    }

    static let undo = Tool(
        name: "undo", title: "Undo a write",
        description: """
            Reverts an earlier write by its number (each write's answer gives it): text back, a created note to the \
            trash, a deleted note back, a moved note back. Refused when the note changed after that write, so no later \
            change (a person's included) is lost.
            """,
        inputSchema: Schema.arguments([("write", Schema.integer("The write's number.", minimum: 1, maximum: Int(Int32.max)))], required: ["write"]),
        readOnly: false, destructive: true, idempotent: false
    ) { call throws(ResponseError) in
        try call.arguments.requireKnown(["write"])
        guard let number = try call.arguments.optionalInt("write", in: 1...Int(Int32.max)) else {
            throw ResponseError(.invalidParams, Localization.text("the argument write is missing"))
        }
        return try write(call, resolving: false) { _ throws(AgentError) in
            try call.vault.withIndex { index throws(AgentError) in
                try call.vault.editor.undo(number, graph: IndexLinkGraph(index: index), client: call.client)
            }
        }
    }
}
