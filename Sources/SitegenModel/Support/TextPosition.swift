/// Where a byte offset falls in a text, as an editor counts it: line and column from 1, a column
/// per byte. Parsers report offsets; people read lines.
public enum TextPosition {
    public static func of<Bytes: Collection>(byte offset: Int, in data: Bytes) -> (line: Int, column: Int)
    where Bytes.Element == UInt8 {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
