import SitegenModel

extension TemplateValue {
    /// A story's front matter as templates see it: texts as strings (escaped by `{{ }}`), lists
    /// as lists, maps as objects; nulls are absent, so `{{#meta.x}}` sections vanish for them.
    init(_ meta: [String: MetaValue]) {
        var object = TemplateObject(capacity: meta.count)
        for (key, value) in meta {
            if let value = TemplateValue(value) { object[TemplateKey(key)] = value }
        }
        self = .object(object)
    }

    init?(_ value: MetaValue) {
        switch value {
        case .text(let text): self = .string(text)
        case .list(let items): self = .list(items.compactMap(TemplateValue.init))
        case .map(let map): self.init(map)
        case .null: return nil
        }
    }
}
