"""A Rust bot of the grid-games crate as an AI of the course's paper.io engine.

The course engine (match_core.py of chbpku/paper.io.sessdsa, SESSDSA 2018, at the
repository's HEAD: load(stat, storage), play(stat, storage), summary(result, stat, storage);
the older CompetitionResult/matchFinal copy calls load(storage) and is not supported) loads
AI files that define play, and optionally load and summary. Give it this file. It starts the
Rust program (the crate's paperio_course_ai example) once per game, sends it one JSON line
per turn, and returns the letter it answers.

Setting up (once):
    cargo build --release -p grid-games --example paperio_course_ai

Environment (all optional):
    PAPERIO_RUST_AI    the program; default: target/release/examples/paperio_course_ai
                       of the repository this file is in
    PAPERIO_RUST_ARGS  its arguments, e.g. "--bot raider --seed 7"
    PAPERIO_RUST_FULL  "1": send the whole latest frame every turn instead of heads and
                       counters after the first (slower: about 100 KB of JSON a turn on
                       the default board)

What it costs: the first turn of a game sends one full frame (the grids); every later
turn sends only the new frames' heads, moves left and times, a few hundred bytes, and the
program keeps its own copy of the game. The time the program thinks is charged to this AI
by the engine, like any AI's.
"""

import json
import os
import shlex
import subprocess

_KEY = "grid_games_rust_ai"


def _program():
    path = os.environ.get("PAPERIO_RUST_AI")
    if not path:
        here = os.path.dirname(os.path.abspath(__file__))
        root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
        path = os.path.join(root, "target", "release", "examples", "paperio_course_ai")
    return [path] + shlex.split(os.environ.get("PAPERIO_RUST_ARGS", ""))


def _stop(storage):
    state = storage.pop(_KEY, None)
    if state is not None:
        process = state["process"]
        try:
            process.stdin.close()
            process.wait(timeout=5)
        except Exception:
            process.kill()


def _start(storage, log=None):
    _stop(storage)
    program = _program()
    try:
        process = subprocess.Popen(
            program,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
    except FileNotFoundError as e:
        raise FileNotFoundError(
            "%s not found: build it with `cargo build --release -p grid-games "
            "--example paperio_course_ai` or set PAPERIO_RUST_AI" % program[0]
        ) from e
    storage[_KEY] = {"process": process, "sent": 0, "log": id(log) if log is not None else None}
    return storage[_KEY]


def _plain(frame):
    """A frame without the me/enemy entries (references into players)."""
    return {k: v for k, v in frame.items() if k not in ("me", "enemy")}


def _light(frame):
    return {k: frame[k] for k in ("players", "turnleft", "timeleft")}


def load(stat, storage):
    """Called once before a game: start the program."""
    _start(storage, stat.get("log"))


def play(stat, storage):
    """One turn: send the frames new since the last turn, return the program's letter."""
    log = stat["log"]
    state = storage.get(_KEY)
    if (
        state is None
        or state["process"].poll() is not None
        or state["sent"] > len(log)
        or state["log"] not in (None, id(log))
    ):
        state = _start(storage, log)  # no load call, a new game, or the program died
    state["log"] = id(log)
    full = os.environ.get("PAPERIO_RUST_FULL") == "1"
    if full or state["sent"] == 0:
        frames = [_plain(log[-1])]
    else:
        frames = [_light(f) for f in log[state["sent"]:]]
    message = {
        "size": list(stat["size"]),
        "max_turn": log[0]["turnleft"][0],
        "me": stat["now"]["me"]["id"],
        "log": frames,
    }
    process = state["process"]
    process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
    process.stdin.flush()
    state["sent"] = len(log)
    answer = process.stdout.readline().strip()
    if answer.endswith("resync"):
        state["sent"] = 0  # the program lost the game: send a whole frame next turn
    return answer[:1] or "n"


def summary(result, stat, storage):
    """Called after a game: stop the program."""
    _stop(storage)
