import Foundation

/// Transforms items in batches on a background thread while the calling thread consumes the
/// previous batches: reading and parsing notes overlaps with writing them to SQLite.
enum BatchPipeline {
    /// Runs `transform` over `items` in batches on another thread and hands each finished batch,
    /// in order, to `consume` on this thread. At most a few batches wait at any time.
    static func run<Item: Sendable, Output: Sendable>(
        _ items: [Item],
        batchSize: Int,
        transform: @escaping @Sendable (Item) -> Output,
        consume: ([Output]) throws -> Void
    ) throws {
        guard !items.isEmpty else { return }
        if items.count <= batchSize {
            try consume(items.map(transform))
            return
        }
        let channel = Channel<[Output]>(capacity: 4)
        let batches = stride(from: 0, to: items.count, by: batchSize).map { Array(items[$0..<min($0 + batchSize, items.count)]) }
        let thread = Thread {
            for batch in batches {
                guard channel.send(batch.map(transform)) else { return }
            }
            channel.finish()
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = channel.receive() {
                try consume(batch)
            }
        } catch {
            channel.cancel()
            throw error
        }
    }
}

/// A bounded queue between one producer thread and one consumer thread.
///
/// Threading contract (`@unchecked Sendable`): the producer and the consumer share it, and every
/// stored `var` (`buffer`, `finished`, `cancelled`) is read and written only while `condition`
/// is locked; `capacity` never changes. The elements cross threads, which `run` allows only for
/// `Sendable` outputs.
private final class Channel<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer: [Element] = []
    private let capacity: Int
    private var finished = false
    private var cancelled = false

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room and adds `element`; returns false when the consumer gave up.
    func send(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while buffer.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        buffer.append(element)
        condition.broadcast()
        return true
    }

    /// Waits for the next element; `nil` once the producer finished and everything was taken.
    func receive() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !finished { condition.wait() }
        guard !buffer.isEmpty else { return nil }
        let element = buffer.removeFirst()
        condition.broadcast()
        return element
    }

    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
