"""Random hexagon edge-matching puzzles with a planted solution.

Labels are drawn per edge of a hexagonal board (an inner edge shows one label
seen from both sides: the same label for "equal", opposite cases of one letter
for "bugs"), the hexes are cut out as cards, turned at random and shuffled.
For a unique puzzle a search looks for a solution outside the planted one's
symmetry orbit and, while it finds one, relabels a side that the intruder
relies on.  The default search is the family's plain backtracking (no CNF, so
this module stays free of solver back ends); a caller that has a back end can
pass a faster one.
"""

from __future__ import annotations

import random
import string
import time
from typing import Callable

from ..core.errors import InputError
from ..core.instance import Expected
from .board import HexBoard, opposite, turn
from .instance import HexMatch
from .rules import BUG_LETTERS, RULES
from .direct import SearchTimeout


def alphabet(rule: str, count: int) -> list[str]:
    """`count` labels for the rule: bug letters (upper case) or lower-case names."""
    if rule == "bugs":
        letters = BUG_LETTERS + "".join(c for c in string.ascii_uppercase if c not in BUG_LETTERS)
        if count > len(letters):
            raise InputError(f"the bugs rule has at most {len(letters)} labels (asked for {count})")
        return list(letters[:count])
    names = string.ascii_lowercase + string.digits
    return list(names[:count]) if count <= len(names) else [f"l{k}" for k in range(1, count + 1)]


def physical_side(orientation: int, side: int) -> int:
    """Which of the card's own sides lies on board side `side` in `orientation`."""
    k = (side - orientation % 6) % 6
    return 5 - k if orientation >= 6 else k


def plain_intruder(instance: HexMatch, deadline: float) -> dict | None:
    """A solution outside the planted solution's orbit, by the plain search, or None.
    Raises SearchTimeout past `deadline` (time.monotonic())."""
    target = instance.canonical(instance.planted)
    return next((s for s in instance.solutions(deadline) if instance.canonical(s) != target), None)


def generate(radius: int, labels: int, seed: int, unique: bool = False, rule: str = "equal",
             flip: bool = False, time_limit: float = 60.0,
             search: Callable[[HexMatch, float], dict | None] = plain_intruder) -> HexMatch:
    """A random puzzle on the hexagon of `radius` with `labels` labels and a planted
    solution (instance.planted).  With `unique`, the result has one solution up to
    board symmetry and identical cards, or InputError after `time_limit` seconds;
    `search(instance, deadline)` finds intruders (see plain_intruder)."""
    if not isinstance(radius, int) or radius < 0:
        raise InputError(f"radius must be a whole number >= 0 (got {radius})")
    if not isinstance(labels, int) or labels < 1:
        raise InputError(f"the number of labels must be >= 1 (got {labels})")
    if rule not in RULES:
        raise InputError(f"unknown rule '{rule}' (choose from: {', '.join(RULES)})")
    rng = random.Random(seed)
    names = alphabet(rule, labels)
    board = HexBoard.hexagon(radius)

    def draw(avoid=None):
        choices = [l if rule == "equal" else c for l in names
                   for c in ((l,) if rule == "equal" else (l.upper(), l.lower()))]
        choices = [c for c in choices if c != avoid]
        if not choices:
            raise InputError(f"cannot make the puzzle unique with {labels} label(s)")
        return rng.choice(choices)

    partner = RULES[rule].partner
    shown = {cell: [None] * 6 for cell in board.cells}     # planted labels on board sides
    for cell in board.cells:
        for s in range(6):
            if shown[cell][s] is None:
                shown[cell][s] = draw()
                other = board.neighbour(cell, s)
                if other is not None:
                    shown[other][opposite(s)] = partner(shown[cell][s])
    order = rng.sample(board.cells, len(board.cells))      # card k + 1 comes from order[k]
    turns = [rng.randrange(12 if flip else 6) for _ in order]

    what = f"random {rule} puzzle: radius {radius}, {labels} labels, seed {seed}"
    if flip:
        what += ", flipping allowed"

    def build() -> HexMatch:
        cards, planted = [], {}
        for number, (cell, o) in enumerate(zip(order, turns), 1):
            card = [None] * 6
            for s in range(6):
                card[physical_side(o, s)] = shown[cell][s]
            cards.append(tuple(card))
            planted[cell] = (number, o)
        instance = HexMatch(f"hexmatch-r{radius}-k{labels}-s{seed}", board, cards, rule=rule,
                            flip=flip, description=what, labels=names)
        instance.planted = {cell: (n, instance.orientation_of[n - 1][turn(cards[n - 1], o)])
                            for cell, (n, o) in planted.items()}
        return instance

    instance = build()
    if not unique:
        return instance
    deadline = time.monotonic() + time_limit
    while True:
        try:
            intruder = search(instance, deadline)
        except SearchTimeout:
            intruder = False
        if intruder is None:
            break
        if intruder is False or time.monotonic() > deadline:
            raise InputError(f"could not make a unique {what} within {time_limit:g} s "
                             f"(try more labels or another seed)")
        card_side, cell_of = _foreign_contact(instance, intruder, rng)
        cell, o = cell_of[card_side[0]]
        s = next(s for s in range(6) if physical_side(o, s) == card_side[1])
        new = draw(avoid=shown[cell][s])
        shown[cell][s] = new
        other = board.neighbour(cell, s)
        if other is not None:
            shown[other][opposite(s)] = partner(new)
        instance = build()
    instance.description = what + ", unique up to symmetry"
    instance.expected = Expected(raw=instance.orbit_size(instance.planted), unique=1,
                                 source=f"generated with seed {seed}; uniqueness proved by "
                                        f"{getattr(search, '__name__', 'a search')}")
    return instance


