import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Many tasks at once register classes and look them up, and save and read files.

extension ConcurrencyTests {
    /// Classes register while other tasks look names up in the registry.
    @Test func registerAndMakeFromManyTasks() async {
        let made = await withTaskGroup(of: Int.self) { group in
            for task in 0..<40 {
                group.addTask {
                    ModelObject.register(GeneratedDisc.self)
                    ModelObject.register(GeneratedBox.self)
                    let json =
                        task.isMultiple(of: 2)
                        ? #"{"representedClassName":"GeneratedDisc","radius":2}"#
                        : #"{"representedClassName":"GeneratedBox","sides":[1,2]}"#
                    guard let shape = try? GeneratedShape.make(json: json) else { return 0 }
                    return shape is GeneratedDisc || shape is GeneratedBox ? 1 : 0
                }
            }
            var count = 0
            for await one in group { count += one }
            return count
        }
        #expect(made == 40)
    }

    /// Many tasks save files, each its own, and read them back.
    @Test func saveAndReadFilesFromManyTasks() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let matches = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<24 {
                group.addTask {
                    var generator = ModelGenerator(seed: UInt64(20_000 + task))
                    let model = generator.node(depth: 2)
                    let url = directory.appendingPathComponent("\(task).json")
                    do {
                        try model.save(to: url, options: task.isMultiple(of: 3) ? .foundationWriter : [])
                        return try GeneratedNode(contentsOf: url) == model
                    } catch {
                        return false
                    }
                }
            }
            var all: [Bool] = []
            for await match in group { all.append(match) }
            return all
        }
        #expect(matches.count == 24 && matches.allSatisfy { $0 })
    }
}
