/// An RGBA image in premultiplied linear light, the renderer's working format.
///
/// Pixels are row-major, top row first (`y * width + x`); each is `(r·a, g·a, b·a, a)` with colour
/// components in linear light (not sRGB-encoded). Compositing, blurring and resolving all happen in this
/// form, so edges mix as light does and no dark fringes appear. Conversion to sRGB bytes with straight
/// alpha happens once, at encoding (``SRGB/encodeStraight(_:)``).
public struct LinearImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` premultiplied linear RGBA pixels, row-major, top row first.
    public var pixels: [SIMD4<Float>]

    /// A transparent image (every pixel `(0, 0, 0, 0)`). Sizes below zero count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [SIMD4<Float>](repeating: .zero, count: self.width * self.height)
    }

    /// An image with the given pixels; `pixels.count` must equal `width * height`.
    public init?(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The image a render resolved into `pixels` (`width` x `height`, copied out).
    init(width: Int, height: Int, resolved pixels: SharedRows<SIMD4<Float>>) {
        precondition(pixels.width == width && pixels.rows == height, "plane size")
        self.width = width
        self.height = height
        self.pixels = pixels.array()
    }

    /// The pixel at column `x`, row `y` (top row 0), or transparent outside the image.
    @inlinable
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { x >= 0 && y >= 0 && x < width && y < height ? pixels[y * width + x] : .zero }
        set { if x >= 0 && y >= 0 && x < width && y < height { pixels[y * width + x] = newValue } }
    }

    /// The smallest pixel rectangle holding every pixel whose alpha exceeds `threshold`, or `nil` when none does.
    /// O(pixels).
    public func alphaBounds(threshold: Float) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width where p[row + x].w > threshold {
                    if x < minX { minX = x }
                    if x > maxX { maxX = x }
                    if y < minY { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// An integer rectangle of pixels (`x`, `y` is the top-left pixel).
public struct PixelRect: Sendable, Equatable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle's centre in pixel coordinates (pixel `i` spans `i ..< i + 1`).
    public var center: SIMD2<Float> { SIMD2(Float(x) + Float(width) / 2, Float(y) + Float(height) / 2) }
}
