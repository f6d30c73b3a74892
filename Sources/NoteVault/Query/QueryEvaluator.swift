import Foundation

/// Computes a ``QueryExpression`` for a row, as Dataview does: a missing field is nothing,
/// an operation on values it does not apply to gives nothing, and nothing fails a condition.
struct QueryEvaluator {
    let context: QueryContext

    func value(_ expression: QueryExpression, _ row: QueryRow) -> QueryValue {
        switch expression {
        case .field(let path): row.value(of: path, context: context)
        case .literal(let value): value
        case .negate(let inner):
            switch value(inner, row).bounded {
            case .number(let number): .number(-number)
            case .duration(let seconds): .duration(-seconds)
            default: .null
            }
        case .not(let inner): .bool(!value(inner, row).isTruthy)
        case .binary(let op, let lhs, let rhs): binary(op, lhs, rhs, row)
        case .call(let name, let arguments): call(name, arguments, row)
        case .list(let elements): .list(elements.map { value($0, row) })
        case .index(let base, let key): index(value(base, row), value(key, row))
        }
    }

    /// Whether `condition` keeps `row`.
    func keeps(_ condition: QueryExpression?, _ row: QueryRow) -> Bool {
        guard let condition else { return true }
        return value(condition, row).isTruthy
    }

    private func binary(_ op: QueryOperator, _ lhs: QueryExpression, _ rhs: QueryExpression, _ row: QueryRow) -> QueryValue {
        switch op {
        case .and: return .bool(value(lhs, row).isTruthy && value(rhs, row).isTruthy)
        case .or: return .bool(value(lhs, row).isTruthy || value(rhs, row).isTruthy)
        default: break
        }
        let left = value(lhs, row)
        let right = value(rhs, row)
        switch op {
        case .equal: return .bool(QueryValue.equals(left, right))
        case .notEqual: return .bool(!QueryValue.equals(left, right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: ComparisonResult
            if left.isNull || right.isNull {
                guard context.nullsCompareLowest else { return .bool(false) }
                order = left.isNull == right.isNull ? .orderedSame : (left.isNull ? .orderedAscending : .orderedDescending)
            } else {
                guard let known = QueryValue.compare(left, right) else { return .bool(false) }
                order = known
            }
            let holds: Bool =
                switch op {
                case .less: order == .orderedAscending
                case .lessOrEqual: order != .orderedDescending
                case .greater: order == .orderedDescending
                default: order != .orderedAscending
                }
            return .bool(holds)
        case .contains: return .bool(Self.has(left, right))
        default: return Self.arithmetic(op, left, right).bounded
        }
    }

    /// enote's `contains` operator: a list holds an element equal to the value (tags without
    /// their `#`), a text holds it as a part, both without case.
    static func has(_ container: QueryValue, _ element: QueryValue) -> Bool {
        switch container {
        case .list(let values):
            return values.contains { value in QueryValue.equals(tagless(value), tagless(element)) }
        case .text(let text):
            guard case .text(let part) = element else { return false }
            return text.range(of: part, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        default:
            return QueryValue.equals(container, element)
        }
    }

    private static func tagless(_ value: QueryValue) -> QueryValue {
        if case .text(let text) = value, text.hasPrefix("#") { return .text(String(text.dropFirst())) }
        return value
    }

    static func arithmetic(_ op: QueryOperator, _ left: QueryValue, _ right: QueryValue) -> QueryValue {
        switch (op, left, right) {
        case (.plus, .number(let a), .number(let b)): .number(a + b)
        case (.minus, .number(let a), .number(let b)): .number(a - b)
        case (.times, .number(let a), .number(let b)): .number(a * b)
        case (.divide, .number(let a), .number(let b)): b == 0 ? .null : .number(a / b)
        case (.remainder, .number(let a), .number(let b)): b == 0 ? .null : .number(a.truncatingRemainder(dividingBy: b))
        case (.plus, .date(let a), .duration(let b)), (.plus, .duration(let b), .date(let a)): .date(a.addingTimeInterval(b))
        case (.minus, .date(let a), .duration(let b)): .date(a.addingTimeInterval(-b))
        case (.minus, .date(let a), .date(let b)): .duration(a.timeIntervalSince(b))
        case (.plus, .duration(let a), .duration(let b)): .duration(a + b)
        case (.minus, .duration(let a), .duration(let b)): .duration(a - b)
        case (.times, .duration(let a), .number(let b)), (.times, .number(let b), .duration(let a)): .duration(a * b)
        case (.divide, .duration(let a), .number(let b)): b == 0 ? .null : .duration(a / b)
        case (.plus, .text(let a), .text(let b)): .text(a + b)
        case (.plus, .text(let a), .number(let b)): .text(a + QueryValue.number(b).displayText)
        case (.plus, .number(let a), .text(let b)): .text(QueryValue.number(a).displayText + b)
        case (.plus, .list(let a), .list(let b)): .list(a + b)
        case (.times, .text(let a), .number(let b)) where b >= 0 && b <= 100 && a.utf8.count * Int(b) <= QueryValue.longestText:
            .text(String(repeating: a, count: Self.integer(b)))
        default: .null
        }
    }

    private func index(_ base: QueryValue, _ key: QueryValue) -> QueryValue {
        switch (base, key) {
        case (.list(let values), .number(let number)):
            let position = Self.integer(number)
            return values.indices.contains(position) ? values[position] : .null
        case (_, .text(let name)):
            return QueryRow.member(base, [name.lowercased()], context: context)
        default:
            return .null
        }
    }
}
