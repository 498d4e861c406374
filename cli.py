"""polycnf command line: argument parsing and wiring, nothing else.

This is the only module that knows both the encoders (puzzles -> Formula,
decode, check, render) and the back ends (solve, count).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fractions import Fraction

from polycnf.api import cubes, localcluster, parallel
from polycnf.encoders import catalog
from polycnf.encoders.cnf import ENCODINGS, write_atomic
from polycnf.encoders.errors import InputError, RuleViolation
from polycnf.solvers import bdd, ganak, sat
from polycnf.solvers.errors import BackendError

METHODS = ("auto", "ganak", "enumerate", "bdd", "dlx", "direct")
BDD_MAX_VARS = 400          # pyeda BDDs beyond this size are hopeless
ENUMERATE_MAX = 10 ** 6     # validate does not enumerate more solutions than this
VALIDATE_TIME_LIMIT = 60.0
SHOW_GROUPS = 12            # clause groups listed by `show` before summing up the rest  # seconds per method, unless --time-limit says otherwise


# -- output helpers -------------------------------------------------------------
def jsonable(x):
    """Keys and solutions as JSON: tuples become lists, namedtuples dicts."""
    if hasattr(x, "_asdict"):
        return {k: jsonable(v) for k, v in x._asdict().items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k) if not isinstance(k, (str, int)) else k: jsonable(v) for k, v in x.items()}
    return x


def progress_bar(desc: str, total=None, unit="it"):
    from tqdm import tqdm
    return tqdm(desc=desc, total=total, unit=unit, file=sys.stderr, disable=None, leave=False)


def ticker(desc: str):
    """A progress display for a count that reports only elapsed seconds."""
    bar = progress_bar(desc, unit="s")

    def tick(elapsed):
        bar.n = int(elapsed)
        bar.refresh()
    return bar, tick


def use_color(args) -> bool:
    return args.color == "always" or (args.color == "auto" and sys.stdout.isatty())


# -- counting -------------------------------------------------------------------
def count_formula(method, formula, args, label=""):
    """Count one formula with one CNF back end."""
    if method == "ganak":
        bar, tick = ticker(f"ganak {label}".strip())
        with bar:
            return ganak.count(formula.clauses, formula.nvars, formula.show_vars, args.time_limit, tick)
    if method == "bdd":
        if formula.nvars > BDD_MAX_VARS:
            raise BackendError(f"bdd: {formula.nvars} variables is beyond what pyeda BDDs can take "
                               f"(limit {BDD_MAX_VARS})")
        bar, tick = ticker(f"bdd {label}".strip())
        with bar:
            return bdd.count(formula.clauses, formula.nvars, formula.show_vars, args.time_limit, tick)
    if method == "enumerate":
        with progress_bar(f"enumerate {label}".strip(), unit="sol") as bar:
            n = 0
            for _ in sat.models(formula.clauses, formula.show_vars, args.solver,
                                time_limit=args.time_limit, progress=bar.update):
                n += 1
            return n
    raise BackendError(f"unknown counting method '{method}'")


def count_cover(case, args):
    """Count one case with the exact-cover back end (DLX)."""
    from polycnf.solvers import dlx

    if case.cover is None:
        if case.symmetry is None:
            raise BackendError("dlx: this instance is not an exact-cover problem")
        # a symmetry case that permutes identical copies has no exact cover: its
        # formula already keeps only the invariant solutions, so enumerate those
        return count_formula("enumerate", case.formula, args, case.label)
    n_primary, rows = case.cover.option_rows()
    if case.symmetry is None:
        return dlx.count(n_primary, rows, time_limit=args.time_limit, progress=True)
    keys = case.cover.keys
    mapped = [case.symmetry.get(k, k) for k in keys]
    n = 0
    for chosen in dlx.solutions(n_primary, rows):
        picked = {keys[i] for i in chosen}
        if all(mapped[i] in picked for i in chosen):
            n += 1
    return n


def resolve_method(instance, method):
    if method != "auto":
        return method
    return instance.count_method


def count_instance(instance, method, args, unique=False):
    """The exact count by one method: sum of weighted cases, an int."""
    method = resolve_method(instance, method)
    if getattr(args, "workers", None) is not None and not (unique and not instance.symmetry_cases
                                                           and method != "direct"):
        return parallel.count(instance, method, unique, args.workers, cube_options(args))
    if method == "direct":
        n = instance.direct_count(unique=unique)
        if n is None:
            raise BackendError(f"{instance.name}: the family has no direct counting method")
        return n
    if unique and not instance.symmetry_cases:
        return count_distinct(instance, args)
    if method == "dlx" and instance.exact_cover() is None:
        raise BackendError(f"dlx: {instance.name} is not an exact-cover problem")
    total = Fraction(0)
    cases = instance.cases(args.encoding, unique=unique)
    for i, case in enumerate(cases, 1):
        label = f"case {i}/{len(cases)}" if len(cases) > 1 else ""
        n = count_cover(case, args) if method == "dlx" else count_formula(method, case.formula, args, label)
        total += case.weight * n
    if total.denominator != 1:
        raise RuntimeError(f"symmetry cases summed to a fraction ({total}): a bug in the family")
    return int(total)


def count_distinct(instance, args):
    """Solutions up to symmetry, by enumerating all and keeping one per class."""
    formula = instance.formula(args.encoding)
    classes = set()
    with progress_bar("enumerate", unit="sol") as bar:
        for model in sat.models(formula.clauses, formula.show_vars, args.solver,
                                time_limit=args.time_limit, progress=bar.update):
            form = instance.canonical(instance.decode(formula.decode(model)))
            if form is None:
                raise InputError(f"{instance.name}: counting up to symmetry is not supported for this family")
            classes.add(form)
    return len(classes)


def expected_for(instance, unique):
    exp = instance.expected
    return (exp.unique if unique else exp.raw), exp.source


# -- commands -------------------------------------------------------------------
def cmd_list(args):
    rows = []
    for name in catalog.builtin_names():
        inst = catalog.load(name)
        rows.append({"instance": name, "family": inst.family, "description": inst.description,
                     "raw": inst.expected.raw, "unique": inst.expected.unique,
                     "source": inst.expected.source})
    if args.json:
        return {"instances": rows}
    width = max(len(r["instance"]) for r in rows)
    for r in rows:
        known = "unknown" if r["raw"] is None else f"{r['raw']:,}"
        if r["unique"] is not None:
            known += f" ({r['unique']:,} up to symmetry)"
        print(f"{r['instance']:<{width}}  {r['family']:<9} {known:<32} {r['description']}")
    return None


def cmd_show(args):
    inst = catalog.load(args.instance)
    f = inst.formula(args.encoding)
    info = {"instance": inst.name, "family": inst.family, "description": inst.description,
            "encoding": f.label, "variables": f.nvars, "shown_variables": len(f.show_vars),
            "clauses": len(f.clauses), "groups": f.group_sizes(),
            "expected": {"raw": inst.expected.raw, "unique": inst.expected.unique,
                         "source": inst.expected.source},
            **jsonable(inst.summary())}
    if args.json:
        info["picture"] = inst.picture()
        return info
    print(f"{inst.name} ({inst.family}): {inst.description}")
    for k, v in inst.summary().items():
        print(f"  {k}: {v}")
    print(f"  CNF ({f.label}): {f.nvars} variables ({len(f.show_vars)} shown), {len(f.clauses)} clauses")
    groups = list(f.group_sizes().items())
    for label, size in groups[:SHOW_GROUPS]:
        print(f"    {size:>7} clauses  {label}")
    if len(groups) > SHOW_GROUPS:
        rest = sum(size for _, size in groups[SHOW_GROUPS:])
        print(f"    {rest:>7} clauses  in {len(groups) - SHOW_GROUPS} more groups ('--json' lists them all)")
    if inst.expected.raw is not None:
        print(f"  trusted count: {inst.expected.raw:,}"
              + (f" ({inst.expected.unique:,} up to symmetry)" if inst.expected.unique is not None else "")
              + f"; source: {inst.expected.source}")
    picture = inst.picture()
    if picture:
        print(picture)
    return None


def cmd_encode(args):
    inst = catalog.load(args.instance)
    f = inst.formula(args.encoding)
    comments = inst.dimacs_comments(f.label)
    text = "\n".join(f.dimacs_lines(comments)) + "\n"
    map_path = args.map or args.output + ".map.json"
    mapping = {"instance": inst.name, "family": inst.family, "encoding": f.label,
               "cnf": args.output, "variables": f.nvars, "clauses": len(f.clauses),
               "projected": f.has_auxiliaries,
               "expected": {"raw": inst.expected.raw, "unique": inst.expected.unique,
                            "source": inst.expected.source},
               "show": {str(v): jsonable(f.key(v)) for v in f.show_vars},
               "groups": f.group_sizes()}
    dlx_text = None
    if args.dlx:
        cover = inst.exact_cover()
        if cover is None:
            raise InputError(f"{inst.name}: not an exact-cover problem, no DLX file to write")
        dlx_text = cover.to_dlx_text()
    written = []
    try:
        for path, content in ((args.output, text), (map_path, json.dumps(mapping, indent=1) + "\n"),
                              (args.dlx, dlx_text)):
            if path:
                write_atomic(path, content)
                written.append(path)
    except InputError:
        import os
        for path in written:          # never leave half of the output behind
            os.unlink(path)
        raise
    result = {"instance": inst.name, "cnf": args.output, "map": map_path, "dlx": args.dlx,
              "variables": f.nvars, "clauses": len(f.clauses), "projected": f.has_auxiliaries}
    if args.json:
        return result
    print(f"wrote {args.output}: {f.nvars} variables, {len(f.clauses)} clauses, "
          f"{'c t pmc with c p show' if f.has_auxiliaries else 'c t mc'}; map {map_path}"
          + (f"; DLX {args.dlx}" if args.dlx else ""))
    return None


def solutions_of(inst, formula, args, limit, progress):
    """Yield solutions from the chosen back end, each checked by the rules."""
    if args.solver == "dlx":
        from polycnf.solvers import dlx

        cover = inst.exact_cover()
        if cover is None:
            raise BackendError(f"dlx: {inst.name} is not an exact-cover problem")
        n_primary, rows = cover.option_rows()
        for chosen in dlx.solutions(n_primary, rows, limit=limit):
            solution = inst.decode([cover.keys[i] for i in chosen])
            inst.check(solution)
            progress()
            yield solution
        return
    for model in sat.models(formula.clauses, formula.show_vars, args.solver, limit=limit,
                            time_limit=args.time_limit, progress=progress):
        inst.check_model(model)
        solution = inst.decode(formula.decode(model))
        inst.check(solution)
        yield solution


def cmd_solve(args):
    inst = catalog.load(args.instance)
    if args.solver is None:
        args.solver = "dlx" if inst.count_method == "dlx" else sat.DEFAULT_SOLVER
    solver = args.solver if args.solver == "dlx" else sat.canonical_name(args.solver)
    from polycnf.encoders.instance import Instance
    if args.svg and type(inst).svg is Instance.svg:
        raise InputError(f"{inst.name}: the {inst.family} family draws no SVG")
    # DLX needs no CNF; an --encoding is still built, so a bad one is reported
    f = inst.formula(args.encoding) if solver != "dlx" or args.encoding else None
    limit = None if args.all else args.n
    start = time.monotonic()
    solutions = []
    color = use_color(args)
    complete = False
    try:
        with progress_bar("solve", total=limit, unit="sol") as bar:
            for solution in solutions_of(inst, f, args, limit, bar.update):
                solutions.append(solution)
                if not args.json:
                    bar.clear()
                    print(f"solution {len(solutions)}:")
                    print(inst.render(solution, color=color))
                    print()
            else:
                complete = True
    except TimeoutError:
        print(f"polycnf: time limit of {args.time_limit:g} s reached", file=sys.stderr)
    complete = complete and (limit is None or len(solutions) < limit)
    seconds = round(time.monotonic() - start, 3)
    if args.svg and solutions:
        write_atomic(args.svg, inst.svg(solutions[0]))
    note = inst.symmetry_note()
    if args.json:
        return {"instance": inst.name, "solver": solver,
                "solutions": [inst.solution_json(s) for s in solutions], "found": len(solutions),
                "complete": complete, "seconds": seconds,
                **({"distinct": count_classes(inst, solutions), "symmetry": note}
                   if complete and note else {})}
    if not solutions:
        print("no solution: the instance is unsatisfiable" if complete else "no solution found")
        return None
    n = len(solutions)
    what = ("all " if complete and limit is None else "") + f"{n} solution" + ("" if n == 1 else "s")
    print(f"{what}, each checked against the {inst.family} rules, by {solver} ({seconds} s)")
    if complete and note:
        print(f"{count_classes(inst, solutions)} distinct up to symmetry; {note}")
    return None


def count_classes(inst, solutions):
    """Number of distinct solutions once the puzzle's symmetries are taken into account."""
    return len({inst.canonical(s) for s in solutions})


