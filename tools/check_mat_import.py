# Run inside GNU Backgammon: gnubg -t -q -p tools/check_mat_import.py
# Imports the .mat named by $MAT and checks it against the expectations in
# $EXPECT (JSON written by tools/check_mat_import.sh): the number of games,
# and per game the number of checker plays, the dice of each play, the winner
# (as the first or second mover) and the points won; for a match to N points
# also the match length, the score before each game (player 1, player 2) and
# the Crawford game, and that `analyse match` runs on it; and each game's
# doubles, takes and drops (a beaver is a take and a double in gnubg).
import json
import os
import sys

import gnubg

expect = json.load(open(os.environ["EXPECT"]))
length = expect["length"]
# Money play: the Jacoby rule as the match file had it (off without a cube:
# cubeless gammons always count).
jacoby = expect.get("jacoby", False)
expect = expect["games"]
if length == 0:
    gnubg.command("set jacoby " + ("on" if jacoby else "off"))
gnubg.command("import mat " + os.environ["MAT"])
m = gnubg.match(0, 0, 0, 0)
games = m["games"]
errors = []
if m["match-info"].get("match-length") != length:
    errors.append("match length: gnubg %s, expected %d" % (m["match-info"].get("match-length"), length))
if len(games) != len(expect):
    errors.append("games: gnubg %d, expected %d" % (len(games), len(expect)))
total_moves = 0
for i, (g, e) in enumerate(zip(games, expect)):
    moves = [r for r in g["game"] if r.get("action") == "move"]
    total_moves += len(moves)
    dice = [list(sorted(r["dice"], reverse=True)) for r in moves]
    if dice != e["dice"]:
        errors.append("game %d: %d plays imported, expected %d (or dice differ)"
                      % (i + 1, len(moves), len(e["dice"])))
        continue
    # The first action (a play or a double) is the first mover's.
    first = next((r["player"] for r in g["game"] if "player" in r), None)
    info = g["info"]
    winner_first = info.get("winner") == first
    if winner_first != e["first_mover_won"]:
        errors.append("game %d: wrong winner" % (i + 1))
    if info.get("points-won") != e["points"]:
        errors.append("game %d: %s points, expected %d" % (i + 1, info.get("points-won"), e["points"]))
    if bool(info.get("resigned")) != e["forfeit"]:
        errors.append("game %d: resignation flag differs" % (i + 1))
    actions = {a: sum(1 for r in g["game"] if r.get("action") == a)
               for a in ("double", "take", "drop")}
    if "cube" in e and actions != e["cube"]:
        errors.append("game %d: gnubg's cube actions %s, expected %s" % (i + 1, actions, e["cube"]))
    if "score" in e:
        # gnubg's X is the .mat's player 1.
        score = [info.get("score-X"), info.get("score-O")]
        if score != e["score"]:
            errors.append("game %d: gnubg's score before it %s, expected %s" % (i + 1, score, e["score"]))
        if bool(info.get("crawford")) != e["crawford"]:
            errors.append("game %d: gnubg's Crawford flag %s, expected %s"
                          % (i + 1, bool(info.get("crawford")), e["crawford"]))
print("gnubg imported %d games, %d checker plays" % (len(games), total_moves))
if length:
    gnubg.command("set analysis chequerplay evaluation plies 0")
    gnubg.command("set analysis cubedecision evaluation plies 0")
    gnubg.command("analyse match")
    analysed = sum(1 for g in gnubg.match(1, 0, 0, 0)["games"]
                   for r in g["game"] if r.get("analysis"))
    print("analysed match: %d records with analysis" % analysed)
    if analysed == 0:
        errors.append("analyse match left no analysis")
if errors:
    print("MISMATCH:\n  " + "\n  ".join(errors))
    sys.exit(1)
print("OK: every game, play, winner and score matches the match file")
