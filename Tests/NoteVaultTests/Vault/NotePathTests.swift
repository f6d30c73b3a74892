import Testing

@testable import NoteVault

/// RELIABILITY row 31: paths a user types are refused with a message that states the rule.
@Suite("NotePath validation")
struct NotePathTests {
    /// A path that breaks a rule for any purpose, the rule, and words of the message that state it.
    static let alwaysRefused: [(path: String, rule: PathError.Rule, message: String)] = [
        ("../../etc/passwd", .parentReference, "uses . or ..; paths must stay inside the vault"),
        ("/etc/passwd", .absolute, "is absolute; paths are relative to the vault"),
        ("a/../../b", .parentReference, "uses . or .."),
        ("..", .parentReference, "uses . or .."),
        (".", .parentReference, "uses . or .."),
        ("work/./plan.md", .parentReference, "uses . or .."),
        (".git/config", .hidden, "names a hidden file or folder (starting with .)"),
        (".hidden", .hidden, "names a hidden file or folder"),
        ("work/.enote/lock", .hidden, ".git, .enote and .trash are reserved"),
        ("a\u{0}b.md", .controlCharacter, "contains a control character; names may not contain control characters or NUL"),
        ("a\nb.md", .controlCharacter, "contains a control character"),
        ("tab\there.md", .controlCharacter, "contains a control character"),
        ("del\u{7F}.md", .controlCharacter, "contains a control character"),
        (String(repeating: "x", count: 300) + ".md", .tooLong, "is too long; a name may have at most 255 bytes"),
        (String(repeating: "é", count: 128), .tooLong, "at most 255 bytes"),
        (Array(repeating: "folder", count: 200).joined(separator: "/"), .pathTooLong, "is 1399 bytes long; a path may have at most 1024 bytes"),
        ("a//b", .emptyComponent, "has an empty folder name (//)"),
        ("work/", .emptyComponent, "has an empty folder name"),
        ("", .empty, "a path cannot be empty"),
    ]

