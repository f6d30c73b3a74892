import Foundation
import Hummingbird
import NoteVault

/// The CSS and JavaScript files the pages use, read from the resource bundle once at start and
/// served by name only (no path is ever looked up on disk from a request).
package struct AssetStore: Sendable {
    package struct Asset: Sendable {
        package var bytes: [UInt8]
        package var contentType: String
    }

    private let assets: [String: Asset]

    /// Reads every file of `Assets/` in the web front end's resource bundle
    /// (`enote_EnoteWeb.resources`, found as ``ResourceBundles`` says).
    package init() {
        var assets: [String: Asset] = [:]
        let folder = ResourceBundles.bundle(named: "enote_EnoteWeb.resources")?.resourceURL?.appendingPathComponent("Assets")
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for name in names {
            guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            let type =
                switch (name as NSString).pathExtension {
                case "css": "text/css; charset=utf-8"
                case "js": "text/javascript; charset=utf-8"
                case "svg": "image/svg+xml"
                case "png": "image/png"
                default: "application/octet-stream"
                }
            assets[name] = Asset(bytes: Array(data), contentType: type)
        }
        self.assets = assets
    }

    /// The response for `/assets/<name>`, or `nil` when there is no such asset.
    package func response(for name: String) -> Response? {
        guard let asset = assets[name] else { return nil }
        return Response(
            status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
