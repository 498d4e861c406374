"""Question 3 by types: a breadth-first search per type, from its goal states.

Pieces slide only along their own groove and never pass each other, so no
move changes the sequence of piece lengths along any groove.  That sequence
for every groove is the configuration's *type*; the game graph falls apart
into types, and a start is solvable exactly when the BFS from its type's goal
states (special piece on l5-l6) reaches it, since every move can be undone.

`types` enumerates the types by a depth-first search over the grooves (l
first, then the diagonals crossing row l, then the other rows, then the
corner grooves), carrying the partial goal and start placements compatible
with the choices so far and pruning a branch when either is empty; at a leaf
the goal placements are the type's goal states.  The first `TASK_DEPTH`
grooves' sequences name a task (`tasks`), with a hash of its definition, so
that a run can be split, recorded and resumed (`run_ledger`).  The top-bottom
mirror maps types to types, starts to starts and goals to goals: on a
mirror-symmetric sub-board only one type of each mirror pair is searched.
"""

from __future__ import annotations

import csv
import hashlib
import os
import time
from functools import cached_property
from typing import NamedTuple

import numpy as np

from .board import BOARD, Piece
from .moves import SPECIAL_GOAL, SPECIAL_START
from .starts import MIRROR_LINE, mirror

VERSION = "types-1"          # part of every task hash: bump when the method changes
TASK_DEPTH = 4               # grooves whose sequences name a task
WIDTH = 10                   # positions 0..9 per groove row in the compiled arrays


class Filling(NamedTuple):
    """Pieces of one groove: packed first positions (3 bits each), cells covered, count."""
    packed: int
    mask: int
    pieces: int


class TypeResult(NamedTuple):
    searched: bool           # False for a type left to its mirror image
    solvable: int            # starts reached (times 2 for a type searched for its mirror too)
    states: int              # states visited
    deepest: int             # moves of the type's hardest solvable start (-1 if none)
    hardest: frozenset | None


def mirror_cells(cells) -> set[str]:
    return {BOARD.cell_at[(MIRROR_LINE - line, col)] for line, col in (BOARD.position[c] for c in cells)}


