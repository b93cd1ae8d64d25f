"""Drives rust_ai.py the way the course engine does, for the crate's tests.

Reads games from standard input, one JSON object per line:
    {"size": [W, H], "frames": [frame, ...]}
where frames are the public log of one game (frame 0 before any ply, frame j after ply j),
each {fields, bands, players, turnleft, timeleft} (later frames may leave out fields and
bands: the adapter sends them only on a player's first turn). For every game it builds each
player's stat dict as match_core.py does (size, log of frames carrying me/enemy, now = the
last), calls load for both players, then play for the mover before every ply, and summary.
Writes one JSON line per game: {"answers": ["l", "n", ...]}, the answer before each ply.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rust_ai  # noqa: E402


def player_frame(frame, index):
    mine = dict(frame)
    mine["players"] = [dict(p) for p in frame["players"]]
    mine["me"] = mine["players"][index]
    mine["enemy"] = mine["players"][1 - index]
    return mine


def main():
    storages = [{}, {}]
    for line in sys.stdin:
        if not line.strip():
            continue
        game = json.loads(line)
        frames = game["frames"]
        stats = []
        for i in range(2):
            log = [player_frame(frames[0], i)]
            stats.append({"size": tuple(game["size"]), "log": log, "now": log[-1]})
            rust_ai.load(stats[i], storages[i])
        answers = []
        for j in range(len(frames) - 1):
            mover = j % 2
            answers.append(rust_ai.play(stats[mover], storages[mover]))
            for i in range(2):
                stats[i]["log"].append(player_frame(frames[j + 1], i))
                stats[i]["now"] = stats[i]["log"][-1]
        for i in range(2):
            rust_ai.summary((None, -3), stats[i], storages[i])
        print(json.dumps({"answers": answers}), flush=True)


if __name__ == "__main__":
    main()
