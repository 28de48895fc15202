"""A 100-game match between two NCBP engines (here ncbg at two settings),
written to a match file that ncbg-referee, `ncbg analyze` and the GUI read.

    python engine_match.py path/to/ncbg [--games 100] [--out match.txt]
"""
import argparse, random
import ncbg
from ncbg.engine import Limit, SimpleEngine

ap = argparse.ArgumentParser()
ap.add_argument("ncbg"); ap.add_argument("--games", type=int, default=100)
ap.add_argument("--out", default="match.txt")
args = ap.parse_args()

players = {"deep": Limit(depth=2), "quick": Limit(depth=1)}
match = ncbg.matchfile.MatchFile.new(list(players), max_turns=1000)
with SimpleEngine.popen([args.ncbg]) as a, SimpleEngine.popen([args.ncbg]) as b:
    engines = dict(zip(players, (a, b)))
    for i in range(args.games):
        x, y = ("deep", "quick") if i % 2 == 0 else ("quick", "deep")
        s, rng = ncbg.State(), random.Random(i // 2)     # the same opening for both colours:
        for _ in range(4):                                # the initial pair and two random turns
            s.push(rng.choice(s.legal_turns()))
        s = s.copy(stack=False)                           # the game starts there (a state: opening)
        while not s.is_over() and len(s.move_stack) < 1000:
            side = x if s.turn == "X" else y
            s.push(engines[side].play(s, players[side]).turn)
        match.append(ncbg.matchfile.Game.from_state(s, x, y, index=i))
match.write(args.out)
print({p: f"{pts:g}" for p, pts in match.scores().items()}, "points in", len(match.games), "games")
