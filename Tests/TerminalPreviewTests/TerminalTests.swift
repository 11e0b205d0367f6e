import PoseRenderer
import Testing
@testable import TerminalPreview

/// The preview's choices that depend on the terminal: colours and the grid.
@Suite struct TerminalTests {
    @Test func colourChoice() {
        typealias C = Terminal.ColorChoice
        let cases: [(C, Bool, [String: String], PreviewColor)] = [
            (.auto, false, [:], .none),
            (.auto, false, ["COLORTERM": "truecolor"], .none),
            (.auto, true, [:], .palette256),
            (.auto, true, ["COLORTERM": "truecolor"], .truecolor),
            (.auto, true, ["COLORTERM": "24bit"], .truecolor),
            (.auto, true, ["COLORTERM": "yes"], .palette256),
            (.auto, true, ["NO_COLOR": "1", "COLORTERM": "truecolor"], .none),
            (.auto, true, ["NO_COLOR": ""], .palette256),
            (.auto, true, ["TERM": "dumb"], .none),
            (.never, true, ["COLORTERM": "truecolor"], .none),
            (.palette256, false, ["NO_COLOR": "1"], .palette256),
            (.truecolor, false, [:], .truecolor),
        ]
        for (choice, tty, env, expected) in cases {
            #expect(Terminal.color(choice, isTerminal: tty, environment: env) == expected, "\(choice) tty=\(tty) \(env)")
        }
    }

    @Test func gridSize() {
        let cases: [(Int?, Int?, (columns: Int, rows: Int)?, Bool, Int, Int)] = [
            (nil, nil, nil, false, 80, 40),
            (60, nil, nil, false, 60, 30),
            (60, 30, nil, false, 60, 30),
            (nil, nil, (120, 50), false, 120, 49),
            (100, nil, (120, 30), false, 100, 29),
            (40, 100, (120, 30), true, 40, 29),
            (200, 10, (120, 30), true, 120, 10),
            (200, 10, (120, 30), false, 200, 10),
            (40, 100, (120, 30), false, 40, 100),
        ]
        for (w, h, term, inPlace, c, r) in cases {
            let g = Terminal.gridSize(width: w, height: h, terminal: term, inPlace: inPlace)
            #expect(g.columns == c && g.rows == r, "\(String(describing: w)) \(String(describing: h)) \(String(describing: term)) -> \(g)")
        }
    }
}
