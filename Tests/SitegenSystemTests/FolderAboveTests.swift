import Foundation
import SitegenSystem
import Testing

@Suite("the folder above a path")
struct FolderAboveTests {
    @Test("`.` and `./` are the working folder, whose parent is above them; `docs/.` is `docs`")
    func dots() {
        let here = FileManager.default.currentDirectoryPath
        let parent = URL(fileURLWithPath: here).deletingLastPathComponent().path
        #expect(FolderAbove.of(".") == parent)
        #expect(FolderAbove.of("./") == parent)
        #expect(FolderAbove.of("docs/.") == here)
        #expect(FolderAbove.of("docs/guides/../") == here)
    }

    @Test("absolute and relative paths to files and folders")
    func plain() {
        let here = FileManager.default.currentDirectoryPath
        #expect(FolderAbove.of("/srv/site/content") == "/srv/site")
        #expect(FolderAbove.of("/srv/site/content/") == "/srv/site")
        #expect(FolderAbove.of("posts/hello.md") == here + "/posts")
        #expect(FolderAbove.of("content") == here)
    }
}
