"""The command line's arguments: one parser per command, every option with its
help and default, every value checked before any work starts.

Kept apart from the printing (printer.py) and from the work (polycnf.api):
cli.py joins the three.
"""

from __future__ import annotations

import argparse
import json
import math
import re

from polycnf import api
from polycnf.api.localcluster import JOBS_VARIABLE
from polycnf.api.polyform_counting import MAX_DRAW_ORDER, MAX_ORDER

EXIT_CODES = """exit codes:
  0    success (a count equal to its trusted figure, or none is known)
  1    a count that differs from its trusted figure, methods that disagree (validate),
       or a wrong answer found by check-solver
  2    bad input: unknown instance, malformed file, bad option, unwritable output
  3    the time limit was reached (--time-limit)
  4    check-solver: no wrong answer, but failures (crash, timeout, unreadable, no model)
  130  interrupted (Ctrl-C or SIGTERM); a count split into cubes prints its PARTIAL sum"""

MAX_SECONDS = 10 ** 7          # --time-limit: about 115 days
MAX_JOBS = 1024
MAX_MEMORY_MB = 2 ** 24        # --memory-mb: 16 TiB
MAX_MOVES = 200
MAX_PACK = 10_000


class OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line and exit 2, like every other bad input."""

    json_wanted = False     # set by parse(): under --json a usage error is also the one JSON object

    def error(self, message):
        message = message.replace("\r", "\\r").replace("\n", "\\n")      # a typed newline stays on one line
        line = f"{message} (see '{self.prog} --help')"
        if OneLineParser.json_wanted:
            try:
                print(json.dumps({"error": line, "exit_code": 2}), flush=True)
            except (OSError, ValueError):
                pass                    # stdout gone: the stderr line still says it
        self.exit(2, f"polycnf: error: {line}\n")


# -- value checks -----------------------------------------------------------------
def whole_number(text: str, low: int | None = None, high: int | None = None) -> int:
    """An ASCII whole number within [low, high]."""
    if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    n = int(text)
    if low is not None and n < low:
        raise argparse.ArgumentTypeError(f"must be at least {low:,}: {text!r}")
    if high is not None and n > high:
        raise argparse.ArgumentTypeError(f"must be at most {high:,}: {text!r}")
    return n


def ranged(low: int | None = None, high: int | None = None):
    def check(text):
        return whole_number(text, low, high)
    check.__name__ = "whole number"
    return check


positive_int = ranged(1)


def seconds_arg(text: str) -> float:
    """A finite, positive number of seconds, at most MAX_SECONDS."""
    try:
        t = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(t) or t <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    if t > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SECONDS:,} s: {text!r}")
    return t


def fraction_arg(text: str) -> float:
    """A positive finite number (epsilon)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(x) and 0 < x):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text!r}")
    return x


def probability_arg(text: str) -> float:
    """A number strictly between 0 and 1 (delta)."""
    x = fraction_arg(text)
    if x >= 1:
        raise argparse.ArgumentTypeError(f"must be below 1: {text!r}")
    return x


def scheduler_arg(text: str) -> str:
    """A Dask scheduler address, PROTOCOL://HOST:PORT."""
    m = re.fullmatch(r"(tcp|tls|ws|wss)://([^\s/:]+|\[[0-9a-fA-F:]+\]):([0-9]{1,5})", text)
    if m is None or not 0 < int(m.group(3)) < 65536:
        raise argparse.ArgumentTypeError(f"not a scheduler address like tcp://HOST:PORT: {text!r}")
    return text


