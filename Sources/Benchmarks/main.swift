// Benchmarks: mediatype side by side with `file --mime-type -b` and with plain Swift
// collections, in one run. `Scripts/benchmark.sh` prepares the file sets and runs this.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The very first thing: how long the built-in registry takes to be ready in a fresh process.
let firstUse = RegistryBenchmarks.measureFirstUse()

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Log.error("Benchmarks: \(error)\n\n\(Options.usage)")
    exit(64)
}
if options.help {
    print(Options.usage)
    exit(0)
}

var findings: [Finding] = []
var details: [String] = []
var fileOneFileCPU: Double?

do {
    let processes = ProcessBenchmarks(
        mediatype: options.mediatype,
        file: options.file,
        repetitions: options.repetitions,
        coldRuns: options.coldRuns
    )
    if options.runs(.cold), let oneFile = options.oneFile {
        Log.progress("cold start: \(options.coldRuns) interleaved runs of each pair")
        let (classify, _, fileCPU) = try processes.coldStart(
            "cold: classify one file vs file, one file",
            arguments: [options.mediatype, "classify", oneFile],
            oneFile: oneFile
        )
        findings.append(classify)
        fileOneFileCPU = fileCPU
        let (info, _, _) = try processes.coldStart(
            "cold: info public.item vs file, one file",
            arguments: [options.mediatype, "info", "public.item"],
            oneFile: oneFile
        )
        findings.append(info)
        // Other builds are figures beside the target, not the target: it is met or missed by
        // the binary under test (`--mediatype`).
        for (label, binary) in options.variants {
            let (variant, _, _) = try processes.coldStart(
                "cold: classify one file [\(label)] vs file",
                arguments: [binary, "classify", oneFile],
                oneFile: oneFile,
                judged: false
            )
            findings.append(variant)
        }
    }
    if options.runs(.micro) {
        Log.progress(
            "registry micro-benchmarks: \(options.microRepetitions) interleaved pairs each"
        )
        let registry = RegistryBenchmarks(repetitions: options.microRepetitions)
        findings.append(
            contentsOf: registry.run(firstUse: firstUse, fileOneFileCPU: fileOneFileCPU)
        )
    }
    if options.runs(.batch) {
        for list in options.lists {
            Log.progress("batch \(list.name): \(options.repetitions) interleaved pairs")
            findings.append(try processes.batch(list))
            if options.singleJob {
                findings.append(try processes.batch(list, extra: ["--jobs", "1"]))
            }
        }
    }
    if options.runs(.properties), let list = options.propertiesList {
        Log.progress("properties on \(list.count) media files: \(options.repetitions) pairs each")
        findings.append(
            contentsOf: try processes.properties(
                list,
                ffprobe: options.ffprobe,
                xargs: options.xargs
            )
        )
    }
    if options.runs(.memory), let big = options.bigList {
        Log.progress("peak memory on \(big.count) paths")
        findings.append(
            try processes.peakMemory(
                big,
                reference: options.lists.first,
                timeTool: options.timeTool,
                scratch: options.scratch
            )
        )
        // --json writes its array as the objects come, so it stays bounded too (issue 17).
        findings.append(
            try processes.peakMemory(
                big,
                reference: nil,
                timeTool: options.timeTool,
                scratch: options.scratch,
                format: ["--json"],
                limit: 32
            )
        )
    }
    if options.runs(.accuracy) {
        let accuracy = Accuracy(
            file: options.file,
            scratch: options.scratch + "/benchmarks-output",
            sampleSize: options.sampleSize
        )
        if let fixtures = options.fixtures {
            Log.progress("accuracy on the fixtures")
            let (finding, lines) = try accuracy.fixtures(folder: fixtures)
            findings.append(finding)
            details.append(contentsOf: lines)
        }
        if let mixed = options.lists.first(where: { $0.name == "mixed" }) {
            Log.progress("accuracy on the mixed tree")
            details.append(contentsOf: try accuracy.mixedTree(listPath: mixed.path))
        }
    }
} catch {
    Log.error("Benchmarks: \(error)")
    exit(1)
}

print(Report.render(findings: findings, details: details))
