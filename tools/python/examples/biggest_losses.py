"""Replays a match file and lists each player's biggest losses: every turn
judged against the engine's best at the same depth (as `ncbg analyze`).

    python biggest_losses.py match.txt [--depth 2] [--top 5]
"""
import argparse
from collections import defaultdict
import ncbg

ap = argparse.ArgumentParser()
ap.add_argument("file"); ap.add_argument("--depth", type=int, default=2)
ap.add_argument("--top", type=int, default=5)
args = ap.parse_args()

match = ncbg.matchfile.read(args.file)
losses = defaultdict(list)          # player -> [(loss, game, report)]
for game in match.games:
    for r in ncbg.analyze_game(game.start, game.turns, depth=args.depth, play_depths=game.depths):
        losses[game.name(r.side)].append((r.loss, game.index, r))
for player, items in sorted(losses.items()):
    total = sum(l for l, _, _ in items)
    print(f"{player}: {len(items)} turns, mean loss {total / len(items):.1f} mp")
    for loss, index, r in sorted(items, key=lambda t: -t[0])[: args.top]:
        print(f"  game {index} turn {r.index}: played {r.played} ({r.played_score} mp), "
              f"best {r.best} ({r.best_score} mp): -{loss} mp, {r.verdict}  {r.state}")
