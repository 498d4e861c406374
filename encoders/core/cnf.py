"""Formula: a CNF whose variables are named by what they mean.

Families never handle bare variable numbers: they ask for `var(key)` with a
key such as a placement, and the Formula numbers it.  Clauses carry a group
label so a user can trace every clause to the constraint it came from, and
the "show" set records which variables define a solution (projection for
counters, blocking for enumeration, `c p show` in DIMACS).
"""

from __future__ import annotations

from collections import Counter as _Tally

from pysat.card import CardEnc, EncType

from .errors import InputError, not_utf8
from .limits import MAX_CLAUSES, MAX_LITERALS, MAX_VARIABLES

#: Cardinality encodings offered to users, by PySAT's own names.
ENCODINGS = tuple(
    name for name in ("pairwise", "seqcounter", "ladder", "totalizer", "mtotalizer",
                      "kmtotalizer", "sortnetwrk", "cardnetwrk", "bitwise")
    if hasattr(EncType, name))
DEFAULT_ENCODING = "seqcounter"


def check_encoding(name: str) -> str:
    """Return `name` if PySAT offers it, else raise a one-line error."""
    if name not in ENCODINGS:
        raise InputError(f"unknown encoding '{name}' (choose from: {', '.join(ENCODINGS)})")
    return name


