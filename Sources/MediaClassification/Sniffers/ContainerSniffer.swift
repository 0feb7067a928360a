// Placeholder until the real sniffer lands.

/// A structural sniffer (placeholder that decides nothing).
package enum ContainerSniffer {
    /// Decides nothing yet.
    package static func sniff(_ input: SniffInput) -> SniffResult? { nil }
}
