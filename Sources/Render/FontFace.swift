import CFreeType
import Foundation

/// A TrueType (or other FreeType-readable) font loaded with FreeType, ready to measure and
/// draw lines of text on an ``RGBA8Canvas``.
///
/// The face owns its `FT_Library` and `FT_Face`, which are released when the last reference
/// goes away. Glyphs are rasterised once per (glyph, pixel size) and cached, so a figure that
/// repeats the same digits and letters rasterises each only once. A lock serialises use of the
/// FreeType handles, so one face may be shared between threads.
///
/// The FreeType handles are raw pointers the face owns for its whole life: they are created
/// together in the initialiser, freed together in `deinit`, never handed out, and read only
/// while the lock is held (or by the initialiser and `deinit`, which no other thread can reach).
/// That is why the class is `@safe` and may be `Sendable` although the compiler cannot see it.
@safe
public final class FontFace: @unchecked Sendable {
    /// Where ``locate(override:searching:)`` looks for a font when no override is given: DejaVu
    /// Sans as the Debian package `fonts-dejavu-core` and other common layouts install it.
    public static let defaultPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// The largest pixel size text can be drawn at.
    public static let maxSize = 512

    /// The Debian package that provides the default font, named in error messages.
    static let fontPackage = "fonts-dejavu-core"

    /// The file the face was loaded from.
    public let path: String

    /// The FreeType library instance owned by this face.
    private let library: FT_Library
    /// The FreeType face owned by this face.
    private let face: FT_Face
    /// Serialises every use of ``library``, ``face`` and the caches.
    private let lock = NSLock()
    /// Rasterised glyphs by glyph and size.
    private var glyphCache: [GlyphKey: GlyphBitmap] = [:]
    /// Ascent and depth below the baseline in pixels, by size.
    private var lineCache: [Int: (ascent: Int, depth: Int)] = [:]
    /// The size the face is currently set to, to skip redundant `FT_Set_Pixel_Sizes` calls.
    private var currentSize = 0

