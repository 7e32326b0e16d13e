/// Which side of a model's data a JSON Schema describes: what the class reads, or what it
/// writes.
///
/// The two differ as pydantic's validation and serialization schemas do: a class reads data
/// that leaves out any of its keys (each property then keeps its default) and writes every
/// key it always writes, so only a writing schema lists keys as `required`.
public enum SchemaPurpose: Sendable, Hashable {
    /// The data that the class reads: `init(json:)`, `make(json:)` and nested objects of the
    /// class, with every form that a strict load takes. No property is required; a header
    /// key, alternative keys and, unless the class ``ModelObject/rejectsUnknownKeys``, keys it
    /// does not declare are accepted.
    case reading
    /// The data that the class writes with the default options: every key that it always
    /// writes is required, the header's with the values the class writes.
    case writing
}
