import Foundation
import ModelKit
import ModelKitTestSupport

// The objects that `ModelGenerator` builds, from the values it draws.
extension ModelGenerator {
    /// A random tree of nodes, `depth` levels deep at most, sometimes with a long chain of
    /// small nodes hanging from it.
    mutating func node(depth: Int = 3) -> GeneratedNode {
        let node = GeneratedNode()
        node.name = string()
        node.scalars = scalars()
        node.collections = collections()
        node.shapes = array(maximum: 3) { $0.shape(depth: 3) }
        node.union = chance(2) ? union() : nil
        node.unions = array(maximum: 4) { $0.union() }
        if depth > 1 {
            node.children = array(maximum: 2) { $0.node(depth: depth - 1) }
            node.byName = dictionary(maximum: 2) { $0.node(depth: depth - 2) }
            node.next = chance(4) ? self.node(depth: depth - 1) : nil
        } else if chance(4) {
            node.next = chain(length: 5 + next(20))
        }
        valueClasses(of: node)
        node.clearChanges()
        return node
    }

    /// Nodes nested through `next`, each holding only a name and scalars.
    mutating func chain(length: Int) -> GeneratedNode {
        let node = GeneratedNode()
        node.name = string()
        if chance(4) { node.scalars = scalars() }
        if length > 1 { node.next = chain(length: length - 1) }
        return node
    }

    /// Fills the value-class properties of `node`: plain, optional and in arrays.
    mutating func valueClasses(of node: GeneratedNode) {
        node.color = color()
        node.optionalColor = chance(2) ? color() : nil
        node.colors = array(maximum: 3) { $0.color() }
        node.date = dateValue()
        node.optionalDate = chance(2) ? dateValue() : nil
        node.dates = array(maximum: 3) { $0.dateValue() }
        node.interval = interval()
        node.optionalInterval = chance(2) ? interval() : nil
        node.intervals = array(maximum: 3) { $0.interval() }
        node.data = dataValue()
        node.optionalData = chance(2) ? dataValue() : nil
        node.dataValues = array(maximum: 3) { $0.dataValue() }
        node.time = timeValue()
        node.optionalTime = chance(2) ? timeValue() : nil
        node.times = array(maximum: 3) { $0.timeValue() }
        node.timeline = chance(3) ? timeline() : nil
    }

    /// A `DataValue`: no data, empty data (which it keeps as none), or bytes, sometimes with
    /// the name of a class.
    mutating func dataValue() -> DataValue {
        let value = DataValue(data: chance(6) ? nil : data())
        if chance(4) { value.dataClass = string() }
        value.clearChanges()
        return value
    }

    /// A `TimeValue` in the local zone, in UTC, or in a named or fixed-offset zone.
    mutating func timeValue() -> TimeValue {
        let zones =
            [nil, TimeZone.gmt]
            + ["Europe/Paris", "Asia/Kolkata", "America/St_Johns", "GMT+0530"].map {
                TimeZone(identifier: $0)
            }
        return TimeValue(hour: next(24), minute: next(60), second: next(60), timeZone: element(of: zones))
    }

    mutating func color() -> ColorValue {
        ColorValue(red: double(), green: double(), blue: double(), alpha: chance(2) ? 1 : double())
    }

    /// A `DateValue`, which keeps its date to the microsecond, sometimes without a date.
    mutating func dateValue() -> DateValue {
        DateValue(date: chance(8) ? nil : date())
    }

    mutating func interval() -> IntervalValue {
        let units = IntervalUnits(rawValue: next(10)) ?? .minute
        if chance(2) {
            return IntervalValue(firstAmount: integer(), secondAmount: integer(), units: units)
        }
        return IntervalValue(amount: integer(), units: units)
    }

    mutating func scalars() -> FuzzScalars {
        let scalars = FuzzScalars()
        scalars.text = string()
        scalars.flag = chance(2)
        scalars.int = integer()
        scalars.int8 = integer()
        scalars.int16 = integer()
        scalars.int32 = integer()
        scalars.int64 = integer()
        scalars.uint = integer()
        scalars.uint8 = integer()
        scalars.uint16 = integer()
        scalars.uint32 = integer()
        scalars.uint64 = integer()
        scalars.double = double()
        scalars.float = float()
        scalars.decimal = decimal()
        scalars.date = date()
        scalars.unixTime = unixDate()
        scalars.posted = wholeSecondDate()
        scalars.data = data()
        scalars.url = url()
        scalars.uuid = uuid()
        scalars.flavor = element(of: FuzzFlavor.allCases)
        scalars.priority = element(of: FuzzPriority.allCases)
        scalars.appVersion = FuzzVersion(major: integer(), minor: integer())
        return scalars
    }

    mutating func collections() -> FuzzCollections {
        let collections = FuzzCollections()
        collections.optionalText = optional { $0.string() }
        collections.optionalInt = optional { $0.integer() }
        collections.optionalDouble = optional { $0.double() }
        collections.optionalDate = optional { $0.date() }
        collections.day = optional { $0.day() }
        collections.optionalData = optional { $0.data() }
        collections.optionalURL = optional { $0.url() }
        collections.optionalUUID = optional { $0.uuid() }
        collections.optionalFlavor = optional { $0.element(of: FuzzFlavor.allCases) }
        collections.optionalDecimal = optional { $0.decimal() }
        collections.strings = array { $0.string() }
        collections.integers = array { $0.integer() }
        collections.numbers = array { $0.double() }
        collections.floats = array { $0.float() }
        collections.bools = array { $0.chance(2) }
        collections.dateList = array { $0.date() }
        collections.optionals = array { $0.optional { $0.integer() } }
        collections.nested = array(maximum: 4) { $0.array { $0.integer() } }
        collections.matrix = array(maximum: 4) { $0.array { $0.integer() } }
        collections.tags = Set(array { $0.string() })
        collections.integerSet = Set(array { $0.integer() })
        collections.uuidSet = Set(array { $0.uuid() })
        collections.priorities = Set(array(maximum: 3) { $0.element(of: FuzzPriority.allCases) })
        collections.counts = dictionary { $0.integer() }
        collections.textByKey = dictionary { $0.string() }
        collections.doubleByKey = dictionary { $0.double() }
        collections.listsByKey = dictionary(maximum: 3) { $0.array { $0.integer() } }
        collections.dates = dictionary(maximum: 3) { $0.array(maximum: 3) { $0.date() } }
        collections.optionalDates = dictionary(maximum: 3) { $0.optional { $0.date() } }
        collections.blobs = dictionary(maximum: 3) { $0.optional { $0.data() } }
        return collections
    }

    /// A union of a random case.
    mutating func union() -> GeneratedUnion {
        switch next(5) {
        case 0: .text(string())
        case 1: .number(double())
        case 2: .flag(chance(2))
        case 3: .list(array { $0.integer() })
        default: .shape(shape(depth: 2))
        }
    }

    mutating func shape(depth: Int) -> GeneratedShape {
        switch next(3) {
        case 0:
            let shape = GeneratedShape()
            shape.label = string()
            return shape
        case 1:
            let disc = GeneratedDisc()
            disc.label = string()
            disc.radius = double()
            return disc
        default:
            let box = GeneratedBox()
            box.sides = array { $0.double() }
            box.inner = depth > 1 && chance(2) ? shape(depth: depth - 1) : nil
            return box
        }
    }
}
