/// A value computed for each note or task of a query: a field, a literal, an operation or a
/// function call. Both enote's language and DQL read into this one tree.
public indirect enum QueryExpression: Sendable, Equatable {
    /// A field by its dotted name as written: `status`, `file.name`, `due`, `this.file.name`.
    case field([String])
    case literal(QueryValue)
    /// `-x`, `!x` / `not x`.
    case negate(QueryExpression)
    case not(QueryExpression)
    case binary(QueryOperator, QueryExpression, QueryExpression)
    /// `f(a, b)`: a function of ``QueryFunction``'s list, by its name as written.
    case call(String, [QueryExpression])
    /// `[a, b]`
    case list([QueryExpression])
    /// `x[i]` or `x["key"]`.
    case index(QueryExpression, QueryExpression)
}

/// The binary operators, lowest precedence first in ``precedence``.
public enum QueryOperator: String, Sendable, Equatable, CaseIterable {
    case or, and
    case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    /// enote's `contains` operator (Dataview writes `contains(a, b)`).
    case contains
    case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%"

    /// Higher binds tighter.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .contains: 3
        case .plus, .minus: 4
        case .times, .divide, .remainder: 5
        }
    }
}

extension QueryExpression {
    /// How deep the tree is, counted without recursion (a chain of 3,000 `or` is 3,000 deep, and
    /// walking it by recursion is what must not happen).
    var depth: Int {
        var deepest = 0
        var pending: [(QueryExpression, Int)] = [(self, 1)]
        while let (expression, level) = pending.popLast() {
            deepest = max(deepest, level)
            switch expression {
            case .field, .literal: break
            case .negate(let inner), .not(let inner): pending.append((inner, level + 1))
            case .binary(_, let left, let right), .index(let left, let right):
                pending.append((left, level + 1))
                pending.append((right, level + 1))
            case .call(_, let arguments): pending += arguments.map { ($0, level + 1) }
            case .list(let elements): pending += elements.map { ($0, level + 1) }
            }
        }
        return deepest
    }
}
