import Foundation

/// The zone a date written without one is in (`timezone = "Europe/Berlin"`, an IANA name), as
/// Jekyll and Hugo read such dates. UTC unless set.
public struct SiteTimeZone: Sendable, Equatable {
    public let identifier: String
    private let zone: TimeZone

    public static let utc = SiteTimeZone(zone: TimeZone(identifier: "UTC")!)

    /// Nil for a name the system's time zone database does not know.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(zone: zone)
    }

    private init(zone: TimeZone) {
        self.zone = zone
        identifier = zone.identifier
    }

    /// The zone's offset from UTC, in seconds, at an instant (Unix seconds): what its wall
    /// clock adds to UTC then.
    public func offset(at instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) }

    /// The zone's offset from UTC, in seconds, at a wall-clock time read as if it were UTC
    /// (`local`): the offset in force then, daylight saving included. Around a change the
    /// offset of the instant one standard offset away is taken, which is what a wall-clock
    /// time that happens twice or not at all can best mean.
    public func offset(ofLocal local: Int) -> Int {
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - guess)))
    }
}
