extension Finding: Encodable {
    /// The stable JSON form (`enote doctor --json`): `kind` (one of ``Kind``'s names), `location`
    /// (a file, with its line when there is one) and `message` (in the user's language).
    package func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: JSONKey.self)
        try json.encode(kind.rawValue, forKey: "kind")
        try json.encode(location, forKey: "location")
        try json.encode(message.text, forKey: "message")
    }
}
