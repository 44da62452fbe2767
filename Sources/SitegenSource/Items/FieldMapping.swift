import Foundation
import SitegenModel

/// Which field of a paged API's item becomes which story field. Each story field has candidate
/// paths, tried in order; the first present and of a usable type wins. Defaults:
///
///     id           id                      (a string of digits is read as a number; any
///                                           other string becomes a StableID)
///     title        title, name
///     url          url, link
///     by           by, author
///     time         time, date, created_at  (Unix seconds, or an ISO 8601 date)
///     score        score, points
///     descendants  descendants, comments
///     text         text, description
///     image        image, image_url        (a URL, or {url, width, height})
///     type         type                    (absent means a story)
///
/// `--field title=name_display` replaces a field's candidates with one dotted path. Pure.
public struct FieldMapping: Sendable, Equatable {
    public typealias Field = StoryField

    public var paths: [Field: [String]]

    public static let defaults = FieldMapping(paths: [
        .id: ["id"], .title: ["title", "name"], .url: ["url", "link"], .by: ["by", "author"],
        .time: ["time", "date", "created_at"], .score: ["score", "points"], .descendants: ["descendants", "comments"],
        .text: ["text", "description"], .image: ["image", "image_url"], .type: ["type"],
    ])

    public init(paths: [Field: [String]]) { self.paths = paths }

    /// Reads `story-field=json.path`, as `--field` takes it.
    public mutating func set(_ assignment: String) throws {
        let parts = assignment.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[1].isEmpty else {
            throw SourceError.invalidOption(
                name: "field", reason: "'\(assignment)' must be story-field=json.path, e.g. title=name")
        }
        guard let field = Field(rawValue: parts[0]) else {
            throw SourceError.invalidOption(
                name: "field",
                reason: "'\(parts[0])' is not a story field; use one of \(Field.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        paths[field] = [parts[1]]
    }

    /// The item as the HN shape, with `RawItem`'s leniency: a wrong-typed field reads as absent.
    public func item(from value: JSONValue) -> RawItem {
        guard case .object = value else {
            var item = RawItem(id: nil, type: nil)
            item.isObject = false
            return item
        }
        func first<T>(_ field: Field, _ read: (JSONValue) -> T?) -> T? {
            for path in paths[field] ?? [] {
                if let found = value.at(path), let result = read(found) { return result }
            }
            return nil
        }
        return RawItem(
            id: first(.id) { $0.integer ?? $0.string.flatMap { $0.isEmpty ? nil : StableID.of($0) } },
            type: first(.type) { $0.string },
            by: first(.by) { $0.string },
            time: first(.time) { Self.unixTime($0) },
            title: first(.title) { $0.string },
            url: first(.url) { $0.string },
            text: first(.text) { $0.string },
            score: first(.score) { $0.integer },
            descendants: first(.descendants) { $0.integer },
            dead: value.at("dead").flatMap { if case .bool(let b) = $0 { b } else { nil } },
            deleted: value.at("deleted").flatMap { if case .bool(let b) = $0 { b } else { nil } },
            image: first(.image) { Self.image($0) })
    }

    static func unixTime(_ value: JSONValue) -> Int? {
        if let seconds = value.integer { return seconds }
        if case .double(let seconds) = value, seconds.isFinite, abs(seconds) < 1e15 { return Int(seconds) }
        guard let text = value.string else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        for formatter in [plain, withFraction, day] {
            if let date = formatter.date(from: text) { return Int(date.timeIntervalSince1970) }
        }
        return nil
    }

    package static func image(_ value: JSONValue) -> ItemImage? {
        if let url = value.string { return ItemImage(url: url) }
        guard let url = value.at("url")?.string else { return nil }
        return ItemImage(url: url, width: value.at("width")?.integer, height: value.at("height")?.integer)
    }
}
