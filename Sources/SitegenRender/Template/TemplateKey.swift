import Synchronization

/// A name a template looks up (`title`, `image.src`'s `image` and `src`), interned as a small
/// integer. Compiled templates and contexts compare names as integers: a row's dozen lookups,
/// a million rows a build, were string comparisons before.
public struct TemplateKey: Hashable, Sendable {
    package let index: Int

    public init(_ name: String) { index = Self.registry.withLock { $0.index(of: name) } }

    public var name: String { Self.registry.withLock { $0.names[index] } }

    /// Every name seen so far; names are few (those in templates and contexts), so it only grows
    /// by a handful in a process's life.
    private struct Registry {
        package var indices: [String: Int] = [:]
        package var names: [String] = []

        package mutating func index(of name: String) -> Int {
            if let index = indices[name] { return index }
            names.append(name)
            indices[name] = names.count - 1
            return names.count - 1
        }
    }

    private static let registry = Mutex(Registry())
}
