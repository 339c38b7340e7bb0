/// Reading another tracker's JSON with quests' strict reader (bounded depth, UTF-8 only): its syntax
/// errors become refusals naming the file and the field.
enum ForeignJSON {
    /// Reads the document `bytes` with `read`; refuses a file that does not start as `opening` does (`{`
    /// or `[`) as not the source's, and any JSON error at its path.
    static func read(
        _ bytes: [UInt8], file: String, source: ImportSource, opening: UInt8,
        _ read: (inout JSONReader) throws -> Void
    ) throws(ImportError) {
        guard bytes.first(where: { !" \n\r\t".utf8.contains($0) }) == opening else {
            throw ImportError(file: file, .notThisFormat(source))
        }
        var reader = JSONReader(bytes)
        do {
            try read(&reader)
            try reader.finish()
        } catch let error as ImportError {
            throw error
        } catch let error as JSONError {
            throw ImportError(file: file, .json(error))
        } catch {
            throw ImportError(file: file, .json(reader.error(.unexpectedText)))
        }
    }
}
