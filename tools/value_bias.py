#!/usr/bin/env python3
"""Where the engine's values go wrong: its analysis values against the games' results.

    ncbg analyze MATCH.txt --depth 4 --format json > ANALYSIS.jsonl
    tools/value_bias.py MATCH.txt ANALYSIS.jsonl

For every analysed turn, `best_score` is the engine's value of the state for the
side to move (millipoints); the game's result gives what that side actually
scored. Per player (the one to move) and stage of the game (contact, race,
bear-off), and per stretch of 20 turns, this prints the mean value, the mean
result, their difference (the bias: positive means the engine thought that
player better off than it was) and the mean squared error. Against an outside
opponent a large bias in one stage is a blind spot of the evaluation; in
self-play the two players' biases cancel. Draws count as 0 points.
Only the standard library.
"""
import collections
import json
import sys


def results(match_path):
    out = {}
    with open(match_path) as f:
        for line in f:
            if not line.startswith("game\t"):
                continue
            fields = dict(x.split("=", 1) for x in line.rstrip("\n").split("\t")[1:] if "=" in x)
            out[int(fields["index"])] = fields
    return out


def points_for(game, player):
    if game["winner"] == "-":
        return 0
    points = int(game["points"])
    return points if game[game["winner"].lower()] == player else -points


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    games = results(argv[1])
    buckets = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    with open(argv[2]) as f:
        for line in f:
            row = json.loads(line)
            if "turn" not in row or row["game"] not in games:
                continue
            result = points_for(games[row["game"]], row["player"])
            value = row["best_score"] / 1000
            for key in ((row["player"], row["stage"], "all"),
                        (row["player"], row["stage"], "turns %3d-%3d" % (row["turn"] // 20 * 20, row["turn"] // 20 * 20 + 19))):
                b = buckets[key]
                b[0] += 1
                b[1] += value
                b[2] += result
                b[3] += (value - result) ** 2
    print("%-10s %-9s %-13s %6s %7s %7s %7s %6s" % ("to move", "stage", "turns", "n", "value", "result", "bias", "mse"))
    for key in sorted(buckets):
        n, v, r, se = buckets[key]
        print("%-10s %-9s %-13s %6d %7.3f %7.3f %+7.3f %6.3f" % (*key, n, v / n, r / n, (v - r) / n, se / n))


if __name__ == "__main__":
    main(sys.argv)
