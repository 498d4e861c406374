"""Joints: the low-width basis of the t4 CNF (a piece is a maximal run of joints)."""

from __future__ import annotations

from typing import NamedTuple

from .board import Piece


class Joint(NamedTuple):
    """Cells `first` and `first + 1` of `groove` belong to the same piece.

    A configuration is exactly a set of joints in which every cell's joints run
    along one groove and no groove has three joints in a row: the pieces are
    the maximal runs.  This basis has 91 variables whose constraints are all
    local, so a model counter's tree decomposition stays narrow.
    """
    groove: str
    first: int


def piece_joints(piece: Piece) -> list[Joint]:
    """The joints inside a piece (1 or 2)."""
    return [Joint(piece.groove, k) for k in range(piece.first, piece.first + piece.length - 1)]


def piece_borders(piece: Piece) -> list[Joint]:
    """The joints just outside a piece's ends (they must be absent)."""
    return [Joint(piece.groove, piece.first - 1), Joint(piece.groove, piece.first + piece.length - 1)]


def pieces_from_joints(joints) -> list[Piece]:
    """The pieces of a joint set: each maximal run of joints in a groove."""
    joints = set(joints)
    pieces = []
    for j in sorted(joints):
        if Joint(j.groove, j.first - 1) in joints:
            continue                           # not the start of a run
        end = j.first
        while Joint(j.groove, end + 1) in joints:
            end += 1
        pieces.append(Piece(j.groove, j.first, end - j.first + 2))
    return pieces
