// The ModelKit demo: `swift run demo`, `swift run demo roundtrip FILE`, `swift run demo shapes FILE`,
// `swift run demo drawing FILE`, `swift run demo schema`, `swift run demo stream`,
// `swift run demo --help`.
//
// Every problem, from a missing file to invalid JSON or a value of the wrong type, ends the
// program with one line on standard error and exit status 1.

import Foundation
import ModelKit

/// Writes a one-line error message to standard error.
func reportError(_ error: any Error) {
    let message = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("demo: error: \(message)\n".utf8))
}

do {
    switch try DemoCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
    case .fullDemo:
        try runFullDemo()
    case .roundTrip(let path):
        try roundTrip(path: path)
    case .shapes(let path):
        try showShapes(path: path)
    case .drawing(let path):
        try showDrawing(path: path)
    case .schema:
        print(String(decoding: try Demo.jsonSchema(), as: UTF8.self))
    case .stream:
        try streamRecipe()
    case .help:
        print(DemoCommand.usage)
    }
} catch {
    reportError(error)
    exit(1)
}
