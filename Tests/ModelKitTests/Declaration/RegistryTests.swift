import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

private class Animal: ModelObject {
    @Saved var name = ""
}

private final class Dog: Animal {
    @Saved var breed = ""
    override class var legacyModelNames: [String] { ["OldDog"] }
}

private final class Zoo: ModelObject {
    @Saved var animals: [Animal] = []
    @Saved var keeper: Animal? = nil
}

@Suite struct RegistryTests {
    @Test func makeBuildsTheRegisteredSubclassNamedInTheData() throws {
        ModelObject.register(Dog.self)
        let animal = try Animal.make(json: #"{"representedClassName":"Dog","name":"Rex","breed":"Collie"}"#)
        let dog = try #require(animal as? Dog)
        #expect(dog.breed == "Collie")
        #expect(try Dog.make(json: #"{"representedClassName":"Dog"}"#).name == "")
    }

    @Test func legacyNamesResolveToTheirClass() throws {
        ModelObject.register(Dog.self)
        let zoo = try Zoo(json: #"{"animals":[{"representedClassName":"OldDog","breed":"Pug"},{"name":"Cat"}]}"#)
        #expect((zoo.animals[0] as? Dog)?.breed == "Pug")
        #expect(type(of: zoo.animals[1]) == Animal.self)
        let saved = try zoo.dictionary
        let animals = try #require(saved["animals"] as? [[String: Any]])
        #expect(animals[0]["representedClassName"] as? String == "Dog")
    }

    @Test func arraysAndOptionalsOfModelsKeepTheirSubclassesThroughARoundTrip() throws {
        ModelObject.register(Dog.self)
        let zoo = Zoo()
        let dog = Dog()
        dog.breed = "Beagle"
        zoo.animals = [dog, Animal()]
        zoo.keeper = Dog()
        let loaded = try Zoo(json: zoo.jsonData())
        #expect(loaded.animals[0] is Dog)
        #expect(loaded.keeper is Dog)
        #expect(loaded == zoo)
    }

    @Test func unknownNestedNamesFallBackToTheDeclaredType() throws {
        let zoo = try Zoo(json: #"{"keeper":{"representedClassName":"Unicorn","name":"Sparkle"}}"#)
        #expect(type(of: try #require(zoo.keeper)) == Animal.self)
        #expect(zoo.keeper?.name == "Sparkle")
    }

    @Test func makeNeverReturnsAClassOutsideTheReceiversSubclasses() throws {
        ModelObject.register(Dog.self)
        #expect(throws: ModelError.self) { try Circle.make(json: #"{"representedClassName":"Dog"}"#) }
        #expect(throws: ModelError.self) { try Dog.make(json: #"{"representedClassName":"Animal"}"#) }
    }

    @Test func registrationFromManyTasksAtOnceIsSafe() async {
        let madeDogs = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    ModelObject.register(Dog.self)
                    return (try? Animal.make(json: #"{"representedClassName":"Dog"}"#)) is Dog
                }
            }
            var made: [Bool] = []
            for await isDog in group { made.append(isDog) }
            return made
        }
        #expect(madeDogs == Array(repeating: true, count: 16))
        #expect(Dog.savedKeys == ["name", "breed"])
    }
}
