import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Time stamps that a server sends as numbers or as strings of digits.
final class LosslessStamps: ModelObject {
    override class var acceptsLosslessConversions: Bool { true }

    @Saved(date: .secondsSince1970) var seconds = Date(timeIntervalSince1970: 0)
    @Saved(date: .millisecondsSince1970) var milliseconds: Date?
}

final class StrictStamps: ModelObject {
    @Saved(date: .secondsSince1970) var seconds = Date(timeIntervalSince1970: 0)
}

@Suite struct LosslessDateTests {
    @Test(arguments: bothReaders)
    func numbersOfSecondsLoadFromStringsWhenTheClassAccepts(options: LoadOptions) throws {
        let stamps = try LosslessStamps(
            json: #"{"seconds": "1296068472", "milliseconds": "1296068472500"}"#, options: options)
        #expect(stamps.seconds == Date(timeIntervalSince1970: 1_296_068_472))
        #expect(stamps.milliseconds == Date(timeIntervalSince1970: 1_296_068_472.5))
        // Written back as numbers, the properties' own form.
        let written = try writtenObject(stamps.jsonData())
        #expect(written["seconds"] as? Int == 1_296_068_472)
        #expect(written["milliseconds"] as? Int == 1_296_068_472_500)
        let error = try #require(throws: ModelError.self) {
            try LosslessStamps(json: #"{"seconds": "soon"}"#, options: options)
        }
        #expect(error.keyPath.description == "seconds")
    }

    @Test(arguments: bothReaders)
    func aClassThatDoesNotAcceptLeavesThemErrors(options: LoadOptions) throws {
        let error = try #require(throws: ModelError.self) {
            try StrictStamps(json: #"{"seconds": "1296068472"}"#, options: options)
        }
        #expect(error.keyPath.description == "seconds")
    }
}
