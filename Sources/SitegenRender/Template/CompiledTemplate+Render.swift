extension CompiledTemplate {
    /// Renders with `context`; `partials` resolves `{{> name}}`.
    package func render(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> String {
        String(decoding: renderBytes(context, partials: partials), as: UTF8.self)
    }

    /// `render`, as UTF-8 bytes.
    func renderBytes(_ context: TemplateValue, partials: [String: CompiledTemplate]) -> [UInt8] {
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

    /// Where a standalone partial is being rendered, its indentation: the Mustache spec indents
    /// each line of the partial's own template, not the values put into it, so the indent goes
    /// before each piece of output that starts a line (swift-mustache does the same).
    private struct Indentation {
        var bytes: [UInt8]
        var atLineStart = true

        mutating func emit(_ piece: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            guard !piece.isEmpty else { return }
            if atLineStart { out.append(contentsOf: bytes) }
            out.append(contentsOf: piece)
            atLineStart = piece.last == 0x0A
        }

        /// Template text: split at newlines, so each of its lines is indented.
        mutating func emitText(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            var start = 0
            while start < text.count {
                var end = start
                while end < text.count, text[end] != 0x0A { end += 1 }
                if end < text.count { end += 1 }
                emit(UnsafeBufferPointer(rebasing: text[start..<end]), into: &out)
                start = end
            }
        }
    }

    private func render(
        _ range: Range<Int>, into out: inout [UInt8], stack: inout [TemplateValue], partials: [String: CompiledTemplate]
    ) {
        var none: Indentation? = nil
        render(range, into: &out, stack: &stack, partials: partials, indentation: &none)
    }

    private func render(
        _ range: Range<Int>, into out: inout [UInt8], stack: inout [TemplateValue], partials: [String: CompiledTemplate],
        indentation: inout Indentation?
    ) {
        // Inside an indented partial, output goes through `indentation`; elsewhere (every
        // built-in template) straight into `out`.
        if indentation != nil {
            var piece: [UInt8] = []
            renderIndented(range, into: &out, piece: &piece, stack: &stack, partials: partials, indentation: &indentation!)
            return
        }
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
                    if escaped {
                        bytes.withUnsafeBufferPointer { HTMLEscape.append($0, to: &out) }
                    } else {
                        out.append(contentsOf: bytes)
                    }
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
                    var inner: Indentation? = Indentation(bytes: Array(indent))
                    partial.render(0..<partial.ops.count, into: &out, stack: &stack, partials: partials, indentation: &inner)
                }
            }
        }
    }

    /// `render` inside an indented partial: the same ops, each piece of output through
    /// `indentation`. `piece` is a scratch buffer for a value's bytes.
    private func renderIndented(
        _ range: Range<Int>, into out: inout [UInt8], piece: inout [UInt8], stack: inout [TemplateValue],
        partials: [String: CompiledTemplate], indentation: inout Indentation
    ) {
        var index = range.lowerBound
        while index < range.upperBound {
            let op = ops[index]
            index += 1
            switch op.kind {
            case .text:
                text.withUnsafeBufferPointer {
                    indentation.emitText(UnsafeBufferPointer(rebasing: $0[Int(op.a)..<Int(op.b)]), into: &out)
                }
            case .variable, .rawVariable:
                // The value alone, then as one piece: its own newlines are not the template's.
                piece.removeAll(keepingCapacity: true)
                render(index - 1..<index, into: &piece, stack: &stack, partials: partials)
                piece.withUnsafeBufferPointer { indentation.emit($0, into: &out) }
            case .invertedSection:
                let body = index..<Int(op.end)
                index = body.upperBound
                if !Self.isTruthy(lookup(op, in: stack)) {
                    renderIndented(body, into: &out, piece: &piece, stack: &stack, partials: partials, indentation: &indentation)
                }
            case .section:
                let body = index..<Int(op.end)
                index = body.upperBound
                switch lookup(op, in: stack) {
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        renderIndented(
                            body, into: &out, piece: &piece, stack: &stack, partials: partials, indentation: &indentation)
                        stack.removeLast()
                    }
                case .bool(let b)?:
                    if b {
                        renderIndented(
                            body, into: &out, piece: &piece, stack: &stack, partials: partials, indentation: &indentation)
                    }
                case let value?:
                    stack.append(value)
                    renderIndented(body, into: &out, piece: &piece, stack: &stack, partials: partials, indentation: &indentation)
                    stack.removeLast()
                case nil:
                    break
                }
            case .partial:
                guard let partial = partials[partialNames[Int(op.a)]] else { continue }
                // A partial within an indented partial: its lines get both indents.
                var inner: Indentation? = Indentation(
                    bytes: indentation.bytes + text[Int(op.b)..<Int(op.end)], atLineStart: indentation.atLineStart)
                partial.render(0..<partial.ops.count, into: &out, stack: &stack, partials: partials, indentation: &inner)
                indentation.atLineStart = inner!.atLineStart
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

    static func isTruthy(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: return false
        case .bool(let b)?: return b
        case .list(let items)?: return !items.isEmpty
        default: return true
        }
    }
}
