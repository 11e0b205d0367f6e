extension Duration {
    /// The duration in milliseconds (attosecond precision folded into a `Double`).
    package var milliseconds: Double {
        let c = components
        return Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
    }
}
