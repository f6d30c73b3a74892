// Placeholder until generated.
import Foundation
enum SampleVaultFiles {
    struct File { var path: String; var data: Data }
    static let all: [File] = []
}
