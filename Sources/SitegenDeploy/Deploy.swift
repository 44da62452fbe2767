import Foundation
import SitegenHTTP
import SitegenModel
import SitegenSystem
import SitegenWrite
import Synchronization

/// What to deploy, and where.
public struct DeployRequest: Sendable {
    public var output: String
    public var target: String
    public var endpoint: String?
    public var region: String
    public var credentials: (accessKey: String, secretKey: String, sessionToken: String?)
    /// Uploads at once.
    public var concurrency: Int
    /// Send text files' gzip siblings, with `Content-Encoding: gzip` (the output must have been
    /// built with `--precompress`).
    public var precompress: Bool
    /// Previous generations the store keeps (`keep_generations`).
    public var keepGenerations: Int
    public var dryRun: Bool
    /// List the store and read every file, even when the last deploy's record says what they
    /// hold (`DeployRecord`).
    public var full = false

    /// Every value given: the defaults are the table of settings' (`SiteConfig.keys`), which
    /// `sitegen deploy` lays its flags and config file over.
    public init(
        output: String, target: String, endpoint: String?, region: String,
        credentials: (accessKey: String, secretKey: String, sessionToken: String?), concurrency: Int,
        precompress: Bool, keepGenerations: Int, dryRun: Bool
    ) {
        self.output = output
        self.target = target
        self.endpoint = endpoint
        self.region = region
        self.credentials = credentials
        self.concurrency = concurrency
        self.precompress = precompress
        self.keepGenerations = keepGenerations
        self.dryRun = dryRun
    }
}

/// What a deploy did.
public struct DeployReport: Sendable, Equatable {
    public var target: String
    public var uploaded: Int
    public var unchanged: Int
    public var deleted: Int
    /// Objects a kept generation still names though the output lacks them.
    public var kept: Int
    public var bytes: Int
    public var seconds: Double
    public var dryRun: Bool
    /// Whether the store was known from the last deploy's record (not listed), and how many of
    /// the output's files were read (the others were known unchanged).
    public var fromRecord = false
    public var filesRead = 0

    /// "12 uploaded, 3,400 unchanged, 2 deleted in 1.4 s"
    public var summary: String {
        (dryRun
            ? "Dry run, nothing sent: \(uploaded) to upload, \(unchanged) unchanged, \(deleted) to delete"
            : "\(uploaded) uploaded, \(unchanged) unchanged, \(deleted) deleted in \(String(format: "%.1f", seconds)) s")
            + " (\(target)" + (kept > 0 ? "; \(kept) kept for readers of previous builds" : "")
            + (fromRecord ? "; the store as the last deploy left it, \(filesRead) changed files read" : "") + ")."
    }
}

/// `sitegen deploy`: a built output to an S3-compatible store, changed objects only, in an
/// order no reader notices (`DeployPhase`), then the deletions no kept generation minds.
/// docs/guides/deploy.md tells it step by step.
public enum Deploy {
    public static func run(
        _ request: DeployRequest, progress: (any FetchProgress)? = nil, log: (String) -> Void = { _ in }
    ) async throws -> DeployReport {
        let started = ContinuousClock.now
        let location = try S3Location.parse(request.target, endpoint: request.endpoint, region: request.region)
        let output = URL(fileURLWithPath: request.output).standardizedFileURL.path
        // A build into this output would swap it under the deploy's feet.
        let lock = try OutputLock(output: output)
        defer { lock.release() }
        let client = S3Client(
            location: location,
            credentials: .init(
                accessKey: request.credentials.accessKey, secretKey: request.credentials.secretKey,
                sessionToken: request.credentials.sessionToken),
            connections: request.concurrency)
        do {
            let report = try await deploy(
                request, output: output, client: client, progress: progress, log: log, started: started)
            await client.shutdown()
            return report
        } catch {
            await client.shutdown()
            // The store's answer or the network's, as the one line the command prints.
            switch error {
            case let error as S3Error: throw error.deployError
            case let error as TransportError:
                throw DeployError.deployFailed(target: location.description, reason: error.description)
            default: throw error
            }
        }
    }

