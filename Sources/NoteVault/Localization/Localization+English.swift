/// The English singular form of each message that counts something, built into the binary: a
/// copy of enote without its resource bundle still says "1 note", not "1 notes". A test checks
/// that this table and `en.lproj` agree.
extension Localization {
    static let englishSingular: [String: String] = [
        "read the text of %@ pictures and PDFs in %@ s; %@ could not be read": "read the text of %@ picture or PDF in %@ s; %@ could not be read",
        "\"%@\" matches %@ notes; name one by its path:\n%@": "\"%@\" matches %@ note; name one by its path:\n%@",
        "%@ hours": "%@ hour",
        "%@ days": "%@ day",
        "%@ years": "%@ year",
        "%@ dead links": "%@ dead link",
        "%@ folders": "%@ folder",
        "%@ notes": "%@ note",
        "embedded %@ notes for meaning search in %@ s": "embedded %@ note for meaning search in %@ s",
        "this vault is limited to %@ notes (max_notes in .enote/config); remove a note or raise the limit to create another":
            "this vault is limited to %@ note (max_notes in .enote/config); remove a note or raise the limit to create another",
        "%@ was already used by %@ notes: the two tags are merged": "%@ was already used by %@ note: the two tags are merged",
        "in %@ minutes": "in %@ minute",
        "%@ minutes ago": "%@ minute ago",
        "in %@ hours": "in %@ hour",
        "%@ hours ago": "%@ hour ago",
        "in %@ days": "in %@ day",
        "%@ days ago": "%@ day ago",
    ]
}
