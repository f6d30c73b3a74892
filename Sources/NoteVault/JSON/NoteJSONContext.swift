import Foundation

/// What the JSON form of the library's results depends on besides the values themselves: the
/// time zone dates are written in (ISO 8601 with their offset), and the time `pending_expiry` is
/// judged at. An encoder passes it in its `userInfo` under ``key``.
public struct NoteJSONContext: Sendable {
    public var timeZone: TimeZone
    public var now: Date

    /// The `userInfo` key an encoder passes the context under.
    public static let key = CodingUserInfoKey(rawValue: "enote.noteJSONContext")!

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// The context of `clock`: its time zone and its time now.
    public init(clock: VaultClock) {
        self.init(timeZone: clock.timeZone, now: clock.now())
    }

    /// The `userInfo` that holds this context.
    public var userInfo: [CodingUserInfoKey: Any] { [Self.key: self] }

    /// The context `encoder` carries.
    /// - Throws: `EncodingError.invalidValue` about `value` when it carries none.
    package init(of encoder: any Encoder, encoding value: Any) throws {
        guard let context = encoder.userInfo[Self.key] as? NoteJSONContext else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "no NoteJSONContext in the encoder's userInfo"))
        }
        self = context
    }
}
