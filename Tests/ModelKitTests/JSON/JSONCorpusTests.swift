import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// A model that declares none of the corpus's keys: everything a document holds is an
/// unknown value, built as the Foundation value that `JSONSerialization` gives.
private final class CorpusModel: ModelObject {
    @Saved var declared = ""
}

/// Hand-picked documents in Tests/JSONCorpus: `valid/` holds JSON that every reader must
/// accept (number grammar, escapes, Unicode, whitespace, duplicate keys, the deepest nesting,
/// byte-order marks, UTF-16 and UTF-32), `invalid/` JSON that it must reject (trailing commas,
/// leading zeros, bad escapes, lone surrogates, invalid UTF-8, nesting too deep, and more).
@Suite struct JSONCorpusTests {
    static let folder = PackageFolders.jsonCorpus

    static func documents(in subfolder: String) -> [URL] {
        let url = folder.appendingPathComponent(subfolder)
        let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    static let validDocuments = documents(in: "valid")
    static let invalidDocuments = documents(in: "invalid")

    @Test func corpusIsFound() {
        #expect(Self.validDocuments.count >= 20)
        #expect(Self.invalidDocuments.count >= 60)
    }

    @Test(arguments: validDocuments)
    func validDocumentLoadsAsThroughJSONSerialization(url: URL) throws {
        let data = try Data(contentsOf: url)
        let model = try CorpusModel(json: data)
        #expect(model[extra: "value"] != nil)
        let agreement = ReaderAgreement(input: data) { Issue.record("\(url.lastPathComponent): \($0)") }
        #if canImport(Darwin)
            // ModelKit's reader builds the values that swift-corelibs-foundation's JSONSerialization
            // gives; which NSNumber Apple's gives for each number, and how it rounds long ones, is
            // not documented. The agreement below allows for the numbers.
            #expect(
                returnsOrThrowsModelError {
                    _ = try CorpusModel(json: agreement.foundationInput, options: .foundationReader)
                }, "\(url.lastPathComponent)")
        #else
            let reference = try CorpusModel(json: agreement.foundationInput, options: .foundationReader)
            for key in reference.unknownValues.keys {
                let same = model[extra: key].sameFoundationValue(as: reference.unknownValues[key] as Any)
                #expect(same, "\(url.lastPathComponent): \(key)")
            }
        #endif
        for options in [LoadOptions(), .lenient] {
            agreement.check(
                url.lastPathComponent, options: options,
                own: Result { try CorpusModel(json: data, options: options) }.mapError(modelError),
                reference: Result {
                    try CorpusModel(json: agreement.foundationInput, options: [.foundationReader, options])
                }
                .mapError(modelError))
        }
    }

    @Test(arguments: invalidDocuments)
    func invalidDocumentThrowsASyntaxError(url: URL) throws {
        let data = try Data(contentsOf: url)
        let error = try #require(throws: ModelError.self) { try CorpusModel(json: data, options: .lenient) }
        guard case .syntaxError(_, let line, let column) = error.reason else {
            Issue.record("\(url.lastPathComponent): not a syntax error: \(error)")
            return
        }
        #expect(line >= 1 && column >= 1)
        let throughFoundation = Result { try CorpusModel(json: data, options: .foundationReader) }
        let isTrailingComma = url.lastPathComponent.hasPrefix("trailing-comma")
        let foundationAccepts = (try? throughFoundation.get()) != nil
        #if canImport(Darwin)
            // Apple's JSONSerialization accepts trailing commas too (see JSONReaderTests); what
            // it makes of the rest, such as invalid UTF-8 or a lone surrogate in UTF-16, is not
            // documented, and ModelKit's reader is the stricter one wherever they differ.
            if isTrailingComma { #expect(foundationAccepts, "\(url.lastPathComponent)") }
        #else
            // swift-corelibs-foundation rejects the same documents, but for the trailing commas.
            #expect(foundationAccepts == isTrailingComma, "\(url.lastPathComponent)")
        #endif
    }
}

private func modelError(_ error: any Error) -> ModelError {
    error as? ModelError ?? ModelError(.custom("\(error)"))
}

extension Any? {
    /// Whether two Foundation values from JSON are the same: the same types, `NSNumber`s of
    /// the same kind (boolean, integer, double, decimal) with the same bits, the same strings.
    fileprivate func sameFoundationValue(as other: Any) -> Bool {
        guard let value = self else { return false }
        switch (value, other) {
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { Optional($0).sameFoundationValue(as: $1) }
        case (let left as [String: Any], let right as [String: Any]):
            return left.count == right.count
                && left.allSatisfy { key, value in
                    right[key].map { Optional(value).sameFoundationValue(as: $0) } ?? false
                }
        case (let left as String, let right as String):
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case (let left as NSDecimalNumber, let right as NSDecimalNumber):
            return left.description == right.description
        case (let left as NSNumber, let right as NSNumber)
        where String(cString: right.objCType) != "d" && left.doubleValue == 0 && left.doubleValue.sign == .minus:
            // `-0`, whose sign ModelKit's reader keeps and `JSONSerialization` on Linux drops.
            return String(cString: left.objCType) == "d" && right.doubleValue == 0
        case (let left as NSNumber, let right as NSNumber):
            return type(of: left) == type(of: right)
                && String(cString: left.objCType) == String(cString: right.objCType)
                && left.description == right.description && left.doubleValue.bitPattern == right.doubleValue.bitPattern
        case (is NSNull, is NSNull):
            return true
        default:
            return false
        }
    }
}
