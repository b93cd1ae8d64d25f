"""Plays a Rust bot of the grid-games crate against any AI file in the course's own engine.

Usage:
    python3 course_match.py --course PATH --opponent AI.py [--games 40] [--bot guard]
                            [--jobs 2] [--seed 1] [--taskset] [--quiet]

PATH is a checkout of the course repository (chbpku/paper.io.sessdsa, SESSDSA 2018); its
head's match_core.py runs every game with the course's defaults (102 x 101 board, 2000 moves
each, 30 s per player per game). AI.py is any file that defines play(stat, storage) for that
engine. Our side is rust_ai.py beside this file (build the example first:
`cargo build --release -p grid-games --example paperio_course_ai`); --bot picks its bot and
--args passes more arguments to it. Seats alternate: game i has our bot first when i is even.
Each worker process plays one game at a time; --taskset pins worker j to core j.

Prints one line per game (seat, winner, how it ended, land, our think time) and a summary:
wins-draws-losses for our bot, its score with a 95 % interval (normal approximation), mean
land, and how the losses ended. Nothing of the course is copied here; the engine is imported
from the checkout given.
"""

import argparse
import contextlib
import io
import importlib.util
import math
import multiprocessing
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# The course engine's ending codes (match_core.parse_match): what each one means.
ENDINGS = {
    0: "wall",
    1: "trail cut",
    2: "side collision",
    3: "head-on",
    4: "collision on land",
    -1: "AI error",
    -2: "time out",
    -3: "move limit",
}


def _load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    with contextlib.redirect_stdout(io.StringIO()):
        spec.loader.exec_module(module)
    return module


_STATE = {}


def _init_worker(course, opponent, pin, counter):
    with counter.get_lock():
        index = counter.value
        counter.value += 1
    if pin and hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[index % len(cores)]})
    sys.path.insert(0, course)
    sys.path.insert(0, os.path.dirname(os.path.abspath(opponent)))
    _STATE["core"] = _load_module("match_core", os.path.join(course, "match_core.py"))
    _STATE["ours"] = _load_module("grid_games_rust_ai", os.path.join(HERE, "rust_ai.py"))
    _STATE["theirs"] = _load_module("opponent_ai", opponent)
    # Storage that lasts across games, as the course's tournaments keep it (init once).
    _STATE["storage"] = {"ours": {}, "theirs": {}}
    for key in ("ours", "theirs"):
        init = getattr(_STATE[key], "init", None)
        if init is not None:
            try:
                init(_STATE["storage"][key])
            except Exception:
                pass


def _play(job):
    game, seed, k, h, turns, seconds = job
    core = _STATE["core"]
    random.seed(seed * 1_000_003 + game)
    ours_first = game % 2 == 0
    players = (_STATE["ours"], _STATE["theirs"]) if ours_first else (_STATE["theirs"], _STATE["ours"])
    keys = ("ours", "theirs") if ours_first else ("theirs", "ours")
    core.STORAGE = [_STATE["storage"][keys[0]], _STATE["storage"][keys[1]]]
    started = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        result = core.match(players, ("a", "b"), k, h, turns, seconds)
    cpu = time.process_time() - started
    winner_index, code = result["result"][0], result["result"][1]
    log = result["log"]
    last = log[-1]
    land = [0, 0]
    fields = last.get("fields")
    if fields is not None:
        for column in fields:
            for cell in column:
                if cell is not None:
                    land[cell - 1] += 1
    ours = 0 if ours_first else 1
    if winner_index is None:
        outcome = "draw"
    elif winner_index == ours:
        outcome = "win"
    else:
        outcome = "loss"
    # Our plies spent at home (no trail), and those with the enemy head within 15 cells.
    home = near = plies = 0
    for j in range(1, len(log)):
        if (j - 1) % 2 != (0 if ours_first else 1):
            continue
        frame = log[j]
        plies += 1
        if not frame["band_route"][ours]:
            home += 1
            a, b = frame["players"][ours], frame["players"][1 - ours]
            if abs(a["x"] - b["x"]) + abs(a["y"] - b["y"]) <= 15:
                near += 1
    return {
        "game": game,
        "first": ours_first,
        "outcome": outcome,
        "ending": ENDINGS.get(code, str(code)),
        "land": (land[ours], land[1 - ours]),
        "plies": len(log) - 1,
        "cpu": cpu,
        "home": home / max(plies, 1),
        "near": near / max(plies, 1),
        "error": str(result["result"][2]) if code == -1 and len(result["result"]) > 2 else "",
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--course", required=True, help="checkout of the course repository")
    parser.add_argument("--opponent", required=True, help="an AI file for the course engine")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot", default="guard")
    parser.add_argument("--args", default="", help="more arguments for paperio_course_ai")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--k", type=int, default=51, help="half width (course default 51)")
    parser.add_argument("--h", type=int, default=101, help="height (course default 101)")
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--taskset", action="store_true", help="pin worker j to core j")
    parser.add_argument("--quiet", action="store_true", help="summary only")
    options = parser.parse_args()

    os.environ["PAPERIO_RUST_ARGS"] = ("--bot %s %s" % (options.bot, options.args)).strip()
    course = os.path.abspath(options.course)
    opponent = os.path.abspath(options.opponent)
    jobs = [
        (g, options.seed, options.k, options.h, options.turns, options.seconds)
        for g in range(options.games)
    ]
    counter = multiprocessing.Value("i", 0)
    results = []
    with multiprocessing.Pool(
        options.jobs, _init_worker, (course, opponent, options.taskset, counter)
    ) as pool:
        for r in pool.imap_unordered(_play, jobs):
            results.append(r)
            if not options.quiet:
                print(
                    "game %3d %-6s %-4s %-18s land %5d vs %5d  plies %4d  home %2.0f %% (near %2.0f %%)  cpu %.1f s %s"
                    % (
                        r["game"],
                        "first" if r["first"] else "second",
                        r["outcome"],
                        r["ending"],
                        r["land"][0],
                        r["land"][1],
                        r["plies"],
                        100 * r["home"],
                        100 * r["near"],
                        r["cpu"],
                        r["error"],
                    ),
                    flush=True,
                )
    wins = sum(r["outcome"] == "win" for r in results)
    draws = sum(r["outcome"] == "draw" for r in results)
    losses = sum(r["outcome"] == "loss" for r in results)
    n = len(results)
    score = (wins + 0.5 * draws) / n
    half = 1.96 * math.sqrt(max(score * (1 - score), 1e-12) / n)
    ours = sum(r["land"][0] for r in results) / n
    theirs = sum(r["land"][1] for r in results) / n
    seats = {}
    for first in (True, False):
        sel = [r for r in results if r["first"] == first]
        if sel:
            seats[first] = sum((r["outcome"] == "win") + 0.5 * (r["outcome"] == "draw") for r in sel) / len(sel)
    endings = {}
    for r in results:
        if r["outcome"] == "loss":
            endings[r["ending"]] = endings.get(r["ending"], 0) + 1
    print(
        "%s vs %s: %d-%d-%d  score %.1f %% (%.1f-%.1f)  land %.0f vs %.0f  first %.0f %% second %.0f %%  losses: %s"
        % (
            options.bot,
            os.path.basename(opponent)[:-3],
            wins,
            draws,
            losses,
            100 * score,
            100 * max(0.0, score - half),
            100 * min(1.0, score + half),
            ours,
            theirs,
            100 * seats.get(True, float("nan")),
            100 * seats.get(False, float("nan")),
            ", ".join("%s %d" % kv for kv in sorted(endings.items())) or "none",
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
