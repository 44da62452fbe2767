extension CompiledTemplate {
    /// Renders with `context`; `partials` resolves `{{> name}}`.
    func render(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> String {
        String(decoding: renderBytes(context, partials: partials), as: UTF8.self)
    }

    /// `render`, as UTF-8 bytes.
    func renderBytes(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        var stack = [context]
        render(nodes, into: &out, stack: &stack, partials: partials)
        return out
    }

    private func render(_ nodes: [Node], into out: inout [UInt8], stack: inout [TemplateValue], partials: [String: CompiledTemplate]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                out.append(contentsOf: bytes)
            case .variable(let path, let escaped):
                switch Self.lookup(path, in: stack) {
                case .string(let s)?:
                    if escaped { HTMLEscape.append(s, to: &out) } else { out.append(contentsOf: s.utf8) }
                case .int(let n)?:
                    out.append(contentsOf: String(n).utf8)
                case .bool(let b)?:
                    out.append(contentsOf: (b ? "true" : "false").utf8)
                default:
                    break
                }
            case .section(let path, let inverted, let body):
                let value = Self.lookup(path, in: stack)
                if inverted {
                    if !Self.isTruthy(value) { render(body, into: &out, stack: &stack, partials: partials) }
                    continue
                }
                switch value {
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        render(body, into: &out, stack: &stack, partials: partials)
                        stack.removeLast()
                    }
                case .bool(let b)?:
                    if b { render(body, into: &out, stack: &stack, partials: partials) }
                case let value?:
                    stack.append(value)
                    render(body, into: &out, stack: &stack, partials: partials)
                    stack.removeLast()
                case nil:
                    break
                }
            case .partial(let name, let indent):
                guard let partial = partials[name] else { continue }
                if indent.isEmpty {
                    render(partial.nodes, into: &out, stack: &stack, partials: partials)
                } else {
                    var inner: [UInt8] = []
                    render(partial.nodes, into: &inner, stack: &stack, partials: partials)
                    var atLineStart = true
                    for byte in inner {
                        if atLineStart { out.append(contentsOf: indent) }
                        out.append(byte)
                        atLineStart = byte == 0x0A
                    }
                }
            }
        }
    }

    /// Mustache's name resolution: the first name from the innermost context outwards, the rest
    /// within what it found.
    static func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var value: TemplateValue?
        for context in stack.reversed() {
            if let found = context[first] {
                value = found
                break
            }
        }
        for name in path.dropFirst() { value = value?[name] }
        return value
    }

    static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: return false
        case .bool(let b)?: return b
        case .list(let items)?: return !items.isEmpty
        default: return true
        }
    }
}
