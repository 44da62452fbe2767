import Foundation
import Testing

@testable import SitegenRender

@Suite("RenderedRows")
struct RenderedRowsTests {
    /// Row i's HTML in the tests: some empty, some long, all different, with what JSON escapes
    /// (quotes, newlines, a backslash, a control byte) and what it does not (non-ASCII).
    static func row(_ i: Int) -> [UInt8] {
        i % 7 == 3
            ? [] : Array(String(repeating: "<p class=\"r\">\(i) é\\\n", count: 1 + i % 5).utf8) + (i % 3 == 0 ? [0x01] : [])
    }

    /// `row(i)` as a JSON string's contents: how a row is kept.
    static func escaped(_ i: Int) -> [UInt8] {
        var w = JSONWriter()
        w.string(row(i))
        return Array(w.bytes.dropFirst().dropLast())
    }

    @Test(
        "rows rendered on both cores read back as rendered one by one, across chunk edges",
        arguments: [0, 1, 5, 16, 17, 1000, 4321])
    func render(count: Int) {
        let rows = RenderedRows.render(count: count) { i, out in out.append(contentsOf: Self.row(i)) }
        #expect(rows.count == count)
        for i in 0..<count {
            #expect(rows.html(of: i) == Self.row(i), "row \(i)")
            #expect(rows.length(of: i) == Self.escaped(i).count)
            #expect(rows.withEscaped(of: i) { Array($0) } == Self.escaped(i))
        }
        let given = RenderedRows((0..<count).map(Self.row))
        #expect((0..<count).allSatisfy { given.html(of: $0) == rows.html(of: $0) })
        #expect((0..<count).allSatisfy { i in given.withEscaped(of: i) { Array($0) } == Self.escaped(i) })
    }

    @Test("each row is measured as rendered, by its own bytes, escaped", arguments: [0, 1, 17, 4321])
    func measures(count: Int) throws {
        let (rows, measures) = try RenderedRows.render(
            count: count, { i, out in out.append(contentsOf: Self.row(i)) },
            measuring: { i, bytes in 1000 * i + bytes.count })
        #expect(measures == (0..<count).map { 1000 * $0 + Self.escaped($0).count })
        #expect((0..<count).allSatisfy { rows.html(of: $0) == Self.row($0) })
    }

    @Test("rows spilled to files read back as rendered, and leave no file behind", arguments: [0, 1, 17, 4321])
    func spilled(count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (rows, measures) = try RenderedRows.render(
            count: count, { i, out in out.append(contentsOf: Self.row(i)) },
            measuring: { _, bytes in bytes.count }, spill: folder)
        #expect(rows.isSpilled == (count > 0))
        #expect(measures == (0..<count).map { Self.escaped($0).count })
        // Read twice, the second time after the trimmer has dropped the pages it mapped in.
        for pass in 0..<2 {
            #expect((0..<count).allSatisfy { rows.html(of: $0) == Self.row($0) }, "pass \(pass)")
            #expect((0..<count).allSatisfy { i in rows.withEscaped(of: i) { Array($0) } == Self.escaped(i) })
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a spill into a folder that cannot hold it names the folder")
    func spillFails() {
        let folder = "/nonexistent-\(UUID().uuidString)"
        #expect {
            try RenderedRows.render(
                count: 10, { i, out in out.append(contentsOf: Self.row(i)) }, measuring: { _, _ in 0 }, spill: folder)
        } throws: { error in
            "\(error)".hasPrefix(folder + ": cannot write a temporary file")
        }
    }

    @Test("a row may append after trimming what it wrote: only its own bytes are its")
    func rowsSeeTheirBufferEnd() {
        // RowRenderer.append trims the template's trailing newline from the buffer's end; the
        // row before must be untouched by that.
        let rows = RenderedRows.render(count: 300) { i, out in
            out.append(contentsOf: Array("r\(i)\n\n".utf8))
            while out.last == 0x0A { out.removeLast() }
        }
        #expect((0..<300).allSatisfy { rows.html(of: $0) == Array("r\($0)".utf8) })
    }
}
