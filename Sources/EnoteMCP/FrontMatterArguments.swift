import EnoteRPC
import Foundation
import NoteVault

/// Front matter values as an agent gives them, made into the library's typed changes (the same
/// values `enote set` and `enote new` take); a value that is not one is an invalid argument.
enum FrontMatterArguments {
    /// Keys enote writes itself, never set or removed by hand.
    static let ownKeys: Set<String> = ["updated", "created", "order"]

    static func color(_ text: String) throws(ResponseError) -> NoteColor {
        do {
            return try NoteColor(parsing: text)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument color: \(error.message.text)"))
        }
    }

    /// A destroy date still to come.
    static func destroy(_ text: String, clock: VaultClock) throws(ResponseError) -> Date {
        let date: Date
        do {
            date = try DateInput.parse(text, clock: clock)
        } catch {
            throw ResponseError(.invalidParams, Localization.text("the argument destroy: \(error.message.text)"))
        }
        guard DestroyDateRule.problem(date, clock: clock) == nil else {
            throw ResponseError(
                .invalidParams,
                Localization.text(
                    "the argument destroy is in the past, which would destroy the note at once; give a time still to come (3d, 2026-12-01 18:00), or delete the note"
                ))
        }
        return date
    }

    static func tagsYAML(_ tags: [String]) -> String {
        YAMLWriter.flowList(tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 })
    }

    /// The changes `set_front_matter`'s arguments ask for, in order.
    static func changes(_ arguments: ToolArguments, clock: VaultClock) throws(ResponseError) -> [FrontMatterEditor.Change] {
        var changes: [FrontMatterEditor.Change] = []
        if let title = try arguments.optionalString("title") {
            let trimmed = title.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw ResponseError(.invalidParams, Localization.text("the argument title must not be empty; remove the key instead"))
            }
            changes.append(.set(.title, YAMLWriter.scalar(trimmed)))
        }
        if let text = try arguments.optionalString("color") { changes.append(.set(.color, YAMLWriter.scalar(try color(text).description))) }
        if let text = try arguments.optionalString("destroy") {
            changes.append(.set(.destroy, NoteDate.stamp(try destroy(text, clock: clock), in: clock.timeZone)))
        }
        if let tags = try arguments.strings("tags") { changes.append(.set(.tags, tagsYAML(tags))) }
        for (key, value) in try arguments.stringMap("set") {
            try checkPlainKey(key)
            changes.append(.set(key: key, aliases: [], yaml: YAMLWriter.scalar(value)))
        }
        for key in try arguments.strings("remove") ?? [] {
            if let known = FrontMatterKey(rawValue: key) ?? FrontMatterKey.allCases.first(where: { $0.spellings.contains(key) }) {
                guard !ownKeys.contains(known.rawValue) else { throw ownKey(key) }
                changes.append(.remove(known))
            } else {
                try checkPlainKey(key)
                changes.append(.remove(key: key, aliases: []))
            }
        }
        guard !changes.isEmpty else {
            throw ResponseError(.invalidParams, Localization.text("nothing to change: give title, color, destroy, tags, set or remove"))
        }
        return changes
    }

    private static func ownKey(_ key: String) -> ResponseError {
        ResponseError(
            .invalidParams, Localization.text("the key \(key) is enote's own (updated, created, order), written by enote; it is not set or removed by hand"))
    }

    /// A key for `set`: a plain YAML key (the library's rule, ``FrontMatterEditor/isPlainKey(_:)``), not one enote types itself.
    private static func checkPlainKey(_ key: String) throws(ResponseError) {
        guard FrontMatterEditor.isPlainKey(key) else {
            throw ResponseError(
                .invalidParams,
                Localization.text(
                    "the key \"\(key)\" is not a front matter key enote writes: a key starts with a letter, a digit or _, and holds only letters, digits, _ and -"
                ))
        }
        if ownKeys.contains(key) { throw ownKey(key) }
        if FrontMatterKey.allCases.contains(where: { $0.spellings.contains(key) }) {
            throw ResponseError(
                .invalidParams, Localization.text("the key \(key) has its own argument (title, color, destroy, tags); use it, so its value is checked"))
        }
    }
}