class Layout:
    """A sub-board's grooves in search order, their fillings by length sequence,
    and the per-groove arrays the compiled BFS needs."""

    def __init__(self, cells):
        self.cells = [c for c in BOARD.cells if c in set(cells)]
        if "l1" not in self.cells or "l6" not in self.cells:
            raise ValueError("the sub-board must hold row l")
        self.bit = {c: 1 << k for k, c in enumerate(self.cells)}
        row_l = {c: i for i, c in enumerate(BOARD.grooves["l"])}

        def key(g):
            crossing = [row_l[c] for c in BOARD.grooves[g] if c in row_l]
            family = 0 if g == "l" else 1 if crossing else 2 if BOARD.groove_family(g) == 0 else 3
            return family, crossing, g
        #: grooves with at least one piece placement on the sub-board, in search order
        self.grooves = sorted((g for g in BOARD.grooves if self.fillings_of(g).keys() - {()}), key=key)
        self.fillings = {g: self.fillings_of(g) for g in self.grooves}
        self.symmetric = mirror_cells(self.cells) == set(self.cells)

    def groove_bits(self, g) -> list[int]:
        """Board bit of each groove position 1..n (0 off the sub-board), padded with zeros."""
        row = [0] + [self.bit.get(c, 0) for c in BOARD.grooves[g]]
        return row + [0] * (WIDTH - len(row))

    def fillings_of(self, g) -> dict[tuple, list[Filling]]:
        """length sequence -> every placement of that sequence in groove g on the sub-board."""
        bits = self.groove_bits(g)
        n = len(BOARD.grooves[g])
        found: dict[tuple, list[Filling]] = {}

        def extend(first, seq, packed, mask, k):
            found.setdefault(seq, []).append(Filling(packed, mask, k))
            for p in range(first, n + 1):
                for length in (2, 3):
                    cells = bits[p: p + length]
                    if p + length - 1 <= n and all(cells):
                        extend(p + length, seq + (length,), packed | (p << 3 * k), mask | sum(cells), k + 1)
        extend(1, (), 0, 0, 0)
        if g == "l":       # the special piece alone: any other piece in groove l blocks it for good
            found = {(2,): found[(2,)]}
        return dict(sorted(found.items()))          # tuple order: the compiled search numbers them so

    @cached_property
    def arrays(self) -> dict[tuple, tuple[np.ndarray, np.ndarray]]:
        """(groove, length) -> (bits row, covered-cells row by position) for the compiled BFS."""
        result = {}
        for g in self.grooves:
            bits = self.groove_bits(g)
            for length in (2, 3):
                pm = [sum(bits[p: p + length]) if p and all(bits[p: p + length]) else 0
                      for p in range(8)]
                result[g, length] = (np.array(bits, np.int64), np.array(pm, np.int64))
        return result

    @cached_property
    def tables(self) -> dict:
        """The grooves' sequences and fillings as flat arrays for types_compiled.run_types."""
        seqs = [(g, seq) for g in self.grooves for seq in self.fillings[g]]
        number = {gs: k for k, gs in enumerate(seqs)}
        fills = [f for g, seq in seqs for f in self.fillings[g][seq]]
        ends = np.cumsum([len(self.fillings[g][seq]) for g, seq in seqs])
        per_groove = [len(self.fillings[g]) for g in self.grooves]
        hi = np.cumsum(per_groove)
        mirror_groove = np.zeros(len(self.grooves), np.int64)
        mirror_seq = np.zeros(len(seqs), np.int64)
        if self.symmetric:
            for k, g in enumerate(self.grooves):
                image = mirror(Piece(g, 1, 2))
                mirror_groove[k] = self.grooves.index(image.groove)
                for seq in self.fillings[g]:
                    mirror_seq[number[g, seq]] = number[image.groove, seq if image.first == 1 else seq[::-1]]
        rows = np.zeros((len(self.grooves), 4, WIDTH), np.int64)
        pmasks = np.zeros((len(self.grooves), 4, WIDTH), np.int64)
        for k, g in enumerate(self.grooves):
            for length in (2, 3):
                rows[k, length], pmasks[k, length, :8] = self.arrays[g, length]
        lengths = np.zeros((len(seqs), 8), np.int64)
        for k, (_, seq) in enumerate(seqs):
            lengths[k, :len(seq)] = seq
        return {"number": number, "seqs": seqs,
                "arrays": (hi - np.array(per_groove), hi, np.array([len(q) for _, q in seqs], np.int64),
                           lengths, ends - np.array([len(self.fillings[g][q]) for g, q in seqs]), ends,
                           np.array([f.packed for f in fills], np.int64),
                           np.array([f.mask for f in fills], np.int64), rows, pmasks,
                           mirror_groove, mirror_seq)}

    # -- types and tasks ------------------------------------------------------

    def mirror_type(self, kind: tuple) -> tuple:
        """The mirror image of a type (a length sequence per groove, in search order)."""
        seqs = dict(zip(self.grooves, kind))
        result = []
        for g in self.grooves:
            image = mirror(Piece(g, 1, 2))
            seq = seqs[image.groove]
            result.append(seq if image.first == 1 else seq[::-1])
        return tuple(result)

    def descend(self, depth, kind, goals, starts, stop):
        """Depth-first over grooves depth.. < stop: yield (type prefix, goal fillings) with
        goal and start placements both non-empty."""
        if depth == stop:
            yield kind, goals
            return
        for seq, fills in self.fillings[self.grooves[depth]].items():
            new_goals = [(p | (f.packed << 3 * k), m | f.mask, k + f.pieces)
                         for p, m, k in goals for f in fills if not m & f.mask]
            if not new_goals:
                continue
            new_starts = [(m | f.mask) for m in starts for f in fills if not m & f.mask]
            if new_starts:
                yield from self.descend(depth + 1, kind + (seq,), new_goals, list(set(new_starts)), stop)

    def roots(self):
        """The goal and start placements of groove l alone."""
        fill = self.fillings["l"][(2,)]
        goal = next(f for f in fill if f.packed == SPECIAL_GOAL.first)
        start = next(f for f in fill if f.packed == SPECIAL_START.first)
        return [(goal.packed, goal.mask, 1)], [start.mask]

    def tasks(self, depth: int = TASK_DEPTH) -> list[Task]:
        """The surviving prefixes of the first `depth` grooves, as tasks."""
        goals, starts = self.roots()
        stop = min(depth, len(self.grooves))
        return [Task(self, kind) for kind, _ in self.descend(1, ((2,),), goals, starts, stop)]

    def type_of(self, config) -> tuple:
        """A configuration's type: the length sequence along each groove, in search order."""
        return tuple(tuple(p.length for p in sorted(q for q in config if q.groove == g)) for g in self.grooves)

    def compiled(self, kind):
        """The pieces of a type and its arrays for the compiled BFS."""
        pieces = [(g, length) for g, seq in zip(self.grooves, kind) for length in seq]
        bits = np.stack([self.arrays[p][0] for p in pieces])
        pmask = np.stack([self.arrays[p][1] for p in pieces])
        return pieces, bits, pmask, np.array([length for _, length in pieces], np.int64)

    def solvable(self, config) -> bool:
        """Can the special piece of this start reach l5-l6?  A BFS in its type from it."""
        from .types_compiled import bfs
        config = frozenset(config)
        if not all(set(BOARD.piece_cells(p)) <= set(self.cells) for p in config):
            raise ValueError("a piece lies off the sub-board")
        if SPECIAL_START not in config or any(p.groove == "l" and p != SPECIAL_START for p in config):
            return False
        pieces, bits, pmask, lengths = self.compiled(self.type_of(config))
        ordered = sorted(config, key=lambda p: (self.grooves.index(p.groove), p.first))
        state = sum(p.first << 3 * i for i, p in enumerate(ordered))
        found = bfs(np.array([state], np.int64), bits, pmask, lengths, SPECIAL_GOAL.first, True)[0]
        return bool(found)

    def search_type(self, kind, goals, use_mirror: bool) -> TypeResult:
        from .types_compiled import bfs
        weight = 1
        if use_mirror:
            image = self.mirror_type(kind)
            if image < kind:
                return TypeResult(False, 0, 0, -1, None)
            weight = 1 if image == kind else 2
        pieces, bits, pmask, lengths = self.compiled(kind)
        seeds = np.array(sorted({p for p, _, _ in goals}), np.int64)
        found, states, deepest, state = bfs(seeds, bits, pmask, lengths, SPECIAL_START.first, False)
        hardest = None
        if found:
            hardest = frozenset(Piece(g, (int(state) >> 3 * i) & 7, length) for i, (g, length) in enumerate(pieces))
        return TypeResult(True, weight * found, int(states), int(deepest) if found else -1, hardest)


