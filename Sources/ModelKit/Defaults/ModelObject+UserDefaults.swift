import Foundation

extension ModelObject {
    /// The dictionary form as a property list: values that `UserDefaults`,
    /// `PropertyListSerialization` and `PropertyListEncoder`'s peers always accept.
    ///
    /// The dictionary form holds only strings, numbers, arrays and dictionaries with string
    /// keys, except that a `null` kept from loaded data is `NSNull`, which no property list
    /// holds, and that a value set under an unknown key in code can be anything. Handing such
    /// a value to Apple's Foundation raises an Objective-C exception that stops the process;
    /// this checks every value first.
    ///
    /// ```swift
    /// let plist = try settings.propertyList()
    /// let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    /// ```
    ///
    /// - Returns: The dictionary form, as ``dictionary`` gives it.
    /// - Throws: A ``ModelError`` naming the key path of a value that a property list cannot
    ///   hold, such as `extras.shade: expected a value a property list can hold, found null`,
    ///   and whatever ``dictionary`` throws.
    public func propertyList() throws -> [String: Any] {
        let dictionary = try self.dictionary
        try PropertyListValues.check(dictionary)
        return dictionary
    }

    /// Stores the model's JSON, compact, as data under `key` in `defaults`.
    ///
    /// JSON data keeps every value exactly, `null`s and numbers of any size included, which
    /// the dictionary form in a property list would not; read it back with
    /// ``load(from:forKey:options:)``.
    ///
    /// ```swift
    /// try settings.save(to: .standard, forKey: "settings")
    /// ```
    ///
    /// - Parameters:
    ///   - defaults: The defaults database, such as `UserDefaults.standard` or a suite of an
    ///     app group.
    ///   - key: The key to store the data under.
    /// - Throws: What ``jsonData(options:)`` throws; `defaults` is then unchanged.
    public func save(to defaults: UserDefaults, forKey key: String) throws {
        defaults.set(try jsonData(options: .compact), forKey: key)
    }

    /// Loads a model stored under `key` in `defaults`: the JSON data that
    /// ``save(to:forKey:)`` stores, or a dictionary form stored as a property list, as an app
    /// built on DejalObject stored a model's `dictionary`.
    ///
    /// The class is this class or the subclass that the data names, as with
    /// ``make(json:options:)-(Data,_)``.
    ///
    /// ```swift
    /// let settings = try Settings.load(from: .standard, forKey: "settings") ?? Settings()
    /// ```
    ///
    /// - Parameters:
    ///   - defaults: The defaults database.
    ///   - key: The key the model is stored under.
    ///   - options: How to load; strict by default.
    /// - Returns: The model, or `nil` when nothing is stored under `key`.
    /// - Throws: A ``ModelError`` when the value stored is neither JSON data (nor a JSON
    ///   string) nor a dictionary, or when it does not load, naming the key path.
    public class func load(from defaults: UserDefaults, forKey key: String, options: LoadOptions = []) throws
        -> Self?
    {
        guard let stored = defaults.object(forKey: key) else { return nil }
        if let data = stored as? Data { return try make(json: data, options: options) }
        if let string = stored as? String { return try make(json: string, options: options) }
        guard let dictionary = defaults.dictionary(forKey: key) else {
            throw ModelError(
                .typeMismatch(expected: "JSON data or a dictionary", found: FoundValue.describe(stored)))
        }
        return try make(dictionary: PropertyListValues.normalized(dictionary), options: options)
    }
}
