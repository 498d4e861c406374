"""Exact cover back end: Knuth's Algorithm X on plain rows of item numbers.

This is the project's independent second method for every tiling count: it
never builds a CNF and never imports an encoder.  Items 0..n_primary-1 are
primary (covered exactly once), the rest secondary (covered at most once); a
row is a list of item numbers; a solution is a list of row indices.  As in
Knuth's algorithms, a row without a primary item is never chosen.

Two engines give the same answers:
  "xcover"  Knuth's dancing cells (Algorithm C) compiled by numba, from the
            `xcover` package: fast once loaded (about 1 s to import and load
            its cached machine code in a fresh process).
  "python"  Algorithm X over sets with Knuth's MRV heuristic, no dependency:
            the fallback and the cross-check of the first.
"auto" picks xcover when it is installed, else python.
"""

from __future__ import annotations

import functools
import multiprocessing
import operator
import random
import sys
import time
import warnings
from typing import Iterator

METHODS = ("auto", "xcover", "python")
_CLOCK_EVERY = 256           # search steps between two looks at the clock


def count(n_primary: int, rows, n_items: int | None = None, time_limit: float | None = None,
          progress: bool = False, method: str = "auto") -> int:
    """The exact number of solutions.

    `progress` shows a tqdm bar on stderr (only on a TTY) over the branches of
    the first choice; `time_limit` (seconds) raises TimeoutError when exceeded.
    """
    rows, n_items = _checked(n_primary, rows, n_items)
    method = _engine(method)
    known = _trivial(n_primary, rows, n_items)
    if known is not None:
        return known
    if method == "xcover" and time_limit is not None:
        return _count_in_child(n_primary, rows, n_items, time_limit, progress)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        if not progress:
            return _count_with(method, n_primary, rows, n_items, deadline)
        branches = _first_branches(n_primary, rows, n_items)
        with _progress_bar(len(branches), progress) as bar:
            total = 0
            for sub in branches:
                total += _count_with(method, *sub, deadline)
                bar.update(1)
        return total
    except TimeoutError:
        raise TimeoutError(_too_slow(time_limit)) from None


def solutions(n_primary: int, rows, limit: int | None = None,
              method: str = "auto") -> Iterator[list[int]]:
    """Solutions one by one, each a sorted list of row indices; at most `limit`."""
    rows, n_items = _checked(n_primary, rows, None)
    method = _engine(method)
    found = _xcover_solutions if method == "xcover" else _python_solutions
    if limit is not None and limit <= 0:
        return
    for k, solution in enumerate(found(n_primary, rows, n_items), 1):
        yield sorted(solution)
        if k == limit:
            return


# -- input --------------------------------------------------------------------
def _checked(n_primary, rows, n_items):
    """Rows as lists of ints, each item in range and at most once per row."""
    rows = [[int(i) for i in row] for row in rows]
    top = max((i for row in rows for i in row), default=-1) + 1
    n_items = max(top, n_primary) if n_items is None else n_items
    if not 0 <= n_primary <= n_items:
        raise ValueError(f"n_primary={n_primary} must lie in 0..n_items={n_items}")
    for r, row in enumerate(rows):
        if len(set(row)) != len(row):
            raise ValueError(f"row {r} names an item twice: {row}")
        if row and (min(row) < 0 or max(row) >= n_items):
            raise ValueError(f"row {r} names an item outside 0..{n_items - 1}: {row}")
    return rows, n_items


def _engine(method: str) -> str:
    if method not in METHODS:
        raise ValueError(f"unknown exact-cover method '{method}' (choose from: {', '.join(METHODS)})")
    if method == "python":
        return method
    try:
        _xcover()           # numba: slow to import, so imported on demand
    except ImportError:
        if method == "xcover":
            raise
        return "python"
    return "xcover"


def _trivial(n_primary, rows, n_items):
    """1 with nothing to cover, 0 with a primary item in no row, else None."""
    if n_primary == 0:
        return 1
    covered = {i for row in rows for i in row if i < n_primary}
    return 0 if len(covered) < n_primary else None


def _count_with(method, n_primary, rows, n_items, deadline):
    found = _xcover_solutions if method == "xcover" else _python_solutions
    if method == "xcover" or deadline is None:
        return sum(1 for _ in found(n_primary, rows, n_items))
    return sum(1 for _ in found(n_primary, rows, n_items, deadline))


