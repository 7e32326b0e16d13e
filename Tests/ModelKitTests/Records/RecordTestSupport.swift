import Foundation
import ModelKit
import Testing

final class RecordCustomer: ModelObject {
    @Saved var id = ""
    @Saved var name = ""
}

class RecordOrder: ModelObject {
    @Saved var id = 0
    @Saved var note = ""
    @Saved var customer = RecordCustomer()
    @Saved var placed: Date? = nil
}

final class RecordRefund: RecordOrder {
    @Saved var reason = ""
}

/// Bytes as an asynchronous sequence of chunks of `size` bytes.
func chunks(of bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        var start = 0
        while start < bytes.count {
            continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        continuation.finish()
    }
}

/// Text as an asynchronous sequence of chunks of `size` bytes.
func chunks(of text: String, size: Int) -> AsyncStream<[UInt8]> {
    chunks(of: Array(text.utf8), size: size)
}

/// Bytes as an asynchronous sequence of single bytes.
func singleBytes(of text: String) -> AsyncStream<UInt8> {
    AsyncStream { continuation in
        for byte in text.utf8 { continuation.yield(byte) }
        continuation.finish()
    }
}

/// All the records of a stream.
func collect<Model: ModelObject>(_ records: ModelRecords<Model>) async throws -> [Model] {
    var models: [Model] = []
    for try await model in records { models.append(model) }
    return models
}

/// The JSON of each model, compact with sorted keys, to compare models read two ways.
func compactForms(_ models: [ModelObject]) throws -> [String] {
    try models.map { try $0.jsonString(options: [.compact, .sortedKeys]) }
}

/// A new empty directory for the files of one test.
func makeRecordsDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// How many file descriptors the process has open.
func openDescriptorCount() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}

/// The error that reading all of `records` throws.
func firstError<Model: ModelObject>(of records: ModelRecords<Model>) async -> (any Error)? {
    do {
        _ = try await collect(records)
        return nil
    } catch {
        return error
    }
}
