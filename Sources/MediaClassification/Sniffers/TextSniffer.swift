// Placeholder until the real sniffer lands.

/// A structural sniffer (placeholder that decides nothing).
package enum TextSniffer {
    /// Decides nothing yet.
    package static func sniff(_ input: SniffInput) -> SniffResult? { nil }
}
