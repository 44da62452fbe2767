import Foundation
import Testing

@testable import SitegenMarkdown

/// `MarkdownStorySource.nameParts` splits a file name as `NSString` does, which the folder's
/// listing used before: which files are Markdown, and which are a bundle's `index` page.
@Suite("A file name's stem and extension")
struct FileNamePartsTests {
    @Test("split at the last dot, as NSString's pathExtension and deletingPathExtension split it")
    func asNSString() {
        let names = [
            "post.md", "README.MD", "Release-1.88.0.md", ".hidden", ".hidden.md", "foo.", "a.b.c", "noext", "index.md",
            "index.markdown", "_index.md", "..md", "x..md", "日本語.md", "한국어.markdown", "index", ".", "..", "a.",
            "archive.tar.gz", "index.MD", "index.md.bak",
        ]
        for name in names {
            let (stem, ext) = MarkdownStorySource.nameParts(name[...])
            #expect(String(ext) == (name as NSString).pathExtension, "\(name)")
            #expect(String(stem) == (name as NSString).deletingPathExtension, "\(name)")
        }
    }
}
