import Foundation
import SitegenHTTP
import SitegenModel
import Synchronization

/// Gets one URL the way every HTTP source needs it: from the cache when it may, otherwise over
/// the transport with a per-attempt timeout, retries with backoff on transient faults, a shared
/// pause when the server says 429, and the build's overall deadline over all of it.
final class Fetcher: Sendable {
    /// Whether a cached copy within the TTL may stand in for asking.
    enum Use {
        /// Lists and pages say what is new, so they are always asked for (and cached for --offline).
        case network
        /// Items: a fresh cached copy is used as it is. What the network answers is not cached
        /// here: the caller `remember`s it once it has read it, so a truncated item is not kept
        /// and the next build asks for it again.
        case cacheFirst
    }

    enum Origin: Equatable {
        case network
        case cache
        /// The network failed and an older cached copy was used.
        case stale(FetchError)
    }

    package let settings: FetchSettings
    let transport: any HTTPTransport
    package let cache: FetchCache?
    let tally: FetchTally
    private let deadline: ContinuousClock.Instant
    /// No request starts before this instant: a 429's Retry-After holds back every worker, not
    /// only the one that was told.
    private let pausedUntil: Mutex<ContinuousClock.Instant>

    package init(settings: FetchSettings, transport: any HTTPTransport) {
        self.settings = settings
        self.transport = transport
        self.cache = settings.cacheFolder.map { FetchCache(folder: $0, ttl: settings.cacheTTL) }
        self.tally = FetchTally(progress: settings.progress)
        self.deadline = .now + settings.deadline
        self.pausedUntil = Mutex(.now)
    }

    package func get(_ url: String, _ use: Use) async throws(FetchError) -> (body: [UInt8], origin: Origin) {
        if settings.offline {
            guard let body = cache?.any(url) else { throw FetchError(url: url, failure: .notCached, attempts: 0) }
            return (body, .cache)
        }
        if use == .cacheFirst, let body = cache?.fresh(url) { return (body, .cache) }
        do {
            let body = try await attempts(url)
            if use == .network { cache?.store(url, body) }
            return (body, .network)
        } catch {
            if case .deadline = error.failure { throw error }
            guard let body = cache?.any(url) else { throw error }
            tally.note("\(url): \(error); used the cached copy", isDetail: false)
            return (body, .stale(error))
        }
    }

    /// Keeps a body the network gave for a `.cacheFirst` URL, once the caller found it whole.
    func remember(_ url: String, _ body: [UInt8]) { cache?.store(url, body) }

    private func attempts(_ url: String) async throws(FetchError) -> [UInt8] {
        var attempt = 0
        while true {
            attempt += 1
            let failure: FetchFailure
            var retryAfter: Duration?
            do {
                try await waitForPause()
                let reply = try await attemptOnce(url)
                if (200..<300).contains(reply.status) { return reply.body }
                failure = .status(reply.status)
                if RetryPolicy.isTransient(status: reply.status) {
                    retryAfter = RetryAfter.delay(from: reply.headers["retry-after"], now: Date())
                    if reply.status == 429, let retryAfter { pause(for: retryAfter) }
                }
            } catch let error as FetchFailure {
                failure = error
            } catch let error as TransportError {
                failure = .transport(error)
            } catch {
                // Cancelled from outside (another item hit the deadline, or the user's ^C).
                throw FetchError(url: url, failure: .deadline(settings.deadline), attempts: attempt)
            }
            guard isRetryable(failure), attempt < settings.retry.attempts else {
                throw FetchError(url: url, failure: failure, attempts: attempt)
            }
            let wait = settings.retry.delay(afterAttempt: attempt, retryAfter: retryAfter, random: .random(in: 0..<1))
            guard ContinuousClock.now + wait < deadline else {
                throw FetchError(url: url, failure: .deadline(settings.deadline), attempts: attempt)
            }
            tally.retried()
            tally.note(
                "\(url): \(failure); attempt \(attempt + 1) of \(settings.retry.attempts) in \(DurationText.describe(wait))",
                isDetail: true)
            do { try await Task.sleep(for: wait) } catch {
                throw FetchError(url: url, failure: .deadline(settings.deadline), attempts: attempt)
            }
        }
    }

    private func isRetryable(_ failure: FetchFailure) -> Bool {
        switch failure {
        case .status(let status): return RetryPolicy.isTransient(status: status)
        case .transport(.connection), .timedOut: return true
        case .transport(.tooLarge), .transport(.badURL), .deadline, .notCached: return false
        }
    }

    /// One request, raced against the smaller of the timeout and what is left of the deadline.
    private func attemptOnce(_ url: String) async throws -> HTTPReply {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { throw FetchFailure.deadline(settings.deadline) }
        let limit = min(settings.timeout, left)
        let transport = self.transport
        let reply = try await withThrowingTaskGroup(of: HTTPReply?.self) { group in
            group.addTask { try await transport.get(url) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let reply else {
            throw limit < settings.timeout ? FetchFailure.deadline(settings.deadline) : FetchFailure.timedOut(limit)
        }
        return reply
    }

    private func pause(for duration: Duration) {
        let until = ContinuousClock.now + duration
        pausedUntil.withLock { $0 = max($0, until) }
    }

    private func waitForPause() async throws {
        let until = pausedUntil.withLock { $0 }
        if until > .now { try await Task.sleep(until: until, clock: .continuous) }
    }
}
