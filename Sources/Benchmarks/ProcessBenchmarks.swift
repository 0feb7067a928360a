#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-process comparisons with `file --mime-type -b`: batch throughput, cold start, memory.
struct ProcessBenchmarks {
    /// The `mediatype` executable.
    var mediatype: String
    /// The `file` executable.
    var file: String
    /// Interleaved repetitions of each batch pair.
    var repetitions: Int
    /// Interleaved runs of each cold-start pair.
    var coldRuns: Int

    /// A batch of paths in a list file, one a line.
    struct PathList {
        /// A short name for the report.
        var name: String
        /// The list file.
        var path: String
        /// The number of paths in it.
        var count: Int
        /// The speed-up over `file` the issue asks for.
        var targetSpeedup: Double
    }

    /// Wall and CPU times of interleaved runs of two commands.
    struct Measured {
        /// Wall times, mediatype against `file`.
        var wall = Pair()
        /// User + system CPU times, mediatype against `file`.
        var cpu = Pair()
    }

    /// Runs both commands once untimed (to warm the page cache), then `repetitions` interleaved
    /// pairs, alternating which goes first.
    static func measure(
        _ subject: [String],
        against yardstick: [String],
        repetitions: Int
    ) throws(ChildError) -> Measured {
        _ = try ChildProcess.run(subject)
        _ = try ChildProcess.run(yardstick)
        var measured = Measured()
        for repetition in 0..<repetitions {
            for subjectTurn in repetition % 2 == 0 ? [true, false] : [false, true] {
                let run = try ChildProcess.run(subjectTurn ? subject : yardstick)
                if subjectTurn {
                    measured.wall.subject.append(run.wallNanoseconds)
                    measured.cpu.subject.append(run.cpuNanoseconds)
                } else {
                    measured.wall.yardstick.append(run.wallNanoseconds)
                    measured.cpu.yardstick.append(run.cpuNanoseconds)
                }
            }
        }
        return measured
    }

    /// Times `mediatype classify --files-from LIST` against `file --mime-type -b -f LIST`.
    func batch(_ list: PathList, extra: [String] = []) throws(ChildError) -> Finding {
        let measured = try Self.measure(
            [mediatype, "classify"] + extra + ["--files-from", list.path],
            against: [file, "--mime-type", "-b", "-f", list.path],
            repetitions: repetitions
        )
        let speedup = 1 / measured.wall.pairedRatio
        let cpuSpeedup = 1 / measured.cpu.pairedRatio
        func figures(_ wall: Double, _ cpu: Double) -> String {
            let rate = Format.fixed(Double(list.count) / (wall / 1e9), 0)
            return "\(Format.duration(wall)) wall (\(rate) files/s), \(Format.duration(cpu)) CPU"
        }
        let options = extra.isEmpty ? "" : ", " + extra.joined(separator: " ")
        return Finding(
            name: "batch \(list.name) (\(list.count) paths\(options))",
            subject: figures(measured.wall.subjectMedian, measured.cpu.subjectMedian),
            yardstick: figures(measured.wall.yardstickMedian, measured.cpu.yardstickMedian),
            value: speedup,
            unit: "x file's throughput",
            target: list.targetSpeedup > 0 ? ">= \(Format.fixed(list.targetSpeedup, 0))" : "",
            met: list.targetSpeedup > 0 ? speedup >= list.targetSpeedup : nil,
            note: "CPU time: \(Format.fixed(cpuSpeedup, 2))x less"
        )
    }

    /// Times one whole process of `arguments` against `file --mime-type -b ONE`, interleaved.
    ///
    /// - Parameters:
    ///   - name: The finding's name.
    ///   - arguments: The process to time, program first.
    ///   - oneFile: The file `file` is given.
    ///   - judged: Whether the finding is held to the target (no slower than `file`); other
    ///     builds are figures beside it.
    /// - Returns: The finding and `file`'s medians (wall and CPU, in nanoseconds).
    /// - Throws: ``ChildError`` when a process cannot be run.
    func coldStart(
        _ name: String,
        arguments: [String],
        oneFile: String,
        judged: Bool = true
    ) throws(ChildError) -> (Finding, wall: Double, cpu: Double) {
        let measured = try Self.measure(
            arguments,
            against: [file, "--mime-type", "-b", oneFile],
            repetitions: coldRuns
        )
        let ratio = measured.wall.pairedRatio
        let finding = Finding(
            name: name,
            subject: "\(Format.duration(measured.wall.subjectMedian)) wall, "
                + "\(Format.duration(measured.cpu.subjectMedian)) CPU",
            yardstick: "\(Format.duration(measured.wall.yardstickMedian)) wall, "
                + "\(Format.duration(measured.cpu.yardstickMedian)) CPU",
            value: ratio,
            unit: "x file's wall time",
            target: judged ? "<= 1.00" : "",
            met: judged ? ratio <= 1.0 : nil,
            note: "CPU time: \(Format.fixed(measured.cpu.pairedRatio, 2))x"
        )
        return (finding, measured.wall.yardstickMedian, measured.cpu.yardstickMedian)
    }

