"""Run every reachable SAT solver and model counter on the ladder, and say where each stops.

    python bench/bench_ladder.py [OUT] [--time-limit 10] [--jobs 2] [--tools a,b,...]

Writes the ladder to OUT/ladder (`polycnf suite --ladder`, skipped if already
there), then runs `polycnf check-solver` once per tool into OUT/runs/TOOL (a tool
whose report is there is skipped: the run resumes, and tools can be split between
machines or sessions with --tools), then merges the reports into OUT/report
(results.csv, summary.csv, cactus.svg) and prints, per tool: solved, wrong,
failed (timeouts and others), PAR-2, and per family the largest rung solved
(rungs in the manifest's order, small to large) and the first one not solved.
The verdicts are check-solver's own: this script only orders and counts them.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import time
from pathlib import Path

from polycnf.solvers.adapters import available

FIRST = ["cadical", "minisat", "picosat", "cryptominisat5", "ganak", "d4", "approxmc"]  # the list


def tools(chosen: str | None) -> list[str]:
    found = available()
    if chosen:
        return [t for t in chosen.split(",") if t]
    return [t for t in FIRST if t in found] + [t for t in found if t not in FIRST]


def run(out: Path, tool: str, time_limit: float, jobs: int) -> None:
    report = out / "runs" / tool.replace(":", "-")
    if (report / "results.json").is_file():
        print(f"{tool}: done before, kept", file=sys.stderr)
        return
    start = time.monotonic()
    argv = ["polycnf", "check-solver", str(out / "ladder"), "--solver", tool, "--time-limit", str(time_limit),
            "--jobs", str(jobs), "--report", str(report)]
    code = subprocess.run(argv, stdout=subprocess.DEVNULL).returncode
    print(f"{tool}: exit {code}, {time.monotonic() - start:.0f} s wall", file=sys.stderr)


def merged(out: Path) -> tuple[list[dict], float]:
    rows, limit = [], 0.0
    for path in sorted((out / "runs").glob("*/results.json")):
        document = json.loads(path.read_text())
        rows += document["results"]
        limit = document["time_limit_s"]
    return rows, limit


def short(instance: str) -> str:
    """ladder-pentominoes-7x5-LYNPUVT.seqcounter.cnf -> pentominoes-7x5-LYNPUVT."""
    return instance.removeprefix("ladder-").split(".")[0]


def table(rows: list[dict], order: list[str], limit: float) -> list[dict]:
    """Per tool: counts, PAR-2, and per family the largest rung solved and the first not solved."""
    manifest = [r["instance"] for r in rows if r["solver"] == order[0]]
    out = []
    for tool in order:
        mine = {r["instance"]: r for r in rows if r["solver"] == tool}
        if not mine:
            continue
        kinds = [r["verdict"] for r in mine.values()]
        line = {"solver": tool, "files": len(mine), "solved": kinds.count("correct"),
                "wrong": sum(k.startswith("WRONG") for k in kinds), "timeout": kinds.count("timeout"),
                "other": sum(k not in ("correct", "timeout") and not k.startswith("WRONG") for k in kinds),
                "par2": round(sum(float(r["wall_s"]) if r["verdict"] == "correct" else 2 * limit
                                  for r in mine.values()), 1)}
        for family in dict.fromkeys(mine[name]["family"] for name in manifest if name in mine):
            rungs = [mine[name] for name in manifest if name in mine and mine[name]["family"] == family]
            ok = [r["verdict"] == "correct" for r in rungs]
            names = [short(r["instance"]) for r in rungs]
            missed = [n for n, good in zip(names, ok) if not good]
            cell = f"{sum(ok)}/{len(rungs)}"
            if missed and not any(ok[ok.index(False):]):      # every rung from the first miss on
                cell += f", stops at {missed[0]}"
            elif missed:
                cell += f", misses {' '.join(missed)}"
            line[family] = cell
        out.append(line)
    return out


def cactus(rows: list[dict], order: list[str], limit: float, files: int) -> str:
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=(8, 5.5))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    styles = ["-", "--", ":", "-."]
    for k, tool in enumerate(order):
        times = sorted(float(r["wall_s"]) for r in rows if r["solver"] == tool and r["verdict"] == "correct")
        if times:
            ax.plot(range(1, len(times) + 1), times, linestyle=styles[k // 10 % 4], linewidth=1.1,
                    label=f"{tool} ({len(times)})")
    ax.set_xlim(0, files + 0.5)
    ax.set_ylim(0, limit)
    ax.set_xlabel(f"ladder files solved correctly (of {files})")
    ax.set_ylabel("wall time (s)")
    ax.set_title(f"polycnf ladder: {files} files, time limit {limit:g} s")
    ax.grid(True, linewidth=0.3)
    ax.legend(loc="upper left", fontsize="x-small", ncol=2)
    import io
    text = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "polycnf", "svg.fonttype": "none"}):
        fig.savefig(text, format="svg", metadata={"Date": None})
    return text.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="ladder-bench")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tools", help="comma-separated names (default: every available one)")
    parser.add_argument("--no-run", action="store_true", help="only merge the reports already there")
    args = parser.parse_args()
    out = Path(args.out)
    order = tools(args.tools)
    if not args.no_run:
        if not (out / "ladder" / "manifest.json").is_file():
            subprocess.run(["polycnf", "suite", str(out / "ladder"), "--ladder"], check=True)
        for tool in order:
            run(out, tool, args.time_limit, args.jobs)
    rows, limit = merged(out)
    done = list(dict.fromkeys([t for t in tools(None) if any(r["solver"] == t for r in rows)]
                              + [r["solver"] for r in rows]))
    lines = table(rows, done, limit)
    report = out / "report"
    report.mkdir(parents=True, exist_ok=True)
    fields = list(dict.fromkeys(k for line in lines for k in line))
    with open(report / "summary.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(lines)
    with open(report / "results.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    files = len({r["instance"] for r in rows})
    (report / "cactus.svg").write_text(cactus(rows, done, limit, files))
    print(f"time limit {limit:g} s, {files} files; report in {report}")
    print("| " + " | ".join(fields) + " |")
    print("|" + " --- |" * len(fields))
    for line in lines:
        print("| " + " | ".join(str(line.get(k, "")) for k in fields) + " |")
    for r in rows:
        if r["verdict"].startswith("WRONG"):
            print(f"WRONG: {r['solver']} on {r['instance']} ({r['family']}, {r['variables']} vars, "
                  f"{r['clauses']} clauses): said {r['answer'] or r['status']}, certified {r['certified']}")


if __name__ == "__main__":
    main()
