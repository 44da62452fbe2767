extension CompiledTemplate {
    /// Renders with `context`; `partials` resolves `{{> name}}`.
    package func render(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> String {
        String(decoding: renderBytes(context, partials: partials), as: UTF8.self)
    }

    /// `render`, as UTF-8 bytes.
    package func renderBytes(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        render(context, partials: partials, into: &out)
        return out
    }

    /// `render`, at the end of `out`.
    package func render(_ context: TemplateValue, partials: [String: CompiledTemplate], into out: inout [UInt8]) {
        var stack = [context]
        render(0..<ops.count, into: &out, stack: &stack, partials: partials)
    }

    private func render(_ range: Range<Int>, into out: inout [UInt8], stack: inout [TemplateValue], partials: [String: CompiledTemplate]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let op = ops[index]
            index += 1
            switch op.kind {
            case .text:
                text.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(op.a)..<Int(op.b)])) }
            case .variable, .rawVariable:
                let escaped = op.kind == .variable
                switch lookup(op, in: stack) {
                case .string(let s)?:
                    if escaped { HTMLEscape.append(s, to: &out) } else { out.append(contentsOf: s.utf8) }
                case .html(let bytes)?:
                    if escaped { bytes.withUnsafeBufferPointer { HTMLEscape.append($0, to: &out) } } else { out.append(contentsOf: bytes) }
                case .int(let n)?:
                    DecimalText.append(n, to: &out)
                case .bool(let b)?:
                    out.append(contentsOf: (b ? "true" : "false").utf8)
                default:
                    break
                }
            case .invertedSection:
                let body = index..<Int(op.end)
                index = body.upperBound
                if !Self.isTruthy(lookup(op, in: stack)) { render(body, into: &out, stack: &stack, partials: partials) }
            case .section:
                let body = index..<Int(op.end)
                index = body.upperBound
                switch lookup(op, in: stack) {
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
            case .partial:
                guard let partial = partials[partialNames[Int(op.a)]] else { continue }
                let indent = text[Int(op.b)..<Int(op.end)]
                if indent.isEmpty {
                    partial.render(0..<partial.ops.count, into: &out, stack: &stack, partials: partials)
                } else {
                    var inner: [UInt8] = []
                    partial.render(0..<partial.ops.count, into: &inner, stack: &stack, partials: partials)
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
    private func lookup(_ op: Op, in stack: [TemplateValue]) -> TemplateValue? {
        let path = Int(op.a)..<Int(op.b)
        guard !path.isEmpty else { return stack.last }
        let first = keys[path.lowerBound]
        var value: TemplateValue?
        var depth = stack.count
        while depth > 0, value == nil {
            depth -= 1
            value = stack[depth][first]
        }
        for key in keys[path.dropFirst()] { value = value?[key] }
        return value
    }

    package static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: return false
        case .bool(let b)?: return b
        case .list(let items)?: return !items.isEmpty
        default: return true
        }
    }
}
