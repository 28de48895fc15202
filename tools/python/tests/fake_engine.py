"""A fake NCBP engine for the tests of ncbg.engine: it does the handshake,
then misbehaves as its mode says.

- crash: writes a panic message to stderr and exits 3 on `go`;
- hang: never answers `go`;
- silent: never answers the handshake;
- illegal: answers `go` with an illegal turn;
- error: answers `go` with an error line.
"""

import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "crash"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "ncbp":
        if mode == "silent":
            continue
        say("id name fake-" + mode)
        say("id author the tests")
        say("option name Threads type spin default 1 min 1 max 4")
        say("option name Clear Hash type button")
        say("option name Variant type combo default standard var standard var nackgammon")
        say("ncbpok")
    elif cmd == "isready":
        say("readyok")
    elif cmd == "go":
        if mode == "crash":
            sys.stderr.write("thread 'main' panicked at src/fake.rs:1: boom\n")
            sys.stderr.flush()
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "illegal":
            say("info depth 1 score mp 12 nodes 1 pv 7:24/13")
            say("bestmove 7:24/13")
        if mode == "error":
            say("error game-over the game is over")
    elif cmd == "quit":
        break
