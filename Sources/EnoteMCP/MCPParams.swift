import EnoteRPC
import Foundation

/// The params of each MCP method, each decoded once from the message (``MessageParams``) into
/// its own type. Members are read leniently, as the server always read them: a member of the
/// wrong type counts as absent, and the method says what is missing.
enum MCPParams {
    /// What every request may carry: its `_meta`, which names the revision a modern request
    /// speaks (``ProtocolVersion``). Params that are not an object do not decode.
    struct Meta: Decodable {
        /// The revision named, as sent (a non-string is refused with the supported ones).
        var protocolVersion: JSONValue?
        /// The client's capabilities (free-form: the server needs only that they are there).
        var capabilities: JSONValue?
        var clientInfo: ClientInfo?

        init(from decoder: any Decoder) throws {
            let params = try decoder.container(keyedBy: CodingKeys.self)
            guard let meta = try? params.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta) else { return }
            protocolVersion = meta.lenient(JSONValue.self, .version)
            capabilities = meta.lenient(JSONValue.self, .capabilities)
            clientInfo = meta.lenient(ClientInfo.self, .clientInfo)
        }

        private enum CodingKeys: String, CodingKey { case meta = "_meta" }

        private enum MetaKeys: String, CodingKey {
            case version = "io.modelcontextprotocol/protocolVersion"
            case capabilities = "io.modelcontextprotocol/clientCapabilities"
            case clientInfo = "io.modelcontextprotocol/clientInfo"
        }
    }

    /// A client's name and version (`clientInfo`), as the journal names it.
    struct ClientInfo: Decodable {
        var name: String?
        var version: String?

        init(from decoder: any Decoder) throws {
            let info = try decoder.container(keyedBy: CodingKeys.self)
            name = info.lenient(String.self, .name)
            version = info.lenient(String.self, .version)
        }

        private enum CodingKeys: String, CodingKey { case name, version }

        /// `name version`, each cut to a sensible length.
        var journalName: String {
            let named = name.map { String($0.prefix(100)) } ?? "unknown client"
            guard let version else { return named }
            return named + " " + String(version.prefix(40))
        }
    }

    /// `initialize`.
    struct Initialize: Decodable {
        var protocolVersion: String?
        var clientInfo: ClientInfo?

        init(from decoder: any Decoder) throws {
            let params = try decoder.container(keyedBy: CodingKeys.self)
            protocolVersion = params.lenient(String.self, .protocolVersion)
            clientInfo = params.lenient(ClientInfo.self, .clientInfo)
        }

        private enum CodingKeys: String, CodingKey { case protocolVersion, clientInfo }
    }

    /// `tools/call`: the tool's name and its arguments, which the tool itself reads
    /// (``ToolArguments``: each tool has its own schema).
    struct CallTool: Decodable {
        var name: String?
        var arguments: JSONValue?

        init(from decoder: any Decoder) throws {
            let params = try decoder.container(keyedBy: CodingKeys.self)
            name = params.lenient(String.self, .name)
            arguments = params.lenient(JSONValue.self, .arguments)
        }

        private enum CodingKeys: String, CodingKey { case name, arguments }
    }

    /// `resources/list` (and any paged list): where to start.
    struct Page: Decodable {
        var cursor: String?

        init(from decoder: any Decoder) throws {
            cursor = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .cursor)
        }

        private enum CodingKeys: String, CodingKey { case cursor }
    }

    /// `resources/read`, `resources/subscribe` and `resources/unsubscribe`: one resource.
    struct Resource: Decodable {
        var uri: String?

        init(from decoder: any Decoder) throws {
            uri = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .uri)
        }

        private enum CodingKeys: String, CodingKey { case uri }
    }

    /// `subscriptions/listen`: the notifications a modern client asks for.
    struct Listen: Decodable {
        /// The resources to follow (URIs that are not strings, or too long, are left out).
        var resourceSubscriptions: [String] = []
        var resourcesListChanged = false

        init(from decoder: any Decoder) throws {
            let params = try decoder.container(keyedBy: CodingKeys.self)
            guard let asked = try? params.nestedContainer(keyedBy: AskedKeys.self, forKey: .notifications) else { return }
            let uris = asked.lenient([JSONValue].self, .resourceSubscriptions) ?? []
            resourceSubscriptions = uris.compactMap(\.string).filter { $0.utf8.count <= 8192 }
            resourcesListChanged = asked.lenient(Bool.self, .resourcesListChanged) ?? false
        }

        private enum CodingKeys: String, CodingKey { case notifications }
        private enum AskedKeys: String, CodingKey { case resourceSubscriptions, resourcesListChanged }
    }

    /// `notifications/cancelled`: the request to stop.
    struct Cancelled: Decodable {
        var requestId: JSONValue?
    }
}

extension KeyedDecodingContainer {
    /// The member `key` as `T`, or `nil` when it is absent, `null` or of another type.
    fileprivate func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
