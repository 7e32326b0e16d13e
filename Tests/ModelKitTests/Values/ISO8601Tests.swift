import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Dates are written as ISO 8601 text. Every date either writes text that reads back as the
// same date, or throws a `ModelError` with its key path, on every write path.

/// Archived with `NSKeyedArchiver`, so top-level and not private.
final class ExtremeDateEvent: ModelObject {
    @Saved var when = Date(timeIntervalSinceReferenceDate: 0)
    @Saved var moments: [Date] = []
    @Saved var byName: [String: Date] = [:]
    @Saved var stamp = DateValue(date: nil)
    @Saved var spot: ExtremeDateSpot? = nil
    @Saved var children: [ExtremeDateEvent] = []
}

struct ExtremeDateSpot: CodableSavedValue, Equatable {
    var at: Date
}

/// The first moments of the years 1,000,000,000 and -999,999,999, in seconds since 2001.
///
/// The calendar is the proleptic Gregorian calendar of ISO 8601. Doubles are 4 apart there.
private let firstMomentOfYear1000000000 = 31_556_888_854_473_600.0
private let firstMomentOfYearMinus999999999 = -31_557_015_113_904_000.0

/// Every way a model is written, each giving the `ModelError` it throws.
private var writers: [(name: String, write: (ModelObject) throws -> Void)] {
    [
        ("jsonData", { _ = try $0.jsonData() }),
        ("sorted compact", { _ = try $0.jsonData(options: [.compact, .sortedKeys]) }),
        ("foundationWriter", { _ = try $0.jsonData(options: .foundationWriter) }),
        ("dejalObjectFormat", { _ = try $0.jsonData(options: [.dejalObjectFormat, .foundationWriter]) }),
        ("dictionary", { _ = try $0.dictionary }),
        (
            "save",
            {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-date-\(UUID()).json")
                defer { try? FileManager.default.removeItem(at: url) }
                try $0.save(to: url)
            }
        ),
        ("JSONEncoder", { model in try rethrowingUnderlying { _ = try JSONEncoder().encode(model) } }),
        ("PropertyListEncoder", { model in try rethrowingUnderlying { _ = try PropertyListEncoder().encode(model) } }),
        (
            "NSKeyedArchiver",
            {
                let archive = try NSKeyedArchiver.archivedData(withRootObject: $0, requiringSecureCoding: true)
                _ = try ExtremeDateEvent.make(archivedData: archive)
            }
        ),
    ]
}

/// Runs `body`, throwing the `ModelError` under an `EncodingError`, which encoders may wrap
/// in an `EncodingError` of their own.
private func rethrowingUnderlying(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as EncodingError {
        var underlying: (any Error)? = error
        while case .invalidValue(_, let context)? = underlying as? EncodingError {
            underlying = context.underlyingError
        }
        throw try #require(underlying as? ModelError)
    }
}

