import Foundation
import SitegenModel

/// Where a deploy goes: `s3://BUCKET[/PREFIX]`, on AWS or at an endpoint of the user's.
package struct S3Location: Sendable, Equatable {
    package var bucket: String
    /// "" or a folder ending in "/": the keys' common start.
    package var prefix: String
    /// `http://127.0.0.1:8333` for a store of one's own, addressed path-style
    /// (`ENDPOINT/BUCKET/KEY`); nil for AWS, addressed virtual-host style
    /// (`https://BUCKET.s3.REGION.amazonaws.com/KEY`), as AWS wants for new buckets.
    package var endpoint: String?
    package var region: String

    /// Reads `s3://bucket/prefix`; throws `invalidOption` naming the flag when it, or the
    /// endpoint, is not one.
    package static func parse(_ target: String, endpoint: String?, region: String) throws -> S3Location {
        guard target.hasPrefix("s3://") else {
            throw DeployError.invalidOption(name: "to", reason: "must be s3://BUCKET or s3://BUCKET/PREFIX (got \(target))")
        }
        let rest = target.dropFirst(5)
        let bucket = String(rest.prefix { $0 != "/" })
        // S3's rule for bucket names: 3 to 63 lowercase letters, digits, dots and hyphens.
        guard (3...63).contains(bucket.count),
            bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") })
        else {
            throw DeployError.invalidOption(
                name: "to", reason: "'\(bucket)' is not a bucket name (3 to 63 lowercase letters, digits, . and -)")
        }
        let folders = rest.dropFirst(bucket.count).split(separator: "/").map(String.init)
        if let endpoint, URL(string: endpoint)?.host == nil || !(endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://"))
        {
            throw DeployError.invalidOption(name: "endpoint", reason: "must be an http(s):// URL (got \(endpoint))")
        }
        return S3Location(
            bucket: bucket, prefix: folders.isEmpty ? "" : folders.joined(separator: "/") + "/",
            endpoint: endpoint.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }, region: region)
    }

    /// `s3://bucket/prefix/`, for messages.
    package var description: String { "s3://\(bucket)/\(prefix)" }

    /// The URL's origin and the path of `key` (a key under the prefix, or "" for the bucket),
    /// percent-encoded once, as S3 signs it.
    package func address(of key: String) -> (origin: String, host: String, path: String) {
        let encoded = SigV4.encode(key, keepSlash: true)
        if let endpoint {
            let host = URL(string: endpoint).map { url in url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? "" } ?? ""
            return (endpoint, host, "/\(bucket)/\(encoded)")
        }
        let host = bucket.contains(".") ? "s3.\(region).amazonaws.com" : "\(bucket).s3.\(region).amazonaws.com"
        return ("https://\(host)", host, bucket.contains(".") ? "/\(bucket)/\(encoded)" : "/\(encoded)")
    }
}
