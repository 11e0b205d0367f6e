/// Downsampling by exact pixel areas: each output pixel is the mean of the part of the source it covers (a box
/// filter whose footprint is the output pixel itself, weighted by overlap), separable into a horizontal and a
/// vertical pass. For a whole ratio (3 to 1) that is the plain mean of 3x3 pixels; for 3 to 2 the weights per
/// axis are 2/3, 1/3 and 1/3, 2/3. On premultiplied linear pixels this is what a camera with larger pixels
/// would have seen, so an icon drawn at 3x and averaged to 1x equals a 1x render with 3x3 times the samples
/// (to float rounding), its thin lines and edges included.
///
/// Cost: O(source pixels · taps) with at most `ceil(ratio) + 1` taps per axis.
enum AreaAverage {
    /// Per output index along one axis: the first source index it covers, and its weights (summing to 1).
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        /// `stride` weights per output index (unused ones are 0).
        var weights: [Float] = []
        var stride = 0

        /// The taps that take `source` samples down to `target` (`0 < target <= source`).
        init(source: Int, target: Int) {
            precondition(target > 0 && target <= source, "area average: \(source) to \(target)")
            let ratio = Double(source) / Double(target)
            stride = Int(ratio.rounded(.up)) + 1
            first.reserveCapacity(target)
            count.reserveCapacity(target)
            weights = [Float](repeating: 0, count: target * stride)
            for i in 0..<target {
                let s = Double(i) * ratio, e = Double(i + 1) * ratio
                let j0 = Int(s.rounded(.down)), j1 = min(source, Int(e.rounded(.up)))
                first.append(j0)
                var n = 0
                for j in j0..<j1 {
                    let overlap = min(Double(j + 1), e) - max(Double(j), s)
                    // A sliver below a millionth of a pixel is float noise in the span ends: skipped.
                    if overlap > 1e-9 { weights[i * stride + (j - j0)] = Float(overlap / ratio); n = j - j0 + 1 }
                }
                count.append(n)
            }
        }
    }

    /// `pixels` (`width` x `height`, row-major) averaged to `newWidth` x `newHeight` (each at most the source's).
    static func resample<T: AreaSample>(_ pixels: [T], width: Int, height: Int, newWidth: Int, newHeight: Int) -> [T] {
        precondition(pixels.count == width * height, "area average: pixel count")
        if newWidth == width && newHeight == height { return pixels }
        let across = Taps(source: width, target: newWidth), down = Taps(source: height, target: newHeight)
        // Horizontal pass: height rows of newWidth.
        var rows = [T](repeating: .zero, count: height * newWidth)
        pixels.withUnsafeBufferPointer { src in
        rows.withUnsafeMutableBufferPointer { out in
        across.weights.withUnsafeBufferPointer { w in
        across.first.withUnsafeBufferPointer { first in
        across.count.withUnsafeBufferPointer { count in
            let stride = across.stride
            for y in 0..<height {
                let row = src.baseAddress! + y * width, outRow = out.baseAddress! + y * newWidth
                for i in 0..<newWidth {
                    let from = row + first[i], wi = w.baseAddress! + i * stride
                    var sum = T.zero
                    for k in 0..<count[i] { sum = sum + from[k].scaled(wi[k]) }
                    outRow[i] = sum
                }
            }
        }}}}}
        // Vertical pass: newHeight rows, each a weighted sum of whole rows.
        var result = [T](repeating: .zero, count: newHeight * newWidth)
        rows.withUnsafeBufferPointer { src in
        result.withUnsafeMutableBufferPointer { out in
        down.weights.withUnsafeBufferPointer { w in
            for i in 0..<newHeight {
                let outRow = out.baseAddress! + i * newWidth
                for k in 0..<down.count[i] {
                    let weight = w[i * down.stride + k], row = src.baseAddress! + (down.first[i] + k) * newWidth
                    for x in 0..<newWidth { outRow[x] = outRow[x] + row[x].scaled(weight) }
                }
            }
        }}}
        return result
    }
}

/// A pixel value that can be averaged: premultiplied colour or a coverage.
protocol AreaSample {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    func scaled(_ w: Float) -> Self
}

extension SIMD4: AreaSample where Scalar == Float {
    @inline(__always) func scaled(_ w: Float) -> SIMD4<Float> { self * w }
}

extension Float: AreaSample {
    @inline(__always) func scaled(_ w: Float) -> Float { self * w }
}

extension LinearImage {
    /// This image averaged down to `width` x `height` (each at most this image's) by exact pixel areas: see
    /// ``AreaAverage``. Premultiplied linear light, so edges and thin lines keep their weight.
    public func areaAveraged(width newWidth: Int, height newHeight: Int) -> LinearImage {
        LinearImage(width: newWidth, height: newHeight,
                    pixels: AreaAverage.resample(pixels, width: width, height: height, newWidth: newWidth, newHeight: newHeight))!
    }
}