@Suite struct ISO8601Tests {
    @Test(arguments: [
        1e300, -1e300, .infinity, -.infinity, .nan, 9.3e18, -9.3e18, firstMomentOfYear1000000000,
        firstMomentOfYearMinus999999999 - 4,
    ])
    func datesWithoutTextThrowWithTheirKeyPath(interval: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: interval)
        let cases: [(String, (ExtremeDateEvent) -> Void)] = [
            ("when", { $0.when = date }),
            ("moments[1]", { $0.moments = [Date(), date] }),
            ("byName.due", { $0.byName = ["due": date] }),
            ("stamp.string", { $0.stamp = DateValue(date: date) }),
            ("spot.at", { $0.spot = ExtremeDateSpot(at: date) }),
            (
                "children[1].when",
                {
                    let child = ExtremeDateEvent()
                    child.when = date
                    $0.children = [ExtremeDateEvent(), child]
                }
            ),
        ]
        for (keyPath, change) in cases {
            let event = ExtremeDateEvent()
            change(event)
            for (name, write) in writers {
                let error = try #require(modelError { try write(event) }, "\(name) \(keyPath)")
                if name == "NSKeyedArchiver" {
                    // `NSCoder` cannot fail while encoding: the archive holds the error, and
                    // unarchiving reports it.
                    #expect(error.description.contains("\(keyPath): the date"), "\(name)")
                } else {
                    #expect(error.keyPath.description == keyPath, "\(name)")
                    guard case .unencodableDate = error.reason else {
                        Issue.record("\(name) \(keyPath): expected unencodableDate, found \(error)")
                        continue
                    }
                }
            }
        }
        #expect(DateValue(date: date).string == nil)
    }

    @Test(arguments: [
        firstMomentOfYear1000000000 - 4, firstMomentOfYearMinus999999999, 252_423_993_600, 252_423_993_599.5,
        -63_145_526_400, -63_177_062_399.75, Date.distantPast.timeIntervalSinceReferenceDate,
        Date.distantFuture.timeIntervalSinceReferenceDate, 4e15 + 0.5, -4e15 - 0.5, 1.0 / 64, -1.5, 0, -0.0,
    ])
    func datesAtTheEdgesReadBackEqual(interval: Double) throws {
        let event = ExtremeDateEvent()
        event.when = Date(timeIntervalSinceReferenceDate: interval)
        event.moments = [event.when]
        #expect(try ExtremeDateEvent(json: event.jsonData()) == event)
        #expect(try ExtremeDateEvent(json: event.jsonData(options: .foundationWriter)) == event)
        #expect(try ExtremeDateEvent(dictionary: event.dictionary) == event)
        #expect(try JSONDecoder().decode(ExtremeDateEvent.self, from: JSONEncoder().encode(event)) == event)
    }

    /// Dates of every magnitude, from microseconds to the last year that text holds, read back
    /// equal or throw.
    ///
    /// Only dates within two seconds of 2001-01-01 whose fraction needs more digits than
    /// reading keeps have no text.
    @Test func everyDateReadsBackEqualOrThrows() throws {
        var generator = SplitMix64(seed: 0x15_08_601)
        let limit = firstMomentOfYear1000000000 - 4
        var unwritable: [Double] = []
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...log10(limit), using: &generator)
            let sign: Double = Bool.random(using: &generator) ? 1 : -1
            let interval = sign * min(pow(10, magnitude), limit)
            let event = ExtremeDateEvent()
            event.when = Date(timeIntervalSinceReferenceDate: interval)
            do {
                let loaded = try ExtremeDateEvent(json: event.jsonData(options: .compact))
                #expect(loaded.when == event.when, "\(interval)")
            } catch let error as ModelError {
                #expect(error.keyPath.description == "when")
                unwritable.append(interval)
            }
        }
        #expect(unwritable.allSatisfy { abs($0) < 2 }, "\(unwritable.filter { abs($0) >= 2 })")
    }

    @Test func aDatePropertyListLoadsAndThenThrowsInsteadOfTrapping() throws {
        let extreme = Date(timeIntervalSinceReferenceDate: 1e300)
        let document: [String: Any] = ["when": extreme, "moments": [extreme], "extra": extreme]
        let plist = try PropertyListSerialization.data(fromPropertyList: document, format: .binary, options: 0)
        let loaded = try #require(
            try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        let event = try ExtremeDateEvent(dictionary: loaded)
        #expect(event.when == extreme)
        #expect(event[extra: "extra"] as? Date == extreme)
        let error = try #require(modelError { _ = try event.jsonData() })
        #expect(error.keyPath.description == "when")
        event.when = Date(timeIntervalSinceReferenceDate: 0)
        event.moments = []
        let extraError = try #require(modelError { _ = try event.jsonData() })
        #expect(extraError.keyPath.description == "extra")

        struct Twin: Encodable {
            var when: Date
        }
        let decoded = try PropertyListDecoder().decode(
            ExtremeDateEvent.self, from: PropertyListEncoder().encode(Twin(when: extreme)))
        #expect(decoded.when == extreme)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-date-\(UUID()).json")
        let saveError = try #require(modelError { try decoded.save(to: url) })
        #expect(saveError.keyPath.description == "when")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
