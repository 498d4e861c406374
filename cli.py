"""polycnf command line: argument parsing and printing on top of the API.

The counting, solving, validation and encoding logic lives in `polycnf.api`;
each command here reads its arguments, makes one API call and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from polycnf import api
from polycnf.api import localcluster, options, parallel
from polycnf.api.methods import METHODS
from polycnf.api.encoding import jsonable, write_all
from polycnf.encoders import catalog
from polycnf.encoders.cnf import ENCODINGS, write_atomic
from polycnf.encoders.errors import InputError, RuleViolation
from polycnf.solvers import sat
from polycnf.solvers.errors import BackendError

SHOWN = options.Options(progress=True)    # the CLI's bars: on, when stderr is a terminal
SHOW_GROUPS = 12            # clause groups listed by `show` before summing up the rest


def progress_bar(desc: str, total=None, unit="it"):
    """A tqdm bar on stderr (shown on a terminal only)."""
    return options.progress_bar(SHOWN, desc, total, unit)


def say(text: str = "") -> None:
    """Print on stdout, clearing any progress bar on stderr first."""
    from tqdm import tqdm
    tqdm.write(text, file=sys.stdout)


def use_color(args) -> bool:
    return args.color == "always" or (args.color == "auto" and sys.stdout.isatty())


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
    written = api.write_dimacs(args.instance, args.output, encoding=args.encoding, map_path=args.map,
                               dlx_path=args.dlx)
    if args.json:
        return written.as_json()
    print(f"wrote {written.cnf}: {written.variables} variables, {written.clauses} clauses, "
          f"{'c t pmc with c p show' if written.projected else 'c t mc'}; map {written.map}"
          + (f"; DLX {written.dlx}" if written.dlx else ""))
    return None


def cmd_solve(args):
    from polycnf.encoders.instance import Instance
    from polycnf.encoders.t4 import puzzle as t4_puzzle

    if args.instance == "t4-puzzle" or args.config or t4_puzzle.is_puzzle_file(args.instance):
        return cmd_t4_solve(args)
    inst = catalog.load(args.instance)
    solver = api.backend_for(inst, args.solver)
    if args.svg and type(inst).svg is Instance.svg:
        raise InputError(f"{inst.name}: the {inst.family} family draws no SVG")
    limit = None if args.all else args.n
    if args.unique and not args.all:
        raise InputError("--unique needs --all (one solution per symmetry class)")
    start = time.monotonic()
    solutions = []
    color = use_color(args)
    complete = False
    try:
        for solution in api.solutions(inst, limit, unique=args.unique, solver=solver, encoding=args.encoding,
                                      time_limit=args.time_limit, progress=True):
            solutions.append(solution)
            if not args.json:
                say(f"solution {len(solutions)}:\n{inst.render(solution, color=color)}\n")
        complete = limit is None or len(solutions) < limit
    except TimeoutError:
        print(f"polycnf: time limit of {args.time_limit:g} s reached", file=sys.stderr)
    seconds = round(time.monotonic() - start, 3)
    if args.svg and solutions:
        write_atomic(args.svg, inst.svg_sheet(solutions) if args.all else inst.svg(solutions[0]))
    note = inst.symmetry_note()
    if args.json:
        return {"instance": inst.name, "solver": solver,
                "solutions": [inst.solution_json(s) for s in solutions], "found": len(solutions),
                "complete": complete, "seconds": seconds,
                **({"distinct": api.distinct(inst, solutions), "symmetry": note}
                   if complete and note else {})}
    if not solutions:
        print("no solution: the instance is unsatisfiable" if complete else "no solution found")
        return None
    n = len(solutions)
    what = ("all " if complete and limit is None else "") + f"{n} solution" + ("" if n == 1 else "s")
    if args.unique:
        what += ", one per symmetry class"
    print(f"{what}, each checked against the {inst.family} rules, by {solver} ({seconds} s)")
    if complete and note:
        print(f"{api.distinct(inst, solutions)} distinct up to symmetry; {note}")
    return None


def counting_args(args) -> dict:
    return {"solver": args.solver, "time_limit": args.time_limit, "encoding": args.encoding}


def cmd_count(args):
    if args.cube:
        return cmd_cube(args)
    r = api.count(args.instance, args.method, args.unique, **counting_args(args),
                  jobs=args.jobs, scheduler=args.scheduler, progress=True)
    mismatch = r.matches is False
    if args.json:
        return r.as_json(), 1 if mismatch else 0
    print(r.count)
    what = "up to symmetry" if r.unique else "solutions"
    verdict = ("" if r.expected is None else
               f"; DIFFERS from the trusted count {r.expected} ({r.source})" if mismatch else
               f"; equals the trusted count ({r.source})")
    print(f"{r.instance}: {r.count:,} {what} by {r.method} in {r.seconds} s{verdict}")
    if r.symmetry:
        print(r.symmetry)
    return None, 1 if mismatch else 0


def cmd_validate(args):
    limits = {**counting_args(args), "time_limit": args.time_limit or api.validation.TIME_LIMIT}
    v = api.validate(args.instance, args.unique, **limits, jobs=args.jobs,
                     scheduler=args.scheduler, progress=True)
    if args.json:
        return v.as_json(), 0 if v.agree else 1
    print(f"{v.instance}: trusted count {'unknown' if v.expected is None else f'{v.expected:,}'}"
          + (f" ({v.source})" if v.source else ""))
    print(f"  {'method':<22} {'count':>22} {'seconds':>9}  note")
    for r in v.rows:
        c = "-" if r.count is None else f"{r.count:,}"
        print(f"  {r.method:<22} {c:>22} {r.seconds:>9}  {r.note}")
    print("all methods agree" + (" with the trusted count" if v.expected is not None else "")
          if v.agree else "DISAGREEMENT or nothing counted: see the table")
    return None, 0 if v.agree else 1


def cmd_cube(args):
    """`count --cube LABEL`: one cube's own count and its weight, not the total."""
    inst = catalog.load(args.instance)
    method = api.counting.choose_method(inst, args.method, args.unique)
    cube, n = api.count_cube(inst, args.cube, method, args.unique, **counting_args(args),
                             scheduler=args.scheduler)
    if args.json:
        return {"instance": inst.name, "cube": cube.label, "count": n, "weight": str(cube.weight),
                "share": str(cube.weight * n), "method": method, "unique": args.unique}, 0
    print(n)
    print(f"{inst.name}: cube '{cube.label}' has {n:,} solutions by {method}; "
          f"weight {cube.weight}, so its share of the count is {cube.weight * n}")
    return None, 0


