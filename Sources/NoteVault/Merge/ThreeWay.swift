/// The decision every three-way merge starts with, for one value (`nil` meaning absent).
enum ThreeWay<Value: Equatable> {
    /// Both sides agree, or only one changed: the result, whichever side git calls ours.
    case resolved(Value?)
    /// Both sides changed the value, differently.
    case bothChanged(ours: Value?, theirs: Value?)

    init(base: Value?, ours: Value?, theirs: Value?) {
        if ours == theirs {
            self = .resolved(ours)
        } else if ours == base {
            self = .resolved(theirs)
        } else if theirs == base {
            self = .resolved(ours)
        } else {
            self = .bothChanged(ours: ours, theirs: theirs)
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether these bytes sort before `other`, byte by byte: the tie-breaker that makes a
    /// merge's choice independent of which side is ours.
    func sortsBefore(_ other: [UInt8]) -> Bool {
        lexicographicallyPrecedes(other)
    }
}