class Formula:
    """CNF with named variables, labelled clause groups and a show set."""

    direct_seqcounter = True   # False: via PySAT's CardEnc, the same clauses (bench_speed's "before")

    def __init__(self, name: str = "", encoding: str = DEFAULT_ENCODING):
        self.name = name
        self.encoding = check_encoding(encoding)
        self.label = encoding              # what users call the whole encoding (families may refine it)
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self._group_of: list[int] = []     # per clause, index into self.group_labels
        self.group_labels: list[str] = []
        self._group_index: dict[str, int] = {}
        self._var: dict = {}               # key -> variable number
        self._key: dict[int, object] = {}  # variable number -> key
        self._show: list[int] | None = None
        self.comments: list[str] = []      # extra lines for DIMACS headers

    # -- variables -----------------------------------------------------------
    def var(self, key) -> int:
        """The variable named `key`, created on first use."""
        v = self._var.get(key)
        if v is None:
            self.nvars += 1
            v = self._var[key] = self.nvars
            self._key[v] = key
        return v

    def has(self, key) -> bool:
        return key in self._var

    def key(self, v: int):
        """The key of variable `v` (None for auxiliary variables)."""
        return self._key.get(abs(v))

    def keys(self) -> list:
        return list(self._var)

    @property
    def named_vars(self) -> list[int]:
        return sorted(self._key)

    # -- show set ------------------------------------------------------------
    def show(self, keys) -> None:
        """Declare the variables (by key) that define a solution."""
        self._show = sorted({self.var(k) for k in keys})

    @property
    def show_vars(self) -> list[int]:
        """Variables that define a solution: the declared set, else all named ones."""
        return list(self._show) if self._show is not None else self.named_vars

    @property
    def has_auxiliaries(self) -> bool:
        """True when some variables are not shown, so counts must be projected."""
        return len(self.show_vars) < self.nvars

    # -- clauses -------------------------------------------------------------
    def _label(self, group: str) -> int:
        i = self._group_index.get(group)
        if i is None:
            i = self._group_index[group] = len(self.group_labels)
            self.group_labels.append(group)
        return i

    def add(self, clause, group: str = "clauses") -> None:
        """Add one clause of signed variable numbers."""
        clause = list(map(int, clause))
        if clause and (max(clause) > self.nvars or -min(clause) > self.nvars or 0 in clause):
            bad = next(l for l in clause if l == 0 or abs(l) > self.nvars)
            raise ValueError(f"literal {bad} is not a variable of this formula")
        self.clauses.append(clause)
        self._group_of.append(self._label(group))

    def extend(self, clauses, group: str = "clauses") -> None:
        """Add many clauses of one group, checked together (much faster than
        one `add` per clause on formulas of millions of clauses)."""
        clauses = [c if type(c) is list else list(c) for c in clauses]
        lits = [l for c in clauses for l in c]
        if not set(map(type, lits)) <= {int}:      # numpy ints and the like
            clauses = [list(map(int, c)) for c in clauses]
            lits = list(map(int, lits))
        if lits and (max(lits) > self.nvars or -min(lits) > self.nvars or 0 in lits):
            bad = next(l for l in lits if l == 0 or abs(l) > self.nvars)
            raise ValueError(f"literal {bad} is not a variable of this formula")
        self._append(clauses, group)

    def _append(self, clauses: list[list[int]], group: str) -> None:
        """Clauses known to be well formed (from this module's encoders)."""
        self.clauses.extend(clauses)
        self._group_of.extend([self._label(group)] * len(clauses))

    def at_least_one(self, lits, group: str) -> None:
        self.add(list(lits), group)

    def at_most_one(self, lits, group: str, encoding: str | None = None) -> None:
        self._cardinality(False, list(lits), group, encoding)

    def exactly_one(self, lits, group: str, encoding: str | None = None) -> None:
        self._cardinality(True, list(lits), group, encoding)

    def at_most(self, lits, bound: int, group: str, encoding: str | None = None) -> None:
        self._cardinality(False, list(lits), group, encoding, bound)

    def exactly(self, lits, bound: int, group: str, encoding: str | None = None) -> None:
        self._cardinality(True, list(lits), group, encoding, bound)

    def _cardinality(self, exact: bool, lits, group, encoding, bound: int = 1) -> None:
        """At most (or, if `exact`, exactly) `bound` of `lits` are true."""
        make = CardEnc.equals if exact else CardEnc.atmost
        encoding = check_encoding(encoding or self.encoding)
        if bound != 1:
            if encoding in ("pairwise", "bitwise", "ladder"):   # AMO-only encodings
                encoding = "seqcounter"
            enc = make(lits=lits, bound=bound, top_id=self.nvars, encoding=getattr(EncType, encoding))
            self._add_encoded(enc, group)
            return
        if len(lits) <= 1:
            if exact:
                self.add(lits, group)        # empty list: an empty clause, unsatisfiable
            return
        if encoding == "pairwise" or len(lits) == 2:
            if exact:
                self.add(lits, group)
            for i, a in enumerate(lits):
                for b in lits[i + 1:]:
                    self.add([-a, -b], group)
            return
        if encoding == "seqcounter" and self.direct_seqcounter:
            self.extend([lits] if exact else [], group)
            self._append(sequential_amo(lits, self.nvars), group)
            self.nvars += len(lits) - 1      # new auxiliaries stay unnamed
            return
        enc = make(lits=lits, bound=1, top_id=self.nvars, encoding=getattr(EncType, encoding))
        self._add_encoded(enc, group)

    def _add_encoded(self, enc, group) -> None:
        top = max([self.nvars] + [abs(l) for c in enc.clauses for l in c])
        self.nvars = top                     # new auxiliaries stay unnamed
        self._append([list(map(int, c)) for c in enc.clauses], group)

    # -- reading answers -----------------------------------------------------
    def decode(self, model) -> list:
        """Keys of the shown variables that are true in `model`."""
        true = {l for l in model if l > 0}
        return [self._key[v] for v in self.show_vars if v in true]

    def group_sizes(self) -> dict[str, int]:
        """Number of clauses per group label, in order of first use."""
        tally = _Tally(self._group_of)
        return {label: tally[i] for i, label in enumerate(self.group_labels)}

    def copy(self, name: str | None = None) -> "Formula":
        """An independent copy, for adding case-specific clauses."""
        other = Formula(self.name if name is None else name, self.encoding)
        other.nvars = self.nvars
        other.clauses = [list(c) for c in self.clauses]
        other._group_of = list(self._group_of)
        other.group_labels = list(self.group_labels)
        other._group_index = dict(self._group_index)
        other._var = dict(self._var)
        other._key = dict(self._key)
        other._show = None if self._show is None else list(self._show)
        other.comments = list(self.comments)
        other.label = self.label
        return other

    # -- DIMACS --------------------------------------------------------------
    def dimacs_lines(self, comments=()):
        """Model Counting Competition format: `c t mc|pmc`, header, `c p show`."""
        projected = self.has_auxiliaries
        yield "c t pmc" if projected else "c t mc"
        for line in list(comments) + self.comments:
            yield f"c {line}" if line else "c"
        for label, size in self.group_sizes().items():
            yield f"c group {label}: {size} clauses"
        yield f"p cnf {self.nvars} {len(self.clauses)}"
        if projected:
            yield "c p show " + " ".join(map(str, self.show_vars)) + " 0"
        for clause in self.clauses:
            yield " ".join(map(str, clause)) + " 0"

    def write_dimacs(self, path, comments=()) -> None:
        """Write atomically: a failed write never leaves a partial file."""
        from .outputs import write_files
        write_files([(path, "\n".join(self.dimacs_lines(comments)) + "\n")])


