"""Sums up the move traces of paperio_course_ai --trace-dir: where the bot's plies go.

Usage:
    python3 decisions.py DIR [--near 15]

DIR holds the files paperio_course_ai writes with --trace-dir (paperio-trace-PID.txt, one
line per move: game, moves left, rule, own trail, enemy trail, head distance, own land, enemy
land). course_match.py passes the option on: --args "--trace-dir DIR".

Each game is put in one of three groups by its last traced line: won or lost at the move
limit (two moves left or fewer; the larger land wins) or ended before it (a cut or a
collision; the trace does not say who won those). For each group it prints:

  * the share of the bot's plies per rule (the decisions of PlannerBot::last_decision),
    with the plies at home split by whether the enemy was out (had a trail) and whether its
    head was within --near cells;
  * its excursions (maximal runs of plies with a trail that ended back home): how many,
    their median and mean length in plies, the land gained per excursion ply;
  * the land it gained and lost per game (its land's rises and falls from one of its moves
    to the next), and how much of the loss went in single drops of more than 50 cells (the
    enemy's loops closing round part of its land).
"""

import argparse
import collections
import glob
import os
import statistics


def games_of(directory):
    games = collections.defaultdict(list)
    for path in sorted(glob.glob(os.path.join(directory, "paperio-trace-*.txt"))):
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) != 8:
                    continue
                row = {
                    "left": int(p[1]),
                    "rule": p[2],
                    "trail": int(p[3]),
                    "enemy_trail": int(p[4]),
                    "distance": int(p[5]),
                    "land": int(p[6]),
                    "enemy_land": int(p[7]),
                }
                games[(path, p[0])].append(row)
    return games


def group_of(rows):
    last = rows[-1]
    if last["left"] <= 2:
        return "won at the move limit" if last["land"] > last["enemy_land"] else "lost at the move limit"
    return "ended before the move limit"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--near", type=int, default=15, help="cells within which the enemy is near")
    options = parser.parse_args()
    groups = collections.defaultdict(list)
    for rows in games_of(options.dir).values():
        if rows:
            groups[group_of(rows)].append(rows)
    if not groups:
        print("no traces in %s" % options.dir)
        return
    for name in ("won at the move limit", "lost at the move limit", "ended before the move limit"):
        games = groups.get(name)
        if not games:
            continue
        plies = sum(len(rows) for rows in games)
        rules = collections.Counter()
        lengths, gains = [], []
        gained = lost = drops = 0
        for rows in games:
            for r in rows:
                if r["trail"] > 0:
                    rules[r["rule"]] += 1
                else:
                    enemy = "enemy out" if r["enemy_trail"] > 0 else "enemy home"
                    near = "near" if r["distance"] <= options.near else "far"
                    rules["%s (%s, %s)" % (r["rule"], enemy, near)] += 1
            i = 0
            while i < len(rows):
                if rows[i]["trail"] == 0:
                    i += 1
                    continue
                j = i
                while j < len(rows) and rows[j]["trail"] > 0:
                    j += 1
                if j < len(rows):
                    lengths.append(j - i)
                    gains.append(rows[j]["land"] - rows[i]["land"])
                i = j
            for a, b in zip(rows, rows[1:]):
                change = b["land"] - a["land"]
                gained += max(change, 0)
                if change < 0:
                    lost -= change
                    if change < -50:
                        drops -= change
        print("== %s: %d games, %d plies" % (name, len(games), plies))
        for rule, n in sorted(rules.items(), key=lambda kv: -kv[1]):
            print("   %-36s %5.1f %%" % (rule, 100.0 * n / plies))
        if lengths:
            print(
                "   excursions: %d (%.1f a game), median %g plies, mean %.1f; land per excursion ply %.2f"
                % (
                    len(lengths),
                    len(lengths) / len(games),
                    statistics.median(lengths),
                    statistics.mean(lengths),
                    sum(gains) / max(sum(lengths), 1),
                )
            )
        print(
            "   land gained: %.0f cells a game; lost: %.0f, %.0f of them in drops of more than 50 cells"
            % (gained / len(games), lost / len(games), drops / len(games))
        )


if __name__ == "__main__":
    main()