def cmd_count(args):
    inst = catalog.load(args.instance)
    args.solver = args.solver or sat.DEFAULT_SOLVER
    method = resolve_method(inst, args.method)
    if args.unique and not inst.symmetry_cases and method != "direct":
        method = "enumerate"          # classes of enumerated solutions: see count_distinct
    start = time.monotonic()
    if args.cube:
        return cmd_cube(inst, method, args)
    n = count_instance(inst, method, args, unique=args.unique)
    seconds = round(time.monotonic() - start, 3)
    expected, source = expected_for(inst, args.unique)
    result = {"instance": inst.name, "count": n, "method": method, "unique": args.unique,
              "seconds": seconds, "symmetry": inst.symmetry_note() if args.unique else None, "expected": expected, "source": source,
              "matches": None if expected is None else n == expected}
    mismatch = expected is not None and n != expected
    if args.json:
        return result, 1 if mismatch else 0
    print(n)
    what = "up to symmetry" if args.unique else "solutions"
    verdict = ("" if expected is None else
               f"; DIFFERS from the trusted count {expected} ({source})" if mismatch else
               f"; equals the trusted count ({source})")
    print(f"{inst.name}: {n:,} {what} by {method} in {seconds} s{verdict}")
    if args.unique and inst.symmetry_note():
        print(inst.symmetry_note())
    return None, 1 if mismatch else 0


