import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Top-level and not private, so that `NSKeyedArchiver` on Linux can name the classes.
final class Employee: ModelObject {
    @Saved var name = ""
    @Saved var age = 0
    @Saved var email = ""

    override func validate() throws {
        guard age >= 0 else { throw ValidationError("must not be negative", key: "age") }
        guard email.isEmpty || email.contains("@") else {
            throw ValidationError("is not an email address", key: "email")
        }
    }
}

/// An error that is not a `ValidationError`, whose description is its message.
struct DepartmentRule: Error, CustomStringConvertible {
    var description: String { "the head cannot be named like the department" }
}

final class Department: ModelObject {
    @Saved var title = ""
    @Saved var head = Employee()
    @Saved var deputy: Employee? = nil
    @Saved var members: [Employee] = []
    @Saved var byRole: [String: Employee] = [:]

    override func validate() throws {
        // Reads a nested object's value: it has loaded before this object checks itself.
        guard title.isEmpty || head.name != title else { throw DepartmentRule() }
    }
}

/// The readers both, by name: ModelKit's own and `JSONSerialization`.
let bothReaders: [LoadOptions] = [[], .foundationReader]

@Suite struct ValidationTests {
    /// Every way to load JSON into a `Department`, strictly or not.
    static var loads: [(String, (String, LoadOptions) throws -> Department)] {
        [
            ("init(json:)", { try Department(json: $0, options: $1) }),
            ("make(json:)", { try Department.make(json: $0, options: $1) }),
            ("init(dictionary:)", { try Department(dictionary: jsonObject($0), options: $1) }),
            ("make(dictionary:)", { try Department.make(dictionary: jsonObject($0), options: $1) }),
            (
                "load(json:)",
                { json, options in
                    let department = Department()
                    try department.load(json: json, options: options)
                    return department
                }
            ),
        ]
    }

    /// The error that every strict load of `json` throws, through both readers, checked to be
    /// the same everywhere.
    func strictError(_ json: String) throws -> ModelError {
        var errors: [String: ModelError] = [:]
        for options in bothReaders {
            for (name, load) in Self.loads {
                errors["\(name) \(options.rawValue)"] = modelError { _ = try load(json, options) }
            }
        }
        let first = try #require(errors.values.first)
        for (name, error) in errors {
            #expect(error.description == first.description, "\(name)")
            #expect(error.reason == first.reason, "\(name)")
        }
        #expect(errors.count == 2 * Self.loads.count, "every load throws")
        return first
    }

    @Test func dejalObjectDocumentFailsAtTheKeyTheModelNames() throws {
        let json = #"{"version":1,"representedClassName":"Employee","age":-1}"#
        for options in bothReaders {
            let error = try #require(modelError { _ = try Employee(json: json, options: options) })
            #expect(error.keyPath.description == "age")
            #expect(error.localizedDescription == "must not be negative")
            #expect(error.description == "age: must not be negative")
            #expect(error.reason == .validationFailed("must not be negative"))
            #expect(error.underlyingError as? ValidationError == ValidationError("must not be negative", key: "age"))
            #expect(modelError { _ = try Employee.make(json: json, options: options) }?.keyPath.description == "age")
        }
        let error = try #require(modelError { _ = try Employee(dictionary: jsonObject(json)) })
        #expect(error.localizedDescription == "must not be negative")
    }

