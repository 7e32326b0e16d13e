import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

// Numbers out of range, fractions where integers belong, and numbers beyond `Double`.

extension BadInputTests {
    // MARK: Numbers

    @Test(arguments: [
        (#"{"number":9223372036854775808}"#, "number"),
        (#"{"number":-9223372036854775809}"#, "number"),
        (#"{"number":123456789012345678901234567890}"#, "number"),
        (#"{"unsigned":18446744073709551616}"#, "unsigned"),
        (#"{"unsigned":-1}"#, "unsigned"),
        (#"{"small":128}"#, "small"),
        (#"{"numbers":[1,2,9223372036854775808]}"#, "numbers[2]"),
        (#"{"children":[{},{"number":1e19}]}"#, "children[1].number"),
        (#"{"float":1e39}"#, "float"),
        (#"{"float":-3.5e38}"#, "float"),
    ])
    func numbersOutOfRangeThrowWithTheirKeyPath(json: String, keyPath: String) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.description == keyPath)
        guard case .numberOutOfRange = error.reason else {
            Issue.record("expected numberOutOfRange, got \(error)")
            return
        }
    }

    @Test(arguments: [
        (#"{"number":1.5}"#, "number"),
        (#"{"number":1.0000000000000000001}"#, "number"),
        (#"{"unsigned":12345678901234567890.5}"#, "unsigned"),
        (#"{"leavesByName":{"k":{"title":"t"}},"numbers":[0.5]}"#, "numbers[0]"),
    ])
    func fractionsWhereIntegersBelongThrowWithTheirKeyPath(json: String, keyPath: String) throws {
        let error = try #require(loadError(json))
        #expect(error.keyPath.description == keyPath)
        guard case .fractionalNumber = error.reason else {
            Issue.record("expected fractionalNumber, got \(error)")
            return
        }
    }

    @Test func integersAtTheLimitsLoadExactly() throws {
        let branch = try Branch(json: #"{"number":-9223372036854775808,"unsigned":18446744073709551615}"#)
        #expect(branch.number == .min)
        #expect(branch.unsigned == .max)
        #expect(try Branch(json: #"{"number":9223372036854775807}"#).number == .max)
    }

    /// ModelKit's reader reports a number beyond `Double` as the one value at fault, which a
    /// lenient load skips.
    ///
    /// `JSONSerialization` on Linux refuses the whole document; Apple does not document what
    /// its `JSONSerialization` makes of such a number.
    @Test(arguments: ["1e400", "-1e400", "1E309", "123e456789"])
    func numbersBeyondDoubleThrow(number: String) throws {
        for key in ["double", "number", "decimal", "extra"] {
            let json = Data("{\"\(key)\":\(number),\"title\":\"kept\"}".utf8)
            #if canImport(Darwin)
                #expect(
                    returnsOrThrowsModelError { _ = try Branch(json: json, options: .foundationReader) },
                    "\(key): \(number)")
            #else
                #expect(
                    failsEverywhere(json, options: .foundationReader, check: isInvalidJSON), "\(key): \(number)")
            #endif
            let error = try #require(modelError { _ = try Branch(json: json) })
            #expect(error.keyPath.description == key)
            #expect(error.description == "\(key): number \(number) is out of range for Double")
            let lenient = try Branch(json: json, options: .lenient)
            #expect(lenient.title == "kept")
            #expect(lenient.loadIssues.map(\.description) == [error.description])
            #expect(lenient[extra: "extra"] == nil)
        }
    }

    @Test func numbersBeyondDoublePrecisionLoadRounded() throws {
        let branch = try Branch(
            json: #"{"double":123456789012345678901234567890,"decimal":123456789012345678901234567890}"#)
        #expect(branch.double == 1.2345678901234568e29)
        #expect(branch.decimal == Decimal(string: "123456789012345678901234567890"))
        #expect(try Branch(json: #"{"double":1e-400}"#).double == 0)
    }
}
