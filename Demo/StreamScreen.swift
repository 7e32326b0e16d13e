import Foundation
import Observation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where `demo stream` shows the recipe after each piece: on a terminal, the alternate screen,
/// redrawn in place with a pause per piece; elsewhere, a few snapshots, printed as the answer
/// passes each quarter.
struct StreamScreen {
    let isTerminal: Bool
    /// The bytes of the whole answer.
    let total: Int
    /// How many snapshots to print when not on a terminal.
    let snapshots: Int
    /// How many pieces changed something that the drawing reads.
    private(set) var notifiedPieces = 0
    private var snapshotsPrinted = 0
    private var isShowing = false
    private let changes = ChangeFlag()

    /// The pause after each piece on a terminal, about the pace of a language model's deltas.
    private static let pause: TimeInterval = 0.02

    init(isTerminal: Bool, total: Int, snapshots: Int) {
        (self.isTerminal, self.total, self.snapshots) = (isTerminal, total, snapshots)
    }

    /// Switches a terminal to the alternate screen, with the cursor hidden, until ``end()``.
    mutating func begin() {
        guard isTerminal else { return }
        isShowing = true
        installInterruptHandler()
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Goes back to the terminal's own screen.
    mutating func end() {
        guard isShowing else { return }
        isShowing = false
        write("\u{1B}[?25h\u{1B}[?1049l")
    }

    /// Shows the drawing after a piece.
    ///
    /// On a terminal, the drawing is redrawn over the last; elsewhere it is printed as a snapshot
    /// when the answer passes the next quarter. It is read after every piece, so that
    /// observation tells which pieces changed what it shows.
    mutating func show(_ drawing: RecipeDrawing, received: Int) {
        var drawing = drawing
        let size = isTerminal ? terminalSize() : nil
        if let size { drawing.width = min(drawing.width, size.columns - 1) }
        var lines = observedLines(of: drawing)
        if let size, lines.count + 2 > size.rows - 1 {
            drawing.collapsesCompleteLists = true
            lines = observedLines(of: drawing)
        }
        if changes.take() { notifiedPieces += 1 }
        if let size {
            redraw(["\(received) of \(total) bytes", ""] + lines, rows: size.rows)
            Thread.sleep(forTimeInterval: Self.pause)
        } else if snapshotsPrinted < snapshots, received * (snapshots + 1) >= total * (snapshotsPrinted + 1) {
            snapshotsPrinted += 1
            print("After \(received) of \(total) bytes:")
            print(lines.joined(separator: "\n"))
            print()
        }
    }

    /// Draws `lines` over the previous frame from the top left, clearing what each line and the
    /// screen leave over; a frame taller than the screen loses its last lines, so that it never
    /// scrolls (the drawing has already shown its complete lists as counts).
    private func redraw(_ lines: [String], rows: Int) {
        var lines = lines
        if lines.count > rows - 1 {
            let hidden = lines.count - (rows - 2)
            lines = lines.prefix(rows - 2) + ["… \(hidden) more lines, which a taller window shows"]
        }
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K\n" }.joined() + "\u{1B}[J")
    }

    /// The terminal's rows and columns, or 24 by 80 when it does not say.
    func terminalSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 2, size.ws_col > 20 else {
            return (24, 80)
        }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// The drawing's lines, read so that a change to anything they show sets ``changes``.
    private func observedLines(of drawing: RecipeDrawing) -> [String] {
        let changes = changes
        return withObservationTracking {
            drawing.lines()
        } onChange: {
            changes.set()
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Leaves the alternate screen and shows the cursor when Control-C ends the demo mid-stream.
private func installInterruptHandler() {
    signal(SIGINT) { _ in
        let restore: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, restore.utf8Start, restore.utf8CodeUnitCount)
        _exit(130)
    }
}

/// Whether an observed value changed since it was last taken; set from `onChange`, which may
/// run on any thread, so a lock guards it.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() {
        lock.withLock { isSet = true }
    }

    /// Whether the flag was set, clearing it.
    func take() -> Bool {
        lock.withLock {
            defer { isSet = false }
            return isSet
        }
    }
}
