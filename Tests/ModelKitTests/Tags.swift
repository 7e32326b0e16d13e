import ModelKitTestSupport
import Testing

extension Tag {
    /// Suites that check models generated from random seeds (`TestSize.seeds`); the everyday
    /// `swift test` runs a sample of the seeds, `MODELKIT_FULL_TESTS=1` all of them.
    @Tag static var generated: Self

    /// Suites that check ModelKit's reader against `JSONSerialization`; the everyday
    /// `swift test` runs a sample of the documents, `MODELKIT_FULL_TESTS=1` all of them.
    @Tag static var differential: Self
}

extension Tag {
    /// Tests of 100 MB or more, which run only with `MODELKIT_FULL_TESTS=1`.
    @Tag static var long: Self
}
