"""polycnf: SAT and model-counting frontend for polyform and tiling puzzles."""
