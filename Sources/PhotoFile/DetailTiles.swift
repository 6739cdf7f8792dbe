/// Detail on demand for a zoomed photo: which tiles of the picture to
/// decode so that what is on screen comes from pixels at least as fine as
/// the screen's, up to the photo's own. The picture is cut at a level (the
/// photo decoded at 1/1, 1/2, 1/4 or 1/8 of its size, libjpeg's scales)
/// into square tiles of `side` pixels of that level; the tiles that meet
/// the visible part are wanted, the one nearest its centre first. A JPEG
/// decodes each tile's region itself (libjpeg's scaled, cropped decoding);
/// any other photo is decoded whole at its own size once and its tiles are
/// cut from that picture (`sourceRegion`), at the same levels.
public enum DetailTiles {
    /// A tile's side in pixels of its level: 1 MiB... 4 MiB of RGBA, small
    /// beside any GPU's largest texture (4096 on small boards), few enough
    /// that a 4x view of a 12 MP photo is about four of them.
    public static let side = 1024
    /// A tile reaches the screen a band of this many rows at a time, one
    /// texture each, so a frame uploads half a MiB of it at most: a new
    /// texture's memory is what costs (about 0.75 ms a MiB on the software
    /// renderer, where a whole 4 MiB tile took 3-5 ms of one frame).
    public static let bandRows = 128
    /// The levels, as the denominator of the scale.
    public static let levels = [1, 2, 4, 8]

    /// One tile: its level (denominator) and its place in that level's grid.
    public struct Tile: Hashable, Sendable {
        public var level: Int
        public var column: Int
        public var row: Int

        /// The pixels it covers in its level's picture (the last row and
        /// column are cut by the picture's edge), as x, y, width, height.
        public func region(full: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
            let size = DetailTiles.levelSize(full: full, level: level)
            let x = column * DetailTiles.side, y = row * DetailTiles.side
            return (x, y, max(0, min(DetailTiles.side, size.width - x)), max(0, min(DetailTiles.side, size.height - y)))
        }

        /// The pixels it covers in the whole picture at its own size (the
        /// photo decoded whole, cut into tiles): its region `level` times as
        /// large, cut by the picture's edge. Shrunk by `level`, that is the tile.
        public func sourceRegion(full: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
            let r = region(full: full)
            let x = r.x * level, y = r.y * level
            return (x, y, max(0, min(r.width * level, full.width - x)), max(0, min(r.height * level, full.height - y)))
        }

        /// The part of the whole picture it covers, in 0...1 coordinates.
        public func bounds(full: (width: Int, height: Int)) -> (x: Double, y: Double, width: Double, height: Double) {
            let size = DetailTiles.levelSize(full: full, level: level), r = region(full: full)
            return (Double(r.x) / Double(size.width), Double(r.y) / Double(size.height),
                    Double(r.width) / Double(size.width), Double(r.height) / Double(size.height))
        }

        /// How many bands of `bandRows` rows it is uploaded in (none when empty).
        public func bandCount(full: (width: Int, height: Int)) -> Int { DetailTiles.bandCount(height: region(full: full).height) }

        /// Band `band`'s rows, in the tile's own pixels (the last band is cut by the tile's edge).
        public func bandRows(_ band: Int, full: (width: Int, height: Int)) -> Range<Int> {
            DetailTiles.rows(ofBand: band, height: region(full: full).height)
        }

        /// The part of the whole picture band `band` covers, in 0...1 coordinates.
        public func bounds(full: (width: Int, height: Int), band: Int) -> (x: Double, y: Double, width: Double, height: Double) {
            let size = DetailTiles.levelSize(full: full, level: level), r = region(full: full), rows = bandRows(band, full: full)
            return (Double(r.x) / Double(size.width), Double(r.y + rows.lowerBound) / Double(size.height),
                    Double(r.width) / Double(size.width), Double(rows.count) / Double(size.height))
        }
    }

    /// How many bands a tile of `height` rows is uploaded in.
    public static func bandCount(height: Int) -> Int { (max(0, height) + bandRows - 1) / bandRows }

    /// The rows of band `band` of a tile `height` rows high (the last one cut by its edge).
    public static func rows(ofBand band: Int, height: Int) -> Range<Int> {
        min(height, max(0, band) * bandRows)..<min(height, (max(0, band) + 1) * bandRows)
    }

    /// The size of the picture decoded at 1/`level` (libjpeg rounds up).
    public static func levelSize(full: (width: Int, height: Int), level: Int) -> (width: Int, height: Int) {
        ((full.width + level - 1) / level, (full.height + level - 1) / level)
    }

    /// The coarsest level still at least as fine as the screen, when the
    /// whole picture is drawn `covering` pixels wide; 1 past the photo's own.
    public static func level(full: (width: Int, height: Int), covering: Double) -> Int {
        guard covering.isFinite else { return 1 }
        return levels.last { Double(levelSize(full: full, level: $0).width) >= covering } ?? 1
    }

    /// Whether a picture decoded `decodedWidth` pixels wide is coarser than
    /// the screen (by more than a few percent) where the whole picture is
    /// `covering` pixels wide, and the photo has finer pixels to give.
    public static func needed(decodedWidth: Int, fullWidth: Int, covering: Double) -> Bool {
        Double(decodedWidth) < covering * 0.95 && decodedWidth < fullWidth
    }

    /// Whether a photo of `full` pixels may be held whole (RGBA, 4 bytes a
    /// pixel) to cut its tiles from, under a texture budget of `budgetBytes`:
    /// at most three quarters of it, so the strip and the window-sized
    /// picture keep room beside it. A 12 MP photo (46 MiB) fits the default
    /// 256 MiB and a 64 MiB budget; a 100 MP one needs 512 MiB.
    public static func canHoldWhole(full: (width: Int, height: Int), budgetBytes: Int) -> Bool {
        full.width > 0 && full.height > 0 && full.width * full.height * 4 <= budgetBytes / 4 * 3
    }

    /// The tiles of `level` that meet `visible` (0...1 coordinates of the
    /// whole picture), nearest its centre first.
    public static func wanted(full: (width: Int, height: Int), level: Int,
                              visible: (x: Double, y: Double, width: Double, height: Double)) -> [Tile] {
        let size = levelSize(full: full, level: level)
        guard size.width > 0, size.height > 0, [visible.x, visible.y, visible.width, visible.height].allSatisfy(\.isFinite),
              visible.width > 0, visible.height > 0 else { return [] }
        let columns = (size.width + side - 1) / side, rows = (size.height + side - 1) / side
        func index(_ t: Double, _ pixels: Int, _ count: Int) -> Int { min(count - 1, max(0, Int(min(max(t, 0), 1) * Double(pixels)) / side)) }
        let c0 = index(visible.x, size.width, columns), c1 = index(visible.x + visible.width - 1e-9, size.width, columns)
        let r0 = index(visible.y, size.height, rows), r1 = index(visible.y + visible.height - 1e-9, size.height, rows)
        guard c0 <= c1, r0 <= r1 else { return [] }
        let centre = ((visible.x + visible.width / 2) * Double(size.width), (visible.y + visible.height / 2) * Double(size.height))
        var tiles: [(Tile, Double)] = []
        for row in r0...r1 {
            for column in c0...c1 {
                let dx = (Double(column) + 0.5) * Double(side) - centre.0, dy = (Double(row) + 0.5) * Double(side) - centre.1
                tiles.append((Tile(level: level, column: column, row: row), dx * dx + dy * dy))
            }
        }
        return tiles.sorted { $0.1 < $1.1 }.map(\.0)
    }
}
