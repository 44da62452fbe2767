/// When to ask again and how long to wait first. Pure: the jitter's random number is passed in.
///
/// Exponential backoff with "equal jitter" (half the delay fixed, half random): the fixed half
/// keeps a retry from coming back at once, the random half keeps 32 workers that failed together
/// from retrying together. A server's `Retry-After` replaces the backoff for that attempt.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included (retries + 1).
    public var attempts: Int
    /// The wait before the first retry, doubled for each one after.
    public var baseDelay: Duration
    /// No computed wait is longer than this (a Retry-After may be, up to the deadline).
    public var maxDelay: Duration

    public init(attempts: Int = 4, baseDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(5)) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Statuses worth asking again: 408 (request timeout), 429 (too many requests) and every 5xx.
    /// Any other 4xx will answer the same way next time.
    public static func isTransient(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The wait after failed attempt `attempt` (1 for the first), `random` in 0..<1.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil, random: Double) -> Duration {
        if let retryAfter { return max(retryAfter, .zero) }
        let exponent = min(max(attempt - 1, 0), 30)
        let full = min(baseDelay * (1 << exponent), maxDelay)
        return full / 2 + full * (random * 0.5)
    }
}
