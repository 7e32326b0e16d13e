import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// The model of DejalObject's demo app.
private final class Demo: ModelObject {
    @Saved var text = "Foo"
    @Saved var number = 12345
    @Saved var label = ColorValue.blue
    @Saved var when = DateValue.now
}

/// A project of an app that moves from DejalObject: every value class, alone and nested in
/// arrays and dictionaries, and nested objects of its own.
private final class Project: ModelObject {
    @Saved var title = ""
    @Saved var tint = ColorValue.black
    @Saved var due = DateValue(date: nil)
    @Saved var started = DateValue(date: nil)
    @Saved var reminder = IntervalValue(amount: 5, units: .minute)
    @Saved var attachment = DataValue(data: nil)
    @Saved var standUp = TimeValue.noon
    @Saved var milestones: [DateValue] = []
    @Saved var palette: [ColorValue] = []
    @Saved var files: [DataValue] = []
    @Saved var hours: [String: TimeValue] = [:]
    @Saved var windows: [String: IntervalValue] = [:]
    @Saved var owner = Person()
    @Saved var team: [Person] = []

    override class var modelVersion: Int { 2 }
}

private final class Person: ModelObject {
    @Saved var name = ""
    @Saved var favorite = ColorValue.black
    @Saved var birthday: DateValue? = nil
}

@Suite struct DejalCompatibilityTests {
    static let document =
        #"{"version":1,"representedClassName":"Demo","text":"Foo","number":12345,"extra":{"a":[1,2]}}"#

    @Test func loadsADejalObjectDocument() throws {
        let demo = try Demo(json: Self.document)
        #expect(demo.text == "Foo")
        #expect(demo.number == 12345)
        #expect(!demo.hasChanges)
        let extra = try #require(demo[extra: "extra"] as? [String: Any])
        #expect(sameJSON(extra, ["a": [1, 2]]))
    }

    @Test func resavingKeepsUnknownKeysUnchanged() throws {
        let demo = try Demo(json: Self.document)
        demo.text = "Bar"
        let saved = try jsonObject(demo.jsonString())
        #expect(sameJSON(try #require(saved["extra"] as? [String: Any]), ["a": [1, 2]]))
        #expect(saved["text"] as? String == "Bar")
        #expect(saved["representedClassName"] as? String == "Demo")
        #expect(saved["version"] as? Int == 1)
    }

    @Test func polymorphicMakeReadsTheDocument() throws {
        let demo = try Demo.make(json: Self.document)
        #expect(demo.number == 12345)
    }

