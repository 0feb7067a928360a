/// The printed report: ratios against targets first, then the figures behind them.
enum Report {
    /// Renders the findings and the accuracy details as text.
    static func render(findings: [Finding], details: [String]) -> String {
        var lines = ["RATIOS AND TARGETS (medians of interleaved runs)"]
        let nameWidth = min(64, findings.map(\.name.count).max() ?? 0)
        for finding in findings {
            let verdict =
                switch finding.met {
                case .some(true): "ok  "
                case .some(false): "MISS"
                case nil: "    "
                }
            let value = Format.fixed(finding.value, finding.unit == "files" ? 0 : 2)
            let target = finding.target.isEmpty ? "" : "  target \(finding.target)"
            let note = finding.note.isEmpty ? "" : "  [\(finding.note)]"
            lines.append(
                "  \(verdict) \(Format.pad(finding.name, nameWidth))  \(value) \(finding.unit)"
                    + target + note
            )
        }
        lines.append("")
        lines.append("FIGURES (mediatype | yardstick)")
        for finding in findings {
            let yardstick = finding.yardstick.isEmpty ? "" : "  |  \(finding.yardstick)"
            lines.append("  \(Format.pad(finding.name, nameWidth))  \(finding.subject)\(yardstick)")
        }
        if !details.isEmpty {
            lines.append("")
            lines.append("ACCURACY")
            lines.append(contentsOf: details)
        }
        return lines.joined(separator: "\n")
    }
}
