import NIOCore
import NIOHTTPTypes

/// Tells the ``ConnectionRegistry`` about one connection: when it opens and closes, and when a
/// request starts (its head is read) and ends (its answer is written). One per connection, in
/// its pipeline after the HTTP decoder.
final class ConnectionTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let registry = self.registry
        registry.opened(channel)
        channel.closeFuture.whenComplete { _ in registry.closed(channel) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { registry.requestStarted(on: context.channel) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { registry.requestEnded(on: context.channel) }
        context.write(data, promise: promise)
    }
}
