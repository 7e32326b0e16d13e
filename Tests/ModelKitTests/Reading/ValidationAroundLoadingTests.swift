import Foundation
import ModelKit
import ModelKitTestSupport
import Observation
import Testing

/// Validation around loading: merge patches, `Codable`, archives, snapshots and files.
@Suite struct ValidationAroundLoadingTests {
    private func department() throws -> Department {
        try Department(json: #"{"title": "Ops", "head": {"name": "Ada", "age": 40}}"#)
    }

    @Test func aStrictPatchThatMakesAnObjectInvalidChangesNothing() throws {
        let department = try department()
        let notified = ChangeFlag()
        let patches: [([String: Any], String)] = [
            (["head": ["age": -1]], "head.age: must not be negative"),
            (["title": "Ada"], "the head cannot be named like the department"),
            (["title": "Bob", "head": ["name": "Bob"]], "the head cannot be named like the department"),
        ]
        for (patch, expected) in patches {
            withObservationTracking {
                _ = department.head.age
                _ = department.title
            } onChange: {
                notified.set()
            }
            let error = modelError { try department.apply(mergePatch: patch) }
            #expect(error?.description == expected, "\(patch)")
            #expect(department.title == "Ops")
            #expect(department.head.name == "Ada")
            #expect(department.head.age == 40)
            #expect(!department.hasAnyChanges)
            #expect(!notified.isSet)
        }
    }

    @Test func aPatchJSONIsCheckedThroughBothReaders() throws {
        for options in bothReaders {
            let department = try department()
            let error = modelError {
                try department.apply(mergePatchJSON: #"{"head": {"email": "ada"}}"#, options: options)
            }
            #expect(error?.keyPath.description == "head.email")
            #expect(error?.localizedDescription == "is not an email address")
            #expect(department.head.email == "")
        }
    }

    @Test func aPatchThatCreatesAnInvalidObjectFails() throws {
        let department = try department()
        let error = modelError { try department.apply(mergePatch: ["members": [["age": 1], ["age": -1]]]) }
        #expect(error?.description == "members[1].age: must not be negative")
        #expect(department.members.isEmpty)
    }

    @Test func aLenientPatchAppliesAndRecordsTheProblem() throws {
        let department = try department()
        try department.apply(mergePatch: ["head": ["age": -1], "title": "Lab"], options: .lenient)
        #expect(department.loadIssues.map(\.description) == ["head.age: must not be negative"])
        #expect(department.head.age == -1)
        #expect(department.title == "Lab")
        #expect(department.changedKeys == ["title"])
        #expect(department.head.changedKeys == ["age"])
    }

    @Test func aValidPatchApplies() throws {
        let department = try department()
        try department.apply(mergePatch: ["head": ["age": 41], "deputy": ["age": 3]])
        #expect(department.head.age == 41)
        #expect(department.deputy?.age == 3)
        #expect(department.loadIssues.isEmpty)
    }

    @Test func decodingFailsAtTheCodingPath() throws {
        let json = Data(#"{"members": [{"age": 1}, {"age": -1}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Department.self, from: json)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["members", "1", "age"])
            let underlying = try #require(context.underlyingError as? ModelError)
            #expect(underlying.localizedDescription == "must not be negative")
        }
        let valid = try JSONDecoder().decode(Department.self, from: Data(#"{"head": {"age": 5}}"#.utf8))
        #expect(valid.head.age == 5)
    }

    @Test func anInvalidArchiveDoesNotUnarchive() throws {
        let department = try department()
        department.head.age = -1
        let data = try NSKeyedArchiver.archivedData(withRootObject: department, requiringSecureCoding: true)
        let error = modelError { _ = try Department.make(archivedData: data) }
        #expect(error?.description == "head.age: must not be negative")
        department.head.age = 1
        let valid = try NSKeyedArchiver.archivedData(withRootObject: department, requiringSecureCoding: true)
        #expect(try Department.make(archivedData: valid).head.age == 1)
    }

    @Test func snapshotsMakeOnlyValidModels() throws {
        let department = try department()
        department.members = [Employee(), Employee()]
        department.members[1].email = "nobody"
        // Taking a snapshot writes, which does not check; making a model loads, which does.
        let snapshot = try ModelSnapshot(department)
        let error = modelError { _ = try snapshot.makeModel() }
        #expect(error?.description == "members[1].email: is not an email address")
        department.members[1].email = "a@b"
        #expect(try ModelSnapshot(department).makeModel().members[1].email == "a@b")
    }

    @Test func savingAnInvalidGraphWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("department.json")
        let department = try department()
        try department.save(to: url)
        let saved = try Data(contentsOf: url)
        department.byRole = ["lead": Employee()]
        department.byRole["lead"]?.age = -7
        let error = modelError { try department.save(to: url) }
        #expect(error?.description == "byRole.lead.age: must not be negative")
        #expect(error?.localizedDescription == "must not be negative")
        #expect(try Data(contentsOf: url) == saved, "the old file stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["department.json"])
        // Writing JSON does not check, so a file written by other means fails to load.
        try department.jsonData().write(to: url)
        #expect(modelError { _ = try Department(contentsOf: url) }?.keyPath.description == "byRole.lead.age")
        #expect(try Department(contentsOf: url, options: .lenient).loadIssues.count == 1)
    }

    @Test func savingChecksEachObjectOnceAndAfterTheObjectsItHolds() throws {
        let department = try department()
        let shared = Employee()
        shared.age = -1
        department.members = [Employee(), shared, shared]
        department.title = "Ada"
        // The first error is the one a load would throw: members before the department.
        let error = modelError { try department.save(to: URL(fileURLWithPath: "/nonexistent/x.json")) }
        #expect(error?.description == "members[1].age: must not be negative")
    }

    @Test func savingChecksAGraphOfAnyDepthWithoutRecursion() throws {
        let root = FuzzChecked()
        var deepest = root
        for _ in 0..<20_000 {
            let next = FuzzChecked()
            deepest.items = [next]
            deepest = next
        }
        deepest.low = 1
        let error = modelError { try root.save(to: URL(fileURLWithPath: "/nonexistent/deep.json")) }
        #expect(error?.keyPath.components.count == 2 * 20_000 + 1)
        #expect(error?.localizedDescription == "low must not exceed high")
    }

    @Test func snapshotsSaveOnlyValidModels() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let department = try department()
        department.deputy = Employee()
        department.deputy?.age = -2
        let snapshot = try ModelSnapshot(department)
        await #expect(throws: ModelError.self) { try await snapshot.save(to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
