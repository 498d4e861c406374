"""polycnf command line: parse the arguments, make one API call, print its result.

The work is in `polycnf.api`, the options in `clihelpers/arguments.py`, the
text and JSON in `clihelpers/printer.py`; this module only joins them and
turns the ways a command can end into exit codes (see `polycnf --help`).
"""

from __future__ import annotations

import errno
import sys

from polycnf import api
from polycnf.clihelpers import arguments, process
from polycnf.clihelpers.printer import OutputFailed, Printer


def solve(args, out):
    return api.solve(args.instance, None if args.all else args.n, unique=args.unique, solver=args.solver,
                     encoding=args.encoding, time_limit=args.time_limit, svg=args.svg, config=args.config,
                     rule=args.rule, on_solution=None if args.json else out.solution, progress=True)


def count(args, out):
    if args.cube:
        return api.count_cube(args.instance, args.cube, args.method, args.unique, solver=args.solver,
                              time_limit=args.time_limit, encoding=args.encoding, scheduler=args.scheduler)
    return api.count(args.instance, args.method, args.unique, solver=args.solver, time_limit=args.time_limit,
                     encoding=args.encoding, jobs=args.jobs, scheduler=args.scheduler, progress=True)


def generate(args, out):
    params = {k: getattr(args, k) for k in ("seed", "radius", "labels", "unique", "encoding", "moves", "rule", "pack")
              if getattr(args, k) is not None}
    return api.generate(args.family, args.output, cnf=args.cnf, time_limit=args.time_limit, progress=True,
                        **params)


def check_solver(args, out):
    result = api.check_solver(args.target, args.solver, args.solver_command, time_limit=args.time_limit,
                              memory_mb=args.memory_mb, epsilon=args.epsilon, delta=args.delta, models=args.models,
                              jobs=args.jobs, scheduler=args.scheduler, report=args.report,
                              progress=not args.json)
    if result.report is not None and result.report.note:
        out.note(result.report.note)
    return result


COMMANDS = {
    "list": lambda args, out: api.instance_list(),
    "show": lambda args, out: api.info(args.instance, args.encoding, args.config),
    "encode": lambda args, out: api.write_dimacs(args.instance, args.output, encoding=args.encoding,
                                                 map_path=args.map, dlx_path=args.dlx, config=args.config),
    "solve": solve,
    "count": count,
    "validate": lambda args, out: api.validate(
        args.instance, args.unique, solver=args.solver, time_limit=args.time_limit or api.validation.TIME_LIMIT,
        encoding=args.encoding, jobs=args.jobs, scheduler=args.scheduler, progress=True),
    "cubes": lambda args, out: api.cubes_of(args.instance, args.method, args.unique, solver=args.solver,
                                            time_limit=args.time_limit, encoding=args.encoding),
    "polyforms": lambda args, out: api.polyforms(args.grid, args.n, args.kind, args.draw,
                                                 time_limit=args.time_limit),
    "generate": generate,
    "t4": lambda args, out: api.info("t4-puzzle", config=args.config),
    "t4-solvable": lambda args, out: api.t4_solvable(args.rows, args.methods, time_limit=args.time_limit,
                                                     progress=True),
    "suite": lambda args, out: api.suite(args.directory, args.families and args.families.split(","),
                                         args.max_cells, ladder=args.ladder, rungs=args.rungs, progress=True),
    "check-solver": check_solver,
}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    with process.terminate_as_interrupt():
        try:
            args = arguments.parse(argv)
        except KeyboardInterrupt:
            return 130
        color = getattr(args, "color", "never") == "always" or (
            getattr(args, "color", "never") == "auto" and sys.stdout.isatty())
        out = Printer(args.json, color)
        try:
            try:
                return out.result(COMMANDS[args.command](args, out))
            except api.ERRORS as e:
                return out.error(e, 2)
            except TimeoutError as e:
                return out.error(e, 3)
            except KeyboardInterrupt:
                return out.error("interrupted", 130)
        except OutputFailed as e:              # stdout is gone: a closed pipe ends quietly, like other tools
            process.silence_stdout()
            if e.error.errno == errno.EPIPE:
                return 141
            out.note(f"polycnf: error: cannot write to standard output: {e}")
            return 2