def cmd_validate(args):
    from polycnf.encoders.instance import Instance

    inst = catalog.load(args.instance)
    args.solver = args.solver or sat.DEFAULT_SOLVER
    if args.time_limit is None:
        args.time_limit = VALIDATE_TIME_LIMIT
    methods = ["ganak", "enumerate", "bdd"]
    if inst.exact_cover() is not None:
        methods.append("dlx")
    if type(inst).direct_count is not Instance.direct_count:
        methods.append("direct")
    if args.unique and not inst.symmetry_cases:        # classes come from enumeration alone
        methods = [m for m in methods if m in ("enumerate", "direct")]
    expected, source = expected_for(inst, args.unique)
    rows = []
    for method in methods:
        start = time.monotonic()
        if method == "enumerate" and expected is not None and expected > ENUMERATE_MAX:
            rows.append({"method": method, "count": None, "seconds": 0.0,
                         "note": f"skipped: {expected:,} solutions are too many to enumerate"})
            continue
        try:
            n, note = count_instance(inst, method, args, unique=args.unique), ""
        except TimeoutError:
            n, note = None, f"time limit {args.time_limit:g} s"
        except BackendError as e:
            n, note = None, str(e)
        rows.append({"method": method, "count": n, "seconds": round(time.monotonic() - start, 3),
                     "note": note})
    rows.extend(external_checks(inst, args))
    counts = {r["count"] for r in rows if r["count"] is not None}
    agree = len(counts) <= 1 and (expected is None or not counts or counts == {expected})
    failed = [r for r in rows if r.get("ok") is False]
    ok = agree and not failed and bool(counts)
    result = {"instance": inst.name, "unique": args.unique, "expected": expected, "source": source,
              "methods": rows, "agree": ok}
    if not args.json:
        print(f"{inst.name}: trusted count {'unknown' if expected is None else f'{expected:,}'}"
              + (f" ({source})" if source else ""))
        print(f"  {'method':<22} {'count':>22} {'seconds':>9}  note")
        for r in rows:
            c = "-" if r["count"] is None else f"{r['count']:,}"
            print(f"  {r['method']:<22} {c:>22} {r['seconds']:>9}  {r['note']}")
        print("all methods agree" + (" with the trusted count" if expected is not None else "")
              if ok else "DISAGREEMENT or nothing counted: see the table")
    return result if args.json else None, 0 if ok else 1