class Task(NamedTuple):
    """The types whose first grooves have the sequences `prefix` (groove l's first)."""
    layout: Layout
    prefix: tuple

    @property
    def id(self) -> str:
        return ".".join(g + ("".join(map(str, s)) or "0") for g, s in zip(self.layout.grooves, self.prefix))

    @property
    def digest(self) -> str:
        """A hash of everything that defines the task's count."""
        text = "|".join([VERSION, ",".join(self.layout.cells), ",".join(self.layout.grooves), self.id])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def types(self):
        """(type, goal placements) for every type of the task holding goals and starts."""
        lay = self.layout
        goals, starts = self.prefix_placements()
        if goals and starts:
            yield from lay.descend(len(self.prefix), self.prefix, goals, starts, len(lay.grooves))

    def prefix_placements(self):
        """The goal placements (packed, mask, pieces) and start masks of the prefix."""
        lay = self.layout
        goals, starts = lay.roots()
        for depth, seq in enumerate(self.prefix[1:], 1):
            fills = lay.fillings[lay.grooves[depth]].get(seq, [])
            goals = [(p | (f.packed << 3 * k), m | f.mask, k + f.pieces) for p, m, k in goals
                     for f in fills if not m & f.mask]
            starts = list({m | f.mask for m in starts for f in fills if not m & f.mask})
        return goals, starts

    def run(self, use_mirror: bool | None = None, compiled: bool = True) -> dict:
        """Solvable starts of the task's types, states visited, types searched and the hardest start.

        `compiled=False` runs the type enumeration in Python (one compiled BFS per type):
        slower, and a check on the compiled enumeration."""
        lay = self.layout
        use_mirror = lay.symmetric if use_mirror is None else use_mirror
        if use_mirror and not lay.symmetric:
            raise ValueError("the mirror needs a sub-board symmetric in row l")
        if compiled:
            return self.run_compiled(use_mirror)
        total = {"solvable": 0, "states": 0, "types": 0, "hardest_moves": -1, "hardest": None}
        for kind, goals in self.types():
            r = lay.search_type(kind, goals, use_mirror)
            total["types"] += r.searched
            total["solvable"] += r.solvable
            total["states"] += r.states
            if r.deepest > total["hardest_moves"]:
                total["hardest_moves"], total["hardest"] = r.deepest, sorted(r.hardest)
        return total


    def run_compiled(self, use_mirror: bool) -> dict:
        from .types_compiled import run_types
        lay, tables = self.layout, self.layout.tables
        goals, starts = self.prefix_placements()
        total = {"solvable": 0, "states": 0, "types": 0, "hardest_moves": -1, "hardest": None}
        if not goals or not starts:
            return total
        first = len(self.prefix)
        kind = np.zeros(len(lay.grooves), np.int64)
        for k, (g, seq) in enumerate(zip(lay.grooves, self.prefix)):
            kind[k] = tables["number"][g, seq]
        found, states, types, deepest, state, best = run_types(
            first, kind, np.array([(p, m) for p, m, _ in goals], np.int64), np.array(starts, np.int64),
            goals[0][2], *tables["arrays"], use_mirror, SPECIAL_START.first)
        total.update(solvable=int(found), states=int(states), types=int(types))
        if deepest >= 0:
            pieces = [(g, length) for k, g in enumerate(lay.grooves) for length in tables["seqs"][best[k]][1]]
            total["hardest_moves"] = int(deepest)
            total["hardest"] = sorted(Piece(g, (int(state) >> 3 * i) & 7, length)
                                      for i, (g, length) in enumerate(pieces))
        return total


