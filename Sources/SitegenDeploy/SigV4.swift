import Crypto

/// AWS Signature Version 4, as S3 and every S3-compatible store check it: the whole of it, in
/// this one file, on swift-crypto's SHA-256 and HMAC. Pure: the time is passed in as the
/// `x-amz-date` text. `SigV4Tests` hold it to AWS's published test suite.
///
/// S3's flavour: the path is encoded once and not normalized (`a/../b` is a key of its own),
/// which is why the suite's path-normalizing cases are not among the tests.
package struct SigV4: Sendable {
    package struct Credentials: Sendable, Equatable {
        package var accessKey: String
        package var secretKey: String
        /// A temporary credential's token (`AWS_SESSION_TOKEN`), sent as `x-amz-security-token`.
        package var sessionToken: String?

        package init(accessKey: String, secretKey: String, sessionToken: String? = nil) {
            self.accessKey = accessKey
            self.secretKey = secretKey
            self.sessionToken = sessionToken
        }
    }

    package var credentials: Credentials
    package var region: String
    package var service: String

    package init(credentials: Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// A request's three steps, for tests and error messages.
    package struct Signature: Sendable, Equatable {
        package var canonicalRequest: String
        package var stringToSign: String
        /// The `Authorization` header's value.
        package var authorization: String
    }

    /// Signs a request.
    /// - Parameters:
    ///   - path: the URL's path as sent, already percent-encoded (`S3Key.path`).
    ///   - query: name and value pairs, not encoded.
    ///   - headers: every header to sign, `host` and `x-amz-date` among them; a name given
    ///     twice is one header, its values joined by commas in order.
    ///   - payloadHash: the body's SHA-256 in hex (`SigV4.hash`), or `UNSIGNED-PAYLOAD`.
    ///   - date: `x-amz-date`'s value, `20150830T123600Z`.
    package func sign(
        method: String, path: String, query: [(String, String)], headers: [(String, String)], payloadHash: String,
        date: String
    ) -> Signature {
        var joined: [String: [String]] = [:]
        for (name, value) in headers { joined[name.lowercased(), default: []].append(Self.trimmed(value)) }
        let names = joined.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(joined[$0]!.joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")
        let canonicalQuery = query.map { (Self.encode($0.0), Self.encode($0.1)) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let canonicalRequest = [method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash]
            .joined(separator: "\n")
        let day = String(date.prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", date, scope, Self.hash(Array(canonicalRequest.utf8))].joined(separator: "\n")
        var key = SymmetricKey(data: Array("AWS4\(credentials.secretKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign,
            authorization:
                "AWS4-HMAC-SHA256 Credential=\(credentials.accessKey)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        )
    }

    /// SHA-256 in lowercase hex: the payload hash S3 wants in `x-amz-content-sha256`.
    package static func hash(_ bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

    /// Percent-encodes all but RFC 3986's unreserved characters, as SigV4 wants query names and
    /// values, and each segment of an S3 key (`S3Key.path` keeps the `/`s).
    package static func encode(_ text: String, keepSlash: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: "/") where keepSlash:
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A header value as SigV4 signs it: ends trimmed, runs of spaces one space.
    static func trimmed(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in digest { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }
}