    private static func deploy(
        _ request: DeployRequest, output: String, client: S3Client, progress: (any FetchProgress)?, log: (String) -> Void,
        started: ContinuousClock.Instant
    ) async throws -> DeployReport {
        let rules = DeployPlanner.rules(precompress: request.precompress)
        let rulesMatch = try await client.get(DeployPhase.rulesFile).map { String(decoding: $0, as: UTF8.self) } == rules
        let storedToken = try await client.get(DeployPhase.tokenFile).map { String(decoding: $0, as: UTF8.self) }
        let target = client.location.description + " " + (client.location.endpoint ?? "")
        // The last deploy's record, when the store is still the one it describes (and it is
        // trusted unless --full asks to look at everything).
        let record = DeployRecord.read(output: output).flatMap { record in
            !request.full && rulesMatch && record.target == target && record.precompress == request.precompress
                && record.token == storedToken ? record : nil
        }
        let remote: [String: String]
        if let record {
            log("The store as the last deploy left it (\(record.store.count) objects; --full lists it)")
            remote = record.store
        } else {
            log("Listing \(client.location.description)")
            remote = try await client.list()
        }
        let local = try LocalOutput(path: output, precompress: request.precompress, known: record?.files ?? [:])
        let remoteRecord = Generations.parse(String(decoding: try await client.get(Generations.recordFile) ?? [], as: UTF8.self))
        let localRecord = Generations.parse(
            String(decoding: try LocalOutput.read(local.path + "/" + Generations.recordFile), as: UTF8.self))
        let generations = DeployPlanner.record(local: localRecord, remote: remoteRecord, keep: request.keepGenerations)
        let kept = try await keptFiles(generations, local: Set(local.objects.map(\.key)), remote: remote, client: client)
        // The record and the rules are written by the deploy, not taken from the output.
        let generated: [(key: String, bytes: [UInt8])] = [
            (Generations.recordFile, Array(Generations.text(generations).utf8)),
            (DeployPhase.rulesFile, Array(rules.utf8)),
        ]
        var objects = local.objects.filter { DeployPhase.of($0.key) != .record }
        for file in generated {
            let (contentType, cacheControl) = DeployPlanner.headers(of: file.key)
            objects.append(
                DeployObject(
                    key: file.key, md5: LocalOutput.md5(file.bytes), size: file.bytes.count, contentType: contentType,
                    cacheControl: cacheControl))
        }
        let plan = DeployPlanner.plan(local: objects, remote: remote, rulesMatch: rulesMatch, kept: kept)
        let bytes = plan.uploads.reduce(0) { $0 + $1.size }
        func report(deleted: Int) -> DeployReport {
            DeployReport(
                target: client.location.description, uploaded: plan.uploads.count, unchanged: plan.unchanged, deleted: deleted,
                kept: kept.count, bytes: bytes,
                seconds: started.duration(to: .now).seconds,
                dryRun: request.dryRun, fromRecord: record != nil, filesRead: local.filesRead)
        }
        // What the store holds once the plan is carried out, and each file's identity as sent.
        func newRecord(token: String) -> DeployRecord {
            var store = remote
            for key in plan.deletions { store[key] = nil }
            for object in plan.uploads { store[object.key] = object.md5 }
            store[DeployPhase.tokenFile] = LocalOutput.md5(Array(token.utf8))
            var files: [String: DeployRecord.File] = [:]
            for object in local.objects {
                guard let identity = local.identities[object.key] else { continue }
                files[object.key] = DeployRecord.File(identity: identity, object: object)
            }
            return DeployRecord(target: target, token: token, precompress: request.precompress, files: files, store: store)
        }
        func putToken(_ token: String) async throws {
            let (contentType, cacheControl) = DeployPlanner.headers(of: DeployPhase.tokenFile)
            try await client.put(
                DeployPhase.tokenFile, bytes: Array(token.utf8),
                headers: [("Content-Type", contentType), ("Cache-Control", cacheControl)])
        }
        for upload in plan.uploads { log("      upload \(upload.key)") }
        for key in plan.deletions { log("      delete \(key)") }
        if request.dryRun { return report(deleted: plan.deletions.count) }
        if plan.uploads.count + plan.deletions.count == 0 {
            // Nothing to send: the store is as this deploy found it, and the record learns the
            // files' identities (a first deploy's, a rebuilt output's) under its token.
            let token = storedToken ?? Self.newToken()
            if storedToken == nil { try await putToken(token) }
            try newRecord(token: token).write(output: output)
            return report(deleted: 0)
        }
        // A deploy stopped half-way leaves no record, here or in any other output: the token
        // goes before the first change, and a new one comes after the last.
        DeployRecord.remove(output: output)
        if storedToken != nil { try await client.delete(DeployPhase.tokenFile) }

        let counts = Mutex(FetchCounts(what: "objects", total: plan.uploads.count + plan.deletions.count))
        progress?.begin("objects", total: plan.uploads.count + plan.deletions.count)
        let step: @Sendable () -> Void = {
            let now = counts.withLock { counts in
                counts.done += 1
                return counts
            }
            progress?.update(now)
        }
        let generatedBytes = Dictionary(uniqueKeysWithValues: generated.map { ($0.key, $0.bytes) })
        // Phase by phase: nothing of a phase starts before the one before it is all in place.
        for phase in DeployPhase.allCases {
            let batch = plan.uploads.filter { DeployPhase.of($0.key) == phase }
            _ = try await BoundedConcurrency.map(batch, limit: request.concurrency) { object in
                let body = try generatedBytes[object.key] ?? local.bytes(of: object)
                var headers = [("Content-Type", object.contentType), ("Cache-Control", object.cacheControl)]
                if let encoding = object.contentEncoding { headers.append(("Content-Encoding", encoding)) }
                // The store checks the bytes it got against their MD5 (and refuses a torn upload).
                headers.append(("Content-MD5", Data(LocalOutput.md5Bytes(body)).base64EncodedString()))
                try await client.put(object.key, bytes: body, headers: headers)
                step()
            }
        }
        // Only once everything is up (an upload that failed has thrown by now).
        _ = try await BoundedConcurrency.map(plan.deletions, limit: request.concurrency) { key in
            try await client.delete(key)
            step()
        }
        progress?.end(counts.withLock { $0 })
        let token = Self.newToken()
        try await putToken(token)
        try newRecord(token: token).write(output: output)
        return report(deleted: plan.deletions.count)
    }

