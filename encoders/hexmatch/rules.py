"""Matching rules: when two touching sides match."""

from __future__ import annotations

BUG_LETTERS = "PLSBRK"


class Rule:
    """When two touching sides match.  Every label has exactly one partner."""
    name = ""

    def partner(self, label: str) -> str:
        raise NotImplementedError

    def matches(self, a: str, b: str) -> bool:
        return b == self.partner(a)

    def problem(self, label: str, alphabet) -> str | None:
        """Why `label` is not allowed (None if it is)."""
        raise NotImplementedError


class BugsRule(Rule):
    """Same bug, one front (upper case) and one back (lower case)."""
    name = "bugs"

    def partner(self, label: str) -> str:
        return label.swapcase()

    def matches(self, a: str, b: str) -> bool:
        return a != b and b == a.swapcase()

    def problem(self, label, alphabet):
        letters = alphabet or BUG_LETTERS
        if not (label.isupper() or label.islower()):
            return f"label '{label}' is neither a front (upper case) nor a back (lower case)"
        if label.upper() not in {l.upper() for l in letters}:
            return f"unknown bug '{label}' (known: {', '.join(letters)} in either case)"
        return None


class EqualRule(Rule):
    """Identical labels."""
    name = "equal"

    def partner(self, label: str) -> str:
        return label

    def problem(self, label, alphabet):
        if alphabet is not None and label not in alphabet:
            return f"unknown label '{label}' (labels: {', '.join(alphabet)})"
        return None


RULES = {r.name: r for r in (BugsRule(), EqualRule())}