# -- the size of a search, estimated beforehand ----------------------------------
def estimate(n_primary: int, rows, n_items: int | None = None, probes: int = 64, seed: int = 0,
             enough: float | None = None) -> float:
    """Knuth's estimate (1975) of the work of counting: rows hidden over the
    whole search tree, which the time of dancing links or cells follows.

    Each probe walks one random path from the root, choosing as the search
    does (the primary item with fewest live rows, the lowest-numbered among
    ties) and then one of its rows at random; a row chosen at depth k, whose
    choice hides h rows, stands for the d1*...*dk nodes of its level (the di:
    the branching degrees on the path), so the path's estimate is the sum of
    d1*...*dk * h.  That is unbiased; the mean of `probes` paths is returned.
    Each path is one descent on bitsets (about 0.2 ms on the 6x10), and the
    seed is fixed, so the same input always gives the same estimate.  With
    `enough`, it stops as soon as the estimate is sure to exceed that (every
    term is positive), so a big search is told big after a probe or two.  The
    rows are taken as they are (the count checks them)."""
    n_items = max(n_primary, 1 + max((i for row in rows for i in row), default=-1)) if n_items is None else n_items
    if probes < 1 or _trivial(n_primary, rows, n_items) is not None:
        return 0.0
    holders = _holders(rows, n_items)
    hides = {}                                     # row r -> the rows its choice hides
    rng = random.Random(seed)
    total = 0.0
    for _ in range(probes):
        live, open_items, nodes = (1 << len(rows)) - 1, list(range(n_primary)), 1
        while open_items:
            item = min(open_items, key=lambda i: (holders[i] & live).bit_count())
            choices = holders[item] & live
            degree = choices.bit_count()
            if degree == 0:
                break
            for _ in range(rng.randrange(degree)):
                choices &= choices - 1                # drop the lowest row
            chosen = (choices & -choices).bit_length() - 1
            if chosen not in hides:
                hides[chosen] = functools.reduce(operator.or_, (holders[i] for i in rows[chosen]))
            nodes *= degree
            total += nodes * (hides[chosen] & live).bit_count()
            if enough is not None and total > enough * probes:
                return total / probes
            live &= ~hides[chosen]
            taken = set(rows[chosen])
            open_items = [i for i in open_items if i not in taken]
    return total / probes


