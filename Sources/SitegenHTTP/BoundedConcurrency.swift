/// `map` over the network: at most `limit` bodies run at once, results in the input's order. A
/// body that throws cancels the rest and the error is rethrown.
package enum BoundedConcurrency {
    package static func map<T: Sendable, R: Sendable>(
        _ items: [T], limit: Int, _ body: @escaping @Sendable (T) async throws -> R
    ) async throws -> [R] {
        var results = [R?](repeating: nil, count: items.count)
        try await withThrowingTaskGroup(of: (Int, R).self) { group in
            var next = 0
            func startNext() {
                guard next < items.count else { return }
                let index = next
                let item = items[index]
                group.addTask { (index, try await body(item)) }
                next += 1
            }
            for _ in 0..<max(1, limit) { startNext() }
            while let (index, result) = try await group.next() {
                results[index] = result
                startNext()
            }
        }
        return results.map { $0! }
    }
}
