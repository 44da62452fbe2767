/// The default theme and the browser script as compiled into the binary (from `Templates/` and
/// `Sources/SitegenAssets/sitegen.js`), so `sitegen build` works from any folder.
public enum EmbeddedAssets {
    public static let templates: [String: String] = [
        "layout": text(PackageResources.layout_mustache),
        "page": text(PackageResources.page_mustache),
        "row": text(PackageResources.row_mustache),
        "item": text(PackageResources.item_mustache),
        "sitepage": text(PackageResources.sitepage_mustache),
    ]
    public static let stylesheet = text(PackageResources.style_css)
    public static let script = text(PackageResources.sitegen_js)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
