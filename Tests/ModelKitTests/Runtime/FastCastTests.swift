import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKit

/// The fast casts give what the runtime's casts give, for the values JSONSerialization hands
/// back and for others.
@Suite struct FastCastTests {
    static var values: [Any] {
        [
            "text", "", 1, 2.5, true, NSNull(), [1, "a"] as [Any], ["k": 1] as [String: Any], [String](), ["a": "b"],
            NSNumber(value: 3), NSString(string: "bridged"), Date(), Substring("sub"), Int?.none as Any, Int.min, 0.1,
            Int64.min, UInt64.max, Float(0.5), NSDecimalNumber(string: "1.25"),
        ]
    }

    /// What ``FastCast/storedType(of:)`` and ``FastCast/load(_:as:)`` give, whichever path
    /// they take, is what `type(of:)` and `as?` give, for every value that is not a class
    /// instance.
    @Test(arguments: values.indices)
    func readsStructsAsTheirOwnType(index: Int) {
        let value = Self.values[index]
        guard !(type(of: value) is AnyObject.Type) else { return }
        let type = ObjectIdentifier(type(of: value))
        #expect(FastCast.storedType(of: value) == type)
        if type == ObjectIdentifier(Int.self) { #expect(FastCast.load(value, as: Int.self) == value as? Int) }
        if type == ObjectIdentifier(Double.self) { #expect(FastCast.load(value, as: Double.self) == value as? Double) }
        if type == ObjectIdentifier(Bool.self) { #expect(FastCast.load(value, as: Bool.self) == value as? Bool) }
        if type == ObjectIdentifier(String.self) { #expect(FastCast.load(value, as: String.self) == value as? String) }
    }

    @Test(arguments: values.indices)
    func agreesWithTheRuntimeCasts(index: Int) throws {
        let value = Self.values[index]
        #expect(FastCast.string(value) == value as? String)
        #expect(
            FastCast.dictionary(value).map { NSDictionary(dictionary: $0) }
                == (value as? [String: Any]).map { NSDictionary(dictionary: $0) })
        #expect(FastCast.array(value).map { NSArray(array: $0) } == (value as? [Any]).map { NSArray(array: $0) })
        #expect(FastCast.isNull(value) == (value is NSNull))
        #expect(
            FastCast.object(value).map { NSDictionary(dictionary: $0) }
                == (value as? [String: Any]).map { NSDictionary(dictionary: $0) })
        if let string = FastCast.exactString(value) {
            #expect(string == value as? String)
        } else {
            #expect(type(of: value) != String.self)
        }
    }

    @Test func readsWhatJSONSerializationReturns() throws {
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(#"{"s":"x","a":[1],"o":{},"n":null}"#.utf8)) as? [String: Any])
        let string = try #require(parsed["s"])
        #if !canImport(Darwin)
            // swift-corelibs-foundation gives Swift strings, which the fast path reads. Apple's
            // JSONSerialization gives NSString objects, whose class it does not document; they
            // take the general cast.
            #expect(FastCast.storedType(of: string) == ObjectIdentifier(String.self))
        #endif
        #expect(FastCast.string(string) == "x")
        #expect(FastCast.array(try #require(parsed["a"]))?.count == 1)
        #expect(FastCast.dictionary(try #require(parsed["o"]))?.isEmpty == true)
        #expect(FastCast.isNull(try #require(parsed["n"])))
    }
}
