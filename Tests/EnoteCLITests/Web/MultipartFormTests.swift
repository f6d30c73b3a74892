import Foundation
import Testing

@testable import EnoteWeb

/// The strict `multipart/form-data` reader behind picture uploads: the boundary from the
/// header, CRLF framing, text fields, one file, and a refusal for anything else.
@Suite struct MultipartFormTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(
        "the boundary comes from Content-Type, quoted or not; another type or a bad boundary gives none",
        arguments: [
            ("multipart/form-data; boundary=abc123", "abc123"),
            ("Multipart/Form-Data;boundary=\"a b:c\"", "a b:c"),
            ("multipart/form-data; charset=utf-8; BOUNDARY=----x", "----x"),
            ("multipart/form-data", nil),
            ("multipart/mixed; boundary=abc", nil),
            ("application/x-www-form-urlencoded; boundary=abc", nil),
            ("multipart/form-data; boundary=", nil),
            ("multipart/form-data; boundary=\"ends in space \"", nil),
            ("multipart/form-data; boundary=" + String(repeating: "x", count: 71), nil),
        ] as [(String, String?)])
    func boundary(contentType: String, expected: String?) {
        #expect(MultipartForm.boundary(contentType: contentType) == expected)
    }

    @Test("fields and one file are read; the file's bytes are kept exactly, CRLF and boundary-like text included")
    func readsFieldsAndFile() throws {
        let content: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF] + Self.bytes("\r\n--b\r\n-- xyz\r\n")
        let body =
            Self.bytes("--xyz\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken-1\r\n")
            + Self.bytes("--xyz\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"a \\\"b\\\"; c.png\"\r\nContent-Type: image/png\r\n\r\n")
            + content + Self.bytes("\r\n--xyz--\r\n")
        let form = try MultipartForm(body: body, boundary: "xyz")
        #expect(form.fields["csrf"] == "token-1")
        let file = try #require(form.file)
        #expect(file.field == "picture")
        #expect(file.fileName == "a \"b\"; c.png")
        #expect(file.bytes == content)
    }

    @Test(
        "a body that breaks the framing, names no field, or holds two files is refused",
        arguments: [
            "preamble\r\n--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1",
            "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz",
            "--xyz\nContent-Disposition: form-data; name=\"a\"\n\n1\n--xyz--",
            "--xyz\r\nContent-Disposition: form-data\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nContent-Disposition: form-data; name=\"a\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nno colon here\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nContent-Disposition: form-data; name=\"a\"; name=\"b\"\r\n\r\n1\r\n--xyz--",
            "--xyz\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.png\"\r\n\r\n1\r\n"
                + "--xyz\r\nContent-Disposition: form-data; name=\"g\"; filename=\"b.png\"\r\n\r\n2\r\n--xyz--",
            "",
        ])
    func refusesMalformed(text: String) {
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(body: Self.bytes(text), boundary: "xyz") }
    }

    @Test("a form without a file has fields only")
    func noFile() throws {
        let form = try MultipartForm(body: Self.bytes("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--xyz--\r\n"), boundary: "xyz")
        #expect(form.fields["a"] == "")
        #expect(form.file == nil)
    }
}
