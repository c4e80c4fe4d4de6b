# Imports a .mat file into GNU Backgammon and prints, as one JSON line, the score
# gnubg finds after each game and the match's length: how engine/games/backgammon/mat.test.ts checks that
# gnubg reads our exports with the same moves and score.
#   MAT_FILE=match.mat gnubg -t -q -p scripts/gnubg-import-mat.py
import json
import os
import sys

import gnubg

gnubg.command("import mat " + os.environ["MAT_FILE"])
match = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
games = []
for game in match["games"]:
    info = game["info"]
    games.append({"before": [info["score-X"], info["score-O"]], "winner": info.get("winner"), "points": info.get("points-won"), "actions": len(game["game"])})
sys.stdout.write("RESULT " + json.dumps({"length": match["match-info"]["match-length"], "names": [match["match-info"]["X"]["name"], match["match-info"]["O"]["name"]], "games": games}) + "\n")
