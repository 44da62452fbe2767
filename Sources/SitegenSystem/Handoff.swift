/// A value handed to another thread whole: the one who takes it holds its only reference, so
/// changing it copies nothing. A closure that captured the value itself would keep its storage
/// alive beside the taker's, and the taker's first change would copy it all (a million
/// stories' entries, for a build's steps, `Build.run`).
package final class Handoff<Value>: @unchecked Sendable {
    private var value: Value?

    package init(_ value: consuming Value) { self.value = value }

    /// The value, once: a second take is a programming error.
    package func take() -> Value {
        guard let value = value.take() else { preconditionFailure("Handoff taken twice") }
        return value
    }
}
