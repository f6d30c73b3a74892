import EnoteRPC
import Foundation
import NoteVault

/// What a tool answers: an `Encodable` value, given to the client once, as its JSON text (the
/// one content item every client shows its model), or an error the agent can act on (`isError`),
/// such as a refusal (``ToolFailure``). No `structuredContent` repeats it: no tool declares an
/// output schema, and a second copy of every answer would double what an agent pays for.
/// What varies between equal questions (the server's time) goes in `_meta`, never in the text,
/// so equal questions get equal bytes.
///
/// Every answer stays under ``maximumBytes`` of JSON text: lists are cut into pages with a
/// cursor (``ResultPage``), long text into ranges, and one item too long for its share (a
/// 200 KB title, 20,000 tags) is cut with a marker (``AnswerBound``).
struct ToolResult: Sendable {
    /// The most JSON text one answer holds: about 15,000 tokens, under what clients accept
    /// from a tool (Claude Code warns at 10,000 tokens and refuses 25,000 by default).
    static let maximumBytes = 60_000

    var value: Reply
    var isError = false
    /// The server's own time for the answer, in milliseconds, given in `_meta` as
    /// `enote/server_ms` when set.
    var serverMilliseconds: Double?

    init(_ value: some Encodable & Sendable, isError: Bool = false) {
        self.value = Reply(value)
        self.isError = isError
    }

    /// The result as the protocol writes it: the value's JSON text, written once here by the
    /// library's encoder. A tool pages and cuts its answer itself; what would still pass the
    /// bound (an error's message naming a 200 KB heading) is cut here by the same rule.
    func answer(_ text: AnswerText) -> Answer {
        let rendered = text.render(value)
        let meta = serverMilliseconds.map { ["enote/server_ms": $0] }
        guard rendered.utf8.count > Self.maximumBytes else { return Answer(text: rendered, isError: isError, meta: meta) }
        let cut = AnswerBound.fit(value, Self.maximumBytes, text: text).item
        return Answer(text: text.render(cut), isError: isError, meta: meta)
    }

    /// A `tools/call` result: `content` (the one text item), `isError`, and `_meta` when set.
    struct Answer: Encodable, Sendable {
        var text: String
        var isError: Bool
        var meta: [String: Double]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([TextContent(text: text)], forKey: .content)
            try container.encode(isError, forKey: .isError)
            try container.encodeIfPresent(meta, forKey: .meta)
        }

        private enum CodingKeys: String, CodingKey {
            case content, isError
            case meta = "_meta"
        }
    }

    /// A text content item.
    struct TextContent: Encodable, Sendable {
        var type = "text"
        var text: String
    }

    /// A refusal or failure, with a kind an agent can branch on and the message.
    static func failure(_ kind: String, _ message: String) -> ToolResult {
        ToolResult(ToolFailure(error: kind, message: message), isError: true)
    }

    /// A library error as a tool error.
    static func failure(_ error: AgentError) -> ToolResult {
        let message = error.message.text
        switch error {
        case .staleRevision(_, _, let current):
            return ToolResult(ToolFailure(error: "stale_revision", message: message, currentRevision: current), isError: true)
        case .textNotFound: return failure("text_not_found", message)
        case .textAmbiguous: return failure("text_ambiguous", message)
        case .headingNotFound: return failure("heading_not_found", message)
        case .readOnly: return failure("read_only", message)
        case .outsideAllowList: return failure("outside_allowed_folders", message)
        case .exists: return failure("exists", message)
        case .notANotePath: return failure("not_a_note_path", message)
        case .tooLarge: return failure("too_large", message)
        case .noJournalEntry: return failure("no_such_write", message)
        case .changedSinceWrite: return failure("changed_since_write", message)
        case .journal: return failure("journal", message)
        case .vault(let error): return failure(error)
        }
    }

    /// A vault error as a tool error.
    static func failure(_ error: VaultError) -> ToolResult {
        let message = error.message.text
        switch error {
        case .noteNotFound(_, let suggestions):
            return ToolResult(ToolFailure(error: "not_found", message: message, candidates: suggestions), isError: true)
        case .ambiguousNote(_, let candidates):
            return ToolResult(ToolFailure(error: "ambiguous", message: message, candidates: candidates), isError: true)
        case .openElsewhere: return failure("open_in_editor", message)
        case .rename: return failure("move_refused", message)
        case .readOnly: return failure("read_only", message)
        case .limitReached: return failure("limit_reached", message)
        default: return failure("failed", message)
        }
    }
}

/// A tool's error answer: `error` (a kind an agent can branch on), `message`, and what the kind
/// carries: `current_revision` (a stale revision) or `candidates` (notes a name could mean).
struct ToolFailure: Encodable, Sendable {
    var error: String
    var message: String
    var currentRevision: String?
    var candidates: [String]?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(error, forKey: .error)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(currentRevision, forKey: .currentRevision)
        try container.encodeIfPresent(candidates, forKey: .candidates)
    }

    private enum CodingKeys: String, CodingKey {
        case error, message
        case currentRevision = "current_revision"
        case candidates
    }
}