def cmd_cubes(args):
    from polycnf.api.cubes import weights_note

    inst = catalog.load(args.instance)
    method = api.counting.choose_method(inst, args.method, args.unique)
    found = api.cubes_of(inst, method, args.unique, **counting_args(args))
    if args.json:
        return {"instance": inst.name, "method": method, "unique": args.unique,
                "cubes": [{"label": c.label, "weight": str(c.weight)} for c in found]}
    for c in found:
        print(f"{c.weight}\t{c.label}")
    print(f"{inst.name}: {len(found)} cube{'' if len(found) == 1 else 's'} by {method} "
          f"({weights_note(found)})", file=sys.stderr)
    return None


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
    if args.draw:
        shapes = generate(grid, args.n)
        count = len(shapes)
    else:  # count without keeping the forms (encoders/polyform_cubes.py)
        from polycnf.encoders.polyform_cubes import count_polyforms
        count = count_polyforms(args.grid, args.n, args.kind)
    seconds = round(time.monotonic() - start, 3)
    if args.json:
        return {"grid": args.grid, "n": args.n, "kind": args.kind, "count": count,
                "seconds": seconds, **({"shapes": jsonable(shapes)} if args.draw else {})}
    print(count)
    print(f"{args.kind} {args.grid} polyforms of order {args.n}: {count:,} ({seconds} s)")
    if args.draw:
        print(polyforms.draw(grid, shapes))
    return None


def cmd_generate(args):
    from polycnf.encoders import hexmatch

    if args.family == "t4":
        return cmd_generate_t4(args)
    if args.family != "hexmatch":
        raise InputError(f"no generator for family '{args.family}' (available: hexmatch, t4)")
    if args.cnf == "":
        raise InputError("--cnf needs a file name for hexmatch")
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


