import EnoteRPC

/// The results of the protocol's own methods (``MCPServer``), each an `Encodable` type whose
/// members are written in a fixed order.
enum ProtocolAnswers {
    /// The server's name and version, as results carry them (`serverInfo`).
    struct ServerInfo: Encodable, Sendable {
        var name = "enote"
        var title = "enote notes vault"
        var version = "0.1.0"
    }

    /// What the server offers: tools (a fixed list) and resources (with subscriptions and list
    /// changes).
    struct Capabilities: Encodable, Sendable {
        var tools = Tools()
        var resources = Resources()

        /// The tools capability.
        struct Tools: Encodable, Sendable {
            var listChanged = false
        }

        /// The resources capability.
        struct Resources: Encodable, Sendable {
            var subscribe = true
            var listChanged = true
        }
    }

    /// `initialize`'s result (the legacy revisions).
    struct Initialize: Encodable, Sendable {
        var protocolVersion: String
        var capabilities = Capabilities()
        var serverInfo = ServerInfo()
        var instructions = MCPServer.instructions
    }

    /// `server/discover`'s result (the stateless revision).
    struct Discover: Encodable, Sendable {
        var supportedVersions = ProtocolVersion.supported
        var capabilities = Capabilities()
        var instructions = MCPServer.instructions
    }

    /// `tools/list`'s result.
    struct ToolList: Encodable, Sendable {
        var tools: [Tool.Listing]
    }

    /// An empty object: the result of `ping`, `logging/setLevel` and the subscriptions.
    struct Empty: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            _ = encoder.container(keyedBy: AnswerKey.self)
        }
    }

    /// A modern result: the method's own members, then `resultType`, `_meta` with the server's
    /// name, and for the methods that say it how long the client may keep it (`ttlMs`,
    /// `cacheScope`).
    struct Modern: Encodable, Sendable {
        var result: Reply
        /// `ttlMs`, when the method says.
        var keepFor: Int?

        func encode(to encoder: any Encoder) throws {
            try result.encode(to: encoder)
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encode("complete", forKey: "resultType")
            var meta = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "_meta")
            try meta.encode(ServerInfo(), forKey: AnswerKey(ProtocolVersion.serverInfoKey))
            if let keepFor {
                try container.encode(keepFor, forKey: "ttlMs")
                try container.encode("private", forKey: "cacheScope")
            }
        }
    }

    /// The `_meta` of a modern stream's messages: the id of the request that opened it.
    struct StreamMeta: Encodable, Sendable {
        var id: JSONValue

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encode(id, forKey: AnswerKey(ProtocolVersion.subscriptionKey))
        }
    }

    /// `notifications/subscriptions/acknowledged`: the stream's `_meta`, then the notifications
    /// it will send (`resourcesListChanged`, `resourceSubscriptions`), only those asked for.
    struct Acknowledged: Encodable, Sendable {
        var meta: StreamMeta
        var listChanged: Bool
        var uris: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encode(meta, forKey: "_meta")
            var agreed = container.nestedContainer(keyedBy: AnswerKey.self, forKey: "notifications")
            if listChanged { try agreed.encode(true, forKey: "resourcesListChanged") }
            if !uris.isEmpty { try agreed.encode(uris, forKey: "resourceSubscriptions") }
        }
    }

    /// `notifications/resources/list_changed` and `notifications/resources/updated`: the
    /// stream's `_meta` (a modern stream), then the resource's `uri` (updated).
    struct Changed: Encodable, Sendable {
        var meta: StreamMeta?
        var uri: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnswerKey.self)
            try container.encodeIfPresent(meta, forKey: "_meta")
            try container.encodeIfPresent(uri, forKey: "uri")
        }
    }
}
