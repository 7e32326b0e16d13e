import Foundation

extension ModelObject {
    /// Lets this object, whose values (and those of the objects it holds) have just loaded,
    /// check itself through ``validate()``, at the end of its load.
    ///
    /// A strict load throws the error, with its key path relative to this object; the callers
    /// on the way up prefix it, as they prefix every error of a value. A lenient load records
    /// it and keeps the values: nothing was dropped, so nothing is kept to write back.
    func validateLoadedValues(context: LoadContext) throws {
        do {
            try validate()
        } catch {
            let modelError = ModelError.validation(error)
            guard context.isLenient else { throw modelError }
            context.recordKeptValueIssue(modelError)
        }
    }
}