def external_checks(inst, args):
    """Solve the DIMACS file with each external solver on PATH and check its model."""
    from polycnf.solvers import external

    rows = []
    f = inst.formula(args.encoding)
    for name in external.available():
        start = time.monotonic()
        try:
            model = external.solve(name, f.clauses, f.nvars, time_limit=args.time_limit)
            if model is None:
                rows.append({"method": f"{name} (external)", "count": None, "ok": None,
                             "seconds": round(time.monotonic() - start, 3), "note": "UNSAT"})
                continue
            solution = inst.decode(f.decode(model))
            inst.check_model(model)
            inst.check(solution)
            ok, note = True, "model decoded and checked"
        except RuleViolation as e:
            ok, note = False, f"model breaks the rules: {e}"
        except (TimeoutError, BackendError) as e:
            ok, note = None, str(e)
        rows.append({"method": f"{name} (external)", "count": None, "ok": ok,
                     "seconds": round(time.monotonic() - start, 3), "note": note})
    return rows


def cmd_polyforms(args):
    from polycnf.encoders import polyforms
    from polycnf.encoders.grids import get_grid

    try:
        grid = get_grid(args.grid)
    except ValueError as e:
        raise InputError(str(e)) from None
    if args.n < 1:
        raise InputError(f"order must be at least 1, not {args.n}")
    generate = {"free": polyforms.free, "one-sided": polyforms.one_sided, "fixed": polyforms.fixed}[args.kind]
    start = time.monotonic()
    shapes = generate(grid, args.n)
    seconds = round(time.monotonic() - start, 3)
    if args.json:
        return {"grid": args.grid, "n": args.n, "kind": args.kind, "count": len(shapes),
                "seconds": seconds, **({"shapes": jsonable(shapes)} if args.draw else {})}
    print(len(shapes))
    print(f"{args.kind} {args.grid} polyforms of order {args.n}: {len(shapes):,} ({seconds} s)")
    if args.draw:
        print(polyforms.draw(grid, shapes))
    return None


