/// A story's fields as a paged API's items are mapped onto them (`--field title=name`, the
/// `[fields]` table): the names a mapping may set.
public enum StoryField: String, Sendable, CaseIterable {
    case id, title, url, by, time, score, descendants, text, image, type
}
