import Testing

@testable import SitegenDeploy
@testable import SitegenModel

/// What a deploy uploads, in which order, and deletes: planned from plain values.
@Suite("deploy planner")
struct DeployPlannerTests {
    static func object(_ key: String, _ md5: String = "m") -> DeployObject {
        let (type, cache) = DeployPlanner.headers(of: key)
        return DeployObject(key: key, md5: md5 + key, size: 1, contentType: type, cacheControl: cache)
    }

    @Test("uploads go content-named files first, then manifests, then pages, then the record")
    func order() {
        let keys = [
            "index.html", "m/builds.txt", "s/b.json", "m/ab/0.json", "assets/x.1.css", "item/1/index.html", "m/deploy.txt",
        ]
        let plan = DeployPlanner.plan(local: keys.map { Self.object($0) }, remote: [:], rulesMatch: true, kept: [])
        #expect(
            plan.uploads.map(\.key) == [
                "assets/x.1.css", "s/b.json", "m/ab/0.json", "index.html", "item/1/index.html", "m/builds.txt", "m/deploy.txt",
            ])
        #expect(plan.unchanged == 0 && plan.deletions.isEmpty)
    }

    @Test("an object whose ETag is the file's MD5 stays, unless the store's header rules are not today's")
    func unchanged() {
        let local = [Self.object("a.html"), Self.object("s/b.json")]
        let remote = ["a.html": "ma.html", "s/b.json": "old"]
        let plan = DeployPlanner.plan(local: local, remote: remote, rulesMatch: true, kept: [])
        #expect(plan.uploads.map(\.key) == ["s/b.json"] && plan.unchanged == 1)
        #expect(DeployPlanner.plan(local: local, remote: remote, rulesMatch: false, kept: []).uploads.count == 2)
        #expect(DeployPlanner.rules(precompress: true) != DeployPlanner.rules(precompress: false))
    }

    @Test("deletions: what neither the output nor a kept generation names, never the record, always after uploads")
    func deletions() {
        let remote = [
            "a.html": "x", "s/old.json": "x", "s/kept.json": "x", "m/builds.txt": "x", "m/deploy.txt": "x", "gone.html": "x",
        ]
        let plan = DeployPlanner.plan(local: [Self.object("a.html")], remote: remote, rulesMatch: true, kept: ["s/kept.json"])
        #expect(plan.deletions == ["gone.html", "s/old.json"])
    }

    @Test("the store keeps the output's current generation, then its previous ones and the store's, newest first, none twice")
    func record() {
        let g = { (build: String) in Generation(build: build, assets: []) }
        // A fresh build on a CI machine remembers only itself; the store remembers the rest.
        #expect(DeployPlanner.record(local: [g("c")], remote: [g("b"), g("a")], keep: 3).map(\.build) == ["c", "b", "a"])
        #expect(DeployPlanner.record(local: [g("c"), g("b")], remote: [g("b"), g("a")], keep: 1).map(\.build) == ["c", "b"])
        #expect(DeployPlanner.record(local: [g("b")], remote: [g("b"), g("a")], keep: 3).map(\.build) == ["b", "a"])
    }

    @Test("each file gets the type sitegen serve sends and the cache rule of _headers")
    func headers() {
        #expect(DeployPlanner.headers(of: "s/0123.json") == ("application/json", "public, max-age=31536000, immutable"))
        #expect(DeployPlanner.headers(of: "index.html") == ("text/html; charset=utf-8", "no-cache"))
        #expect(DeployPlanner.headers(of: "feed.xml").contentType == "application/atom+xml; charset=utf-8")
        #expect(DeployPhase.of("assets/sitegen.1.js") == .contentNamed && DeployPhase.of("m/b/3.json") == .manifests)
    }
}
