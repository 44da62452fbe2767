import Foundation
import SitegenHTTP
import SitegenModel

/// A paged JSON API: a URL template with `{page}` (`https://api.example.com/beers?page={page}`),
/// each page an object whose `itemsKey` holds an array of items and whose `totalKey` tells how
/// many items there are in all (or a bare array of items). Once the first page has told the total
/// and its length, the remaining pages are fetched at once, `concurrency` at a time. With no
/// total, pages are fetched one after another until one comes back empty or short.
///
/// Pages are what the list is made of, so each is always asked for (and cached for --offline),
/// and a page that cannot be fetched fails the build; an item that does not map to a story is
/// skipped and named like any other.
public struct PagedAPISource: StorySource {
    public let template: String
    public let itemsKey: String
    public let totalKey: String
    public let firstPage: Int
    /// Stories to take at most; nil for all the API has.
    public let limit: Int?
    public let fields: FieldMapping
    public let settings: FetchSettings
    public var name: String { template }

    /// More pages than this without a total means the API ignores `{page}`; the fetch stops.
    static let maxPagesWithoutTotal = 10_000

    public init(
        template: String, itemsKey: String = "data", totalKey: String = "totalResults", firstPage: Int = 1,
        limit: Int? = nil, fields: FieldMapping = .defaults, settings: FetchSettings = .init()
    ) {
        self.template = template
        self.itemsKey = itemsKey
        self.totalKey = totalKey
        self.firstPage = firstPage
        self.limit = limit
        self.fields = fields
        self.settings = settings
    }

    public func pageURL(_ page: Int) -> String {
        template.replacingOccurrences(of: "{page}", with: String(page))
    }

    public func entries() async throws -> [SourceEntry] {
        let pages = try await Fetcher.session(settings) { fetcher in
            let first = try await page(firstPage, fetcher)
            let wanted = min(first.total ?? Int.max, limit ?? Int.max)
            var pages = [first.items]
            if first.total != nil, !first.items.isEmpty {
                let count = (wanted + first.items.count - 1) / first.items.count
                fetcher.tally.begin("pages", total: count)
                fetcher.tally.finished()
                defer { fetcher.tally.end() }
                pages += try await BoundedConcurrency.map(
                    Array((firstPage + 1)..<(firstPage + max(count, 1))), limit: settings.concurrency
                ) {
                    number in
                    let items = try await page(number, fetcher).items
                    fetcher.tally.finished()
                    return items
                }
            } else if !first.items.isEmpty {
                // No total: read on until the API runs out (an empty or short page), or repeats itself.
                var number = firstPage
                while pages.count < Self.maxPagesWithoutTotal, pages.last!.count >= first.items.count,
                    pages.reduce(0, { $0 + $1.count }) < wanted
                {
                    number += 1
                    let items = try await page(number, fetcher).items
                    if items.isEmpty || items == pages.last { break }
                    pages.append(items)
                }
            }
            return pages
        }
        var entries: [SourceEntry] = []
        for (offset, items) in pages.enumerated() {
            for (index, value) in items.enumerated() {
                if let limit, entries.count >= limit { return entries }
                let item = fields.item(from: value)
                entries.append(
                    SourceEntry(
                        location: "page \(firstPage + offset) item \(index + 1)", id: item.id,
                        content: value == .null ? .null : .item(item)))
            }
        }
        return entries
    }

    private func page(_ number: Int, _ fetcher: Fetcher) async throws -> (items: [JSONValue], total: Int?) {
        let url = pageURL(number)
        let body = Data(try await fetcher.required(url))
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: body)
        } catch {
            throw JSONInput.invalid(body, path: url, error: error)
        }
        if case .array(let items) = value { return (items, nil) }
        guard case .object(let fields) = value else {
            throw SourceError.invalidField(
                path: url, field: "(top level)", reason: "must be an object holding the items, not \(value.kind)")
        }
        guard let found = value.at(itemsKey) else {
            throw SourceError.invalidField(
                path: url, field: itemsKey,
                reason:
                    "missing; --items-key names the array of items (this page has \(fields.keys.sorted().joined(separator: ", ")))"
            )
        }
        guard case .array(let items) = found else {
            throw SourceError.invalidField(path: url, field: itemsKey, reason: "must be an array of items, not \(found.kind)")
        }
        guard let total = value.at(totalKey) else { return (items, nil) }
        guard let count = total.integer, count >= 0 else {
            throw SourceError.invalidField(path: url, field: totalKey, reason: "must be a count of items, not \(total.kind)")
        }
        return (items, count)
    }
}
