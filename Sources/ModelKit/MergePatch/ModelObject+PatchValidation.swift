import Foundation

extension ModelObject {
    /// Lets each object that `plan` merges into check itself (``validate()``) as it would be
    /// after the patch, before anything is set, so that a strict apply that makes an object
    /// invalid changes nothing and notifies no observer.
    ///
    /// Each check runs on a trial object: a new object of the same class holding the values it
    /// would hold, which holds the trials of the nested objects the patch merges into in their
    /// places, and shares every other nested object. Objects that the patch creates checked
    /// themselves when they loaded.
    func validate(_ plan: MergePatchPlan, context: LoadContext) throws {
        _ = try trial(of: plan, context: context)
    }

    /// A new object holding the values that this object would hold after `plan`, checked.
    private func trial(of plan: MergePatchPlan, context: LoadContext) throws -> ModelObject {
        let trial = type(of: self).init()
        for property in ModelMetadata.of(type(of: self)).properties {
            property.setValue(property.value(of: self), of: trial)
        }
        trial.unknowns = unknowns
        for (property, value) in plan.values {
            property.setValue(value, of: trial)
        }
        for (key, value) in plan.unknownValues {
            trial.unknowns[key] = value
        }
        if !plan.values.isEmpty { trial.didLoadValues() }
        for (property, object, nestedPlan) in plan.nestedPlans {
            // A flattened object's values are this object's own, at its level.
            let nestedTrial = try KeyPathStep.at(property.isFlattened ? [] : [.key(property.key)], in: context) {
                try object.trial(of: nestedPlan, context: context)
            }
            property.setValue(nestedTrial, of: trial)
        }
        try trial.validateLoadedValues(context: context)
        return trial
    }
}
