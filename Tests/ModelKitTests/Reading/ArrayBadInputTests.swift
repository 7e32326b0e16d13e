import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private final class Link: ModelObject {
    @Saved var name = ""
    @Saved var next: Link? = nil
}

/// Bytes that are not a top-level array of objects give `[Model](json:)` a `ModelError`,
/// through both readers, and never stop the process.
@Suite struct ArrayBadInputTests {
    @Test(arguments: [#"[{"name":"a",}]"#, #"[{"name":"a"},]"#])
    func aTrailingCommaIsAnErrorOfModelKitsReader(json: String) throws {
        // Foundation on Linux accepts trailing commas; ModelKit's reader reads RFC 8259.
        let error = try #require(modelError { _ = try [Link](json: json) })
        guard case .syntaxError = error.reason else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(error.keyPath == ModelKeyPath(json.hasSuffix(",}]") ? [.index(0)] : []))
    }

    @Test(arguments: [
        #"[{"name":"a"},"#, #"[{"name":"a"}"#, #"[{"name":"a"}] x"#, #"[{"name":"a"} {"name":"b"}]"#, "[", "]", "",
        " ", #"[{"name":"\u0"}]"#, "[{\"name\":\"\u{1}\"}]",
    ])
    func invalidJSONIsAnError(json: String) throws {
        let own = try #require(modelError { _ = try [Link](json: json) })
        guard case .syntaxError = own.reason else {
            Issue.record("unexpected error \(own)")
            return
        }
        let foundation = try #require(modelError { _ = try [Link](json: json, options: .foundationReader) })
        guard case .invalidJSON = foundation.reason else {
            Issue.record("unexpected error \(foundation)")
            return
        }
    }

    @Test func aSyntaxErrorWinsOverAnElementThatDoesNotFit() throws {
        // `JSONSerialization` parses the whole document first; ModelKit's reader reports the
        // same kind of problem for it.
        let error = try #require(modelError { _ = try [Link](json: #"[{"name":5},{"name":"b"},]"#) })
        guard case .syntaxError(let detail, let line, let column) = error.reason else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(detail == "a trailing comma before ']' is not allowed")
        #expect((line, column) == (1, 26))
    }

    @Test(arguments: [LoadOptions(), .foundationReader, .lenient])
    func arraysNestedTooDeeplyAreAnError(options: LoadOptions) throws {
        let depth = JSONReader.maximumDepth + 1
        let documents = [
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth),
            #"[{"extra":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]",
        ]
        for json in documents {
            let error = try #require(modelError { _ = try [Link](json: json, options: options) })
            if options.contains(.foundationReader) {
                continue
            }
            guard case .syntaxError(let detail, _, _) = error.reason else {
                Issue.record("unexpected error \(error)")
                continue
            }
            #expect(detail == "arrays and objects are nested more than 512 levels deep")
            #expect(error.keyPath.components.first == .index(0))
            #expect(error.keyPath.components.count > 500)
        }
    }

    @Test func elementsOfNestedObjectsLoad() throws {
        // Deep enough to recurse, shallow enough for a debug build's frames on any test thread.
        let depth = JSONReader.maximumDepth / 8
        var chain = #"{"name":"last"}"#
        for index in 0..<depth { chain = #"{"name":"\#(index)","next":"# + chain + "}" }
        let json = "[" + chain + "," + chain + "]"
        for options in [LoadOptions(), .foundationReader] {
            let links = try [Link](json: json, options: options)
            var levels = 0
            var link = links.last
            while let current = link?.next {
                levels += 1
                link = current
            }
            #expect(links.count == 2)
            #expect(levels == depth)
            #expect(link?.name == "last")
        }
    }

    @Test func everyPrefixOfADocumentLoadsOrThrowsAModelError() throws {
        let json = Data(
            #"[{"name":"é\n","next":{"name":"b"}},{"representedClassName":"Link","extra":[1.5e3,-0,true,null]}]"#.utf8)
        for count in 0...json.count {
            let prefix = json.prefix(count)
            for options in [LoadOptions(), .foundationReader, .lenient] {
                do {
                    let links = try [Link](json: prefix, options: options)
                    #expect(count == json.count, "\(count) bytes loaded \(links.count) elements")
                } catch {
                    #expect(error is ModelError, "\(count) bytes: \(error)")
                }
            }
        }
    }

    @Test func arbitraryBytesGiveAModelErrorThroughBothReaders() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array(#"[]{}",:0123456789-.eEtruefalsn \"#.utf8) + [0x00, 0xFF, 0xC3, 0xA9]
        for _ in 0..<300 {
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for _ in 0..<Int.random(in: 0..<40, using: &random) {
                bytes.append(alphabet.randomElement(using: &random) ?? 0)
            }
            let data = Data(bytes)
            for options in [LoadOptions(), .foundationReader, .lenient] {
                do {
                    _ = try [Link](json: data, options: options)
                } catch {
                    #expect(error is ModelError, "\(Array(data)): \(error)")
                }
            }
        }
    }
}
