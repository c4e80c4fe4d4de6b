# Writes engine/games/backgammon/fixtures/gnubg-moves.jsonl (committed gzipped): seeded random
# backgammon positions and rolls with the legal moves GNU Backgammon finds for them,
# the outside oracle our move generation is tested against (moves.oracle.test.ts).
#
# Run (needs `apt-get install gnubg`):
#   gnubg -t -q -p scripts/gnubg-fixtures.py && gzip -9f engine/games/backgammon/fixtures/gnubg-moves.jsonl
#   (defaults: 10000 cases, seed 21; about 25 minutes on a busy machine)
#   CASES=200 SEED=7 OUT=/tmp/x.jsonl gnubg -t -q -p scripts/gnubg-fixtures.py
#
# Half the cases come from random play (the start, then random legal moves, so
# entering, hitting and bearing off all occur as they do in games), half from random
# placements weighted towards the hard cases (checkers on the bar, bearing off,
# blocked points). Each line: {"id": position ID, "dice": [d1, d2], "after": [the
# position ID after each legal move, sorted]}. Position IDs are gnubg's
# (https://www.gnu.org/software/gnubg/manual/html_node/A-technical-description-of-the-Position-ID.html):
# the side on roll's checkers come second; after a move they still come second (the
# turn is not handed over), so "after" compares boards, not notations.
import json
import os
import random

import gnubg

CASES = int(os.environ.get("CASES", "10000"))
SEED = int(os.environ.get("SEED", "21"))
OUT = os.environ.get("OUT", "engine/games/backgammon/fixtures/gnubg-moves.jsonl")
rng = random.Random(SEED)

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")

START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]


def apply(me, opp, move):
    """The board after the side on roll (me) plays gnubg's move string; indexes: point p at p-1, bar at 24."""
    me, opp = list(me), list(opp)
    for src, dst in gnubg.parsemove(move):
        me[24 if src == 25 else src - 1] -= 1
        if dst <= 0:
            continue
        me[dst - 1] += 1
        # The mover's point dst is the opponent's point 25 - dst.
        if opp[24 - dst] == 1:
            opp[24 - dst] = 0
            opp[24] += 1
    assert min(me) >= 0 and sum(me) <= 15, move
    return me, opp


def legal_after(me, opp, dice):
    """gnubg's legal moves for the side on roll, as the position IDs they lead to."""
    gnubg.command("set board " + gnubg.positionid((tuple(opp), tuple(me))))
    gnubg.command("set dice %d %d" % dice)
    board = gnubg.board()
    assert list(board[0]) == opp and list(board[1]) == me, "gnubg set another board"
    hints = gnubg.hint(10000)["hint"] if any(me) else []
    moves = [h["move"] for h in hints]
    return moves, sorted(gnubg.positionid((tuple(o), tuple(m))) for m, o in (apply(me, opp, mv) for mv in moves))


def random_placement():
    """Fifteen checkers a side on free points, the bar and off, with a bias to the hard cases."""
    me, opp = [0] * 25, [0] * 25
    kind = rng.random()
    for side, other in ((me, opp), (opp, me)):
        on_bar = rng.choice([0, 0, 0, 1, 1, 2, 3]) if kind < 0.5 else 0
        off = rng.randint(0, 14) if kind > 0.6 else 0
        side[24] = on_bar
        left = 15 - on_bar - off
        # Bearing-off positions keep the rest at home (points 1-6).
        points = list(range(6)) if kind > 0.8 and side is me else list(range(24))
        while left > 0:
            p = rng.choice(points)
            # The other side's point p+1 is this side's 24-p (index 23-p).
            if other[23 - p] > 0 and (side is me or other is me):
                if all(other[23 - q] > 0 for q in points):
                    break
                continue
            n = min(left, rng.choice([1, 1, 2, 2, 3, 4]))
            side[p] += n
            left -= n
    return me, opp


cases = []
seen = set()
me, opp = list(START), list(START)
while len(cases) < CASES // 2:
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    moves, after = legal_after(me, opp, dice)
    key = (gnubg.positionid((tuple(opp), tuple(me))), dice)
    if key not in seen:
        seen.add(key)
        cases.append({"id": key[0], "dice": list(dice), "after": after})
    if moves:
        me, opp = apply(me, opp, rng.choice(moves))
    if sum(me[:25]) == 0:
        me, opp = list(START), list(START)
    else:
        me, opp = opp, me
while len(cases) < CASES:
    me, opp = random_placement()
    if sum(me) == 0 or sum(opp) == 0:
        continue
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    _, after = legal_after(me, opp, dice)
    cases.append({"id": gnubg.positionid((tuple(opp), tuple(me))), "dice": list(dice), "after": after})

with open(OUT, "w") as f:
    for case in cases:
        f.write(json.dumps(case, separators=(",", ":")) + "\n")
print("wrote %d cases to %s" % (len(cases), OUT))