    @Test func documentWithoutVersionOrClassNameLoads() throws {
        let demo = try Demo(json: #"{"text":"Old"}"#)
        #expect(demo.text == "Old")
    }

    // MARK: The compatibility corpus

    /// What DejalObject's demo app stores: its `Demo` object's dictionary, here as the
    /// pretty-printed JSON that `JSONSerialization` writes.
    static let demoDocument = """
        {
          "version" : 1,
          "representedClassName" : "Demo",
          "text" : "Foo",
          "number" : 12345,
          "label" : {
            "version" : 1,
            "representedClassName" : "DejalColor",
            "red" : 0,
            "green" : 0,
            "blue" : 1,
            "alpha" : 1
          },
          "when" : {
            "version" : 1,
            "representedClassName" : "DejalDate",
            "string" : "2015-02-23T18:30:00Z"
          }
        }
        """

    /// Every DejalObject value class, alone, in arrays and in dictionaries, in nested objects,
    /// with DejalDate's distant dates and DejalTime's three kinds of zone.
    static let projectDocument = #"""
        {
          "version" : 2,
          "representedClassName" : "Project",
          "title" : "Launch \/ Q3",
          "tint" : {"version" : 1, "representedClassName" : "DejalColor", "red" : 1, "green" : 0.5, "blue" : 0.25, "alpha" : 0.75},
          "due" : {"version" : 1, "representedClassName" : "DejalDate", "string" : "2015-02-23T18:30:00Z"},
          "started" : {"version" : 1, "representedClassName" : "DejalDate", "string" : "0001-01-01T00:00:00Z"},
          "reminder" : {"version" : 1, "representedClassName" : "DejalInterval", "usingRange" : false, "firstAmount" : 15,
            "secondAmount" : 15, "units" : 1, "extraValues" : {"sound" : "chime", "repeat" : 3}},
          "attachment" : {"version" : 1, "representedClassName" : "DejalData", "length" : 16, "string" : "SGVsbG8sIERlamFsRGF0YQ=="},
          "standUp" : {"version" : 1, "representedClassName" : "DejalTime", "hour" : 9, "minute" : 30, "second" : 0,
            "timeZoneName" : "Europe\/Paris"},
          "milestones" : [
            {"version" : 1, "representedClassName" : "DejalDate", "string" : "2015-03-01T09:00:00Z"},
            {"version" : 1, "representedClassName" : "DejalDate", "string" : "4001-01-01T00:00:00Z"},
            {"version" : 1, "representedClassName" : "DejalDate"}
          ],
          "palette" : [
            {"version" : 1, "representedClassName" : "DejalColor", "red" : 0, "green" : 0, "blue" : 0, "alpha" : 1},
            {"version" : 1, "representedClassName" : "DejalColor", "red" : 1, "green" : 1, "blue" : 1, "alpha" : 0}
          ],
          "files" : [
            {"version" : 1, "representedClassName" : "DejalData", "length" : 0},
            {"version" : 1, "representedClassName" : "DejalData", "length" : 3, "string" : "AQID", "dataClass" : "NSData"}
          ],
          "hours" : {
            "open" : {"version" : 1, "representedClassName" : "DejalTime", "hour" : 8, "minute" : 0, "second" : 0},
            "close" : {"version" : 1, "representedClassName" : "DejalTime", "hour" : 17, "minute" : 45, "second" : 30,
              "timeZoneName" : ""}
          },
          "windows" : {
            "review" : {"version" : 1, "representedClassName" : "DejalInterval", "usingRange" : true, "firstAmount" : 2,
              "secondAmount" : 3, "units" : 3}
          },
          "owner" : {"version" : 1, "representedClassName" : "Person", "name" : "Ada",
            "favorite" : {"version" : 1, "representedClassName" : "DejalColor", "red" : 0.2, "green" : 0.4, "blue" : 0.6, "alpha" : 1},
            "birthday" : {"version" : 1, "representedClassName" : "DejalDate", "string" : "1815-12-10T00:00:00Z"}},
          "team" : [
            {"version" : 1, "representedClassName" : "Person", "name" : "Grace",
              "favorite" : {"version" : 1, "representedClassName" : "DejalColor", "red" : 0, "green" : 0.5, "blue" : 0, "alpha" : 1}}
          ]
        }
        """#

    /// The names that ModelKit's own format writes for DejalObject's value classes.
    static let modelKitNames = [
        "DejalColor": "ColorValue", "DejalDate": "DateValue", "DejalInterval": "IntervalValue",
        "DejalData": "DataValue", "DejalTime": "TimeValue",
    ]

    /// The document as ModelKit's own format writes it: the value classes under ModelKit's
    /// names, and `Date.distantPast` in ISO 8601's proleptic Gregorian calendar, where Apple's
    /// date formatter used the Julian calendar.
    static func inModelKitsFormat(_ document: String) -> String {
        let renamed = modelKitNames.reduce(document) { text, names in
            text.replacingOccurrences(of: #""\#(names.key)""#, with: #""\#(names.value)""#)
        }
        return renamed.replacingOccurrences(of: "0001-01-01T00:00:00Z", with: "0000-12-30T00:00:00Z")
    }

    @Test func loadsEveryValueClass() throws {
        let project = try Project(json: Self.projectDocument)
        #expect(!project.hasAnyChanges)
        #expect(project.title == "Launch / Q3")
        #expect(project.tint == ColorValue(red: 1, green: 0.5, blue: 0.25, alpha: 0.75))
        #expect(project.due.string == "2015-02-23T18:30:00Z")
        #expect(project.started.isDistantPast)
        #expect(project.reminder.fullText == "15 minutes")
        #expect(project.reminder.extraValues["sound"] as? String == "chime")
        #expect(project.attachment.data == Data("Hello, DejalData".utf8))
        #expect(project.standUp.timeZone == TimeZone(identifier: "Europe/Paris"))
        #expect(project.milestones.map(\.isDistantFuture) == [false, true, false])
        #expect(project.milestones[2].date == nil)
        #expect(project.palette.map(\.alpha) == [1, 0])
        #expect(project.files.map(\.length) == [0, 3])
        #expect(project.files[1].dataClass == "NSData")
        #expect(project.hours["open"]?.timeZone == nil)
        #expect(project.hours["close"]?.timeZone == .gmt)
        #expect(project.windows["review"]?.fullText == "2 - 3 days")
        #expect(project.owner.favorite.blue == 0.6)
        #expect(project.team.first?.name == "Grace")
    }

    /// The corpus, each document loaded as the class it names. (The tests' shared `Note` model
    /// is also named `Demo` in data, so the demo is made as a `Demo`, not as any model object.)
    static func loadCorpus() throws -> [(document: String, object: ModelObject)] {
        [(demoDocument, try Demo.make(json: demoDocument)), (projectDocument, try Project.make(json: projectDocument))]
    }

    @Test(arguments: [[WriteOptions.dejalObjectFormat], [.dejalObjectFormat, .foundationWriter]])
    func resavesInDejalObjectsFormatToTheSameDictionary(options: WriteOptions) throws {
        let corpus = try Self.loadCorpus()
        #expect(corpus.map { "\(type(of: $0.object))" } == ["Demo", "Project"])
        for (document, object) in corpus {
            #expect(sameJSON(try jsonObject(object.jsonString(options: options)), try jsonObject(document)))
        }
    }

    @Test func resavesWithoutTheOptionInModelKitsNames() throws {
        for (document, object) in try Self.loadCorpus() {
            let expected = try jsonObject(Self.inModelKitsFormat(document))
            #expect(sameJSON(try object.dictionary, expected))
            #expect(sameJSON(try jsonObject(object.jsonString(options: .foundationWriter)), expected))
            #expect(!(try object.jsonString()).contains("Dejal"))
        }
    }

    @Test func resavesDejalObjectsDemoByteForByte() throws {
        let demo = try Demo(json: Self.demoDocument)
        #expect(try demo.jsonString(options: .dejalObjectFormat) == Self.demoDocument)
        #expect(try demo.jsonString() == Self.inModelKitsFormat(Self.demoDocument))
    }

    @Test func booleansWrittenAsNumbersAreResavedAsBooleans() throws {
        // DejalObject on Intel Macs wrote BOOL as 0 and 1; it reads true and false as well.
        let json =
            #"{"version":1,"representedClassName":"DejalInterval","usingRange":1,"firstAmount":1,"secondAmount":2,"units":2}"#
        let interval = try IntervalValue(json: json)
        #expect(interval.usingRange)
        let saved = try interval.jsonString(options: [.dejalObjectFormat, .compact])
        #expect(saved == json.replacingOccurrences(of: #""usingRange":1"#, with: #""usingRange":true"#))
    }
}
