import Foundation
import ModelKit

/// Runs the workloads the arguments ask for and prints the table.
struct Benchmark {
    let arguments: Arguments

    /// The seed of the generated objects, so that every run measures the same data.
    static let seed: UInt64 = 0x4D6F_6465_6C4B_6974

    func run() throws {
        let demoJSON = try makeDemoJSON()
        var workloads: [Workload] = []
        if selects("demo") {
            var demo = try Workload.make(
                name: "Demo ×\(arguments.objects.formatted())", json: demoJSON,
                model: ModelLoader(
                    fromJSON: { try DemoCatalog(json: $0, options: $1) },
                    fromDictionary: { try DemoCatalog(dictionary: $0) }),
                twin: Plain.DemoCatalog.self, isGenerated: true)
            try demo.addMergePatches()
            try demo.addSnapshots()
            workloads.append(demo)
        }
        let smallObjects = selects("array") ? try Workload.makeSmallObjects(count: arguments.smallObjects) : nil
        if let smallObjects { workloads.append(smallObjects) }
        if let folder = arguments.fixtures {
            let directory = URL(fileURLWithPath: folder)
            try WeiboDateCheck.run()
            if selects("github") {
                let json = try Data(contentsOf: directory.appendingPathComponent("github-user.json"))
                workloads.append(
                    try Workload.make(
                        name: "GitHub user", json: json,
                        model: ModelLoader(
                            fromJSON: { try GitHubUser(json: $0, options: $1) },
                            fromDictionary: { try GitHubUser(dictionary: $0) }),
                        twin: Plain.GitHubUser.self))
            }
            if selects("weibo") {
                let json = try Data(contentsOf: directory.appendingPathComponent("weibo.json"))
                workloads.append(
                    try Workload.make(
                        name: "Weibo status", json: json,
                        model: ModelLoader(
                            fromJSON: { try WeiboStatus(json: $0, options: $1) },
                            fromDictionary: { try WeiboStatus(dictionary: $0) }),
                        twin: Plain.WeiboStatus.self))
            }
        }
        var rows: [Row] = []
        for workload in workloads {
            for direction in Direction.allCases
            where workload.operations[direction] != nil
                && (arguments.direction == nil || arguments.direction == direction)
            {
                rows.append(try measure(workload, direction))
            }
        }
        print(header(demoBytes: demoJSON.count, smallObjectBytes: smallObjects?.json.count))
        print(Table.render(rows))
        var results = rows.map(\.meetsBar)
        if arguments.measuresMemory && selects("demo") {
            let memory = try MemoryReport.measure(json: demoJSON, objects: arguments.objects)
            print()
            print(memory.description)
            if let meetsBar = memory.meetsBar { results.append(meetsBar) }
        }
        if arguments.measuresMemory, let smallObjects {
            let memory = try MemoryReport.measure(
                json: smallObjects.json, objects: arguments.smallObjects, payload: .smallArray)
            print()
            print(memory.description)
            if let meetsBar = memory.meetsBar { results.append(meetsBar) }
        }
        let missed = results.filter { !$0 }.count
        print()
        print(missed == 0 ? "All \(results.count) bars met." : "\(missed) of \(results.count) bars missed.")
    }

    private func selects(_ workload: String) -> Bool {
        arguments.workload == nil || arguments.workload == workload
    }

    private func makeDemoJSON() throws -> Data {
        var generator = DemoGenerator(seed: Self.seed)
        return try generator.makeCatalog(count: arguments.objects).jsonData(options: .compact)
    }

    private func measure(_ workload: Workload, _ direction: Direction) throws -> Row {
        let operations = workload.operations[direction] ?? [:]
        let contenders = Contender.allCases.filter {
            operations[$0] != nil && (arguments.contender == nil || arguments.contender == $0)
        }
        let bodies = contenders.compactMap { operations[$0] }
        FileHandle.standardError.write(Data("measuring \(workload.name), \(direction.rawValue)…\n".utf8))
        let repetitions = try arguments.repetitions ?? Measurement.repetitions(toFill: 0.02, bodies.first ?? {})
        let medians = try Measurement.medians(rounds: arguments.iterations, repetitions: repetitions, of: bodies)
        return Row(
            workload: workload.name, direction: direction, isGenerated: workload.isGenerated,
            seconds: Dictionary(uniqueKeysWithValues: zip(contenders, medians)))
    }

    private func header(demoBytes: Int, smallObjectBytes: Int?) -> String {
        """
        ModelKit benchmark: median CPU time per operation over \(arguments.iterations) samples, \
        \(ProcessInfo.processInfo.activeProcessorCount) cores, release build.
        Demo: \(arguments.objects.formatted()) generated objects in one document of \(Table.megabytes(demoBytes)) (compact JSON).
        ModelKit writes compact JSON; Codable is JSONDecoder/JSONEncoder on equivalent structs; hand-written \
        maps those structs over JSONSerialization. "JSON → model, Foundation" is ModelKit with \
        LoadOptions.foundationReader; "model → JSON, Foundation" is ModelKit with WriteOptions.foundationWriter.
        Small ×\(arguments.smallObjects.formatted()) array: small objects (id, name, active, score, tags) in one \
        document of \(Table.megabytes(smallObjectBytes)) whose top level is their array, read by [SmallItem](json:) \
        and written by jsonData(options:) on the array.
        Changes → patch: one change in each object, the merge patch of each object, next to ModelKit writing \
        the whole document.
        Snapshot and back: ModelSnapshot of the whole document and makeModel(), next to jsonData(options: .compact) \
        and init(json:).

        """
    }
}
