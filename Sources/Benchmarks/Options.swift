#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bad command line.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// The command line of the benchmark executable.
struct Options {
    /// The groups of measurements.
    enum Section: String, CaseIterable {
        case cold, micro, batch, memory, accuracy, properties
    }

    var mediatype = ".build/release/mediatype"
    var file = "/usr/bin/file"
    var timeTool = "/usr/bin/time"
    var fixtures: String?
    var lists: [ProcessBenchmarks.PathList] = []
    var bigList: ProcessBenchmarks.PathList?
    var oneFile: String?
    /// Media files for the properties comparison, and ffprobe and xargs to run against it.
    var propertiesList: ProcessBenchmarks.PathList?
    var ffprobe = "/usr/bin/ffprobe"
    var xargs = "/usr/bin/xargs"
    /// Other builds of `mediatype` to time on one file: label and path.
    var variants: [(String, String)] = []
    var repetitions = 5
    var coldRuns = 50
    var microRepetitions = 15
    var sampleSize = 8
    var scratch = "/tmp"
    var singleJob = false
    var sections = Set(Section.allCases)
    var help = false

    /// Whether a section is to run.
    func runs(_ section: Section) -> Bool { sections.contains(section) }

    static let usage = """
        USAGE: Benchmarks [options]

        OPTIONS:
          --mediatype PATH        the mediatype executable (.build/release/mediatype)
          --file PATH             the file executable (/usr/bin/file)
          --time PATH             GNU time, for peak memory (/usr/bin/time)
          --fixtures DIR          the Fixtures folder (manifest.json), for accuracy
          --media-list LIST       paths of the replicated fixtures (target 10x file)
          --mixed-list LIST       paths of the mixed tree (target 5x file; accuracy)
          --big-list LIST         many paths, for peak memory
          --one-file PATH         the file for cold-start runs
          --properties-list LIST  media files for classify --properties (target 20x
                                  ffprobe a file, at most 1.5x classify alone)
          --ffprobe PATH          the ffprobe executable (/usr/bin/ffprobe)
          --xargs PATH            the xargs executable (/usr/bin/xargs)
          --variant LABEL=PATH    another mediatype build to time cold (repeatable)
          --repetitions N         interleaved pairs per batch comparison (5)
          --cold-runs N           interleaved pairs per cold-start comparison (50)
          --micro-repetitions N   interleaved pairs per micro-benchmark (15)
          --samples N             disagreements listed per kind (8)
          --scratch DIR           a folder for temporary output (/tmp)
          --single-job            also time batches with --jobs 1
          --only LIST             comma-separated: cold,micro,batch,memory,accuracy,
                                  properties
          -h, --help              this text
        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws(UsageError) -> String {
            guard let next = iterator.next() else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return next
        }
        func number(_ flag: String) throws(UsageError) -> Int {
            let text = try value(flag)
            guard let number = Int(text), number > 0 else {
                throw UsageError(description: "\(flag): '\(text)' is not a positive number")
            }
            return number
        }
        func list(_ name: String, _ flag: String, target: Double) throws(UsageError)
            -> ProcessBenchmarks.PathList
        {
            let path = try value(flag)
            guard let count = lineCount(path) else {
                throw UsageError(description: "\(flag): cannot read '\(path)'")
            }
            return ProcessBenchmarks.PathList(
                name: name,
                path: path,
                count: count,
                targetSpeedup: target
            )
        }
        while let argument = iterator.next() {
            switch argument {
            case "--mediatype": options.mediatype = try value(argument)
            case "--file": options.file = try value(argument)
            case "--time": options.timeTool = try value(argument)
            case "--fixtures": options.fixtures = try value(argument)
            case "--media-list": options.lists.append(try list("media", argument, target: 10))
            case "--mixed-list": options.lists.append(try list("mixed", argument, target: 5))
            case "--big-list": options.bigList = try list("big", argument, target: 0)
            case "--one-file": options.oneFile = try value(argument)
            case "--properties-list":
                options.propertiesList = try list("properties", argument, target: 20)
            case "--ffprobe": options.ffprobe = try value(argument)
            case "--xargs": options.xargs = try value(argument)
            case "--variant":
                let text = try value(argument)
                guard let equals = text.firstIndex(of: "=") else {
                    throw UsageError(description: "--variant: expected LABEL=PATH")
                }
                options.variants.append(
                    (String(text[..<equals]), String(text[text.index(after: equals)...]))
                )
            case "--repetitions": options.repetitions = try number(argument)
            case "--cold-runs": options.coldRuns = try number(argument)
            case "--micro-repetitions": options.microRepetitions = try number(argument)
            case "--samples": options.sampleSize = try number(argument)
            case "--scratch": options.scratch = try value(argument)
            case "--single-job": options.singleJob = true
            case "--only":
                var sections = Set<Section>()
                for name in try value(argument).split(separator: ",") {
                    guard let section = Section(rawValue: String(name)) else {
                        throw UsageError(description: "--only: unknown section '\(name)'")
                    }
                    sections.insert(section)
                }
                options.sections = sections
            case "-h", "--help": options.help = true
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// The number of lines in a file, or nil when it cannot be read.
    private static func lineCount(_ path: String) -> Int? {
        guard let text = try? TextFile.contents(path) else { return nil }
        return text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}

/// Messages on standard error.
enum Log {
    /// A progress note.
    static func progress(_ message: String) { emit("# \(message)\n") }

    /// An error.
    static func error(_ message: String) { emit(message + "\n") }

    private static func emit(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard count > 0 else { return }
                offset += count
            }
        }
    }
}
