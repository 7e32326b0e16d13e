import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// An email address, saved as its text, that rejects text without an `@` in the user's words.
struct EmailAddress: Hashable, SavedRepresentable {
    var text: String

    init(text: String) {
        self.text = text
    }

    init(savedRepresentation: String) throws {
        guard savedRepresentation.contains("@") else { throw ValidationError("not an email address") }
        text = savedRepresentation
    }

    var savedRepresentation: String { text }
}

/// An error with a message for people, as `LocalizedError` gives it.
struct PhoneNumberError: LocalizedError {
    var errorDescription: String? { "a phone number has digits only" }
}

/// A plain error, with no message meant for people.
enum ExtensionError: Error {
    case malformed
}

struct PhoneNumber: Hashable, SavedRepresentable {
    var digits: String

    init(digits: String) {
        self.digits = digits
    }

    init(savedRepresentation: String) throws {
        guard savedRepresentation.allSatisfy(\.isNumber) else { throw PhoneNumberError() }
        digits = savedRepresentation
    }

    var savedRepresentation: String { digits }
}

struct PhoneExtension: Hashable, SavedRepresentable {
    var number: Int

    init(number: Int) {
        self.number = number
    }

    init(savedRepresentation: Int) throws {
        guard savedRepresentation > 0 else { throw ExtensionError.malformed }
        number = savedRepresentation
    }

    var savedRepresentation: Int { number }
}

/// A `Codable` value whose decoding rejects a value in the user's words.
struct Percentage: Codable, Hashable, CodableSavedValue {
    var value: Double

    init(value: Double) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Double.self)
        guard (0...100).contains(value) else { throw ValidationError("must lie between 0 and 100") }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

final class Contact: ModelObject {
    @Saved var email = EmailAddress(text: "a@b")
    @Saved var emails: [EmailAddress] = []
    @Saved var phone = PhoneNumber(digits: "0")
    @Saved var phoneExtension = PhoneExtension(number: 1)
    @Saved var share = Percentage(value: 0)
}

@Suite struct CustomValueMessageTests {
    @Test func aValidationErrorOfAConversionIsTheUsersMessage() throws {
        for options in bothReaders {
            let error = try #require(
                modelError { _ = try Contact(json: #"{"emails": ["a@b", "x"]}"#, options: options) })
            #expect(error.keyPath.description == "emails[1]")
            #expect(error.localizedDescription == "not an email address")
            #expect(error.description == "emails[1]: not an email address")
            #expect(error.underlyingError as? ValidationError == ValidationError("not an email address"))
        }
    }

    @Test func aLocalizedErrorOfAConversionIsTheUsersMessage() throws {
        for options in bothReaders {
            let error = try #require(modelError { _ = try Contact(json: #"{"phone": "12a"}"#, options: options) })
            #expect(error.keyPath.description == "phone")
            #expect(error.localizedDescription == "a phone number has digits only")
            #expect(error.underlyingError is PhoneNumberError)
        }
    }

    @Test func aPlainErrorOfAConversionDescribesTheValue() throws {
        for options in bothReaders {
            let error = try #require(modelError { _ = try Contact(json: #"{"phoneExtension": -4}"#, options: options) })
            #expect(error.description == "phoneExtension: expected a valid PhoneExtension, found -4")
            #expect(error.underlyingError as? ExtensionError == .malformed)
        }
    }

    @Test func aValidationErrorOfACodableValueIsTheUsersMessage() throws {
        for options in bothReaders {
            let error = try #require(modelError { _ = try Contact(json: #"{"share": 120}"#, options: options) })
            #expect(error.keyPath.description == "share")
            #expect(error.localizedDescription == "must lie between 0 and 100")
            #expect(error.underlyingError is ValidationError)
        }
    }

    @Test func lenientLoadsRecordTheUsersMessage() throws {
        let contact = try Contact(json: #"{"email": "nobody", "share": -1}"#, options: .lenient)
        #expect(
            contact.loadIssues.map(\.localizedDescription) == ["not an email address", "must lie between 0 and 100"])
        #expect(contact.loadIssues.map(\.keyPath.description) == ["email", "share"])
        // The values that did not convert are kept and written back.
        #expect(try jsonObject(contact.jsonString())["email"] as? String == "nobody")
    }
}