# -- the t4 game (issue 10): logic in encoders/t4/ ---------------------------------
def cmd_t4(args):
    from polycnf.encoders.t4 import config as t4_config, puzzle as t4_puzzle
    puzzle = t4_puzzle.load(args.config)
    if args.json:
        return {"name": puzzle.name, "rule": puzzle.rule, "pieces": t4_config.to_json(puzzle.config)}
    print(t4_config.format_picture(puzzle.config, use_color(args)))
    print(f"{puzzle.name}: {len(puzzle.config)} pieces: {t4_config.format_words(puzzle.config)}")
    return None


def cmd_t4_solvable(args):
    from polycnf.encoders.t4 import solvable as t4_solvable
    cells = t4_solvable.sub_board(args.rows)
    if "l1" not in cells or any(r not in "ijklmno" for r in args.rows):
        raise InputError(f"--rows {args.rows}: give row letters from i-o including l, e.g. jklm")
    with progress_bar(f"t4-solvable {args.rows}", unit="step") as bar:
        found = t4_solvable.count_by(cells, args.methods, progress=lambda method: bar.update(1))
    result = {"rows": args.rows, "cells": len(cells), **jsonable(found)}
    if args.json:
        return result
    for method in args.methods:
        r = result[method]
        print(f"rows {args.rows} ({len(cells)} cells), {method}: {r['solvable']:,} solvable start "
              f"configurations, {r['solvable_states']:,} configurations reach a solved one "
              f"({r['seconds']} s)")
    if "search" in args.methods:
        r = result["search"]
        words = " ".join(f"{p['groove']}{p['first']}-{p['groove']}{p['first'] + p['length'] - 1}"
                         for p in r["hardest"])
        print(f"hardest start: {r['hardest_moves']} moves: {words}")
    return None


def cmd_t4_solve(args):
    from polycnf.encoders.t4 import config as t4_config, moves as t4_moves, puzzle as t4_puzzle
    if args.instance == "t4-puzzle" and not args.config:
        raise InputError("solve t4-puzzle needs a configuration, e.g. 'l1-l2 k1-k2' or a file")
    puzzle = t4_puzzle.load(args.config or args.instance, args.rule)
    start = time.monotonic()
    with progress_bar("plan", unit="bound") as bar:
        verdict = t4_puzzle.solve(puzzle, sat.canonical_name(args.solver or sat.DEFAULT_SOLVER),
                                  progress=lambda bound: bar.update(1))
    seconds = round(time.monotonic() - start, 3)
    plan = verdict["plan"]
    if args.json:
        return {**verdict, "plan": None if plan is None else [str(m) for m in plan],
                "name": puzzle.name, "rule": puzzle.rule, "seconds": seconds}
    if verdict["verdict"] == "unsolvable":
        print(f"{puzzle.name}: unsolvable: the special piece never reaches l5-l6 in any of the "
              f"{verdict['bfs_explored']:,} reachable configurations ({seconds} s)")
        return None
    if plan is None:
        print(f"{puzzle.name}: no plan found within {verdict['sat_bound']} moves; "
              "the reachable configurations are too many to decide unsolvability")
        return None
    config, color = puzzle.config, use_color(args)
    print("start:")
    print(t4_config.format_picture(config, color))
    for n, move in enumerate(plan, 1):
        config = (config - {move.piece}) | {move.result}
        print(f"\nmove {n}: {move}")
        print(t4_config.format_picture(config, color))
    game = t4_moves.Game(puzzle.rule)
    print(f"\n{puzzle.name}: solved in {len(plan)} moves ({puzzle.rule} rule), proven shortest: "
          f"bound {len(plan) - 1} is UNSAT and breadth-first search "
          + (f"over {verdict['bfs_explored']:,} configurations agrees; " if verdict["bfs_explored"]
             else "gave up; ")
          + f"plan replayed by the move checker ({seconds} s)")
    game.check_plan(puzzle.config, plan)
    return None