    /// Loads the first face of the font file at `path`.
    ///
    /// - Throws: ``RenderErrorCode/resourceNotFound`` when there is no file at `path` (the
    ///   message names the path and the package to install),
    ///   ``RenderErrorCode/resourceUnreadable`` when it is a directory or cannot be read,
    ///   ``RenderErrorCode/formatInvalid`` when FreeType cannot read it as a font or it holds
    ///   only bitmaps, ``RenderErrorCode/renderFailed`` when FreeType cannot start.
    public init(contentsOf path: String) throws(RenderError) {
        var isDirectory: ObjCBool = false
        // SAFETY: `isDirectory` is a local the call writes once before returning.
        guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RenderError(
                .resourceNotFound,
                "no font file at \(path); install the Debian package \(Self.fontPackage) or give the path of a TrueType font"
            )
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
            let why = isDirectory.boolValue ? "is a directory, not a font file" : "cannot be read (no permission)"
            throw RenderError(.resourceUnreadable, "\(path) \(why); give the path of a TrueType font")
        }
        var library: FT_Library?
        // SAFETY: FreeType writes one handle through the pointer to the local, which outlives
        // the call; the handle is owned by this face from here on.
        let initError = unsafe FT_Init_FreeType(&library)
        guard initError == 0, let library = unsafe library else {
            throw RenderError(.renderFailed, "FreeType could not start (\(Self.describe(initError)))")
        }
        var face: FT_Face?
        // SAFETY: `library` is the live handle made above, `path` is passed as a C string that
        // lives for the call, and FreeType writes one handle through the pointer to the local.
        // On failure the library is freed once and never used again.
        let faceError = unsafe FT_New_Face(library, path, 0, &face)
        guard faceError == 0, let face = unsafe face else {
            unsafe FT_Done_FreeType(library)
            throw RenderError(
                .formatInvalid,
                "\(path) is not a font FreeType can read (\(Self.describe(faceError))); "
                    + "install the Debian package \(Self.fontPackage) or give the path of a TrueType font"
            )
        }
        // SAFETY: `face` is the live face record FreeType just returned; on failure both handles
        // are freed once, face first, and never used again.
        guard unsafe face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            unsafe FT_Done_Face(face)
            unsafe FT_Done_FreeType(library)
            throw RenderError(
                .formatInvalid,
                "\(path) is a bitmap-only font; give the path of a scalable (TrueType or OpenType) font"
            )
        }
        self.path = path
        // SAFETY: the face takes sole ownership of both live handles; they leave it only in
        // `deinit`.
        unsafe self.library = library
        unsafe self.face = face
    }

    deinit {
        // SAFETY: the last reference is gone, so no other use of the handles can run or follow;
        // each is freed exactly once, the face before the library that made it.
        unsafe FT_Done_Face(face)
        unsafe FT_Done_FreeType(library)
    }

    /// The font at `override` when one is given, else the first of `paths` that exists.
    ///
    /// - Throws: ``RenderErrorCode/resourceNotFound`` when the override is missing or none of
    ///   `paths` exists (the message lists them and names the package to install); the other
    ///   errors of ``init(contentsOf:)`` when the file found is not a font it can load.
    public static func locate(override: String? = nil, searching paths: [String] = defaultPaths) throws(RenderError)
        -> FontFace
    {
        if let override {
            return try FontFace(contentsOf: override)
        }
        guard let found = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw RenderError(
                .resourceNotFound,
                "no font found at \(paths.joined(separator: ", ")); install the Debian package \(fontPackage)"
                    + " or give the path of a TrueType font"
            )
        }
        return try FontFace(contentsOf: found)
    }

    /// How many glyph bitmaps FreeType has rasterised for this face; a glyph drawn again at
    /// the same size comes from the cache and does not count again.
    public var rasterizedGlyphCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return glyphCache.count
    }

    /// The box `text` occupies when drawn at `size` pixels, as one line.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when `size` is not in `1...maxSize`,
    ///   ``RenderErrorCode/renderFailed`` when FreeType cannot rasterise a glyph.
    public func measure(_ text: String, size: Int) throws(RenderError) -> TextMetrics {
        try layout(text, size: size).metrics
    }

    /// The glyphs of `text` at `size` pixels with each one's pen position (pixels right of the
    /// box's pen start), and the box they occupy.
    func layout(_ text: String, size: Int) throws(RenderError)
        -> (metrics: TextMetrics, glyphs: [(bitmap: GlyphBitmap, pen: Int)])
    {
        guard (1...Self.maxSize).contains(size) else {
            throw RenderError(.invalidArgument, "text size \(size) is not in 1...\(Self.maxSize) pixels")
        }
        lock.lock()
        defer { lock.unlock() }
        var (ascent, depth) = try lineMetrics(size: size)
        var placed: [(bitmap: GlyphBitmap, pen: Int)] = []
        var pen = 0
        var inkLeft = 0
        var inkRight = 0
        for scalar in text.unicodeScalars {
            // SAFETY: the face handle is live for the object's life and the lock is held.
            let bitmap = try glyph(unsafe FT_Get_Char_Index(face, FT_ULong(scalar.value)), size: size)
            placed.append((bitmap, pen))
            if bitmap.width > 0, bitmap.rows > 0 {
                inkLeft = min(inkLeft, pen + bitmap.left)
                inkRight = max(inkRight, pen + bitmap.left + bitmap.width)
                ascent = max(ascent, bitmap.top)
                depth = max(depth, bitmap.rows - bitmap.top)
            }
            pen += bitmap.advance
        }
        let metrics = TextMetrics(
            width: max(pen, inkRight) - inkLeft, height: ascent + depth, ascent: ascent, penOffset: -inkLeft)
        return (metrics, placed)
    }

    /// The line's ascent and depth at `size` from the face's metrics; the caller holds the lock.
    private func lineMetrics(size: Int) throws(RenderError) -> (ascent: Int, depth: Int) {
        if let cached = lineCache[size] { return cached }
        try setSize(size)
        // SAFETY: the face handle is live and the lock is held; `setSize` succeeded, so FreeType
        // has made the face's active size record, which it keeps until the face is freed.
        let metrics = unsafe face.pointee.size.pointee.metrics
        let line = (ascent: Int((metrics.ascender + 63) >> 6), depth: Int((-metrics.descender + 63) >> 6))
        lineCache[size] = line
        return line
    }

    /// The bitmap of glyph `index` at `size`, from the cache or rasterised now; the caller
    /// holds the lock.
    private func glyph(_ index: FT_UInt, size: Int) throws(RenderError) -> GlyphBitmap {
        let key = GlyphKey(glyph: index, size: size)
        if let cached = glyphCache[key] { return cached }
        try setSize(size)
        // SAFETY: the face handle is live and the lock is held. The glyph slot and its bitmap
        // belong to the face and stay valid until the next glyph load, which cannot start before
        // the lock is released; everything is copied out of them before that.
        let error = unsafe FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER))
        guard error == 0, let slot = unsafe face.pointee.glyph else {
            throw RenderError(
                .renderFailed, "FreeType could not render glyph \(index) of \(path) at \(size) px (\(Self.describe(error)))")
        }
        let bitmap = unsafe slot.pointee.bitmap
        let coverage = try unsafe Self.coverage(of: bitmap, glyph: index)
        let glyph = unsafe GlyphBitmap(
            width: Int(bitmap.width), rows: Int(bitmap.rows),
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int((slot.pointee.advance.x + 32) >> 6),
            coverage: coverage
        )
        glyphCache[key] = glyph
        return glyph
    }

    /// Sets the face's pixel size; the caller holds the lock.
    private func setSize(_ size: Int) throws(RenderError) {
        guard size != currentSize else { return }
        // SAFETY: the face handle is live and the lock is held.
        let error = unsafe FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
        guard error == 0 else {
            throw RenderError(.renderFailed, "FreeType could not set \(path) to \(size) px (\(Self.describe(error)))")
        }
        currentSize = size
    }

    /// The coverage bytes of a rendered bitmap, row by row from the top: 8-bit grey is copied,
    /// 1-bit monochrome becomes 0 or 255.
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when the bitmap is in another pixel mode or
    ///   its rows are shorter than its width, so that no byte outside FreeType's buffer is read.
    ///
    /// The caller passes a bitmap FreeType has just rendered, whose buffer is still valid.
    @unsafe
    private static func coverage(of bitmap: FT_Bitmap, glyph: FT_UInt) throws(RenderError) -> [UInt8] {
        // SAFETY: plain fields copied out of the bitmap record.
        let (width, rows, pitch, mode) = unsafe (Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch), bitmap.pixel_mode)
        guard width > 0, rows > 0, let buffer = unsafe bitmap.buffer else { return [] }
        let monochrome = mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        guard monochrome || mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            throw RenderError(.renderFailed, "FreeType rendered glyph \(glyph) in pixel mode \(mode), not grey or mono")
        }
        let rowBytes = monochrome ? (width + 7) / 8 : width
        guard pitch.magnitude >= rowBytes else {
            throw RenderError(
                .renderFailed, "FreeType rendered glyph \(glyph) with rows of \(pitch.magnitude) bytes, fewer than \(rowBytes)")
        }
        var coverage = [UInt8](repeating: 0, count: width * rows)
        for row in 0..<rows {
            // SAFETY: FreeType's buffer holds `rows` rows of `|pitch|` bytes, stored bottom-up
            // when `pitch` is negative, and each row's first `rowBytes` bytes are inside it
            // (checked above); the bitmap stays valid while the caller holds the lock.
            let start = unsafe buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
            for column in 0..<width {
                coverage[row * width + column] = monochrome
                    ? (unsafe start[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 255 : 0)
                    : unsafe start[column]
            }
        }
        return coverage
    }

    /// A FreeType error code with FreeType's own text for it when the library has one.
    private static func describe(_ error: FT_Error) -> String {
        // SAFETY: FreeType returns a pointer to one of its static, NUL-terminated strings.
        if let text = unsafe FT_Error_String(error) {
            return "FreeType error \(error): \(unsafe String(cString: text))"
        }
        return "FreeType error \(error)"
    }
}
