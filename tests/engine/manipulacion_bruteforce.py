"""A second, independent way to answer the solver's questions on small instances: exhaustive
search over which hand cards to place, which original groups to keep, and how to partition
the remaining cards into valid groups, card by card. Slow, simple, and sharing nothing with
engine/manipulacion/solver/ but the group check (melds.classify) and the rule sets.

Also an independent referee for a proposed play (`check_play`).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, permutations, product

from engine.cards import JOKER, RANKS, SUITS, card
from engine.manipulacion.melds import NAMED, TRIO, arrange, classify, joker_names
from engine.manipulacion.rulesets import JOKERS_CARRUSEL, JOKERS_TAHITI, JOKERS_VATICANO

# Token kinds, in the order the search places them (real cards first, free jokers last).
# ANCHOR: Tahití's freeing card from the hand, which must lie beside a card that stood next to
# its joker; STUCK: a joker under its old card, which must stay beside such a card.
REAL, ANCHOR, LOOSE, FIXED, STUCK, WILD, LWILD = 0, 1, 2, 3, 4, 5, 6
REAL_KINDS = (REAL, ANCHOR, LOOSE)
JOKER_KINDS = (FIXED, STUCK, WILD, LWILD)


@lru_cache(maxsize=None)
def valid_sets(ace: str) -> tuple[tuple[int, ...], ...]:
    """Every set of distinct real cards that is a valid group, found by trying them all."""
    found = set()
    for rank in RANKS:
        for size in (3, 4):
            for suits in combinations(SUITS, size):
                cards = tuple(sorted(int(card(rank, s)) for s in suits))
                if classify(cards, ace):
                    found.add(cards)
    for suit in SUITS:
        for start in range(1, 15):
            for length in range(3, 15):
                ranks = [((r - 1) % 13) + 1 for r in range(start, start + length)]
                if start + length - 1 > 14 or len(set(ranks)) < length:
                    continue
                cards = tuple(sorted(int(card(r, suit)) for r in ranks))
                if classify(cards, ace):
                    found.add(cards)
    return tuple(sorted(found))


def neighbours(group, ace):
    """For each joker of a group in display order: (name, real cards beside it, names of the
    jokers beside it). In a trío every other card is beside it."""
    order = arrange(group, ace)
    trio = classify(group, ace) == TRIO
    out = []
    for p, x in enumerate(order):
        if x >= NAMED:
            near = [order[q] for q in range(len(order)) if q != p and (trio or abs(q - p) == 1)]
            out.append((x - NAMED, frozenset(y for y in near if y < NAMED),
                        frozenset(y - NAMED for y in near if y >= NAMED)))
    return out


class Search:
    def __init__(self, rules, table, hand, loose):
        self.rules = rules
        self.ace = rules.ace
        self.limit = rules.max_jokers_per_group
        self.table = [tuple(g) for g in table]
        self.hand = list(hand)
        self.loose = list(loose)
        self.sets = valid_sets(self.ace)
        self.sets_with = {}
        for cards in self.sets:
            for c in cards:
                self.sets_with.setdefault(c, []).append(cards)
        self.memo = {}
        self.jokers = []        # (group, name, real cards beside, joker names beside)
        for g, group in enumerate(self.table):
            for name, real, jnames in neighbours(group, self.ace):
                self.jokers.append((g, name, real, jnames))

    def value(self, cards):
        if self.rules.scoring in ("penalty", "carrusel", "tahiti"):
            return sum(self.rules.card_points(c) for c in cards)
        return len(cards)

    # ----- partition of tokens into valid groups -----------------------------------------

    def partition(self, mandatory, optional) -> bool:
        mandatory = tuple(sorted(mandatory))
        optional = tuple(sorted(optional))
        key = (mandatory, optional)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = False
        result = False
        if not mandatory:
            result = True
        else:
            first, rest = mandatory[0], list(mandatory[1:])
            for used_rest, used_opt in self.groups_with(first, rest, list(optional)):
                left = list(rest)
                for t in used_rest:
                    left.remove(t)
                opt = list(optional)
                for t in used_opt:
                    opt.remove(t)
                if self.partition(left, opt):
                    result = True
                    break
        self.memo[key] = result
        return result

    def fits(self, token, c) -> bool:
        kind = token[0]
        if kind in REAL_KINDS or kind in (FIXED, STUCK):
            return token[1] == c
        return token[1] != c            # a wild joker, never named its forbidden card

    def groups_with(self, first, rest, optional):
        seen = set()
        pool = [(t, False) for t in sorted(set(rest))] + [(t, True) for t in sorted(set(optional))]
        counts = Counter(rest)
        ocounts = Counter(optional)
        if first[0] in REAL_KINDS or first[0] in (FIXED, STUCK):
            candidates = self.sets_with.get(first[1], [])
        else:
            candidates = self.sets
        for s in candidates:
            for slot in s:
                if not self.fits(first, slot):
                    continue
                others = [c for c in s if c != slot]
                for filling in self.fillings(others, pool, counts, ocounts):
                    tokens = [first] + [t for t, _ in filling]
                    if not self.group_ok(tokens, [slot] + others):
                        continue
                    used_rest = tuple(sorted(t for t, o in filling if not o))
                    used_opt = tuple(sorted(t for t, o in filling if o))
                    if (used_rest, used_opt) not in seen:
                        seen.add((used_rest, used_opt))
                        yield used_rest, used_opt

    def fillings(self, slots, pool, counts, ocounts):
        if not slots:
            yield []
            return
        c = slots[0]
        for t, opt in pool:
            left = ocounts if opt else counts
            if left[t] <= 0 or not self.fits(t, c):
                continue
            left[t] -= 1
            for rest in self.fillings(slots[1:], pool, counts, ocounts):
                yield [(t, opt)] + rest
            left[t] += 1

    def group_ok(self, tokens, names) -> bool:
        jokers = sum(1 for t in tokens if t[0] in JOKER_KINDS)
        if self.limit is not None and jokers > self.limit:
            return False
        here_real = {n for t, n in zip(tokens, names, strict=True) if t[0] in REAL_KINDS}
        here_jokers = {n for t, n in zip(tokens, names, strict=True) if t[0] in JOKER_KINDS}
        for t in tokens:
            if t[0] == STUCK:
                _, _, real, jnear = self.jokers[t[2]]
                if not (real & here_real) and not (jnear & here_jokers):
                    return False
            if t[0] == ANCHOR and not self.jokers[t[2]][2] & here_real:
                return False
        return True

    # ----- plays ---------------------------------------------------------------------------

    def subsets(self):
        items = sorted(Counter(self.hand).items())
        for counts in product(*[range(k + 1) for _, k in items]):
            chosen = [c for (c, _), n in zip(items, counts, strict=True) for _ in range(n)]
            if chosen:
                yield chosen

    def feasible(self, placed, kept) -> bool:
        placed_real = Counter(c for c in placed if c != JOKER)
        on_table = Counter(x for g in self.table for x in g if x < NAMED) + placed_real
        optional = [(LOOSE, c, -1) for c in self.loose if c != JOKER]
        optional += [(LWILD, 0, -1)] * self.loose.count(JOKER)
        base = [(WILD, 0, -1)] * placed.count(JOKER)
        moving = []            # Carrusel/Vaticano jokers outside kept groups
        choices = []           # Tahití: jokered groups not kept: extend them or free the joker
        for g, group in enumerate(self.table):
            if g in kept:
                continue
            jids = [j for j, info in enumerate(self.jokers) if info[0] == g]
            if self.rules.joker_rule == JOKERS_TAHITI and jids:
                choices.append((g, jids[0]))
                continue
            base += [(REAL, x, -1) for x in group if x < NAMED]
            moving += jids
        if moving:
            assert self.rules.joker_rule in (JOKERS_CARRUSEL, JOKERS_VATICANO) and not self.loose
        for renamed in product((False, True), repeat=len(moving)):
            count = Counter(self.jokers[j][1] for j, r in zip(moving, renamed, strict=True) if r)
            if any(count[n] > on_table[n] for n in count):
                continue
            tokens = list(base)
            for j, r in zip(moving, renamed, strict=True):
                name = self.jokers[j][1]
                if r:
                    tokens.append((WILD, name, -1))          # a new card, never its old one
                elif not on_table[name] and self.rules.joker_rule == JOKERS_CARRUSEL:
                    tokens.append((FIXED, name, -1))         # anywhere, as the same card
                else:
                    tokens.append((STUCK, name, j))          # in its place
            if self.tahiti_feasible(tokens, optional, choices, placed_real):
                return True
        return False

    def tahiti_feasible(self, base, optional, choices, placed_real) -> bool:
        """Each jokered group not kept: extended by hand cards, or freed — one real card of its
        joker from the hand (not used to extend another) lies beside a card that stood next
        to the joker, and the joker takes a new card or stays in its place as the old one."""
        options = []
        for g, j in choices:
            opts = [(o, None) for o in self.tahiti_options(g, j, placed_real) if o != "free"]
            if "free" in self.tahiti_options(g, j, placed_real):
                opts += [("free", True), ("free", False)]
            options.append(opts)
        for pick in product(*options):
            hand_left = Counter(placed_real)
            tokens = list(base)
            anchors = []
            for (g, j), (option, renamed) in zip(choices, pick, strict=True):
                if option == "free":
                    name = self.jokers[j][1]
                    tokens += [(REAL, x, -1) for x in self.table[g] if x < NAMED]
                    tokens.append((WILD, name, -1) if renamed else (STUCK, name, j))
                    anchors.append((ANCHOR, name, j))
                else:
                    hand_left.subtract(option)
            for _, name, _ in anchors:
                hand_left[name] -= 1
            if any(v < 0 for v in hand_left.values()):
                continue
            tokens += anchors + [(REAL, c, -1) for c in hand_left.elements()]
            if self.partition(tokens, optional):
                return True
        return False

    def tahiti_options(self, g, j, placed_real):
        group = self.table[g]
        out = []
        reals = sorted(placed_real.elements())
        seen = set()
        for size in range(1, len(reals) + 1):
            for extra in combinations(reals, size):
                if extra in seen:
                    continue
                seen.add(extra)
                if classify(list(group) + list(extra), self.ace):
                    out.append(extra)
        if placed_real[self.jokers[j][1]]:
            out.append("free")
        return out

    def fewest_changes(self, placed):
        m = len(self.table)
        for k in range(m, -1, -1):
            for kept in combinations(range(m), k):
                if self.feasible(placed, set(kept)):
                    return m - k
        return None

    def no_rearranging(self, placed, target) -> bool:
        """A play of these cards that only adds them to groups (changing exactly `target`
        groups) and lays groups of them alone."""
        return self._extend(0, Counter(placed), 0, target)

    def _extend(self, g, left, changed, target) -> bool:
        if changed > target:
            return False
        if g == len(self.table):
            tokens = [(REAL, c, -1) for c in left.elements() if c != JOKER]
            tokens += [(WILD, 0, -1)] * left[JOKER]
            return changed == target and self.partition(tokens, [])
        if self._extend(g + 1, left, changed, target):
            return True
        group = list(self.table[g])
        cards = sorted(left.elements())
        tried = set()
        for size in range(1, len(cards) + 1):
            for extra in combinations(cards, size):
                if extra in tried:
                    continue
                tried.add(extra)
                if not self.extension_ok(group, extra):
                    continue
                rest = Counter(left)
                rest.subtract(extra)
                if self._extend(g + 1, rest, changed + 1, target):
                    return True
        return False

    def extension_ok(self, group, extra) -> bool:
        jokers = sum(1 for x in group if x >= NAMED) + extra.count(JOKER)
        if self.limit is not None and jokers > self.limit:
            return False
        frozen = self.rules.joker_rule == JOKERS_TAHITI and any(x >= NAMED for x in group)
        if frozen and JOKER in extra:
            return False
        return bool(joker_names(group + list(extra), self.ace))


def analyse(rules, table, hand, loose=()):
    """{'best': (value, fewest changes) or None, 'hint': (fewest changes, needs rearranging)
    or None} by exhaustive search."""
    s = Search(rules, table, hand, loose)
    results = []
    for placed in s.subsets():
        changes = s.fewest_changes(placed)
        if changes is not None:
            results.append((placed, s.value(placed), changes))
    if not results:
        return {"best": None, "hint": None}
    top = max(v for _, v, _ in results)
    best = (top, min(c for _, v, c in results if v == top))
    fewest = min(c for _, _, c in results)
    easy = any(s.no_rearranging(p, fewest) for p, _, c in results)
    return {"best": best, "hint": (fewest, not easy)}


# ----- a referee for a proposed play -------------------------------------------------------------

def check_play(rules, table, hand, loose, play) -> None:
    """Raises AssertionError unless `play` is legal for this table, hand and loose cards."""
    ace = rules.ace
    for g in play.table:
        kind = classify(g, ace)
        assert kind, f"invalid group {g}"
        if rules.max_jokers_per_group is not None:
            assert sum(1 for x in g if x >= NAMED) <= rules.max_jokers_per_group, "jokers"
    assert play.placed, "no card placed"
    hand_left = Counter(hand)
    hand_left.subtract(play.placed)
    assert min(hand_left.values(), default=0) >= 0, "placed cards not in the hand"
    loose_left = Counter(loose)
    loose_left.subtract(play.loose)
    assert min(loose_left.values(), default=0) >= 0, "loose cards made up"
    flat = lambda x: JOKER if x >= NAMED else x  # noqa: E731
    before = Counter(flat(x) for g in table for x in g) + Counter(play.placed) + Counter(loose)
    after = Counter(flat(x) for g in play.table for x in g) + Counter(play.loose)
    assert before == after, "old table + placed != new table"
    assert play.value == Search(rules, table, hand, loose).value(list(play.placed)), "value"
    assert len(play.changed) == len(changed_groups(table, play.table)), "groups changed"
    survivors = [g for i, g in enumerate(table) if i not in play.changed]
    assert not changed_groups(survivors, play.table), "a group said unchanged is not there"
    assert _jokers_ok(rules, table, play), "a joker rule is broken"


def changed_groups(old, new):
    left = Counter(tuple(sorted(g)) for g in new)
    out = []
    for i, g in enumerate(old):
        key = tuple(sorted(g))
        if left[key]:
            left[key] -= 1
        else:
            out.append(i)
    return out


def _jokers_ok(rules, table, play) -> bool:
    olds = [(g, *info) for g, group in enumerate(table) for info in neighbours(group, rules.ace)]
    if not olds:
        return True
    spots = [(k, x - NAMED) for k, g in enumerate(play.table) for x in g if x >= NAMED]
    if rules.joker_rule == JOKERS_TAHITI:
        placed_real = Counter(c for c in play.placed if c != JOKER)
        return _tahiti_ok(table, play, olds, spots, placed_real)
    real = Counter(x for g in play.table for x in g if x < NAMED)
    # Each old joker on its own spot: renamed (at most as many per card as real copies on the
    # table), or under its old card — in its place once a real copy is on the table (Vaticano:
    # always), else anywhere.
    always = rules.joker_rule == JOKERS_VATICANO
    return _jokers_placed(olds, spots, play.table, lambda name: always or real[name] > 0, real)


def _in_place(old, group) -> bool:
    """Does `group` hold a card that stood beside the old joker (a real card of that kind or a
    joker of that name)?"""
    _, _, real, jnames = old
    return bool((set(real) | {NAMED + n for n in jnames}) & set(group))


def _jokers_placed(olds, spots, groups, keeps_place, renames, used=frozenset(),
                   renamed=None) -> bool:
    renamed = renamed or Counter()
    if not olds:
        return True
    old, rest = olds[0], olds[1:]
    name = old[1]
    for s, (k, now) in enumerate(spots):
        if s in used:
            continue
        if now == name:
            if keeps_place(name) and not _in_place(old, groups[k]):
                continue
            if _jokers_placed(rest, spots, groups, keeps_place, renames, used | {s}, renamed):
                return True
        elif renames is None or renamed[name] < renames[name]:
            if _jokers_placed(rest, spots, groups, keeps_place, renames, used | {s},
                              renamed + Counter([name])):
                return True
    return False


def _tahiti_ok(table, play, olds, spots, placed_real) -> bool:
    """Some jokered groups kept (inside a group of their own, grown by hand cards only), the
    others freed: per freed joker one real card of it from the hand (not spent on a kept group)
    and a group of its own holding that card beside a card that stood next to the joker; each
    freed joker renamed, or under its old card in its place."""
    for frozen in product((True, False), repeat=len(olds)):
        targets = [j for j in range(len(olds)) if frozen[j]]
        freed = [olds[j] for j in range(len(olds)) if not frozen[j]]
        for homes in permutations(range(len(play.table)), len(targets)):
            added = Counter()
            ok = True
            for j, home in zip(targets, homes, strict=True):
                old = Counter(table[olds[j][0]])
                new = Counter(play.table[home])
                extra = new - old
                if old - new or any(x >= NAMED for x in extra):
                    ok = False
                    break
                added += extra
            if not ok or added - placed_real:
                continue
            spare = placed_real - added
            if any(n > spare[name] for name, n in Counter(o[1] for o in freed).items()):
                continue
            others = [k for k in range(len(play.table)) if k not in homes]
            if not _anchored(freed, play.table, others, frozenset()):
                continue
            rest = [(k, n) for k, n in spots if k in others]
            if _jokers_placed(freed, rest, play.table, lambda name: True, None):
                return True
    return False


def _anchored(freed, groups, others, used) -> bool:
    if not freed:
        return True
    _, name, real, _ = freed[0]
    for k in others:
        if k not in used and name in groups[k] and real & set(groups[k]) \
                and _anchored(freed[1:], groups, others, used | {k}):
            return True
    return False


# ----- random small instances --------------------------------------------------------------------

def rule_mix():
    """Every rule set, and the joker rules under the other ace modes too."""
    from dataclasses import replace

    from engine.manipulacion.melds import HIGH, LOW
    from engine.manipulacion.rulesets import RULESETS as R
    return [R["manipulacion"], R["shanghai"], R["maquiavelo"], R["guadalupe"], R["carrusel"],
            R["vaticano"], R["tahiti"],
            replace(R["carrusel"], name="carrusel-high", ace=HIGH),
            replace(R["vaticano"], name="vaticano-low", ace=LOW),
            replace(R["tahiti"], name="tahiti-high", ace=HIGH),
            replace(R["carrusel"], name="carrusel-low", ace=LOW)]


def random_instance(seed: int, freeing: bool = False):
    """(rules, table, hand, loose): a few groups from a narrow slice of two packs, so that the
    hand cards often fit, clash or need the table rearranged. `freeing`: a rule set with
    jokers, most groups holding one and the hand holding their real cards (where a joker is
    freed, where it must take a new card, where its freeing card must lie)."""
    import random
    rng = random.Random(seed)
    mix = rule_mix()
    if freeing:
        mix = [r for r in mix if r.joker_rule is not None]
    rules = mix[seed % len(mix)]
    suits = rng.sample(range(4), rng.choice([2, 3, 3, 4]))
    start, width = rng.randrange(1, 14), rng.randint(4, 7)
    ranks = sorted({(start + i - 1) % 13 + 1 for i in range(width)})
    deck = Counter({int(card(r, s)): 2 for r in ranks for s in suits})
    focused = rules.joker_rule is not None and (freeing or rng.random() < 0.5)
    jokers = 0 if rules.joker_rule is None else rng.choice([0, 1, 1, 2, 2, 3])
    if focused:                    # most groups hold a joker, the hand is all real cards
        jokers = rng.choice([2, 3, 3])
    odds = 0.8 if focused else 0.35
    limit = rules.max_jokers_per_group or 2
    table, size, goal = [], 0, rng.randint(6, 13)
    sets = [s for s in valid_sets(rules.ace) if len(s) <= 5]
    while size < goal:
        options = [s for s in sets if len(s) <= goal - size + 2 and all(deck[c] for c in s)]
        if not options:
            break
        group = list(rng.choice(options))
        deck.subtract(group)
        for _ in range(limit):
            if jokers and rng.random() < odds:
                i = rng.randrange(len(group))
                if group[i] < NAMED:
                    deck[group[i]] += 1
                    group[i] += NAMED
                    jokers -= 1
        table.append(arrange(group, rules.ace))     # as the game keeps them: display order
        size += len(group)
    hand = []
    for group in table:            # the real card of a table joker, now and then
        for x in group:
            if x >= NAMED and deck[x - NAMED] and rng.random() < (0.9 if freeing else 0.4):
                hand.append(x - NAMED)
                deck[x - NAMED] -= 1
    cards = sorted(deck.elements())
    wanted = rng.randint(0 if hand else 1, 2) if freeing else max(0, rng.randint(1, 4) - len(hand))
    extra = rng.sample(cards, min(len(cards), wanted))
    for c in extra:
        deck[c] -= 1
    hand += extra
    hand_jokers = 0 if focused else rng.randint(0, min(jokers, 2))
    hand += [JOKER] * hand_jokers
    jokers -= hand_jokers
    loose = []
    if rules.loose_cards:
        cards = sorted(deck.elements())
        loose = rng.sample(cards, min(len(cards), rng.randint(0, 3)))
        if jokers and rng.random() < 0.3:
            loose.append(JOKER)
    return rules, table, hand, loose
