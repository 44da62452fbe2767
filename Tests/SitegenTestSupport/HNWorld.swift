import Foundation
import Synchronization

/// A world for an HN-shaped test server with `maxitem` and `updates` (`route`), whose items
/// change between builds: every third item a comment, every tenth a job, the rest stories.
public final class HNWorld: Sendable {
    let state = Mutex<(items: [Int: String], maxItem: Int, updates: [Int])>(([:], 0, []))

    public init(through maxItem: Int) { add(through: maxItem) }

    /// Item `id`'s time: a thousand seconds apart, so that one is young and the one before is not.
    public static func time(_ id: Int) -> Int { 1_700_000_000 + id * 1_000 }

    /// Items up to `maxItem`: every third a comment, every tenth a job, the rest stories.
    public func add(through maxItem: Int) {
        state.withLock { state in
            for id in (state.maxItem + 1)...maxItem {
                state.items[id] =
                    id % 3 == 0
                    ? #"{"id":\#(id),"type":"comment","by":"c","time":\#(HNWorld.time(id)),"text":"hi","parent":1}"#
                    : id % 10 == 1
                        ? #"{"id":\#(id),"type":"job","title":"Job \#(id)","time":\#(HNWorld.time(id))}"#
                        : #"{"id":\#(id),"type":"story","by":"pg","time":\#(HNWorld.time(id)),"title":"Story \#(id)","score":\#(id)}"#
            }
            state.maxItem = maxItem
        }
    }

    public func set(_ id: Int, _ json: String, updated: Bool = true) {
        state.withLock { state in
            state.items[id] = json
            if updated { state.updates.append(id) }
        }
    }

    public var route: LoopbackServer.Route { route(delay: .zero) }

    /// The routes, each item answered after `delay` (a real API's latency).
    public func route(delay: Duration) -> LoopbackServer.Route {
        { [self] target, _ in
            state.withLock { state in
                if target == "/v0/maxitem.json" { return .json(String(state.maxItem)) }
                if target == "/v0/updates.json" {
                    return .json(#"{"items":[\#(state.updates.map(String.init).joined(separator: ","))],"profiles":["pg"]}"#)
                }
                guard target.hasPrefix("/v0/item/"), let id = Int(target.dropFirst(9).dropLast(5)) else { return .status(404) }
                return .json(state.items[id] ?? "null", delay: delay)
            }
        }
    }
}