def count_by_types(cells, use_mirror: bool | None = None, depth: int = TASK_DEPTH, progress=None) -> dict:
    """Solvable start configurations on a sub-board by the per-type search (method A).

    Returns {"solvable", "solvable_states", "types", "tasks", "hardest_moves", "hardest"};
    `types` and `solvable_states` count the types and states searched (with the
    mirror, one type of each mirror pair: about half of them).
    """
    lay = Layout(cells)
    result = {"solvable": 0, "solvable_states": 0, "types": 0, "tasks": 0, "hardest_moves": -1, "hardest": None}
    for task in lay.tasks(depth):
        r = task.run(use_mirror)
        result["tasks"] += 1
        result["solvable"] += r["solvable"]
        result["solvable_states"] += r["states"]
        result["types"] += r["types"]
        if r["hardest_moves"] > result["hardest_moves"]:
            result["hardest_moves"], result["hardest"] = r["hardest_moves"], r["hardest"]
        if progress:
            progress(1)
    return result


# -- a resumable run ------------------------------------------------------------

LEDGER_FIELDS = ["task", "hash", "solvable", "states", "types", "hardest_moves", "seconds", "cpu_seconds"]


def read_ledger(path) -> dict[str, dict]:
    """task id -> its row, for the rows of a ledger CSV ('#' lines are comments)."""
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return {r["task"]: r for r in rows}


def run_ledger(cells, path, depth: int = TASK_DEPTH, use_mirror: bool | None = None,
               limit: int | None = None, progress=None) -> dict:
    """Run the tasks of a sub-board not yet in the ledger CSV at `path`, appending each
    finished one with its wall and CPU seconds (a task whose hash changed is run again).  At most `limit` tasks
    this call.  Returns {"tasks", "done", "solvable" (of the done ones), "states", "seconds"}."""
    tasks = Layout(cells).tasks(depth)
    done = read_ledger(path)
    fresh = not os.path.exists(path) or os.path.getsize(path) == 0
    ran = 0
    with open(path, "a", newline="") as f:
        writer = csv.writer(f)
        if fresh:
            writer.writerow(LEDGER_FIELDS)
        for task in tasks:
            row = done.get(task.id)
            if row is not None and row["hash"] == task.digest:
                continue
            if limit is not None and ran >= limit:
                break
            start, cpu = time.monotonic(), time.process_time()
            r = task.run(use_mirror)
            seconds = round(time.monotonic() - start, 3)
            writer.writerow([task.id, task.digest, r["solvable"], r["states"], r["types"],
                             r["hardest_moves"], f"{seconds:.3f}", f"{time.process_time() - cpu:.3f}"])
            f.flush()
            done[task.id] = {"hash": task.digest, "solvable": r["solvable"], "states": r["states"],
                             "seconds": seconds}
            ran += 1
            if progress:
                progress(1)
    current = {t.id: t.digest for t in tasks}
    finished = [r for tid, r in done.items() if current.get(tid) == r["hash"]]
    return {"tasks": len(tasks), "done": len(finished),
            "solvable": sum(int(r["solvable"]) for r in finished),
            "states": sum(int(r["states"]) for r in finished),
            "seconds": sum(float(r["seconds"]) for r in finished)}