    /// 128 random bits in hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }

    /// The store's objects that a kept generation names and the output lacks (so none of the
    /// output's own keys, nor the record the deploy writes): its manifest
    /// parts (listed under `m/<build>/`), the shards they list (read from the parts), its
    /// assets, and its search index (the files its listing names).
    private static func keptFiles(
        _ record: [Generation], local: Set<String>, remote: [String: String], client: S3Client
    ) async throws -> Set<String> {
        var kept: Set<String> = []
        var partsToRead: [String] = []
        var listingsToRead: [String] = []
        for generation in record {
            if let root = generation.search, remote[SitePaths.searchListing(ofRoot: root)] != nil {
                let listing = SitePaths.searchListing(ofRoot: root)
                kept.insert(listing)
                if !local.contains(listing) { listingsToRead.append(listing) }
            }
            for build in generation.builds {
                let parts = remote.keys.filter { $0.hasPrefix("m/\(build)/") && $0.hasSuffix(".json") }
                kept.formUnion(parts)
                partsToRead += parts.filter { !local.contains($0) }
            }
            kept.formUnion(generation.assets)
        }
        let names = try await BoundedConcurrency.map(partsToRead, limit: 16) { part in
            ManifestPartNames.shardNames(in: try await client.get(part) ?? [])
        }
        for name in names.joined() { kept.insert(SitePaths.shardFile(name)) }
        let searchFiles = try await BoundedConcurrency.map(listingsToRead, limit: 16) { listing in
            Generations.searchFiles(listed: try await client.get(listing) ?? [])
        }
        kept.formUnion(searchFiles.joined())
        return kept.subtracting(local)
    }
}