    /// Peak resident memory of `mediatype classify --files-from LIST` over many paths, and of
    /// `file -f` over a reference list, each measured by `/usr/bin/time`.
    ///
    /// The `ru_maxrss` that `wait4` gives for a child started with `posix_spawn` can be this
    /// process's own peak (the child shares its memory until `exec`, and the kernel keeps the
    /// larger figure), so a small program between the two is needed: `time` forks the command
    /// from its own small image.
    func peakMemory(
        _ list: PathList,
        reference: PathList?,
        timeTool: String,
        scratch: String,
        format: [String] = [],
        limit: Double = 64
    ) throws(ChildError) -> Finding {
        func peak(_ arguments: [String]) throws(ChildError) -> (kibibytes: Int, run: ChildRun) {
            let output = scratch + "/peak-rss"
            defer { unlink(output) }
            let run = try ChildProcess.run([timeTool, "-f", "%M", "-o", output] + arguments)
            let text = try TextFile.lines(output).last ?? ""
            guard let kibibytes = Int(text) else {
                throw ChildError(description: "\(timeTool) wrote '\(text)', not a size in KiB")
            }
            return (kibibytes, run)
        }
        let ours = try peak([mediatype, "classify"] + format + ["--files-from", list.path])
        let mebibytes = Double(ours.kibibytes) / 1024
        var yardstick = ""
        if let reference {
            let theirs = try peak([file, "--mime-type", "-b", "-f", reference.path])
            let mediatypeThere = try peak([mediatype, "classify", "--files-from", reference.path])
            yardstick =
                "on \(reference.count) paths: file \(Format.fixed(Double(theirs.kibibytes) / 1024, 1)) MiB, "
                + "mediatype \(Format.fixed(Double(mediatypeThere.kibibytes) / 1024, 1)) MiB"
        }
        return Finding(
            name:
                "peak RSS, classify \(format.map { $0 + " " }.joined())--files-from "
                + "(\(list.count) paths)",
            subject:
                "\(Format.fixed(mebibytes, 1)) MiB; \(Format.duration(ours.run.wallNanoseconds)) "
                + "wall, \(Format.duration(ours.run.cpuNanoseconds)) CPU, exit status \(ours.run.status)",
            yardstick: yardstick,
            value: mebibytes,
            unit: "MiB",
            target: "< \(Int(limit))",
            met: mebibytes < limit
        )
    }
}

extension ProcessBenchmarks {
    /// `classify --properties` on a batch of media files, against ffprobe run once a file
    /// (through `xargs -n 1`, as a script would) and against `classify` alone.
    ///
    /// - Parameters:
    ///   - list: Media files (images, audio, movies).
    ///   - ffprobe: The ffprobe executable.
    ///   - xargs: The xargs executable.
    /// - Returns: The speed-up over ffprobe (target 20x) and the cost over plain `classify`
    ///   (target at most 1.5x its time).
    /// - Throws: ``ChildError`` when a process cannot be run.
    func properties(
        _ list: PathList,
        ffprobe: String,
        xargs: String
    ) throws(ChildError) -> [Finding] {
        let withProperties = [mediatype, "classify", "--properties", "--files-from", list.path]
        let probe = try Self.measure(
            withProperties,
            against: [
                xargs, "-a", list.path, "-d", "\n", "-n", "1", ffprobe, "-v", "error",
                "-show_streams", "-show_format",
            ],
            repetitions: repetitions
        )
        let alone = try Self.measure(
            withProperties,
            against: [mediatype, "classify", "--files-from", list.path],
            repetitions: repetitions
        )
        func wall(_ pair: Pair) -> (String, String) {
            (Format.duration(pair.subjectMedian), Format.duration(pair.yardstickMedian))
        }
        let speedup = 1 / probe.wall.pairedRatio
        let cost = alone.wall.pairedRatio
        return [
            Finding(
                name: "properties: classify --properties vs ffprobe a file (\(list.count) files)",
                subject: wall(probe.wall).0 + " wall",
                yardstick: "ffprobe -show_streams -show_format, one process a file: "
                    + wall(probe.wall).1 + " wall",
                value: speedup,
                unit: "x ffprobe's throughput",
                target: ">= 20",
                met: speedup >= 20,
                note: "CPU time: \(Format.fixed(1 / probe.cpu.pairedRatio, 1))x less"
            ),
            Finding(
                name: "properties: classify --properties vs classify (\(list.count) files)",
                subject: wall(alone.wall).0 + " wall",
                yardstick: "classify alone: " + wall(alone.wall).1 + " wall",
                value: cost,
                unit: "x classify's wall time",
                target: "<= 1.50",
                met: cost <= 1.5,
                note: "CPU time: \(Format.fixed(alone.cpu.pairedRatio, 2))x"
            ),
        ]
    }
}
