"""The report of a check, in the shape solver competitions publish results.

`write(DIR, checked)` writes, all or none (encoders/core/outputs.write_folder):

- results.csv / results.json: one row per (suite file, solver), FIELDS;
- summary.csv: one row per solver, SUMMARY_FIELDS, with its PAR-2 score;
- cactus.svg: instances solved correctly (x) against the wall time each took,
  sorted (y), one line per solver; drawn with matplotlib when it is installed
  (`pip install "polycnf[report]"`), else left out with a note.

PAR-2, as SAT competitions rank solvers: the sum over the files of the wall
time of each run solved correctly, and of twice the time limit for every
other run (a timeout, a crash, an unreadable answer, and a wrong answer too).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

from polycnf.encoders.core.errors import InputError
from polycnf.encoders.core.outputs import write_folder

from .check import CORRECT, FAILURES, WRONG

FIELDS = ("instance", "family", "variables", "clauses", "solver", "status", "answer", "certified", "verdict",
          "wall_s", "cpu_s", "memory_mb")
SUMMARY_FIELDS = ("solver", "files", "solved", "wrong", "failed", "par2", "time_limit_s")
RESULTS_CSV, RESULTS_JSON, SUMMARY_CSV, CACTUS_SVG = "results.csv", "results.json", "summary.csv", "cactus.svg"
EXTRA = 'pip install "polycnf[report]"'


@dataclass(frozen=True)
class Report:
    directory: str
    files: list            # the names written into it
    note: str | None = None  # why something was left out (no matplotlib)


def par2(verdicts, time_limit: float) -> float:
    """Wall time of each run solved correctly, 2 x time_limit for every other, summed."""
    return round(float(sum(v.seconds if v.verdict == CORRECT else 2 * time_limit for v in verdicts)), 3)


def scores(checked) -> list[dict]:
    """Per solver, in the check's order: files, solved (correctly), wrong, failed, PAR-2."""
    rows = []
    for solver in checked.solvers:
        mine = checked.by_solver[solver.name]
        kinds = [v.verdict for v in mine]
        rows.append({"solver": solver.name, "files": len(mine), "solved": kinds.count(CORRECT),
                     "wrong": sum(k in WRONG for k in kinds), "failed": sum(k in FAILURES for k in kinds),
                     "par2": par2(mine, checked.time_limit), "time_limit_s": checked.time_limit})
    return rows


def certified(entry: dict) -> str:
    """The manifest's answer: UNSAT, the certified (projected) count, or SAT
    for a file certified satisfiable with no count (a t4 plan at its bound)."""
    if entry["expected"] == "UNSAT" or entry["count"] is None:
        return str(entry["expected"])
    return str(entry["count"])


def rows(checked) -> list[dict]:
    """One row of FIELDS per verdict, in the check's order (file x solver)."""
    n = len(checked.solvers)
    out = []
    for k, v in enumerate(checked.verdicts):
        entry = checked.entries[k // n]
        out.append({"instance": v.file, "family": entry["family"], "variables": entry["variables"],
                    "clauses": entry["clauses"], "solver": v.solver, "status": v.status,
                    "answer": v.answer.replace(",", ""), "certified": certified(entry), "verdict": v.verdict,
                    "wall_s": v.seconds, "cpu_s": v.cpu, "memory_mb": v.memory_mb})
    return out


def _csv(fields, records) -> str:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return text.getvalue()


def cactus(checked) -> str | None:
    """The cactus plot as SVG text, or None without matplotlib.  Drawn on an Agg
    canvas of its own: pyplot and the process's backend are left alone."""
    try:
        import matplotlib
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return None
    files = len(checked.entries)
    fig = Figure(figsize=(7, 4.5))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    for solver in checked.solvers:
        times = sorted(v.seconds for v in checked.by_solver[solver.name] if v.verdict == CORRECT)
        ax.plot(range(1, len(times) + 1), times, marker="o", markersize=3, linewidth=1.2,
                label=f"{solver.name} ({len(times)} of {files})")
    ax.set_xlim(0, max(files, 1) + 0.5)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("instances solved correctly")
    ax.set_ylabel("wall time (s)")
    ax.set_title(f"{checked.folder.name}: {files} files, time limit {checked.time_limit:g} s")
    ax.grid(True, linewidth=0.3)
    ax.legend(loc="upper left", fontsize="small")
    text = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "polycnf", "svg.fonttype": "none"}):
        fig.savefig(text, format="svg", metadata={"Date": None})    # the same results give the same file
    return text.getvalue()


def folder(directory) -> Path:
    """The report folder, refused in one line if it exists and is not a folder
    (checked before any solver runs)."""
    path = Path(directory)
    if str(directory) == "":
        raise InputError("--report: the folder name is empty")
    if path.exists() and not path.is_dir():
        raise InputError(f"{directory}: exists and is not a folder (--report needs a folder)")
    return path


def write(directory, checked) -> Report:
    """Write the report files into `directory` (created if missing), all or none."""
    path = folder(directory)
    results = rows(checked)
    summary = scores(checked)
    document = {"suite": str(checked.folder), "time_limit_s": checked.time_limit,
                "memory_limit_mb": checked.memory_mb,
                "solvers": [{"solver": s.name, "command": s.command} for s in checked.solvers],
                "fields": list(FIELDS), "results": results, "summary": summary}
    outputs = [(path / RESULTS_CSV, _csv(FIELDS, results)),
               (path / RESULTS_JSON, json.dumps(document, indent=1) + "\n"),
               (path / SUMMARY_CSV, _csv(SUMMARY_FIELDS, summary))]
    svg, note = cactus(checked), None
    if svg is None:
        note = f"polycnf: note: no {CACTUS_SVG} in {directory}: matplotlib is not installed ({EXTRA})"
    else:
        outputs.append((path / CACTUS_SVG, svg))
    stale = path / CACTUS_SVG if svg is None and (path / CACTUS_SVG).is_file() else None
    write_folder(path, outputs, "report folder")
    if stale is not None:             # an older run's plot would not match these results
        stale.unlink(missing_ok=True)
        note += f"; the older {CACTUS_SVG} there is removed"
    return Report(str(directory), [p.name for p, _ in outputs], note)