def sequential_amo(lits: list[int], top: int) -> list[list[int]]:
    """At most one of `lits` by Sinz's sequential counter, auxiliaries
    s_i = top + i: the very clauses, in the same order, that PySAT's
    `CardEnc.atmost(lits, 1, top_id=top, encoding=EncType.seqcounter)` gives
    (tests/test_cnf_fast_paths.py compares them), built here without a C call and
    a CNFPlus object per constraint."""
    n = len(lits)
    out = [[-lits[0], top + 1]]
    out += [clause for i in range(1, n - 1)
            for clause in ([-(top + i), top + i + 1], [-lits[i], -(top + i)], [-lits[i], top + i + 1])]
    out.append([-lits[-1], -(top + n - 1)])
    return out


def read_dimacs(path):
    """Parse a DIMACS CNF file: returns (nvars, clauses, show or None, comments).

    Accepts `c p show ... 0` projection lines; any malformed line raises an
    InputError naming the file and line.
    """
    nvars = nclauses = None
    clauses, comments, show, pending, total = [], [], None, [], 0
    try:
        handle = open(path, "rb")
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    with handle:
        for lineno, raw in enumerate(handle, 1):
            where = f"{path}:{lineno}"
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise not_utf8(path, raw, e, lineno) from None
            text = line.strip()
            if not text or text == "%":
                continue
            if text.startswith("c"):
                words = text.split()
                if words[:3] == ["c", "p", "show"]:
                    vals = _ints(words[3:], where)
                    if not vals or vals[-1] != 0:
                        raise InputError(f"{where}: 'c p show' line must end with 0")
                    show = (show or []) + vals[:-1]
                    if len(show) > MAX_VARIABLES:
                        raise InputError(f"{where}: more shown variables than polycnf's limit of {MAX_VARIABLES:,}")
                else:
                    comments.append(text[1:].strip())
                continue
            if text.startswith("p"):
                words = text.split()
                if len(words) != 4 or words[1] != "cnf" or nvars is not None:
                    raise InputError(f"{where}: expected one header 'p cnf VARS CLAUSES'")
                nvars, nclauses = _ints(words[2:], where)
                if not 0 <= nvars <= MAX_VARIABLES or not 0 <= nclauses <= MAX_CLAUSES:
                    raise InputError(f"{where}: 'p cnf {nvars} {nclauses}' is beyond polycnf's limits "
                                     f"({MAX_VARIABLES:,} variables, {MAX_CLAUSES:,} clauses)")
                continue
            if nvars is None:
                raise InputError(f"{where}: clause before the 'p cnf' header")
            literals = _ints(text.split(), where)
            total += len(literals)
            if total > MAX_LITERALS:
                raise InputError(f"{where}: more than {MAX_LITERALS:,} literals, polycnf's limit")
            for lit in literals:
                if lit == 0:
                    clauses.append(pending)
                    pending = []
                elif abs(lit) > nvars:
                    raise InputError(f"{where}: literal {lit} exceeds the {nvars} declared variables")
                else:
                    pending.append(lit)
    if nvars is None:
        raise InputError(f"{path}: no 'p cnf' header")
    if pending:
        raise InputError(f"{path}: last clause is not terminated by 0")
    if len(clauses) != nclauses:
        raise InputError(f"{path}: header declares {nclauses} clauses, file has {len(clauses)}")
    for v in show or ():
        if not 0 < v <= nvars:
            raise InputError(f"{path}: shown variable {v} is not declared")
    return nvars, clauses, show, comments


def _ints(words, where):
    try:
        return [int(w) for w in words]
    except ValueError:
        raise InputError(f"{where}: not an integer in {' '.join(words)!r}") from None