def _foreign_contact(instance: HexMatch, intruder: dict, rng: random.Random):
    """A (card, own side) that touches, in `intruder`, a side it does not touch in the
    planted solution; relabelling it breaks the intruder.  Also returns
    card -> (cell, orientation) in the planted solution."""
    def contacts(solution):
        pairs = set()
        for a, s, b in instance.board.inner_edges:
            (ca, oa), (cb, ob) = solution[a], solution[b]
            pairs.add(frozenset(((ca, physical_side(oa, s)), (cb, physical_side(ob, opposite(s))))))
        return pairs
    planted = contacts(instance.planted)
    foreign = sorted(sorted(p) for p in contacts(intruder) - planted)
    if not foreign:                     # only possible through identical cards: relabel any side
        foreign = [[(1, rng.randrange(6))]]
    cell_of = {card: (cell, o) for cell, (card, o) in instance.planted.items()}
    return rng.choice(rng.choice(foreign)), cell_of



MAX_LABELS = 62


def generate_files(output: str, cnf: str | None = None, progress=None, *, radius: int = 3, labels: int = 4,
                   seed: int = 0, unique: bool = False, encoding: str | None = None) -> tuple[list, dict]:
    """The instance file (and with `cnf` its DIMACS) of a generated puzzle,
    as ([(path, text), ...], facts); sizes are checked before anything is built."""
    from .fileformat import MAX_RADIUS, to_toml

    if not 0 <= radius <= MAX_RADIUS:
        raise InputError(f"--radius {radius}: must lie in 0..{MAX_RADIUS}")
    if not 1 <= labels <= MAX_LABELS:
        raise InputError(f"--labels {labels}: must lie in 1..{MAX_LABELS}")
    if cnf == "":
        raise InputError("--cnf needs a file name for hexmatch")
    inst = generate(radius, labels, seed, unique=unique)
    outputs = [(output, to_toml(inst))]
    if cnf:
        f = inst.formula(encoding)
        outputs.append((cnf, "\n".join(f.dimacs_lines(inst.dimacs_comments(f.label))) + "\n"))
    return outputs, {"instance": inst.name, "description": inst.description, "radius": radius,
                     "labels": labels, "seed": seed, "unique": unique}
