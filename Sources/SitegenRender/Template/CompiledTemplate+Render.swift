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

        /// A value: indented when it starts a line of the template; its own newlines start no
        /// line of the template, so what follows it on that line is not indented.
        mutating func emit(_ piece: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
            guard !piece.isEmpty else { return }
            if atLineStart { out.append(contentsOf: bytes) }
            out.append(contentsOf: piece)
            atLineStart = false
        }

        /// A piece of the template's own text, within one line.
        mutating func emitLine(_ piece: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
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
                emitLine(UnsafeBufferPointer(rebasing: text[start..<end]), into: &out)
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

    /// Inside an indented partial, output goes through `indentation`; elsewhere (every built-in
    /// template) straight into `out`.
    private func render(
        _ range: Range<Int>, into out: inout [UInt8], stack: inout [TemplateValue], partials: [String: CompiledTemplate],
        indentation: inout Indentation?
    ) {
        var index = range.lowerBound
        while index < range.upperBound {
            let op = ops[index]
            index += 1
            switch op.kind {
            case .text:
                text.withUnsafeBufferPointer {
                    let piece = UnsafeBufferPointer(rebasing: $0[Int(op.a)..<Int(op.b)])
                    if indentation == nil { out.append(contentsOf: piece) } else { indentation!.emitText(piece, into: &out) }
                }
            case .variable, .rawVariable:
                if indentation == nil {
                    appendValue(op, into: &out, stack: stack)
                } else {
                    // The value alone, then as one piece: its own newlines are not the template's.
                    var piece: [UInt8] = []
                    appendValue(op, into: &piece, stack: stack)
                    piece.withUnsafeBufferPointer { indentation!.emit($0, into: &out) }
                }
            case .invertedSection:
                let body = index..<Int(op.end)
                index = body.upperBound
                if !Self.isTruthy(lookup(op, in: stack)) {
                    render(body, into: &out, stack: &stack, partials: partials, indentation: &indentation)
                }
            case .section:
                let body = index..<Int(op.end)
                index = body.upperBound
                switch lookup(op, in: stack) {
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        render(body, into: &out, stack: &stack, partials: partials, indentation: &indentation)
                        stack.removeLast()
                    }
                case .bool(let b)?:
                    if b { render(body, into: &out, stack: &stack, partials: partials, indentation: &indentation) }
                case let value?:
                    stack.append(value)
                    render(body, into: &out, stack: &stack, partials: partials, indentation: &indentation)
                    stack.removeLast()
                case nil:
                    break
                }
            case .partial:
                guard let partial = partials[partialNames[Int(op.a)]] else { continue }
                let indent = text[Int(op.b)..<Int(op.end)]
                if indent.isEmpty && indentation == nil {
                    partial.render(
                        0..<partial.ops.count, into: &out, stack: &stack, partials: partials, indentation: &indentation)
                } else {
                    // A partial within an indented partial: its lines get both indents.
                    var inner: Indentation? = Indentation(
                        bytes: (indentation?.bytes ?? []) + indent, atLineStart: indentation?.atLineStart ?? true)
                    partial.render(0..<partial.ops.count, into: &out, stack: &stack, partials: partials, indentation: &inner)
                    if indentation != nil { indentation!.atLineStart = inner!.atLineStart }
                }
            }
        }
    }

    /// A variable's value, escaped unless it is `{{{ }}}` or `{{& }}`.
    private func appendValue(_ op: Op, into out: inout [UInt8], stack: [TemplateValue]) {
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