    @Test func nestedObjectsFailAtTheirKeyPaths() throws {
        let cases = [
            (#"{"head": {"age": -1}}"#, "head.age", "must not be negative"),
            (#"{"deputy": {"email": "nobody"}}"#, "deputy.email", "is not an email address"),
            (#"{"members": [{}, {}, {"email": "x"}]}"#, "members[2].email", "is not an email address"),
            (#"{"byRole": {"lead": {"age": -3}}}"#, "byRole.lead.age", "must not be negative"),
        ]
        for (json, keyPath, message) in cases {
            let error = try strictError(json)
            #expect(error.keyPath.description == keyPath, "\(json)")
            #expect(error.localizedDescription == message, "\(json)")
            #expect(error.description == "\(keyPath): \(message)", "\(json)")
        }
    }

    @Test func anyErrorGivesItsDescriptionAndStaysUnderlying() throws {
        let error = try strictError(#"{"title": "Ada", "head": {"name": "Ada"}}"#)
        #expect(error.keyPath.isRoot)
        #expect(error.localizedDescription == "the head cannot be named like the department")
        #expect(error.description == "the head cannot be named like the department")
        #expect(error.underlyingError is DepartmentRule)
    }

    @Test func validObjectsLoad() throws {
        let json = #"{"title": "Ops", "head": {"name": "Ada", "age": 36}, "members": [{"email": "a@b"}]}"#
        for options in bothReaders {
            for (name, load) in Self.loads {
                let department = try load(json, options)
                #expect(department.head.age == 36, "\(name)")
                #expect(department.members.first?.email == "a@b", "\(name)")
                #expect(department.loadIssues.isEmpty, "\(name)")
            }
        }
    }

    @Test func lenientLoadsRecordTheProblemAndKeepTheValues() throws {
        let json = #"{"title": "Ada", "head": {"name": "Ada", "age": -1}, "members": [{}, {"email": "x"}]}"#
        for options in bothReaders {
            for (name, load) in Self.loads {
                let department = try load(json, options.union(.lenient))
                let issues = department.loadIssues.map(\.description)
                #expect(
                    issues == [
                        "head.age: must not be negative", "members[1].email: is not an email address",
                        "the head cannot be named like the department",
                    ], "\(name) \(options.rawValue)")
                #expect(department.head.age == -1)
                #expect(department.members.map(\.email) == ["", "x"])
                #expect(!department.hasChanges)
                // Nothing was skipped: the values are the object's own, and it writes them.
                let written = try jsonObject(department.jsonString())
                #expect((written["head"] as? [String: Any])?["age"] as? Int == -1)
            }
        }
    }

    @Test func aStrictLoadIntoAnObjectLeavesItUnchanged() throws {
        for options in bothReaders {
            let department = try Department(json: #"{"title": "Ops", "head": {"age": 40}}"#)
            let error = modelError {
                try department.load(json: #"{"title": "Lab", "head": {"age": -40}}"#, options: options)
            }
            #expect(error?.keyPath.description == "head.age")
            #expect(department.title == "Ops")
            #expect(department.head.age == 40)
            #expect(!department.hasChanges)
        }
    }

    @Test func aRepeatedKeyCountsOnlyItsLastValue() throws {
        // Both readers keep the last value of a repeated key, and so check only that one.
        let valid = #"{"head": {"age": -1}, "head": {"age": 2}}"#
        let invalid = #"{"head": {"age": 2}, "head": {"age": -2}}"#
        for options in bothReaders {
            #expect(try Department(json: valid, options: options).head.age == 2)
            let error = modelError { _ = try Department(json: invalid, options: options) }
            #expect(error?.description == "head.age: must not be negative")
        }
    }

    @Test func aValidationErrorIsNotMistakenForBadJSON() throws {
        // After an invalid object, the bytes are checked to the end: bad JSON is reported as such.
        let error = try #require(modelError { _ = try Department(json: #"{"head": {"age": -1}} x"#) })
        guard case .syntaxError = error.reason else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
    }

    @Test func bothReadersAgreeOnValidatedDocuments() throws {
        let documents = [
            #"{"head": {"age": -1}, "members": [{"email": "x"}, {"age": -2}], "title": "t"}"#,
            #"{"representedClassName": "Department", "version": 1, "deputy": {"age": 1}, "extra": [1]}"#,
            #"{"byRole": {"a": {"age": -1, "representedClassName": "Employee"}}, "title": 5}"#,
        ]
        let loads: [(String, (Data, LoadOptions) throws -> ModelObject)] = [
            ("init(json:)", { try Department(json: $0, options: $1) }),
            ("make(json:)", { try Department.make(json: $0, options: $1) }),
        ]
        for document in documents {
            compareReaders(on: Data(document.utf8), loads: loads) { "\(document): \($0)" }
        }
    }
}
