import Foundation

/// The entries of one dictionary, sorted out in one walk: the entry of each saved property,
/// `version`, `representedClassName`, and the keys the class does not declare.
struct MatchedEntries {
    typealias Position = Dictionary<String, Any>.Index

    let dictionary: [String: Any]
    private let positions: UnsafeMutablePointer<Position>
    private let isFound: UnsafeMutablePointer<Bool>
    private(set) var versionPosition: Position?
    private(set) var classNamePosition: Position?
    private var unknownPositions: [Position] = []

    /// Walks `dictionary` and passes what it found to `body`; the entries are valid only
    /// there, since they point into buffers on the stack.
    ///
    /// - Parameter keyTable: The class's ``ModelMetadata/flatKeyTable``: each property is
    ///   found under one key.
    static func match<Result>(
        _ dictionary: [String: Any],
        keyTable: KeyTable,
        metadata: ModelMetadata,
        _ body: (MatchedEntries) throws -> Result
    ) throws -> Result {
        let count = metadata.properties.count
        return try withUnsafeTemporaryAllocation(of: Position.self, capacity: count) { positions in
            try withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { isFound in
                isFound.initialize(repeating: false)
                defer {
                    for index in 0..<count where isFound[index] {
                        (positions.baseAddress! + index).deinitialize(count: 1)
                    }
                }
                var entries = MatchedEntries(
                    dictionary: dictionary, positions: positions.baseAddress!, isFound: isFound.baseAddress!)
                var position = dictionary.startIndex
                let end = dictionary.endIndex
                while position != end {
                    let key = dictionary.keys[position]
                    switch keyTable.match(key) ?? matchByEquality(key, metadata: metadata) {
                    case .property(let index) where !isFound[index]:
                        (positions.baseAddress! + index).initialize(to: position)
                        isFound[index] = true
                    case .property: break
                    case .version: entries.versionPosition = position
                    case .className: entries.classNamePosition = position
                    // Only tables of flat layouts walk dictionaries, which have no containers
                    // and no flattened objects.
                    case .container, .flattened, nil: entries.unknownPositions.append(position)
                    }
                    dictionary.formIndex(after: &position)
                }
                return try body(entries)
            }
        }
    }

    private init(
        dictionary: [String: Any], positions: UnsafeMutablePointer<Position>, isFound: UnsafeMutablePointer<Bool>
    ) {
        self.dictionary = dictionary
        self.positions = positions
        self.isFound = isFound
    }

    /// Whether the data has a value for the property at `index` in declaration order.
    @inline(__always)
    func hasValue(ofProperty index: Int) -> Bool {
        isFound[index]
    }

    /// The value of the property at `index`, which the data has.
    @inline(__always)
    func value(ofProperty index: Int) -> Any {
        dictionary.values[positions[index]]
    }

    /// The entries whose keys the class does not declare.
    var unknownEntries: [(key: String, value: Any)] {
        unknownPositions.map { (dictionary.keys[$0], dictionary.values[$0]) }
    }

    /// What a key that the table's bytes do not match names under `String` equality, which
    /// holds Unicode canonical equivalents equal: only a key that is not ASCII can match so.
    static func matchByEquality(_ key: String, metadata: ModelMetadata) -> KeyTable.Match? {
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        return metadata.layout.matches[key]
    }
}
