import Foundation
import ModelKit

// The records of the records workload: orders as an export or a sync feed holds them, with a
// customer, lines, dates and keys that the models do not declare, which ModelKit keeps.

final class StreamCustomer: ModelObject {
    @Saved var id = ""
    @Saved var name = ""
    @Saved var email = ""
}

final class StreamLine: ModelObject {
    @Saved var sku = ""
    @Saved var quantity = 0
    @Saved var price = 0.0
}

final class StreamOrder: ModelObject {
    @Saved var id = 0
    @Saved var number = ""
    @Saved var status = ""
    @Saved var placed = Date(timeIntervalSince1970: 0)
    @Saved var customer = StreamCustomer()
    @Saved var lines: [StreamLine] = []
    @Saved var total = 0.0
}

/// The `Codable` twins of the records, decoded line by line by `JSONDecoder`.
enum PlainStream {
    struct Customer: Codable {
        let id: String
        let name: String
        let email: String
    }

    struct Line: Codable {
        let sku: String
        let quantity: Int
        let price: Double
    }

    struct Order: Codable {
        let id: Int
        let number: String
        let status: String
        let placed: Date
        let customer: Customer
        let lines: [Line]
        let total: Double
    }
}

/// Generates the compact JSON of order records, the same for the same index in every run.
enum StreamRecords {
    private static let statuses = ["paid", "shipped", "refunded", "pending"]
    private static let names = ["Zoë Adams", "Bjørn Berg", "Chen Wei", #"Dana \"D\" Cruz"#, "Émile Roy"]

    /// The JSON of the order at `index`, about 600 bytes.
    static func record(_ index: Int) -> String {
        let lineCount = 1 + index % 4
        let lines = (0..<lineCount).map { line in
            #"{"sku":"SKU-\#(index % 997)-\#(line)","quantity":\#(1 + line),"price":\#(Double(index % 5000) / 100 + Double(line)),"discount":null}"#
        }
        let date =
            "2024-\(two(1 + index % 12))-\(two(1 + index % 28))T\(two(index % 24)):\(two(index % 60)):\(two(index * 7 % 60))Z"
        return #"{"id":\#(index),"number":"ORD-\#(100_000 + index)","status":"\#(statuses[index % 4])","#
            + #""placed":"\#(date)","customer":{"id":"cus_\#(index % 10_007)","name":"\#(names[index % 5])","#
            + #""email":"customer\#(index % 10_007)@example.com","segment":"retail"},"lines":[\#(lines.joined(separator: ","))],"#
            + #""total":\#(Double(index % 90_000) / 100),"channel":"web","tags":["a","b\/c"],"notes":"Leave at the door, \u00e9"}"#
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
