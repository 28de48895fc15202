"""A table-judged game: the search plays a bear-off at depth 1 against
itself, and an exact-value table judges every turn (points under perfect
play before and after it, the optimal choices, the turns to the end).

    python table_game.py [--table bearoff3.tb] [--depth 1]

Without --table the table is built in a temporary folder and removed at the
end (the current folder is left as it was); with it, the file is read, or
built there and kept.
"""
import argparse, os, tempfile
import ncbg

ap = argparse.ArgumentParser()
ap.add_argument("--table"); ap.add_argument("--depth", type=int, default=1)
args = ap.parse_args()

scratch = tempfile.TemporaryDirectory() if args.table is None else None
path = args.table or os.path.join(scratch.name, "bearoff3.tb")
if os.path.exists(path):
    table = ncbg.tables.Table(path)
else:                                # bear-offs of up to 3 checkers a side: about a second
    table = ncbg.tables.build(path, 3)
print("table:", table.spec)


def board(*points):                  # 26 counts: [0] borne off, [1..24] points, [25] bar
    b = [0] * 26
    for p in points:
        b[p] += 1
    b[0] = 15 - len(points)
    return b


# X: 6, 6, 5; Y: 6, 5, 4; X to pick, Y's number is 2, X's last was 4; a credit each.
s = ncbg.State.from_board(board(6, 6, 5), board(6, 5, 4), turn="X", numbers=(4, 2), credits=(1, 1))
print(s)
print()
while not s.is_over():
    p = table.probe(s)
    turn = ncbg.search(s, depth=args.depth).turn
    after = next(c for c in p.choices if c.turn == turn)
    verdict = "optimal" if after.optimal else f"throws {p.value - after.value} point(s)"
    print(f"{s.turn}: {str(turn):<16} value {p.value:+d} in {p.turns} turns -> {after.value:+d}: {verdict}"
          + ("" if after.optimal else f"; best {', '.join(map(str, p.best))}"))
    s.push(turn)
print(s.result())
