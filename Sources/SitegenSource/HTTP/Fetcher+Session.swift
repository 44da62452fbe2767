import SitegenModel

extension Fetcher {
    /// Runs `body` with a fetcher over the settings' transport, or over a new AsyncHTTPTransport
    /// that is shut down afterwards, whether `body` returns or throws.
    static func session<R: Sendable>(
        _ settings: FetchSettings, _ body: (Fetcher) async throws -> R
    ) async throws -> R {
        let owned =
            settings.transport == nil
            ? AsyncHTTPTransport(connections: settings.concurrency, connectTimeout: settings.timeout) : nil
        let fetcher = Fetcher(settings: settings, transport: settings.transport ?? owned!)
        do {
            let result = try await body(fetcher)
            await owned?.shutdown()
            return result
        } catch {
            await owned?.shutdown()
            throw error
        }
    }

    /// A request the build cannot do without: its failure is the build's.
    func required(_ url: String) async throws -> [UInt8] {
        do {
            return try await get(url, .network).body
        } catch {
            throw SourceError.fetchFailed(url: url, reason: error.description)
        }
    }
}
