import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenDeploy

/// SigV4 against AWS's own test suite (Tests/SitegenDeployTests/SigV4Suite/vectors.json says which
/// cases and why), and against S3's worked example.
@Suite("SigV4")
struct SigV4Tests {
    struct Vector {
        var name: String
        var method: String
        var path: String
        var query: [(String, String)]
        var headers: [(String, String)]
        var body: String
        var creq: String
        var sts: String
        var authz: String
    }

    /// The suite's raw requests, read as an HTTP server would: a continuation line (starting
    /// with a space) adds to the header before it.
    static func vectors() throws -> (SigV4, [Vector]) {
        let url = SitegenExecutable.packageRoot.appendingPathComponent("Tests/SitegenDeployTests/SigV4Suite/vectors.json")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let credentials = doc["credentials"] as! [String: String]
        let signer = SigV4(
            credentials: .init(accessKey: credentials["accessKey"]!, secretKey: credentials["secretKey"]!),
            region: doc["region"] as! String, service: doc["service"] as! String)
        let vectors = (doc["vectors"] as! [[String: String]]).map { v -> Vector in
            let (head, body) =
                v["req"]!.firstRange(of: "\n\n").map { r in
                    (String(v["req"]![..<r.lowerBound]), String(v["req"]![r.upperBound...]))
                } ?? (v["req"]!, "")
            var lines = head.split(separator: "\n").map(String.init)
            let requestLine = lines.removeFirst().split(separator: " ")
            let target = String(requestLine[1].dropLast(0))
            let (rawPath, rawQuery) =
                target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
                ?? (target, "")
            var headers: [(String, String)] = []
            for line in lines {
                if line.first == " " {
                    headers[headers.count - 1].1 += "," + line.trimmingCharacters(in: .whitespaces)
                } else if let colon = line.firstIndex(of: ":") {
                    headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
                }
            }
            let query = rawQuery.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            return Vector(
                name: v["name"]!, method: String(requestLine[0]), path: SigV4.encode(rawPath, keepSlash: true), query: query,
                headers: headers, body: body, creq: v["creq"]!, sts: v["sts"]!, authz: v["authz"]!)
        }
        return (signer, vectors)
    }

    @Test("every case of AWS's suite: the canonical request, the string to sign and the Authorization header")
    func suite() throws {
        let (signer, vectors) = try Self.vectors()
        #expect(vectors.count == 18)
        for v in vectors {
            let signature = signer.sign(
                method: v.method, path: v.path, query: v.query, headers: v.headers, payloadHash: SigV4.hash(Array(v.body.utf8)),
                date: "20150830T123600Z")
            #expect(signature.canonicalRequest == v.creq, "\(v.name)")
            #expect(signature.stringToSign == v.sts, "\(v.name)")
            #expect(signature.authorization == v.authz, "\(v.name)")
        }
    }

    @Test("S3's worked example: GET /test.txt with a Range header, signed for s3 in us-east-1")
    func s3Example() {
        // From S3's documentation of header-based SigV4 ("Example: GET Object").
        let signer = SigV4(
            credentials: .init(accessKey: "AKIAIOSFODNN7EXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1")
        let empty = SigV4.hash([])
        let signature = signer.sign(
            method: "GET", path: "/test.txt", query: [],
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"), ("x-amz-content-sha256", empty),
                ("x-amz-date", "20130524T000000Z"),
            ], payloadHash: empty, date: "20130524T000000Z")
        #expect(
            signature.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
    }
}
