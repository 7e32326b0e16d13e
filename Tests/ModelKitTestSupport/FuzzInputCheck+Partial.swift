import Foundation
import ModelKit

extension FuzzInputCheck {
    /// Feeds the input to a `PartialLoader` in pieces of sizes drawn from the input itself,
    /// strict and lenient: nothing it throws may be other than a `ModelError`, and the object
    /// it leaves must equal what `init(json:)` gives and write the same JSON, or both must
    /// fail.
    func runPartial(_ data: Data) {
        let bytes = [UInt8](data)
        var random = SplitMix64(seed: bytes.reduce(UInt64(bytes.count)) { $0 &* 31 &+ UInt64($1) })
        for options in [LoadOptions(), .lenient] {
            let whole: FuzzModel?
            do {
                whole = try FuzzModel(json: data, options: options)
            } catch is ModelError {
                whole = nil
            } catch {
                continue
            }
            let streamed = FuzzModel()
            let loader = PartialLoader(into: streamed, options: options)
            var start = 0
            var failure: (any Error)?
            do {
                while start < bytes.count {
                    let size = Int(random.next() % 9) == 0 ? Int(random.next() % 200) + 1 : Int(random.next() % 8) + 1
                    let end = min(start + size, bytes.count)
                    try loader.append(bytes[start..<end])
                    start = end
                }
                try loader.finish()
            } catch {
                failure = error
            }
            if let failure, !(failure is ModelError) {
                report("PartialLoader threw an error that is not a ModelError: \(failure)")
            }
            switch (whole, failure) {
            case (let whole?, nil):
                if streamed != whole { report("PartialLoader's object is not init(json:)'s: \(streamed) vs \(whole)") }
                if (try? streamed.jsonData()) != (try? whole.jsonData()) {
                    report("PartialLoader's object writes other JSON than init(json:)'s")
                }
                if streamed.hasAnyChanges { report("PartialLoader's object has changes") }
            case (nil, nil):
                report("PartialLoader finished where init(json:) fails")
            case (_?, let failure?):
                report("PartialLoader failed where init(json:) loads: \(failure)")
            case (nil, _?):
                break
            }
        }
    }
}