# -- the parser ---------------------------------------------------------------------
def build_parser() -> OneLineParser:
    p = OneLineParser(prog="polycnf", formatter_class=argparse.RawDescriptionHelpFormatter,
                      description="SAT and model-counting frontend for polyform and tiling puzzles: "
                                  "puzzle -> CNF -> solver or counter -> checked answer.",
                      epilog=f"example: polycnf count t4-all\n\n{EXIT_CODES}")
    p.add_argument("--version", action="version", version=f"polycnf {api.version()}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    def command(name, help_text, example, instance=True):
        c = sub.add_parser(name, help=help_text, description=help_text,
                           formatter_class=argparse.RawDescriptionHelpFormatter,
                           epilog=f"example{'s' if chr(10) in example else ''}:\n  "
                                  + example.replace("\n", "\n  ") + f"\n\n{EXIT_CODES}")
        c.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")
        if instance:
            c.add_argument("instance", help="built-in name (see 'polycnf list') or a .toml/.dlx/.cnf file")
            c.add_argument("--encoding", default=None,
                           help="cardinality encoding (pairwise, seqcounter, totalizer, ...) or one of the "
                                "family's own (see 'polycnf show'); default: the family's best")
        return c

    def solving(c):
        c.add_argument("--solver", default=None,
                       help="a PySAT solver name (default cadical195), or 'dlx' for the exact-cover back end")
        c.add_argument("--time-limit", type=seconds_arg, default=None, metavar="SECONDS",
                       help="stop after SECONDS with exit code 3 (default: no limit)")

    def parallel(c):
        c.add_argument("--jobs", type=ranged(1, MAX_JOBS), default=None,
                       help=f"worker processes of a local Dask cluster (default ${JOBS_VARIABLE}, else the "
                            "machine's cores; 1: this process only); cubes start in this process and the "
                            "cluster starts only when the rest look like over 10 s of CPU")
        c.add_argument("--scheduler", type=scheduler_arg, default=None, metavar="ADDRESS",
                       help="run the cubes on this Dask scheduler, tcp://HOST:PORT (default: none)")

    def color(c):
        c.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                       help="colour the pictures (default auto: when stdout is a terminal)")

    command("list", "list the built-in instances with their trusted counts", "polycnf list", instance=False)
    c = command("show", "describe an instance: size, CNF, picture of the board",
                "polycnf show t4-l12\npolycnf show p15.toml")
    c.add_argument("config", nargs="?", help="with 't4-puzzle': a configuration (text or file)")

    c = command("encode", "write the instance as DIMACS (model counting competition format)",
                "polycnf encode t4-full -o t4-full.cnf")
    c.add_argument("-o", "--output", required=True, help="the .cnf file to write")
    c.add_argument("--map", help="JSON map of the shown variables (default: OUTPUT.map.json)")
    c.add_argument("--dlx", help="also write the exact-cover problem in Knuth's DLX text format (default: no)")
    c.add_argument("config", nargs="?", help="with 't4-puzzle': a configuration (text or file)")

    c = command("solve", "find solutions, check them against the rules, and draw them",
                "polycnf solve pentomino-8x8-centre -n 2\npolycnf solve t4-puzzle 'l1-l2 l3-l4 k3-k5'")
    g = c.add_mutually_exclusive_group()
    g.add_argument("-n", type=positive_int, default=1, help="number of solutions (default 1)")
    g.add_argument("--all", action="store_true", help="all solutions (default: -n 1)")
    c.add_argument("--svg", help="write the first solution as an SVG picture (with --all, families that draw "
                   "sheets put every solution found on one); default: none")
    c.add_argument("--unique", action="store_true", help="with --all: one solution per symmetry class")
    color(c)
    solving(c)
    c.add_argument("config", nargs="?", help="with 't4-puzzle': a configuration (text or file)")
    c.add_argument("--rule", choices=("slide", "step"), default=None,
                   help="t4 move rule: slide (default; a piece moves any distance) or step (one cell)")

    for name, text, example in (("count", "count solutions exactly", "polycnf count t4-all\n"
                                 "polycnf count pentomino-6x10 --unique --method dlx"),
                                ("validate", "count by every method and compare with the trusted count",
                                 "polycnf validate tetrahex-7x4 --time-limit 30")):
        c = command(name, text, example)
        if name == "count":
            c.add_argument("--method", choices=api.method_names(), default="auto",
                           help="auto (default: the family's best), ganak, d4, enumerate, bdd, dlx, direct "
                                "(the family's own counter, no CNF) or bitboard (the 8x8 packing's second "
                                "counter)")
            c.add_argument("--cube", default=None, help="count only the cube with this label "
                           "(see 'polycnf cubes'); default: the whole count")
        c.add_argument("--unique", action="store_true", help="count up to the puzzle's symmetries")
        solving(c)
        parallel(c)

    c = command("cubes", "list the cubes (independent parts) of a count: weight and label",
                "polycnf cubes pentomino-6x10 --method dlx")
    c.add_argument("--method", choices=api.method_names(), default="auto", help="as for count (default auto)")
    c.add_argument("--unique", action="store_true", help="the cubes of the count up to symmetry")
    solving(c)

    c = command("polyforms", "count (or draw) the polyforms of order N on a grid",
                "polycnf polyforms square 8\npolycnf polyforms segment 4 --one-sided --draw", instance=False)
    c.add_argument("grid", help="square, hex, triangle, segment (polytrigs) or quasi-segment (quasi-polytrigs)")
    c.add_argument("n", type=ranged(1, MAX_ORDER),
                   help=f"the order: cells per form (1 to {MAX_ORDER}; "
                        f"with --draw at most {MAX_DRAW_ORDER})")
    kind = c.add_mutually_exclusive_group()
    kind.add_argument("--free", dest="kind", action="store_const", const="free",
                      help="count forms up to rotation and reflection (the default)")
    kind.add_argument("--one-sided", dest="kind", action="store_const", const="one-sided",
                      help="count forms up to rotation only")
    kind.add_argument("--fixed", dest="kind", action="store_const", const="fixed",
                      help="count forms up to translation only")
    c.set_defaults(kind="free")
    c.add_argument("--draw", action="store_true", help="draw every form (default: count only)")
    c.add_argument("--time-limit", type=seconds_arg, default=None, metavar="SECONDS",
                   help="stop after SECONDS with exit code 3 (default: no limit)")

    c = command("generate", "generate a random puzzle with a known answer",
                "polycnf generate hexmatch --radius 4 --labels 3 --seed 1 -o h4.toml --cnf h4.cnf\n"
                "polycnf generate t4 --moves 15 --seed 1 -o p15.toml --cnf\n"
                "polycnf generate t4 --pack 100 --seed 1 -o pack100", instance=False)
    c.add_argument("family", help="hexmatch (edge matching with a planted solution) or t4 (a sliding puzzle)")
    c.add_argument("-o", "--output", required=True,
                   help="the instance .toml file to write (with --pack: a new folder)")
    c.add_argument("--cnf", nargs="?", const="", help="also write its DIMACS (hexmatch: this file; t4: the "
                   "planning CNFs at bounds K and K-1, as STEM-kK.cnf, STEM defaulting to the output's)")
    c.add_argument("--seed", type=whole_number, default=None, help="random seed (default 0)")
    c.add_argument("--radius", type=whole_number, default=None,
                   help="hexmatch: hexagon radius, 0 to 10 (default 3)")
    c.add_argument("--labels", type=whole_number, default=None,
                   help="hexmatch: number of edge labels, 1 to 62 (default 4)")
    c.add_argument("--unique", action="store_true", default=None,
                   help="hexmatch: search until the solution is unique (default: not)")
    c.add_argument("--encoding", default=None, help="hexmatch: the CNF's encoding (default: labels)")
    c.add_argument("--moves", type=ranged(1, MAX_MOVES), default=None,
                   help=f"t4: length of the shortest plan, 1 to {MAX_MOVES} (default 10)")
    c.add_argument("--rule", choices=("slide", "step"), default=None, help="t4: move rule (default slide)")
    c.add_argument("--pack", type=ranged(1, MAX_PACK), default=None,
                   help=f"t4: write this many distinct puzzles (1 to {MAX_PACK:,}) over every difficulty "
                        "into the folder -o, with index.csv and index.json; --cnf adds each planning CNF at "
                        "bound K-1, a certified UNSAT file (default: one puzzle)")
    c.add_argument("--time-limit", type=seconds_arg, default=None, metavar="SECONDS",
                   help="stop after SECONDS with exit code 3 (default: no limit)")

    c = command("t4", "the t4 game: draw a configuration", "polycnf t4 show 'l1-l2 c1-c3 k3-k5'", instance=False)
    c.add_argument("action", choices=("show",), help="show: draw the configuration")
    c.add_argument("config", help="a configuration ('l1-l2 c1-c3 ...', a picture, JSON) or a file")
    color(c)

    c = command("t4-solvable", "t4 question 3 on a sub-board: count the solvable start configurations",
                "polycnf t4-solvable --rows jkl", instance=False)
    c.add_argument("--rows", default="jklm", help="row grooves of the sub-board, letters from i-o with l "
                   "among them (default jklm)")
    c.add_argument("--methods", nargs="+", choices=("search", "bdd"), default=["search", "bdd"],
                   help="search (breadth-first from the solved configurations) and/or bdd (a BDD fixpoint); "
                        "default: both, which must agree")
    c.add_argument("--time-limit", type=seconds_arg, default=None, metavar="SECONDS",
                   help="stop after SECONDS with exit code 3 (default: no limit)")

    c = command("suite", "write a certified benchmark suite of DIMACS files",
                "polycnf suite bench-suite\npolycnf suite ladder --ladder --rungs 3", instance=False)
    c.add_argument("directory", help="the suite folder (created or replaced; never a folder that is not a suite)")
    c.add_argument("--families", help="comma-separated: tiling, hexmatch, t4 (default: all); with --ladder: "
                                      "palago, packing, t4, t4-plan, hexmatch, polytrig (default: all)")
    c.add_argument("--max-cells", type=positive_int, default=40,
                   help="leave out boards with more cells than this (default 40: the 60- and 64-cell "
                        "pentomino boards write 10-36 MB files each); not for --ladder")
    c.add_argument("--ladder", action="store_true",
                   help="write the ladder instead: families that step up in size, from milliseconds to hours "
                        "for the solvers (each answer certified by two methods or a publication)")
    c.add_argument("--rungs", type=positive_int, default=None, metavar="N",
                   help="with --ladder, only the N smallest rungs of each family (default: all)")

    c = command("check-solver", "run SAT solvers or model counters on a suite and judge every answer: "
                "--solver NAME (as often as you like), and/or '-- COMMAND ARGS' after all options ({} stands "
                "for the file, else it is appended)", "polycnf check-solver bench-suite --solver cadical\n"
                "polycnf check-solver bench-suite -- kissat -q {}\n"
                "polycnf check-solver bench-suite --solver cadical --solver pysat:minisat22 --report results",
                instance=False)
    c.epilog += ("\n\nwith several solvers, check-solver exits 1 if any solver gave a wrong answer, else 4 if "
                 "any run failed, else 0")
    c.add_argument("target", help="a suite folder, or one .cnf file inside one")
    c.add_argument("--solver", action="append", default=None, metavar="NAME",
                   help="a named solver: cadical, minisat, picosat, cryptominisat5, d4, ganak, approxmc, or "
                        "pysat:NAME; give it several times to check several solvers at once (default: none; "
                        "give this and/or -- COMMAND)")
    c.add_argument("--time-limit", type=seconds_arg, default=60.0, metavar="SECONDS",
                   help="seconds per run, one file by one solver (default 60)")
    c.add_argument("--memory-mb", type=ranged(1, MAX_MEMORY_MB), default=4096,
                   help=f"memory per run in MB, 1 to {MAX_MEMORY_MB:,} (default 4096)")
    c.add_argument("--jobs", type=ranged(1, MAX_JOBS), default=None,
                   help=f"runs at a time on this machine (default ${JOBS_VARIABLE}, else the machine's cores; "
                        "1: one after the other)")
    c.add_argument("--scheduler", type=scheduler_arg, default=None, metavar="ADDRESS",
                   help="send the runs to this Dask scheduler, tcp://HOST:PORT; its workers must see the suite "
                        "at the same path and have the solvers (default: none)")
    c.add_argument("--report", default=None, metavar="DIR",
                   help="also write DIR/results.csv, results.json (a row per file and solver), summary.csv "
                        "(PAR-2 per solver) and cactus.svg (with matplotlib); DIR is created if missing "
                        "(default: no report)")
    c.add_argument("--epsilon", type=fraction_arg, default=None,
                   help="the tolerance of an approximate counter's answers (default: the adapter's, "
                        "0.8 for approxmc)")
    c.add_argument("--delta", type=probability_arg, default=None,
                   help="the counter's confidence: the tolerance holds with probability at least 1 - delta "
                        "(shown in the verdicts; default: the adapter's, 0.2 for approxmc)")
    c.add_argument("--no-models", dest="models", action="store_false",
                   help="the solver prints no models: accept 's SATISFIABLE' without 'v' lines "
                        "(else it is NO MODEL, a failure)")
    c.set_defaults(solver_command=None)   # filled from what follows '--' (see parse)
    return p


def parse(argv: list[str]) -> argparse.Namespace:
    """The arguments of one command; usage errors exit 2 with one line.
    check-solver's COMMAND is what follows '--' (argparse cannot take it after options)."""
    tail = None
    if "--" in argv:
        argv, tail = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    OneLineParser.json_wanted = "--json" in argv
    parser = build_parser()
    args = parser.parse_args(argv)
    if tail is not None:
        if not hasattr(args, "solver_command"):
            parser.error("'--' COMMAND is only for check-solver")
        args.solver_command = tail
    return args
