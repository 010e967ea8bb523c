#!/usr/bin/env python3
"""maze.py - a maze generator and a maze solver in plain Python (standard
library only), written to be run by mazebench as outside programs.

  python3 maze.py gen COLS ROWS SEED [OUT] [--format json|ascii]
  python3 maze.py solve [IN] [--format json|ascii] [--path rc|index]

gen: the recursive backtracker (depth-first carve), the algorithm of
mazebench's built-in 'dfs': start at the top-left cell; while the stack is
not empty, look at the cell on top; if it has unvisited neighbours, pick one
at random, knock the wall between them and push it; otherwise pop. Draws
come from random.Random(SEED) (Mersenne Twister, the same maze for the same
seed on every machine and Python 3 version). Writes the maze to OUT, or to
standard output when OUT is absent or '-': as JSON (an array of rows of
cells {"x", "y", "top", "left", "bottom", "right"}, true = wall; x the
column, y the row) or as an ASCII drawing (+--+ corners, | walls).
Prints 'mazebench-own-ns: N' on standard error: the nanoseconds of the
carving alone, without Python's start-up or the writing of the maze.

solve: reads a maze in either form from IN (or standard input), finds the
shortest path from the top-left cell to the bottom-right one by
breadth-first search and prints it, one cell a line, from the entrance to
the exit: 'ROW COL' (rc, the default) or the index ROW * COLS + COL.
Prints 'mazebench-own-ns: N' on standard error: the search alone. Exit
status 0 when a path was printed, 1 when there is none, 2 on bad input.
"""
import json
import random
import sys
import time
from collections import deque

# Directions: (row step, column step, this cell's wall, the neighbour's wall)
DIRS = ((-1, 0, "top", "bottom"), (0, 1, "right", "left"),
        (1, 0, "bottom", "top"), (0, -1, "left", "right"))


def carve(rows, cols, seed):
    """The recursive backtracker; returns walls[r][c] = set of closed sides."""
    rnd = random.Random(seed)
    walls = [[{"top", "right", "bottom", "left"} for _ in range(cols)]
             for _ in range(rows)]
    seen = [[False] * cols for _ in range(rows)]
    seen[0][0] = True
    stack = [(0, 0)]
    while stack:
        r, c = stack[-1]
        opts = [d for d in DIRS
                if 0 <= r + d[0] < rows and 0 <= c + d[1] < cols
                and not seen[r + d[0]][c + d[1]]]
        if not opts:
            stack.pop()
            continue
        dr, dc, side, back = rnd.choice(opts)
        walls[r][c].discard(side)
        walls[r + dr][c + dc].discard(back)
        seen[r + dr][c + dc] = True
        stack.append((r + dr, c + dc))
    return walls


def to_json(walls):
    lines = []
    for y, row in enumerate(walls):
        cells = [{"x": x, "y": y, "top": "top" in w, "left": "left" in w,
                  "bottom": "bottom" in w, "right": "right" in w}
                 for x, w in enumerate(row)]
        lines.append(json.dumps(cells, separators=(",", ":")))
    return "[\n" + ",\n".join(lines) + "\n]\n"


def to_ascii(walls):
    cols = len(walls[0])
    out = ["+" + "--+" * cols]
    for row in walls:
        mid = "|" if "left" in row[0] else " "
        low = "+"
        for w in row:
            mid += "  " + ("|" if "right" in w else " ")
            low += ("--" if "bottom" in w else "  ") + "+"
        out += [mid, low]
    return "\n".join(out) + "\n"


def from_json(text):
    data = json.loads(text)
    cells = [c for row in data for c in row] if data and isinstance(data[0], list) else data
    rows = 1 + max(c["y"] for c in cells)
    cols = 1 + max(c["x"] for c in cells)
    walls = [[set() for _ in range(cols)] for _ in range(rows)]
    for c in cells:
        walls[c["y"]][c["x"]] = {s for s in ("top", "right", "bottom", "left") if c[s]}
    return walls


