/// The command line.
struct Arguments {
    var fixtures: String?
    var iterations = 15
    var objects = 20_000
    var workload: String?
    var direction: Direction?
    var contender: Contender?
    var repetitions: Int?
    var measuresMemory = true
    var memoryProbe: (subject: MemoryProbe.Subject, jsonFile: String)?
    var memoryPayload = MemoryProbe.Payload.demo
    /// The size of the generated file of the records workload, in MB.
    var recordsMegabytes = 16

    /// The small objects of the array workload: ten for each generated Demo object, so that
    /// `--objects` scales both workloads.
    var smallObjects: Int { objects * 10 }

    /// The size of each document of the API workload: 4 MB for the default 20,000 generated
    /// objects, so that `--objects` scales it too.
    var apiDocumentBytes: Int { (4 << 20) * objects / 20_000 }

    /// The size of each document of the shapes workload: 2 MB for the default 20,000 generated
    /// objects, so that `--objects` scales it too.
    var shapeDocumentBytes: Int { (2 << 20) * objects / 20_000 }

    static let usage = """
        usage: modelkit-benchmark [--fixtures DIR] [--iterations N] [--objects N]
                                  [--workload demo|array|records|github|weibo|api|shapes|partial]
                                  [--direction DIRECTION] [--contender NAME] [--repetitions N]
                                  [--no-memory] [--records-size-mb N]

          --fixtures DIR   also measure DIR/github-user.json and DIR/weibo.json, and the API
                           payloads: DIR/github-organization.json, github-search-issues.json,
                           stripe-invoice.json and stripe-checkout-session.json
          --iterations N   samples per measurement; the median is reported (default 15)
          --objects N      generated objects in the Demo workload (default 20000), ten
                           times as many small objects in the array workload, API
                           payload documents of N / 5000 MB (4 MB by default) and shapes
                           documents of N / 10000 MB (2 MB by default)
          --workload NAME  measure one workload only; api measures the four API payloads,
                           and a payload's file name without .json measures that one;
                           shapes measures a generated document for each of 54 shapes
                           (path depth 1-3, 0, 8 or 32 undeclared keys, further fields),
                           against JSONDecoder and JSONEncoder, and shapes-PREFIX the
                           shapes whose name begins with PREFIX (shapes-d3,
                           shapes-d2-s32, shapes-d1-s8-union); partial streams a
                           language model's answer (10 KB, 100 KB, 1 MB) through
                           PartialLoader in pieces of 64, 16 and 1 bytes against
                           init(json:) of the whole, and beside it completes the
                           text after each piece for JSONDecoder, and partial-N
                           the rows in pieces of N bytes (partial-1, partial-1024)
          --direction D    measure one direction only: json-to-model,
                           json-to-model-foundation (with LoadOptions.foundationReader),
                           model-to-json, model-to-json-foundation (with
                           WriteOptions.foundationWriter), dictionary-to-model,
                           model-to-dictionary, merge-patch, snapshot or
                           set-with-undo
          --contender C    time one contender only, for profiling: modelkit, codable,
                           hand-written, parse, write, whole-document, json-and-back or
                           without-history; with the records workload, modelkit streams
                           the file only; with the partial workload, modelkit times
                           PartialLoader alone and codable the completed prefixes
                           alone, without the whole reads
          --repetitions N  operations per sample, instead of enough to last 20 ms: gives
                           repeatable instruction counts under a profiler
          --no-memory      skip the memory measurements
          --records-size-mb N
                           the size of the generated file that the records workload
                           streams (default 16); the bars hold at 1024
        """

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(_ option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchmarkError("\(option) needs a value") }
            return value
        }
        func count(_ option: String) throws -> Int {
            guard let number = Int(try value(option)), number > 0 else {
                throw BenchmarkError("\(option) needs a positive whole number")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--fixtures": fixtures = try value(argument)
            case "--iterations": iterations = try count(argument)
            case "--objects": objects = try count(argument)
            case "--workload": workload = try value(argument).lowercased()
            case "--direction":
                let name = try value(argument)
                guard let match = Direction.allCases.first(where: { $0.option == name }) else {
                    throw BenchmarkError("unknown direction \(name)")
                }
                direction = match
            case "--contender":
                let name = try value(argument)
                guard let match = Contender.allCases.first(where: { $0.option == name }) else {
                    throw BenchmarkError("unknown contender \(name)")
                }
                contender = match
            case "--repetitions": repetitions = try count(argument)
            case "--no-memory": measuresMemory = false
            case "--records-size-mb": recordsMegabytes = try count(argument)
            case "--memory-probe":
                let name = try value(argument)
                guard let subject = MemoryProbe.Subject.allCases.first(where: { $0.option == name }) else {
                    throw BenchmarkError("unknown memory probe \(name)")
                }
                memoryProbe = (subject, try value(argument))
            case "--memory-payload":
                let name = try value(argument)
                guard let payload = MemoryProbe.Payload(option: name) else {
                    throw BenchmarkError("unknown memory payload \(name)")
                }
                memoryPayload = payload
            case "--help", "-h":
                print(Self.usage)
                throw ExitRequest()
            default:
                throw BenchmarkError("unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }
}

/// Thrown after `--help` has printed the usage.
struct ExitRequest: Error {}
