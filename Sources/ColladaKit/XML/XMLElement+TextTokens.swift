extension XMLElement {
    /// The element's text split at XML white space, read from the raw bytes. A token equal to the
    /// one before it shares its `String` (interpolation arrays repeat `LINEAR` thousands of times),
    /// so a `Name_array` costs one byte compare per repeated token instead of a new string.
    func textTokens() -> [String] {
        withTextBytes { b -> [String] in
            guard let base = b.baseAddress else { return [] }
            var out: [String] = []
            var previousStart = 0, previousCount = -1
            var previous = ""
            var i = 0
            let n = b.count
            while true {
                while i < n && isXMLWhiteSpace(base[i]) { i += 1 }
                if i >= n { break }
                let start = i
                while i < n && !isXMLWhiteSpace(base[i]) { i += 1 }
                let count = i - start
                var same = count == previousCount
                var k = 0
                while same && k < count { same = base[start + k] == base[previousStart + k]; k += 1 }
                if !same {
                    previous = String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
                    previousStart = start
                    previousCount = count
                }
                out.append(previous)
            }
            return out
        }
    }
}