def from_ascii(text):
    lines = text.rstrip("\n").split("\n")
    width = lines[0].index("+", 1)          # characters a cell takes, '+' included
    cols = (len(lines[0]) - 1) // width
    rows = (len(lines) - 1) // 2
    at = lambda y, x: lines[y][x] if x < len(lines[y]) else " "
    walls = [[set() for _ in range(cols)] for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            y, x = 2 * r + 1, c * width
            if at(y - 1, x + 1) == "-":
                walls[r][c].add("top")
            if at(y + 1, x + 1) == "-":
                walls[r][c].add("bottom")
            if at(y, x) == "|":
                walls[r][c].add("left")
            if at(y, x + width) == "|":
                walls[r][c].add("right")
    return walls


def bfs(walls):
    """Shortest path from (0, 0) to the bottom-right cell, or None."""
    rows, cols = len(walls), len(walls[0])
    goal = (rows - 1, cols - 1)
    prev = {(0, 0): None}
    todo = deque([(0, 0)])
    while todo:
        cur = todo.popleft()
        if cur == goal:
            path = []
            while cur is not None:
                path.append(cur)
                cur = prev[cur]
            return path[::-1]
        r, c = cur
        for dr, dc, side, back in DIRS:
            nxt = (r + dr, c + dc)
            if (0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in prev
                    and side not in walls[r][c] and back not in walls[nxt[0]][nxt[1]]):
                prev[nxt] = cur
                todo.append(nxt)
    return None


def usage(msg):
    sys.stderr.write("maze.py: %s\n" % msg)
    sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
    sys.exit(2)


def option(args, name, choices, default):
    if name not in args:
        return default
    i = args.index(name)
    if i + 1 >= len(args) or args[i + 1] not in choices:
        usage("%s takes one of %s" % (name, ", ".join(choices)))
    value = args[i + 1]
    del args[i:i + 2]
    return value


def number(text, what):
    if not text.isdigit():
        usage("%s must be a whole number, not '%s'" % (what, text))
    return int(text)


def main(argv):
    args = argv[1:]
    if not args or args[0] not in ("gen", "solve"):
        usage("the first word is gen or solve")
    fmt = option(args, "--format", ("json", "ascii"), "json")
    if args[0] == "gen":
        if len(args) not in (4, 5):
            usage("gen takes COLS ROWS SEED [OUT]")
        cols, rows = number(args[1], "COLS"), number(args[2], "ROWS")
        seed = number(args[3], "SEED")
        if not 1 <= rows * cols <= 10 ** 7:
            usage("COLS x ROWS must be 1 to 10^7 cells")
        t0 = time.perf_counter_ns()
        walls = carve(rows, cols, seed)
        t1 = time.perf_counter_ns()
        text = to_json(walls) if fmt == "json" else to_ascii(walls)
        if len(args) == 5 and args[4] != "-":
            with open(args[4], "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        sys.stderr.write("mazebench-own-ns: %d\n" % (t1 - t0))
        return 0
    style = option(args, "--path", ("rc", "index"), "rc")
    if len(args) > 2:
        usage("solve takes [IN]")
    text = open(args[1]).read() if len(args) == 2 and args[1] != "-" else sys.stdin.read()
    try:
        walls = from_json(text) if fmt == "json" else from_ascii(text)
    except (ValueError, KeyError, IndexError, TypeError) as e:
        usage("cannot read the maze as %s: %s" % (fmt, e))
    t0 = time.perf_counter_ns()
    path = bfs(walls)
    t1 = time.perf_counter_ns()
    sys.stderr.write("mazebench-own-ns: %d\n" % (t1 - t0))
    if path is None:
        sys.stderr.write("maze.py: no path from the entrance to the exit\n")
        return 1
    cols = len(walls[0])
    sys.stdout.write("".join("%d %d\n" % rc if style == "rc" else "%d\n" % (rc[0] * cols + rc[1])
                             for rc in path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
