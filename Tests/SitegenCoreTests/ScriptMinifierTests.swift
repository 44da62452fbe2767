import Foundation
import SitegenAssets
import Testing

@testable import SitegenCore

@Suite("ScriptMinifier: the script as served")
struct ScriptMinifierTests {
    @Test("the served script of every strategy is valid JavaScript (node --check)", arguments: LoadingStrategy.allCases)
    func servedScriptParses(strategy: LoadingStrategy) throws {
        let served = ScriptMinifier.minify(EmbeddedAssets.script, features: [strategy.rawValue])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-\(strategy)-\(UUID()).js")
        try served.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", "--check", file.path]
        let errors = Pipe()
        node.standardError = errors
        try node.run()
        node.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(node.terminationStatus == 0, "\(message)")
        #expect(served.utf8.count < EmbeddedAssets.script.utf8.count / 2)
    }

    @Test("#if keeps a strategy's lines, #else the others'")
    func strategies() {
        let source = """
            const a = 1;
            // #if batch
            const b = 'batch';
            // #else
            const b = 'other';
            // #endif
            // #if all batch
            f(b);
            // #endif
            """
        #expect(ScriptMinifier.minify(source, features: ["batch"]).contains("'batch'"))
        #expect(!ScriptMinifier.minify(source, features: ["batch"]).contains("'other'"))
        #expect(ScriptMinifier.minify(source, features: ["prefetch"]).contains("'other'"))
        #expect(ScriptMinifier.minify(source, features: ["all"]).contains("f("))
        #expect(!ScriptMinifier.minify(source, features: ["prefetch"]).contains("f("))
    }

    @Test("declared names shrink; properties, keys, strings, templates and regexes stay as they are")
    func renaming() {
        let source = """
            (() => {
              // a comment before a name must not hide its declaration
              const counter = { counter: 1 }, label = 'counter: keep me';
              const total = counter.counter + label.length;
              const pattern = /counter/.test(label), shown = `${total} of ${ counter.counter }`;
              console.log(total, pattern, shown, { total: total });
            })();
            """
        let out = ScriptMinifier.minify(source)
        #expect(!out.contains("total,") && !out.contains("const counter"))
        #expect(out.contains(".counter") && out.contains("{counter:1}") && out.contains("'counter: keep me'"))
        #expect(out.contains("/counter/.test(") && out.contains("{total:"))
        #expect(out.contains(" of ${"))
        #expect(!out.contains("//"))
        // Consecutive declarations of one kind become one.
        #expect(out.components(separatedBy: "const").count == 2)
    }
}