def _holders(rows, n_items) -> list[int]:
    """Bit r of holders[i] is set when row r holds item i (built in bytes:
    setting bits of a growing Python int one by one costs 10x more)."""
    bits = [bytearray((len(rows) + 7) // 8) for _ in range(n_items)]
    for r, row in enumerate(rows):
        byte, bit = r >> 3, 1 << (r & 7)
        for i in row:
            bits[i][byte] |= bit
    return [int.from_bytes(b, "little") for b in bits]


# -- splitting at the first choice (progress, time limits) --------------------
def branches(n_primary, rows, n_items):
    """One subproblem per row holding the primary item with fewest rows, as
    (chosen row, indices of the rows kept, (n_primary, rows, n_items)) with the
    chosen row's items gone and the rest renumbered.  Their counts add up to
    the whole count (`n_primary` must be at least 1)."""
    holders = [[] for _ in range(n_primary)]
    for r, row in enumerate(rows):
        for i in row:
            if i < n_primary:
                holders[i].append(r)
    first = min(range(n_primary), key=lambda i: len(holders[i]))
    found = []
    for chosen in holders[first]:
        taken = set(rows[chosen])
        keep = [i for i in range(n_items) if i not in taken]
        renumber = {old: new for new, old in enumerate(keep)}
        sub_primary = sum(1 for i in keep if i < n_primary)
        kept = [r for r, row in enumerate(rows) if taken.isdisjoint(row)]
        found.append((chosen, kept, (sub_primary, [[renumber[i] for i in rows[r]] for r in kept], len(keep))))
    return found


def _first_branches(n_primary, rows, n_items):
    """The subproblems of `branches` alone."""
    return [sub for _, _, sub in branches(n_primary, rows, n_items)]


def _progress_bar(total, wanted):
    from tqdm import tqdm
    return tqdm(total=total, desc="exact cover", unit="branch", file=sys.stderr,
                disable=not (wanted and sys.stderr.isatty()), leave=False)


def _too_slow(time_limit):
    return f"exact cover: no count within the time limit of {time_limit:g} s"


def _count_in_child(n_primary, rows, n_items, time_limit, progress):
    """Count with xcover in a child process, killed at the time limit
    (compiled code cannot be interrupted from inside)."""
    deadline = time.monotonic() + time_limit
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child_counts, args=(send, n_primary, rows, n_items),
                            daemon=True)
    child.start()
    send.close()
    try:
        with _progress_bar(None, progress) as bar:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not receive.poll(left):
                    raise TimeoutError(_too_slow(time_limit))
                try:
                    kind, value = receive.recv()
                except EOFError:
                    raise RuntimeError(f"exact cover: the counting process died "
                                       f"(exit code {child.exitcode})") from None
                if kind == "branches":
                    bar.reset(total=value)
                elif kind == "branch":
                    bar.update(1)
                elif kind == "error":
                    raise RuntimeError(f"exact cover: {value}")
                elif kind == "done":
                    return value
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        receive.close()


def _child_counts(send, n_primary, rows, n_items):
    """Child side of `_count_in_child`: reports each branch, then the total."""
    try:
        branches = _first_branches(n_primary, rows, n_items)
        send.send(("branches", len(branches)))
        total = 0
        for sub in branches:
            total += _count_with("xcover", *sub, None)
            send.send(("branch", None))
        send.send(("done", total))
    except Exception as e:          # the parent turns this into its own error
        send.send(("error", repr(e)))
    finally:
        send.close()


# -- engine: xcover -----------------------------------------------------------
def _xcover():
    """The xcover module, imported without its NumbaTypeSafetyWarning: on a fresh
    numba cache (the first run after install) importing xcover compiles its ZDD
    code, which we never call, and numba warns about a uint64 -> uint32 cast
    there.  A user should see no library warnings, so only that category is
    silenced, and only around the import."""
    with warnings.catch_warnings():
        from numba.core.errors import NumbaTypeSafetyWarning
        warnings.filterwarnings("ignore", category=NumbaTypeSafetyWarning)
        import xcover
    return xcover


def _xcover_solutions(n_primary, rows, n_items):
    """xcover's Algorithm C, guarded against the cases where it fails.

    xcover raises IndexError with no primary item, and when a primary item
    is in every node (rows [[0], [0]]: 2 solutions).  The first case is
    answered here; for the second, a sentinel row holding one extra
    secondary item (never chosen) keeps every primary item out of some node.
    """
    known = _trivial(n_primary, rows, n_items)
    if known is not None:
        yield from [[]] * known       # the empty solution, or none
        return
    sentinel = [n_items]
    yield from _xcover().covers(rows + [sentinel], primary=list(range(n_primary)),
                             secondary=list(range(n_primary, n_items + 1)))


# -- engine: pure Python ------------------------------------------------------
def _python_solutions(n_primary, rows, n_items, deadline=None):
    """Algorithm X over sets, Knuth's MRV choice, no recursion.

    `holders[i]` is the set of rows that hold item i and are still
    compatible with the partial solution.  Choosing a row removes every live
    row meeting it from all the sets that row is in; undoing adds them back
    (sets make the order of undoing irrelevant, unlike linked lists).
    """
    known = _trivial(n_primary, rows, n_items)
    if known is not None:
        yield from [[]] * known       # the empty solution, or none
        return
    holders = [set() for _ in range(n_items)]
    for r, row in enumerate(rows):
        for i in row:
            holders[i].add(r)
    sets_of_row = [[holders[i] for i in row] for row in rows]
    primaries_of_row = [[i for i in row if i < n_primary] for row in rows]
    open_primary = set(range(n_primary))

    def choose(r):
        gone = []
        for own in sets_of_row[r]:
            if own:
                meeting = list(own)
                gone += meeting
                for other in meeting:
                    for s in sets_of_row[other]:
                        s.remove(other)
        open_primary.difference_update(primaries_of_row[r])
        return gone

    def unchoose(r, gone):
        open_primary.update(primaries_of_row[r])
        for other in gone:
            for s in sets_of_row[other]:
                s.add(other)

    def fewest():
        return min(open_primary, key=lambda i: len(holders[i]))

    solution: list[int] = []
    undo: list[list[int]] = []
    frames = [[sorted(holders[fewest()]), 0]]       # candidates and next position
    steps = 0
    while frames:
        frame = frames[-1]
        candidates, position = frame
        if position:
            unchoose(solution.pop(), undo.pop())
        if position == len(candidates):
            frames.pop()
            continue
        frame[1] = position + 1
        row = candidates[position]
        undo.append(choose(row))
        solution.append(row)
        steps += 1
        if deadline is not None and steps % _CLOCK_EVERY == 0 and time.monotonic() > deadline:
            raise TimeoutError("exact cover: time limit")
        if not open_primary:
            yield list(solution)
            continue
        item = fewest()
        if holders[item]:
            frames.append([sorted(holders[item]), 0])
