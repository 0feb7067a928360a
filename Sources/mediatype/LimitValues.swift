import MediaClassification

/// The values of `accepts`' limit options: durations, pixel counts, dimensions and sizes, as
/// a person writes them.
enum LimitValues {
    /// A decimal number as written: its digits without the point, and how many followed it.
    private struct Decimal {
        var digits: Int
        var fractionDigits: Int

        /// The number times 10^exponent, rounded to the nearest whole number; nil on overflow.
        func scaled(byPowerOfTen exponent: Int) -> Int? {
            var value = digits
            var shift = exponent - fractionDigits
            while shift > 0 {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = product
                shift -= 1
            }
            while shift < 0 {
                value = value / 10 + (value % 10 >= 5 ? 1 : 0)
                shift += 1
            }
            return value
        }

        var double: Double {
            var value = Double(digits)
            for _ in 0..<fractionDigits { value /= 10 }
            return value
        }
    }

    /// Reads `123` or `1.5`: digits, at most one point, digits on at least one side; no sign,
    /// exponent, `inf` or `nan`.
    private static func decimal(_ text: Substring) -> Decimal? {
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        for character in text {
            if character == "." {
                guard !sawPoint else { return nil }
                sawPoint = true
                continue
            }
            guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
            let (product, overflow) = digits.multipliedReportingOverflow(by: 10)
            guard !overflow, product <= Int.max - digit else { return nil }
            digits = product + digit
            sawDigit = true
            if sawPoint { fractionDigits += 1 }
        }
        return sawDigit ? Decimal(digits: digits, fractionDigits: fractionDigits) : nil
    }

    /// Splits `1.5m` into `1.5` and `m`.
    private static func numberAndUnit(_ text: String) -> (Substring, String) {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        return (number, String(text[number.endIndex...]).lowercased())
    }

    /// `--max-duration`: `30` or `30s` (seconds), `2m`, `1.5m`, `1h`.
    /// - Returns: Seconds.
    static func duration(_ text: String) throws(UsageError) -> Double {
        let (number, unit) = numberAndUnit(text)
        let factors: [String: Double] = ["": 1, "s": 1, "m": 60, "h": 3600]
        guard let value = decimal(number), let factor = factors[unit] else {
            throw UsageError(
                message:
                    "--max-duration takes a duration such as 30, 30s, 1.5m or 1h, not '\(text)'",
                command: "accepts"
            )
        }
        return value.double * factor
    }

    /// `--max-pixels`: `12000000`, `12M`, `8.3MP`, `500K`.
    /// - Returns: The pixel count.
    static func pixels(_ text: String) throws(UsageError) -> Int {
        let (number, unit) = numberAndUnit(text)
        let exponents = ["": 0, "k": 3, "m": 6, "mp": 6]
        guard let value = decimal(number), let exponent = exponents[unit],
            let count = value.scaled(byPowerOfTen: exponent), count > 0
        else {
            throw UsageError(
                message:
                    "--max-pixels takes a pixel count such as 12000000, 12M or 8.3MP, not '\(text)'",
                command: "accepts"
            )
        }
        return count
    }

    /// `--max-width`, `--max-height`: a whole number of pixels, `px` allowed after it.
    /// - Returns: Pixels.
    static func dimension(_ text: String, option: String) throws(UsageError) -> Int {
        let (number, unit) = numberAndUnit(text)
        guard let value = decimal(number), value.fractionDigits == 0, unit == "" || unit == "px",
            value.digits > 0
        else {
            throw UsageError(
                message: "\(option) takes a whole number of pixels such as 1920, not '\(text)'",
                command: "accepts"
            )
        }
        return value.digits
    }

    /// `--max-size`: a size in bytes.
    ///
    /// Bytes (`123`, `123B`), decimal units (`10KB`, `10MB`, `1.5GB`, `TB`) or binary ones
    /// (`5KiB`, `5MiB`, `GiB`, `TiB`). A bare `10M` is refused: it could mean either.
    /// - Returns: Bytes.
    static func size(_ text: String) throws(UsageError) -> UInt64 {
        let (number, unit) = numberAndUnit(text)
        let decimalUnits = ["": 0, "b": 0, "kb": 3, "mb": 6, "gb": 9, "tb": 12]
        let binaryUnits = ["kib": 10, "mib": 20, "gib": 30, "tib": 40]
        let bad = UsageError(
            message: "--max-size takes a size such as 123, 10MB or 5MiB, not '\(text)'"
                + (["k", "m", "g", "t"].contains(unit)
                    ? " (write \(text)B for powers of 1000 or \(text)iB for powers of 1024)"
                    : ""),
            command: "accepts"
        )
        guard let value = decimal(number) else { throw bad }
        if let exponent = decimalUnits[unit] {
            guard let bytes = value.scaled(byPowerOfTen: exponent) else { throw bad }
            return UInt64(bytes)
        }
        guard let shift = binaryUnits[unit],
            let whole = value.scaled(byPowerOfTen: 0), whole < (1 << (62 - shift))
        else { throw bad }
        // Exact for whole numbers; a fraction is scaled through its decimal digits.
        guard value.fractionDigits > 0 else { return UInt64(whole) << UInt64(shift) }
        let scaled = value.double * Double(UInt64(1) << UInt64(shift))
        return UInt64(scaled.rounded())
    }
}
