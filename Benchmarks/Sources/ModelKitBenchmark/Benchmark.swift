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
                twin: Plain.DemoCatalog.self, kind: .generated)
            try demo.addMergePatches()
            try demo.addSnapshots()
            try demo.addSetsWithUndo()
            workloads.append(demo)
        }
        let smallObjects = selects("array") ? try Workload.makeSmallObjects(count: arguments.smallObjects) : nil
        if let smallObjects { workloads.append(smallObjects) }
        var apiDocuments: [APIDocument] = []
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
            for payload in APIPayload.allCases where selects("api") || arguments.workload == payload.rawValue {
                let document = try APIDocument(payload, folder: directory, bytes: arguments.apiDocumentBytes)
                apiDocuments.append(document)
                workloads.append(try payload.makeWorkload(document))
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
        let shapes = ShapesWorkload.isSelected(by: arguments) ? try ShapesWorkload.measure(arguments) : nil
        let partial = PartialWorkload.isSelected(by: arguments) ? try PartialWorkload.measure(arguments) : nil
        if !rows.isEmpty {
            print(header(demoBytes: demoJSON.count, smallObjectBytes: smallObjects?.json.count))
            if !apiDocuments.isEmpty { print(apiHeader(apiDocuments)) }
            print(Table.render(rows))
        }
        let notes = workloads.flatMap(\.notes)
        if !notes.isEmpty {
            print()
            print(notes.joined(separator: "\n"))
        }
        var results = rows.map(\.meetsBar)
        if let shapes {
            if !rows.isEmpty { print() }
            print(shapes.description)
            results += shapes.checks
        }
        if let partial {
            if !rows.isEmpty || shapes != nil { print() }
            print(partial.description)
            results += partial.checks
        }
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
        if arguments.measuresMemory && !apiDocuments.isEmpty {
            print()
            print(try APIMemoryReport.measure(apiDocuments).description)
        }
        if selects("records"), arguments.contender == .modelKit {
            print()
            let megabytes = arguments.recordsMegabytes
            print(try waitFor { try await RecordsReport.profile(megabytes: megabytes) })
        } else if selects("records") {
            let megabytes = arguments.recordsMegabytes
            let records = try waitFor { try await RecordsReport.measure(megabytes: megabytes) }
            print()
            print(records.description)
            results += records.checks.map(\.3)
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
            workload: workload.name, direction: direction, kind: workload.kind,
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

    private func apiHeader(_ documents: [APIDocument]) -> String {
        let sizes = documents.map { "\($0.name): \(Table.megabytes($0.json.count))" }
        return """
            API payloads: the fixtures' GitHub organization, Stripe invoice and Stripe checkout session, each \
            repeated as a top-level array, and the GitHub search result with its issues repeated into one page \
            (\(sizes.joined(separator: "; "))), as the servers indent them. Models declare a third to a half of \
            the keys, as an app would; ModelKit keeps the undeclared keys and writes them back, the Codable twins \
            declare the same keys and drop the rest, so "model → JSON" is ModelKit writing the whole document \
            against Codable writing the declared keys. Checked first: ModelKit's declared values are the twins', \
            and its JSON, parsed by JSONSerialization, is the input's parse up to number formatting (and any nulls \
            it leaves out, noted below the table). No hand-written mapping of these payloads. Bars: JSON → model \
            ≤ 0.30× Codable (goal 0.15×), model → JSON ≤ 0.40× Codable.

            """
    }
}