def cmd_generate(args):
    from polycnf.encoders import hexmatch

    if args.family != "hexmatch":
        raise InputError(f"no generator for family '{args.family}' (available: hexmatch)")
    inst = hexmatch.generate(args.radius, args.labels, args.seed, unique=args.unique)
    outputs = [(args.output, hexmatch.to_toml(inst))]
    if args.cnf:
        f = inst.formula(args.encoding)
        outputs.append((args.cnf, "\n".join(f.dimacs_lines(inst.dimacs_comments(f.label))) + "\n"))
    for path, text in outputs:
        write_atomic(path, text)
    result = {"instance": inst.name, "file": args.output, "cnf": args.cnf, "radius": args.radius,
              "labels": args.labels, "seed": args.seed, "unique": args.unique}
    if args.json:
        return result
    print(f"wrote {args.output}" + (f" and {args.cnf}" if args.cnf else "") + f": {inst.description}")
    return None


# -- parser ---------------------------------------------------------------------
class OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line and exit 2, like every other bad input."""

    def error(self, message):
        self.exit(2, f"polycnf: error: {message} (see '{self.prog} --help')\n")


def positive_int(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return n


def seconds_arg(text):
    try:
        t = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if t <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return t


# -- counts by cubes (issue 11; logic in api/parallel.py) ----------------------------
def workers_for(args):
    """Where cubes run: None (today's single process) for --jobs 1 without --cube."""
    import contextlib

    if not hasattr(args, "jobs"):
        return contextlib.nullcontext(None)
    jobs = args.jobs or localcluster.default_jobs()
    if jobs == 1 and args.scheduler is None and not getattr(args, "cube", None):
        return contextlib.nullcontext(None)
    return localcluster.Workers(jobs, args.scheduler)


def cube_options(args):
    return cubes.Options(solver=args.solver, time_limit=args.time_limit, encoding=args.encoding)


def cmd_cube(inst, method, args):
    """`count --cube LABEL`: one cube's own count and its weight, not the total."""
    cube, n = parallel.count_one(inst, method, args.unique, args.workers, cube_options(args), args.cube)
    if args.json:
        return {"instance": inst.name, "cube": cube.label, "count": n, "weight": str(cube.weight),
                "share": str(cube.weight * n), "method": method, "unique": args.unique}, 0
    print(n)
    print(f"{inst.name}: cube '{cube.label}' has {n:,} solutions by {method}; "
          f"weight {cube.weight}, so its share of the count is {cube.weight * n}")
    return None, 0


def cmd_cubes(args):
    inst = catalog.load(args.instance)
    method = resolve_method(inst, args.method)
    found = cubes.cubes_for(inst, method, args.unique, cube_options(args))
    if args.json:
        return {"instance": inst.name, "method": method, "unique": args.unique,
                "cubes": [{"label": c.label, "weight": str(c.weight)} for c in found]}
    for c in found:
        print(f"{c.weight}\t{c.label}")
    print(f"{inst.name}: {len(found)} cube{'' if len(found) == 1 else 's'} by {method} ({cubes.weights_note(found)})", file=sys.stderr)
    return None


def parallel_options(c, cube: bool):
    c.add_argument("--jobs", type=positive_int, default=None,
                   help=f"worker processes of a local Dask cluster (default ${localcluster.JOBS_VARIABLE}, "
                        "else the machine's cores; 1: this process only)")
    c.add_argument("--scheduler", default=None, help="run the cubes on this Dask scheduler (tcp://HOST:PORT)")
    if cube:
        c.add_argument("--cube", default=None, help="count only the cube with this label (see 'polycnf cubes')")


def build_parser():
    p = OneLineParser(prog="polycnf", description="SAT and model-counting frontend for polyform "
                      "and tiling puzzles: puzzle -> CNF -> solver or counter -> checked answer.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    def command(name, func, help_text, instance=True):
        c = sub.add_parser(name, help=help_text, description=help_text)
        c.set_defaults(func=func)
        c.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
        if instance:
            c.add_argument("instance", help="built-in name (see 'polycnf list') or a .toml/.dlx/.cnf file")
            c.add_argument("--encoding", default=None,
                           help=f"cardinality encoding ({', '.join(ENCODINGS)}) or one of the "
                                "family's own (see 'polycnf show'); default: the family's best")
        return c

    def solving(c):
        c.add_argument("--solver", default=None,
                       help="a PySAT solver name (default cadical195), or 'dlx' for the exact-cover "
                            "back end (the default for tilings)")
        c.add_argument("--time-limit", type=seconds_arg, default=None, help="give up after SECONDS")

    command("list", cmd_list, "list built-in instances with their trusted counts", instance=False)
    command("show", cmd_show, "describe an instance: size, CNF, picture of the board")
    c = command("encode", cmd_encode, "write the instance as DIMACS (model counting competition format)")
    c.add_argument("-o", "--output", required=True, help="the .cnf file to write")
    c.add_argument("--map", help="JSON map of shown variables (default: OUTPUT.map.json)")
    c.add_argument("--dlx", help="also write the exact-cover problem in Knuth's DLX text format")
    c = command("solve", cmd_solve, "find solutions, check them against the rules, and draw them")
    g = c.add_mutually_exclusive_group()
    g.add_argument("-n", type=positive_int, default=1, help="number of solutions (default 1)")
    g.add_argument("--all", action="store_true", help="all solutions")
    c.add_argument("--svg", help="write the first solution as an SVG picture")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    solving(c)
    for name, func, text in (("count", cmd_count, "count solutions exactly"),
                             ("validate", cmd_validate, "count by every method and compare")):
        c = command(name, func, text)
        if name == "count":
            c.add_argument("--method", choices=METHODS, default="auto")
        c.add_argument("--unique", action="store_true", help="count up to the puzzle's symmetries")
        solving(c)
        parallel_options(c, cube=name == "count")
    c = command("cubes", cmd_cubes, "list the cubes (independent parts) of a count: weight and label")
    c.add_argument("--method", choices=METHODS, default="auto")
    c.add_argument("--unique", action="store_true", help="the cubes of the count up to symmetry")
    solving(c)
    c = command("polyforms", cmd_polyforms, "generate polyforms of order N on a grid", instance=False)
    c.add_argument("grid", help="square, hex, triangle or segment")
    c.add_argument("n", type=int)
    kind = c.add_mutually_exclusive_group()
    kind.add_argument("--free", dest="kind", action="store_const", const="free")
    kind.add_argument("--one-sided", dest="kind", action="store_const", const="one-sided")
    kind.add_argument("--fixed", dest="kind", action="store_const", const="fixed")
    c.set_defaults(kind="free")
    c.add_argument("--draw", action="store_true", help="draw every polyform")
    c = command("generate", cmd_generate, "generate a random puzzle with a planted solution", instance=False)
    c.add_argument("family", help="hexmatch")
    c.add_argument("--radius", type=positive_int, default=3)
    c.add_argument("--labels", type=positive_int, default=4)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--unique", action="store_true", help="search until the solution is unique")
    c.add_argument("-o", "--output", required=True, help="the instance .toml file to write")
    c.add_argument("--cnf", help="also write its DIMACS file")
    c.add_argument("--encoding", default=None)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with workers_for(args) as args.workers:   # a Dask cluster, started when first needed
            result = args.func(args)
    except (InputError, BackendError, RuleViolation) as e:
        print(f"polycnf: error: {e}", file=sys.stderr)
        return 2
    except TimeoutError as e:
        print(f"polycnf: error: {e}", file=sys.stderr)
        return 3
    except KeyboardInterrupt as e:
        if isinstance(e, parallel.PartialCount):  # the partial sum, marked as such, on stdout
            print(json.dumps(e.as_json()) if args.json else e, flush=True)
        print("polycnf: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:              # e.g. `polycnf solve ... | head`: stop quietly
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    code = 0
    if isinstance(result, tuple):        # (payload, exit code) from commands that judge
        result, code = result
    if result is not None:
        print(json.dumps(result))
    return code


