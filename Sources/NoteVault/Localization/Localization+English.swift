/// The English singular form of each message that counts something, built into the binary: a
/// copy of enote without its resource bundle still says "1 note", not "1 notes". A test checks
/// that this table and `en.lproj` agree.
extension Localization {
    static let englishSingular: [String: String] = [
        "%@ problems found": "%@ problem found",
        "Indexed %@ notes (%@ added, %@ updated, %@ removed) in %@ s": "Indexed %@ note (%@ added, %@ updated, %@ removed) in %@ s",
        "Adopted %@ existing notes": "Adopted %@ existing note",
        "Copied %@ sample files": "Copied %@ sample file",
        "%@ notes match; showing %@ (--limit N for more)": "%@ note matches; showing %@ (--limit N for more)",
        "emptying the trash deletes %@ notes for good; run it again with --yes to confirm":
            "emptying the trash deletes %@ note for good; run it again with --yes to confirm",
        "Delete %@ notes in the trash for good?": "Delete %@ note in the trash for good?",
        "Deleted %@ notes from the trash": "Deleted %@ note from the trash",
        "in %@ minutes": "in %@ minute",
        "%@ minutes ago": "%@ minute ago",
        "in %@ hours": "in %@ hour",
        "%@ hours ago": "%@ hour ago",
        "in %@ days": "in %@ day",
        "%@ days ago": "%@ day ago",
        "%@ notes have problems (%@%@); `enote show NOTE` tells more": "%@ note has a problem (%@%@); `enote show NOTE` tells more",
        "\"%@\" matches %@ notes; name one by its path:\n%@": "\"%@\" matches %@ note; name one by its path:\n%@",
        "%@ hours": "%@ hour",
        "%@ days": "%@ day",
        "%@ years": "%@ year",
        "%@ dead links": "%@ dead link",
    ]
}
