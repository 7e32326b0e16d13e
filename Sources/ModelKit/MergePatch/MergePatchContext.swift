/// The state of one ``ModelObject/mergePatch()``: the writes of current values and of the
/// values they replaced, each made when first needed, the objects whose patches are being
/// made, and the metadata of the classes met.
///
/// A patch of one small object takes little more time than the allocations it makes, so this
/// is a value that allocates nothing until a patch needs it.
struct MergePatchContext {
    private let options: WriteOptions
    private var currentContext: SaveContext?
    private var baselineContext: SaveContext?
    private var objectsBeingPatched: [ObjectIdentifier] = []

    // The metadata of the classes met, so that each object does not take the shared cache's
    // lock. The patch of one object usually meets one or two classes, kept without an array.
    private var firstMetadata: ModelMetadata?
    private var secondMetadata: ModelMetadata?
    private var moreMetadata: [ModelMetadata] = []

    init(options: WriteOptions = []) {
        self.options = options
    }

    /// Writes the current values.
    var current: SaveContext {
        mutating get {
            if let currentContext { return currentContext }
            let context = SaveContext(options: options)
            currentContext = context
            return context
        }
    }

    /// Writes the values from the last load or clear: see ``SaveContext/writesBaseline``.
    var baseline: SaveContext {
        mutating get {
            if let baselineContext { return baselineContext }
            let context = SaveContext(options: options, writesBaseline: true)
            baselineContext = context
            return context
        }
    }

    /// Runs `body`, which makes the patches of the objects nested in `object`, throwing for an
    /// object that contains itself and for nesting deeper than ``SaveContext/maximumDepth``.
    mutating func patchingNestedObjects<Result>(
        of object: ModelObject,
        _ body: (inout MergePatchContext) throws -> Result
    ) throws -> Result {
        try SaveContext.enter(object, stack: &objectsBeingPatched)
        defer { objectsBeingPatched.removeLast() }
        return try body(&self)
    }

    /// The metadata of `modelClass`, from this patch's own cache.
    mutating func metadata(of modelClass: ModelObject.Type) -> ModelMetadata {
        if let firstMetadata, firstMetadata.modelClass == modelClass { return firstMetadata }
        if let secondMetadata, secondMetadata.modelClass == modelClass { return secondMetadata }
        for metadata in moreMetadata where metadata.modelClass == modelClass {
            return metadata
        }
        let metadata = ModelMetadata.of(modelClass)
        if firstMetadata == nil {
            firstMetadata = metadata
        } else if secondMetadata == nil {
            secondMetadata = metadata
        } else if moreMetadata.count < 32 {
            moreMetadata.append(metadata)
        }
        return metadata
    }
}
