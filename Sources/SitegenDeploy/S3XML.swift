import Foundation
import SitegenHTTP

#if canImport(FoundationXML)
import FoundationXML
#endif

/// ListObjectsV2's answer: the page's keys with their ETags, and the token of the next page.
struct ListBucketResult {
    var objects: [(key: String, etag: String)]
    var nextToken: String?

    static func parse(_ body: [UInt8]) throws -> ListBucketResult {
        let fields = SimpleXML.texts(of: ["Key", "ETag", "IsTruncated", "NextContinuationToken"], in: body)
        let keys = fields["Key"] ?? []
        let etags = fields["ETag"] ?? []
        // A store (or a proxy before it) that answers with something else: said as the network's fault.
        guard keys.count == etags.count else { throw TransportError.connection("the listing is not ListObjectsV2's XML") }
        let truncated = fields["IsTruncated"]?.first == "true"
        return ListBucketResult(
            objects: zip(keys, etags).map { ($0, $1.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) },
            nextToken: truncated ? fields["NextContinuationToken"]?.first : nil)
    }
}

/// The text of each element named in `names`, in document order, wherever it is: all that S3's
/// small answers need read (each name means one thing in them).
enum SimpleXML {
    static func texts(of names: Set<String>, in body: [UInt8]) -> [String: [String]] {
        let delegate = Collector(names: names)
        let parser = XMLParser(data: Data(body))
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.found
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let names: Set<String>
        var found: [String: [String]] = [:]
        var current: String?
        var text = ""

        init(names: Set<String>) { self.names = names }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if names.contains(name) {
                current = name
                text = ""
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if current != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard name == current else { return }
            found[name, default: []].append(text)
            current = nil
        }
    }
}
