import Foundation
import Testing

@Suite struct SmokeTests {
    @Test func listsTheSampleVault() throws {
        let vault = try TemporaryVault()
        let result = try vault.run("list")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Grocery list"))
        #expect(!result.stdout.contains("Call the plumber"), "past destroy date is hidden")
    }
}
