/// How long a context pack may be: the one home of its rules. A budget is given in tokens,
/// counted as bytes ÷ 4 (the estimate every server is measured with where no tokenizer is at
/// hand), or in bytes of the pack's one-line JSON text; 1,000 tokens when neither is given.
public struct ContextBudget: Sendable, Equatable {
    /// The most bytes of the pack's JSON text.
    public let bytes: Int

    /// Bytes a token is counted as.
    public static let bytesPerToken = 4
    /// The budget when none is given, in tokens.
    public static let defaultTokens = 1000
    /// The smallest budget in tokens, and in bytes: room for a short passage.
    public static let minimumTokens = 64
    public static let minimumBytes = 256

    /// Why a budget cannot be used, as a sentence that says what to give instead.
    public struct Problem: Error, Sendable, Equatable {
        public var message: LocalizedMessage
    }

    /// The budget of `tokens` or `bytes` (not both), each at least its minimum and at most
    /// `maximumBytes` in bytes.
    public init(tokens: Int?, bytes: Int?, maximumBytes: Int = Int.max) throws(Problem) {
        if tokens != nil, bytes != nil { throw Problem(message: "give a budget in tokens or in bytes, not both") }
        if let tokens, !(Self.minimumTokens...(maximumBytes / Self.bytesPerToken)).contains(tokens) {
            throw Problem(message: "the budget in tokens must be from \(String(Self.minimumTokens)) to \(String(maximumBytes / Self.bytesPerToken))")
        }
        if let bytes, !(Self.minimumBytes...maximumBytes).contains(bytes) {
            throw Problem(message: "the budget in bytes must be from \(String(Self.minimumBytes)) to \(String(maximumBytes))")
        }
        self.bytes = bytes ?? (tokens ?? Self.defaultTokens) * Self.bytesPerToken
    }
}