def cmd_generate_t4(args):
    from polycnf.encoders.t4 import generate as t4_generate, plan as t4_plan, puzzle as t4_puzzle
    from polycnf.encoders.t4.moves import Game
    rule = args.rule or "slide"
    with progress_bar("generate t4", unit="try") as bar:
        config, tries = t4_generate.generate(args.moves, args.seed, rule, progress=lambda n: bar.update(1))
    source = f"generated by 'polycnf generate t4 --moves {args.moves} --seed {args.seed}' " \
             f"(BFS distance from solved; SAT planner agrees)"
    puzzle = t4_puzzle.Puzzle(config, f"t4-{args.moves}-moves-seed-{args.seed}", rule, args.moves, source)
    verdict = t4_puzzle.solve(puzzle)           # both methods must confirm the difficulty
    outputs = [(args.output, puzzle.to_toml())]
    if args.cnf is not None:
        stem = args.cnf or args.output.rsplit(".", 1)[0]
        stem = stem[:-4] if stem.endswith(".cnf") else stem
        for bound, answer in ((args.moves, "SAT"), (args.moves - 1, "UNSAT")):
            f = t4_plan.PlanningEncoding(Game(rule), config).formula_at(bound)
            comments = [f"t4 planning at bound {bound} ({rule} rule): expected {answer}",
                        f"start: {' '.join(str(p) for p in sorted(config))}", source]
            outputs.append((f"{stem}-k{bound}.cnf", "\n".join(f.dimacs_lines(comments)) + "\n"))
    write_all(outputs)                # all files or none
    result = {"file": args.output, "moves": verdict["moves"], "seed": args.seed, "tries": tries,
              "cnf": [path for path, _ in outputs[1:]]}
    if args.json:
        return result
    print(f"wrote {', '.join(path for path, _ in outputs)}: shortest plan {verdict['moves']} moves "
          f"(SAT and BFS agree), found in {tries} tries")
    return None


# -- benchmark suite and solver harness (logic in polycnf.harness) --------------
def cmd_suite(args):
    from polycnf.harness import suite

    families = args.families.split(",") if args.families else suite.members_mod.FAMILIES
    with progress_bar("suite", unit="instance") as bar:
        manifest = suite.write(args.directory, families, args.max_cells, lambda name: bar.update())
    entries = manifest["instances"]
    result = {"directory": args.directory, "files": len(entries),
              "unsat": sum(e["expected"] == "UNSAT" for e in entries), "seconds": manifest["seconds"]}
    if args.json:
        return result
    print(f"wrote {args.directory}: {len(entries)} DIMACS files ({result['unsat']} unsatisfiable), "
          f"manifest.json and manifest.csv, in {manifest['seconds']} s")
    return None


def cmd_check_solver(args):
    from polycnf.harness import check
    from polycnf.solvers import adapters

    command = list(args.solver_command or [])
    if bool(command) == bool(args.solver):
        raise InputError("give either --solver NAME or '-- COMMAND ...' (a {} stands for the file)")
    epsilon = args.epsilon
    if args.solver:
        adapter = adapters.adapter(args.solver)
        command, epsilon = adapter.command, epsilon if epsilon is not None else adapter.epsilon
    with progress_bar("check-solver", unit="file") as bar:
        verdicts = check.check(args.target, command, args.time_limit, args.memory_mb, epsilon, bar.update)
    totals = check.summary(verdicts)
    wrong = sum(totals.get(k, 0) for k in check.WRONG)
    if args.json:
        return {"command": command, "results": [v.__dict__ for v in verdicts], "summary": totals,
                "wrong": wrong}, 1 if wrong else 0
    width = max(len(v.file) for v in verdicts)
    for v in verdicts:
        print(f"{v.file:<{width}}  {v.verdict:<11} {v.seconds:>8.3f} s  {v.answer:>14}  {v.note}")
    print(", ".join(f"{n} {k}" for k, n in totals.items()) + f" (of {len(verdicts)} files)")
    return None, 1 if wrong else 0


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


