"""The command line's helpers: argument setup (arguments.py), printing results
(printer.py), and how the process ends on signals and failed output (process.py)."""
