"""Every valid group of distinct real cards, and the pool's short ones as matrix columns, built
once per ace mode."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from engine.cards import ALL_CARDS, RANKS, SUITS, card
from engine.manipulacion.melds import arrange, classify

CODES: tuple[int, ...] = tuple(int(c) for c in ALL_CARDS)
IDX = {c: i for i, c in enumerate(CODES)}
N = len(CODES)
POOL_RUN_MAX = 5   # any longer run splits into runs of 3..5, so the pool needs no longer ones


@dataclass(frozen=True)
class Catalogue:
    windows: tuple[tuple[int, ...], ...]       # every valid group of distinct real cards
    containing: dict                           # card -> indices of windows holding it
    pool: dict                                 # pattern mode (bool) -> PoolBlock


@dataclass(frozen=True)
class PoolBlock:
    """The pool's columns: a short window, optionally with one slot taken by a joker (pattern
    mode, for rule sets allowing one joker per group)."""
    window: np.ndarray      # window index per column
    slot: np.ndarray        # card index of the joker slot, or -1
    real: np.ndarray        # columns x 52, 1 where the column needs that real card (or joker)
    rows: np.ndarray        # columns x POOL_RUN_MAX: row indices (reals 0..51, joker slot
                            # 52 + index), padded with -1


@lru_cache(maxsize=None)
def catalogue(ace: str) -> Catalogue:
    windows: list[tuple[int, ...]] = []
    seen: set[frozenset] = set()

    def add(cards: list[int]) -> None:
        key = frozenset(cards)
        if key not in seen and classify(cards, ace) is not None:
            seen.add(key)
            windows.append(tuple(int(c) for c in arrange(cards, ace)))

    for rank in RANKS:
        for size in (3, 4):
            for suits in combinations(SUITS, size):
                add([int(card(rank, s)) for s in suits])
    for suit in SUITS:
        for length in range(3, 14):
            for low in range(1, 16 - length):
                ranks = [r if r <= 13 else 1 for r in range(low, low + length)]
                if len(set(ranks)) == length:
                    add([int(card(r, suit)) for r in ranks])
    containing: dict[int, list[int]] = {c: [] for c in CODES}
    for i, w in enumerate(windows):
        for c in w:
            containing[c].append(i)
    short = [i for i, w in enumerate(windows) if len(w) <= POOL_RUN_MAX]
    pool = {False: pool_block(windows, short, False), True: pool_block(windows, short, True)}
    return Catalogue(tuple(windows), {c: tuple(v) for c, v in containing.items()}, pool)


def pool_block(windows, short, pattern: bool) -> PoolBlock:
    cols_w, cols_s, rows = [], [], []
    for i in short:
        idx = [IDX[c] for c in windows[i]]
        cols_w.append(i)
        cols_s.append(-1)
        rows.append(idx)
        if pattern:
            for k in idx:
                cols_w.append(i)
                cols_s.append(k)
                rows.append(sorted([j for j in idx if j != k] + [N + k]))
    padded = np.full((len(rows), POOL_RUN_MAX), -1, dtype=np.int64)
    real = np.zeros((len(rows), N), dtype=np.int32)
    for col, r in enumerate(rows):
        padded[col, :len(r)] = r
        real[col, [j for j in r if j < N]] = 1
    return PoolBlock(np.array(cols_w), np.array(cols_s), real, padded)
