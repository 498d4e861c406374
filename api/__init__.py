"""polycnf's library API: counting, solving and running counts in parallel."""