def parallel_options(c, cube: bool):
    c.add_argument("--jobs", type=positive_int, default=None,
                   help=f"worker processes of a local Dask cluster (default ${localcluster.JOBS_VARIABLE}, "
                        "else the machine's cores; 1: this process only); cubes start in this process "
                        "and the cluster starts only when the rest look like over 10 s of CPU")
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
    c.add_argument("--svg", help="write the first solution as an SVG picture (with --all, a family that draws "
                   "sheets puts every solution found on one)")
    c.add_argument("--unique", action="store_true", help="with --all: one solution per symmetry class")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    solving(c)
    c.add_argument("config", nargs="?", help="with 't4-puzzle': a t4 configuration (text or file)")
    c.add_argument("--rule", choices=("slide", "step"), default=None, help="t4 move rule (default slide)")
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
    c.add_argument("grid", help="square, hex, triangle, segment or quasi-segment (quasi-polytrigs)")
    c.add_argument("n", type=int)
    kind = c.add_mutually_exclusive_group()
    kind.add_argument("--free", dest="kind", action="store_const", const="free")
    kind.add_argument("--one-sided", dest="kind", action="store_const", const="one-sided")
    kind.add_argument("--fixed", dest="kind", action="store_const", const="fixed")
    c.set_defaults(kind="free")
    c.add_argument("--draw", action="store_true", help="draw every polyform")
    c = command("generate", cmd_generate, "generate a random puzzle with a planted solution", instance=False)
    c.add_argument("family", help="hexmatch or t4")
    c.add_argument("--moves", type=positive_int, default=10, help="t4: length of the shortest plan")
    c.add_argument("--rule", choices=("slide", "step"), default=None, help="t4 move rule (default slide)")
    c.add_argument("--radius", type=positive_int, default=3)
    c.add_argument("--labels", type=positive_int, default=4)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--unique", action="store_true", help="search until the solution is unique")
    c.add_argument("-o", "--output", required=True, help="the instance .toml file to write")
    c.add_argument("--cnf", nargs="?", const="", help="also write its DIMACS file (t4: the planning "
                   "CNF at bounds K and K-1, as STEM-kK.cnf; STEM defaults to the output's)")
    c.add_argument("--encoding", default=None)
    c = command("t4", cmd_t4, "the t4 game: draw a configuration", instance=False)
    c.add_argument("action", choices=("show",))
    c.add_argument("config", help="a configuration ('l1-l2 c1-c3 ...', a picture, JSON) or a file")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    c = command("t4-solvable", cmd_t4_solvable, "t4 question 3 on a sub-board: count solvable "
                "start configurations", instance=False)
    c.add_argument("--rows", default="jklm", help="row grooves of the sub-board (default jklm)")
    c.add_argument("--methods", nargs="+", choices=("search", "bdd"), default=["search", "bdd"])
    c = command("suite", cmd_suite, "write a certified benchmark suite of DIMACS files", instance=False)
    c.add_argument("directory", help="the suite folder (created or replaced; never a non-suite folder)")
    c.add_argument("--families", help="comma-separated: tiling, hexmatch, t4 (default: all)")
    c.add_argument("--max-cells", type=positive_int, default=40,
                   help="leave out boards with more cells than this (default 40: the 60- and 64-cell "
                        "pentomino boards write 10-36 MB files each)")
    c = command("check-solver", cmd_check_solver, "run a SAT solver or model counter on a suite and "
                "judge every answer: --solver NAME, or '-- COMMAND ARGS' ({} stands for the file, "
                "else it is appended)", instance=False)
    c.add_argument("target", help="a suite folder, or one .cnf file inside one")
    c.add_argument("--solver", help="a named solver (cadical, minisat, picosat, cryptominisat5, d4, "
                   "ganak, approxmc, pysat:NAME)")
    c.add_argument("--time-limit", type=seconds_arg, default=60.0, help="seconds per file (default 60)")
    c.add_argument("--memory-mb", type=positive_int, default=4096, help="memory per run (default 4096)")
    c.add_argument("--epsilon", type=seconds_arg, default=None,
                   help="the tolerance of an approximate counter's answers")
    c.set_defaults(solver_command=None)   # filled from what follows '--' (see main)
    return p


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    tail = None
    if "--" in argv:                     # check-solver's COMMAND: argparse cannot take it after options
        argv, tail = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    parser = build_parser()
    args = parser.parse_args(argv)
    if tail is not None:
        if not hasattr(args, "solver_command"):
            parser.error("'--' COMMAND is only for check-solver")
        args.solver_command = tail
    try:
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


