import Foundation
import SitegenTestSupport
import Testing

@testable import SitegenDeploy
@testable import SitegenModel

@Suite("DeployRecord")
struct DeployRecordTests {
    static let record = DeployRecord(
        target: "s3://site/www/ http://127.0.0.1:8333", token: "0123abcd", precompress: true,
        files: [
            "index.html": .init(
                identity: "2049:77:100:1.5 gzip",
                object: DeployObject(
                    key: "index.html", md5: "aa", size: 100, contentType: "text/html; charset=utf-8", cacheControl: "no-cache",
                    contentEncoding: "gzip")),
            "Docs/A b.json": .init(
                identity: "2049:78:5:2.0",
                object: DeployObject(
                    key: "Docs/A b.json", md5: "bb", size: 5, contentType: "application/json", cacheControl: "no-cache")),
        ],
        store: ["index.html": "aa", "Docs/A b.json": "bb", "s/old.json": "cc"])

    @Test("a record reads back as it was written")
    func roundTrip() {
        #expect(DeployRecord.parse(Self.record.text) == Self.record)
    }

    @Test("a record cut short, of another version or with a bad line is not trusted")
    func untrusted() {
        let text = Self.record.text
        #expect(DeployRecord.parse(String(text.dropLast())) == nil)
        #expect(DeployRecord.parse(String(text.prefix(text.count / 2))) == nil)
        #expect(DeployRecord.parse(text.replacingOccurrences(of: "sitegen deployed 1", with: "sitegen deployed 2")) == nil)
        #expect(DeployRecord.parse(text + "x\ty\n") == nil)
        #expect(DeployRecord.parse("") == nil)
    }

    @Test("the token is bookkeeping of the deploy's: never planned, never deleted as a stray object")
    func tokenIsTheDeploys() {
        #expect(DeployPhase.of(DeployPhase.tokenFile) == .record)
        let plan = DeployPlanner.plan(
            local: [], remote: [DeployPhase.tokenFile: "aa", "stray.html": "bb"], rulesMatch: true, kept: [])
        #expect(plan.deletions == ["stray.html"])
    }

    @Test("a file's identity changes when it is replaced, even by the same bytes, and not when left alone")
    func identity() throws {
        try withTemporaryFolder { folder in
            let path = try folder.write("same", to: "a.html")
            let first = DeployRecord.identity(of: path)
            #expect(first != nil && DeployRecord.identity(of: path) == first)
            // As a build replaces a file: a new one renamed over it.
            let new = try folder.write("same", to: "a.html.new")
            #expect(rename(new, path) == 0)
            #expect(DeployRecord.identity(of: path) != first)
            #expect(DeployRecord.identity(of: folder.path("missing")) == nil)
        }
    }
}
