import Testing

@testable import NoteVault

/// Where a program looks for its resource bundles: `$ENOTE_RESOURCES`, its own folder, then
/// `share/enote` beside its `bin` (as installed).
@Suite struct ResourceBundlesTests {
    @Test func installedAndBuiltLayouts() {
        #expect(ResourceBundles.folders(executable: "/usr/bin/enote", environment: [:]) == ["/usr/bin", "/usr/share/enote"])
        #expect(
            ResourceBundles.folders(executable: "/home/ann/.local/bin/enote-web", environment: ["ENOTE_RESOURCES": "/opt/enote"])
                == ["/opt/enote", "/home/ann/.local/bin", "/home/ann/.local/share/enote"])
        #expect(ResourceBundles.folders(executable: "/src/enote/.build/release/enote", environment: [:]).first == "/src/enote/.build/release")
    }

    @Test("a program whose own path is unknown looks only where it is told")
    func unknownExecutable() {
        #expect(ResourceBundles.folders(executable: nil, environment: [:]).isEmpty)
        #expect(ResourceBundles.folders(executable: "enote", environment: ["ENOTE_RESOURCES": "/opt/enote"]) == ["/opt/enote"])
    }

    @Test("the tests find the library's bundle beside the test program")
    func besideTheTests() {
        #expect(ResourceBundles.bundle(named: "enote_NoteVault.resources") != nil)
        #expect(ResourceBundles.bundle(named: "enote_Nothing.resources") == nil)
    }
}