    @Test("refused for lookup and for create", arguments: alwaysRefused)
    func refused(path: String, rule: PathError.Rule, message: String) {
        for purpose in [NotePath.Purpose.lookup, .create] {
            #expect {
                try NotePath(validating: path, purpose: purpose)
            } throws: { error in
                guard let error = error as? PathError else { return false }
                return error.rule == rule && error.description.contains(message)
            }
        }
    }

    /// Portable-name rules: refused when creating, fine when looking up a file that exists.
    static let refusedForCreate: [(path: String, rule: PathError.Rule, message: String)] = [
        ("CON", .reservedName, "uses a name Windows reserves for devices (CON, PRN, AUX, NUL, COM1–9, LPT1–9)"),
        ("aux.md", .reservedName, "Windows reserves"),
        ("work/com1.txt.md", .reservedName, "Windows reserves"),
        ("Lpt9", .reservedName, "Windows reserves"),
        ("name.", .trailingDotOrSpace, "ends a name with a dot or a space, which Windows cannot store"),
        ("name /plan.md", .trailingDotOrSpace, "ends a name with a dot or a space"),
        ("time 10:30.md", .notPortable, "contains one of < > : \" \\ | ? *, which Windows cannot store"),
        ("star*.md", .notPortable, "Windows cannot store"),
        ("what?.md", .notPortable, "Windows cannot store"),
        ("pipe|.md", .notPortable, "Windows cannot store"),
        ("back\\slash.md", .notPortable, "Windows cannot store"),
    ]

    @Test("refused for create, allowed for lookup", arguments: refusedForCreate)
    func portability(path: String, rule: PathError.Rule, message: String) throws {
        #expect {
            try NotePath(validating: path, purpose: .create)
        } throws: { error in
            guard let error = error as? PathError else { return false }
            return error.rule == rule && error.description.contains(message)
        }
        let found = try NotePath(validating: path, purpose: .lookup)
        #expect(found.description == path)
    }

    @Test("invalid UTF-8 bytes: refused for create, kept byte for byte for lookup and shown escaped")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".md".utf8)
        #expect {
            try NotePath(validatingBytes: bytes, purpose: .create)
        } throws: { error in
            guard let error = error as? PathError else { return false }
            return error.rule == .notUTF8 && error.description == "\"bad\\xFF\\xFE.md\" is not valid UTF-8; names enote creates must be UTF-8"
        }
        let path = try NotePath(validatingBytes: bytes, purpose: .lookup)
        #expect(path.bytes == bytes)
        #expect(path.description == "bad\\xFF\\xFE.md")
        #expect(!path.isValidUTF8 && path.string == nil)
        #expect(path.isMarkdown)
    }

    @Test("a message never carries a raw control character to the terminal", arguments: ["a\u{0}b", "x\ny", "\u{1B}]0;pwned\u{7}.md"])
    func messagesEscapeControlCharacters(path: String) throws {
        let error = try #require(throws: PathError.self) { try NotePath(validating: path, purpose: .lookup) }
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(error.description.contains("\\u{"))
    }

    @Test("valid paths", arguments: ["plan.md", "work/plan.md", "Список покупок.md", "買い物.md", "a b/c-d_e.md", "café.md", String(repeating: "x", count: 255)])
    func valid(path: String) throws {
        let note = try NotePath(validating: path, purpose: .create)
        #expect(note.description == path)
        #expect(note.bytes == Array(path.utf8))
    }

    @Test("a 255-byte name is the longest allowed")
    func lengthBoundary() {
        #expect(throws: Never.self) { try NotePath(validating: String(repeating: "y", count: 255), purpose: .create) }
        #expect(throws: PathError.self) { try NotePath(validating: String(repeating: "y", count: 256), purpose: .create) }
    }

    @Test("components: parent, file name, appending")
    func components() throws {
        let path = try NotePath(validating: "work/2026/plan.md", purpose: .lookup)
        #expect(path.parent?.description == "work/2026")
        #expect(path.fileName == "plan.md")
        #expect(path.fileNameBytes == Array("plan.md".utf8))
        #expect(path.parent?.appending(Array("other.md".utf8)).description == "work/2026/other.md")
        #expect(NotePath(trusted: "plan.md").parent == nil)
        #expect(NotePath(trusted: "PLAN.MD").isMarkdown && !NotePath(trusted: "plan.markdown").isMarkdown)
        #expect(!NotePath(trusted: ".md").isMarkdown, "a bare extension is not a note")
    }

    @Test(
        "a displayed path maps back to its bytes, only where the escapes are exact",
        arguments: [
            ("plain/path.md", Array("plain/path.md".utf8)),
            ("bad\\xFF.md", Array("bad".utf8) + [0xFF] + Array(".md".utf8)),
            ("a\\xC3(/b\\xFE.md", [UInt8(ascii: "a"), 0xC3, UInt8(ascii: "("), UInt8(ascii: "/"), UInt8(ascii: "b"), 0xFE] + Array(".md".utf8)),
            ("a\\xC3\\x28.md", Array("a\\xC3\\x28.md".utf8)),
            ("literal\\x41.md", Array("literal\\x41.md".utf8)),
            ("short\\xF", Array("short\\xF".utf8)),
            ("caf\u{E9}\\xFF", Array("caf\u{E9}".utf8) + [0xFF]),
        ] as [(String, [UInt8])])
    func bytesFromDisplay(text: String, bytes: [UInt8]) {
        #expect(NotePath.bytes(displayedAs: text) == bytes)
        #expect(NotePath.display(bytes) == text)
    }

    @Test("NFC and NFD spellings are two different paths")
    func normalisationIsBytes() throws {
        let nfc = try NotePath(validating: "caf\u{E9}.md", purpose: .create)
        let nfd = try NotePath(validating: "cafe\u{301}.md", purpose: .create)
        #expect(nfc != nfd)
        #expect(nfc.bytes.count + 1 == nfd.bytes.count)
    }
}
