import Foundation

/// HTTP APIs as `LoopbackServer` routes, for the sources' tests and the command line's.
public enum APIRoutes {
    /// Story `id` as the HN API answers it.
    public static func hnItem(_ id: Int) -> String {
        #"{"id":\#(id),"type":"story","by":"pg","time":1700000000,"title":"Story \#(id)","url":"https://example.com/\#(id)","score":\#(id)}"#
    }

    /// An HN-shaped route: the list holds `ids`; `special` overrides an item's answer.
    public static func hn(
        ids: [Int], list: String = "topstories",
        special: @escaping @Sendable (Int, Int) -> LoopbackServer.Answer? = { _, _ in nil }
    ) -> LoopbackServer.Route {
        { target, previous in
            if target == "/v0/\(list).json" { return .json("[" + ids.map(String.init).joined(separator: ",") + "]") }
            guard target.hasPrefix("/v0/item/"), let id = Int(target.dropFirst(9).dropLast(5)) else { return .status(404) }
            return special(id, previous) ?? .json(hnItem(id))
        }
    }

    /// A beer API: `total` beers, `perPage` a page, pages from 1; `withTotal` false leaves the count out.
    public static func beers(
        total: Int, perPage: Int, withTotal: Bool = true,
        fault: @escaping @Sendable (Int, Int) -> LoopbackServer.Answer? = { _, _ in nil }
    ) -> LoopbackServer.Route {
        { target, previous in
            guard let components = URLComponents(string: target), components.path == "/beers",
                let page = components.queryItems?.first(where: { $0.name == "page" })?.value.flatMap(Int.init)
            else { return .status(404) }
            if let answer = fault(page, previous) { return answer }
            let first = (page - 1) * perPage
            let beers = (first..<min(first + perPage, total)).map { n in
                #"{"id":"beer-\#(n)","name":"Beer \#(n)","abv":"5.\#(n % 10)","link":"https://example.com/\#(n)"}"#
            }
            let data = "[" + beers.joined(separator: ",") + "]"
            // A little latency, as a real API has, so pages overlap in flight.
            return .json(
                withTotal ? #"{"currentPage":\#(page),"data":\#(data),"totalResults":\#(total)}"# : #"{"data":\#(data)}"#,
                delay: .milliseconds(10))
        }
    }
}
