"""Stage 2: old rules paired with new ones by content and structure, never by number.

1. *Anchors*: a rule printed identically once in each version is paired at once, then a
   rule whose key (normalised, reference numbers masked) occurs once among the rest. In a
   typical new edition this pairs nearly every rule without normalising or scoring it.
2. *Candidates* for the others: pairs with equal keys (repeated texts), the most similar
   rules of the other version among those not anchored (found through an inverted index
   of bigrams, scored with rapidfuzz's Indel similarity), and the pairs the structure
   suggests -- the same slot among mapped siblings, the parent of mapped children.
3. Each candidate is scored: text similarity plus a *structural prior* (same id, parent
   mapped to parent, siblings mapped to each other, children mapped to children). The
   best overall assignment is a maximum-weight bipartite matching, solved exactly per
   connected component of the candidate graph by successive shortest paths; the priors
   depend on the mapping, so scoring and solving repeat until it is stable.
4. :func:`find_groups`: an unmatched or reworded rule whose text is the concatenation of
   consecutive rules of the other version is a split (or merge).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules_index.diff.prepare import Side, bigrams, containment, dice, similarity

WEIGHT_SAME_ID = 0.05
"""Prior for a pair with the same id (weak: after an insertion the same id is another rule)."""
WEIGHT_PARENT = 0.15
"""Prior for a pair whose parents are matched to each other (or are both top level)."""
WEIGHT_SIBLING = 0.05
"""Prior for each of the previous and next siblings matched to each other."""
WEIGHT_CHILDREN = 0.5
"""Prior times the share of children matched to each other (how a retitled section is found)."""
ACCEPT_SCORE = 0.6
"""A pair whose keys differ is matched only when its score reaches this."""
MIN_FUZZY_SIMILARITY = 0.3
"""Text similarity a pair needs to be a candidate on its text alone."""
FUZZY_CANDIDATES = 6
"""How many of the most similar rules a rule without an equal partner is compared with."""
COMMON_GRAM_SHARE = 0.08
"""A bigram in more than this share of rules is too common to find candidates by."""
ALIGNED_ENOUGH = 0.8
"""A rule whose best match under its parent's counterpart is this similar is not searched for elsewhere."""
ALIGNED_POOL = 200
"""Sections with more free rules than this are not aligned rule by rule (the inverted index is cheaper)."""
RARE_GRAMS = 32
"""A rule's candidates are found by at most this many of its rarest bigrams."""
MAX_ROUNDS = 5
"""Scoring and solving repeat at most this often (they usually settle in two or three)."""
PIECE_CONTAINMENT = 0.8
"""Share of a piece's bigrams that must occur in the whole for it to be part of a split or merge."""
PIECE_SIMILARITY = 0.9
"""Similarity the concatenated pieces need to the whole for a split or merge."""
MAX_PIECES = 4
"""At most this many rules take part in one split or merge."""

_SCALE = 1_000_000
"""Scores are integers (score × this) in the assignment, so ties are exact and deterministic."""


# --------------------------------------------------------------------------- candidates


def _equal_pairs(
    old: Sequence[str], new: Sequence[str], olds: Iterable[int], news: Iterable[int]
) -> list[tuple[int, int]]:
    """Every pair of the given positions whose values are equal."""
    by_value: dict[str, list[int]] = {}
    for j in news:
        by_value.setdefault(new[j], []).append(j)
    return [(i, j) for i in olds for j in by_value.get(old[i], ())]


def _anchors(exact: list[tuple[int, int]]) -> dict[int, int]:
    """The pairs whose key occurs exactly once in each version: matched before anything else."""
    counts_old = Counter(i for i, _ in exact)
    counts_new = Counter(j for _, j in exact)
    return {i: j for i, j in exact if counts_old[i] == 1 and counts_new[j] == 1}


def _fuzzy_pairs(
    old: Side, new: Side, exact: list[tuple[int, int]], anchors: Mapping[int, int]
) -> dict[tuple[int, int], float]:
    """For rules with no equal partner, the most similar rules among those not anchored.

    Sections are aligned first: a rule is compared with the free rules under its parent's
    counterpart, and one that finds a close match there (a reworded rule that stayed in its
    section, however renumbered) is not searched for in the whole version.
    """
    has_old = {i for i, _ in exact}
    has_new = {j for _, j in exact}
    anchored_new = set(anchors.values())
    free_old = [i for i in range(len(old.rules)) if i not in anchors]
    free_new = [j for j in range(len(new.rules)) if j not in anchored_new]
    pairs, settled_old, settled_new = _aligned_pairs(
        old, new, anchors, [i for i in free_old if i not in has_old], free_new
    )
    wanted_old = [i for i in free_old if i not in has_old and i not in settled_old]
    wanted_new = [j for j in free_new if j not in has_new and j not in settled_new]
    for i, j, sim in _nearest(old, new, wanted_old, free_new):
        pairs[(i, j)] = sim
    for j, i, sim in _nearest(new, old, wanted_new, free_old):
        pairs[(i, j)] = sim
    return pairs


def _aligned_pairs(
    old: Side, new: Side, anchors: Mapping[int, int], wanted: list[int], free_new: list[int]
) -> tuple[dict[tuple[int, int], float], set[int], set[int]]:
    """Candidates within aligned sections, and the old and new rules they settle.

    For each wanted old rule whose parent is anchored (or which is top level), the free new
    rules under the parent's counterpart are scored; the best few are candidates, and a best
    score of :data:`ALIGNED_ENOUGH` settles both rules (no search of the whole version).
    """
    under: dict[int, list[int]] = {}
    for j in free_new:
        under.setdefault(new.parent[j], []).append(j)
    pairs: dict[tuple[int, int], float] = {}
    settled_old: set[int] = set()
    settled_new: set[int] = set()
    for i in wanted:
        parent = old.parent[i]
        counterpart = -1 if parent == -1 else anchors.get(parent)
        local = under.get(counterpart, []) if counterpart is not None else []
        if not local or len(local) > ALIGNED_POOL:
            continue
        flat = old.flat[i]
        scored = sorted(((similarity(flat, new.flat[j]), j) for j in local), key=lambda s: (-s[0], s[1]))
        for sim, j in scored[:FUZZY_CANDIDATES]:
            if sim >= MIN_FUZZY_SIMILARITY:
                pairs[(i, j)] = sim
        if scored and scored[0][0] >= ALIGNED_ENOUGH:
            settled_old.add(i)
            settled_new.add(scored[0][1])
    return pairs, settled_old, settled_new


def _nearest(query: Side, other: Side, wanted: list[int], pool: list[int]) -> Iterable[tuple[int, int, float]]:
    """(query position, other position, similarity) for the closest rules of ``pool`` to each wanted rule.

    Candidates come from an inverted index of the pool's bigrams (the rarer bigrams first),
    so each wanted rule is compared with a short list, never with the whole version.
    """
    if not wanted or not pool:
        return []
    postings: dict[str, list[int]] = {}
    for j in pool:
        for gram in other.gram_set(j):
            postings.setdefault(gram, []).append(j)
    common = max(8, int(len(pool) * COMMON_GRAM_SHARE))
    found: list[tuple[int, int, float]] = []
    for i in wanted:
        grams = [g for g in query.gram_set(i) if g in postings]
        grams.sort(key=lambda g: (len(postings[g]), g))
        rare = [g for g in grams if len(postings[g]) <= common][:RARE_GRAMS] or grams[:RARE_GRAMS]
        hits: Counter[int] = Counter()
        for gram in rare:
            hits.update(postings[gram])
        shortlist = [j for j, _ in hits.most_common(FUZZY_CANDIDATES * 3)]  # ties in first-hit order
        flat = query.flat[i]
        scored = sorted(((similarity(flat, other.flat[j]), j) for j in shortlist), key=lambda s: (-s[0], s[1]))
        for sim, j in scored[:FUZZY_CANDIDATES]:
            if sim >= MIN_FUZZY_SIMILARITY:
                found.append((i, j, sim))
    return found


def _structural_pairs(
    old: Side, new: Side, mapping: Mapping[int, int], free_old: list[int], free_new: set[int]
) -> set[tuple[int, int]]:
    """Pairs the current mapping suggests among the rules not anchored.

    The same slot among mapped siblings, and the parent of mapped children.
    """
    pairs: set[tuple[int, int]] = set()
    for i in free_old:
        p = old.parent[i]
        if p != -1 and p not in mapping:
            continue
        new_parent = mapping[p] if p != -1 else -1
        siblings = new.children.get(new_parent, ())
        before, after = old.previous[i], old.following[i]
        if before == -1 and siblings:
            pairs.add((i, siblings[0]))
        elif before in mapping and new.parent[mapping[before]] == new_parent:
            slot = new.following[mapping[before]]
            if slot != -1:
                pairs.add((i, slot))
        if after == -1 and siblings:
            pairs.add((i, siblings[-1]))
        elif after in mapping and new.parent[mapping[after]] == new_parent:
            slot = new.previous[mapping[after]]
            if slot != -1:
                pairs.add((i, slot))
        for child in old.children.get(i, ()):
            if child in mapping and new.parent[mapping[child]] != -1:
                pairs.add((i, new.parent[mapping[child]]))
    return {(i, j) for i, j in pairs if j in free_new}


# --------------------------------------------------------------------------- scoring and assignment


def _score(old: Side, new: Side, i: int, j: int, sim: float, mapping: Mapping[int, int]) -> float:
    """Text similarity plus the structural prior of matching old rule ``i`` with new rule ``j``."""
    score = sim
    if old.rules[i].id == new.rules[j].id:
        score += WEIGHT_SAME_ID
    if linked(old.parent[i], new.parent[j], mapping):
        score += WEIGHT_PARENT
    if linked(old.previous[i], new.previous[j], mapping):
        score += WEIGHT_SIBLING
    if linked(old.following[i], new.following[j], mapping):
        score += WEIGHT_SIBLING
    old_children = old.children.get(i, ())
    new_children = new.children.get(j, ())
    if old_children or new_children:
        kept = set(new_children)
        shared = sum(1 for c in old_children if mapping.get(c, -2) in kept)
        score += WEIGHT_CHILDREN * 2 * shared / (len(old_children) + len(new_children))
    return score


def linked(a: int, b: int, mapping: Mapping[int, int]) -> bool:
    """Whether old position ``a`` and new position ``b`` correspond (both absent, or mapped)."""
    if a == -1 or b == -1:
        return a == b
    return mapping.get(a) == b


def _solve(edges: dict[tuple[int, int], int]) -> dict[int, int]:
    """The maximum-weight matching of the candidate graph, component by component."""
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in edges:
        a, b = find(("o", i)), find(("n", j))
        if a != b:
            parent[max(a, b)] = min(a, b)
    components: dict[tuple[str, int], dict[tuple[int, int], int]] = {}
    for (i, j), weight in sorted(edges.items()):
        components.setdefault(find(("o", i)), {})[(i, j)] = weight
    mapping: dict[int, int] = {}
    for component in components.values():
        if len(component) == 1:
            ((i, j),) = component
            mapping[i] = j
        else:
            mapping.update(max_weight_matching(component))
    return mapping


def max_weight_matching(edges: Mapping[tuple[int, int], int]) -> dict[int, int]:
    """A maximum-weight (not necessarily perfect) bipartite matching of positive integer weights.

    Successive shortest augmenting paths with Dijkstra on reduced costs (cost = −weight);
    augmentation stops when the cheapest path no longer lowers the cost, so the result has
    the largest total weight, whatever its size. Ties are broken by vertex order, so the
    result is deterministic.
    """
    lefts = sorted({i for i, _ in edges})
    rights = sorted({j for _, j in edges})
    left_index = {u: k for k, u in enumerate(lefts)}
    right_index = {v: k for k, v in enumerate(rights)}
    n_left, n_right = len(lefts), len(rights)
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n_left)]
    for (i, j), weight in sorted(edges.items()):
        adjacency[left_index[i]].append((right_index[j], -weight))
    # Nodes: 0 source, 1..L lefts, L+1..L+R rights, L+R+1 sink.
    source, sink = 0, n_left + n_right + 1
    potential = [0] * (sink + 1)
    for out in adjacency:
        for v, cost in out:
            node = n_left + 1 + v
            potential[node] = min(potential[node], cost)
    potential[sink] = min(potential[n_left + 1 : sink], default=0)
    match_left: list[int] = [-1] * n_left
    match_right: list[int] = [-1] * n_right
    while True:
        dist, previous = _dijkstra(adjacency, match_left, match_right, potential, n_left, n_right)
        limit = dist[sink]
        if limit is None or limit + potential[sink] - potential[source] >= 0:
            break  # no augmenting path, or none that still lowers the cost
        for node, d in enumerate(dist):
            potential[node] += min(d, limit) if d is not None else limit
        node = previous[sink]
        while node != source:
            v = node - n_left - 1
            u = previous[node] - 1
            match_right[v] = u
            match_left[u] = v
            node = previous[previous[node]]
    return {lefts[u]: rights[v] for u, v in enumerate(match_left) if v != -1}


def _dijkstra(
    adjacency: list[list[tuple[int, int]]],
    match_left: list[int],
    match_right: list[int],
    potential: list[int],
    n_left: int,
    n_right: int,
) -> tuple[list[int | None], list[int]]:
    """Shortest reduced distances from the source in the residual graph, and the path tree."""
    sink = n_left + n_right + 1
    dist: list[int | None] = [None] * (sink + 1)
    previous = [-1] * (sink + 1)
    dist[0] = 0
    heap: list[tuple[int, int]] = [(0, 0)]
    done = [False] * (sink + 1)

    def relax(node: int, to: int, cost: int, d: int) -> None:
        reduced = d + cost + potential[node] - potential[to]
        best = dist[to]
        if best is None or reduced < best:
            dist[to] = reduced
            previous[to] = node
            heapq.heappush(heap, (reduced, to))

    while heap:
        d, node = heapq.heappop(heap)
        if done[node]:
            continue
        done[node] = True
        if node == 0:
            for u in range(n_left):
                if match_left[u] == -1:
                    relax(0, u + 1, 0, d)
        elif node <= n_left:
            u = node - 1
            for v, cost in adjacency[u]:
                if match_left[u] != v:
                    relax(node, n_left + 1 + v, cost, d)
        elif node < sink:
            v = node - n_left - 1
            u = match_right[v]
            if u == -1:
                relax(node, sink, 0, d)
            else:
                back = next(cost for w, cost in adjacency[u] if w == v)
                relax(node, u + 1, -back, d)
    return dist, previous


def match_rules(old: Side, new: Side) -> dict[int, int]:
    """The best overall mapping of old positions to new positions.

    Rules printed identically, once in each version, are anchored first, then those whose
    key (normalised, reference numbers masked) occurs once among the rest; the others are
    assigned among their plausible candidates (equal keys, the most similar texts, the
    slots the structure suggests), scored with structural priors that depend on the
    mapping, so scoring and solving repeat until the mapping is stable.
    """
    identical = _anchors(_equal_pairs(old.raw, new.raw, range(len(old.rules)), range(len(new.rules))))
    taken = set(identical.values())
    rest_old = [i for i in range(len(old.rules)) if i not in identical]
    rest_new = [j for j in range(len(new.rules)) if j not in taken]
    exact = _equal_pairs(old.key, new.key, rest_old, rest_new)
    anchors = {**identical, **_anchors(exact)}
    anchored_new = set(anchors.values())
    free_old = [i for i in range(len(old.rules)) if i not in anchors]
    free_new = {j for j in range(len(new.rules)) if j not in anchored_new}
    exact_set = set(exact)
    sims: dict[tuple[int, int], float] = {p: 1.0 for p in exact if p[0] not in anchors and p[1] in free_new}
    text = set(sims)
    for pair, sim in _fuzzy_pairs(old, new, exact, anchors).items():
        sims.setdefault(pair, sim)
        text.add(pair)
    mapping = dict(anchors)
    solved: dict[int, int] = {}
    for _ in range(MAX_ROUNDS):
        pairs = text | _structural_pairs(old, new, mapping, free_old, free_new)
        edges: dict[tuple[int, int], int] = {}
        for i, j in sorted(pairs):
            if (i, j) not in sims:
                sims[(i, j)] = similarity(old.flat[i], new.flat[j])
            sim = sims[(i, j)]
            score = _score(old, new, i, j, sim, mapping)
            if (i, j) in exact_set or score >= ACCEPT_SCORE:
                edges[(i, j)] = round(score * _SCALE)
        result = _solve(edges)
        if result == solved:
            break
        solved = result
        mapping = {**anchors, **result}
    return mapping


# --------------------------------------------------------------------------- splits and merges


@dataclass(frozen=True, slots=True)
class Group:
    """A split (one old, several new) or merge (several old, one new) found after matching."""

    whole: int
    """Position of the single rule (old for a split, new for a merge)."""
    pieces: tuple[int, ...]
    """Positions of the pieces, in document order of their version."""
    similarity: float
    """Similarity of the concatenated pieces to the whole."""


def find_groups(
    whole_side: Side,
    piece_side: Side,
    mapping: Mapping[int, int],
    reverse: Mapping[int, int],
) -> list[Group]:
    """Rules of ``whole_side`` whose content is the concatenation of consecutive rules of ``piece_side``.

    A whole is a rule left unmatched or matched with changed wording. Its pieces are its
    match (if any) and rules of the other side left unmatched, each mostly contained in the
    whole, consecutive in document order, and where the whole would stand: next to its
    match, or between the counterparts of its nearest matched neighbours.
    """
    count = len(piece_side.rules)
    before, after = _neighbour_images(len(whole_side.rules), mapping, count)
    groups: list[Group] = []
    taken: set[int] = set()
    for w in range(len(whole_side.rules)):
        partner = mapping.get(w)
        if partner is None:
            low, high = before[w] + 1, after[w] - 1
        elif whole_side.raw[w] == piece_side.raw[partner] or whole_side.key[w] == piece_side.key[partner]:
            continue
        else:
            low, high = partner - MAX_PIECES + 1, partner + MAX_PIECES - 1
        contained = [
            k
            for k in range(max(low, 0), min(high, count - 1) + 1)
            if k == partner or (k not in reverse and k not in taken and _is_piece(piece_side, k, whole_side, w))
        ]
        if len(contained) < 2:
            continue  # a split or merge takes two rules at least
        best = _best_run(whole_side, piece_side, w, contained, partner)
        if best is not None:
            groups.append(best)
            taken.update(best.pieces)
    return groups


def _neighbour_images(count: int, mapping: Mapping[int, int], limit: int) -> tuple[list[int], list[int]]:
    """For each position, the counterpart of its nearest matched predecessor (-1) and successor (``limit``)."""
    before = [-1] * count
    after = [limit] * count
    last = -1
    for w in range(count):
        before[w] = last
        if w in mapping:
            last = mapping[w]
    last = limit
    for w in range(count - 1, -1, -1):
        after[w] = last
        if w in mapping:
            last = mapping[w]
    return before, after


def _is_piece(piece_side: Side, k: int, whole_side: Side, w: int) -> bool:
    """Whether rule ``k`` is mostly contained in rule ``w`` (a cheap set test first)."""
    piece = piece_side.gram_set(k)
    if not piece or len(piece & whole_side.gram_set(w)) < PIECE_CONTAINMENT * len(piece):
        return False
    return containment(piece_side.grams(k), whole_side.grams(w)) >= PIECE_CONTAINMENT


def _best_run(whole_side: Side, piece_side: Side, w: int, contained: list[int], partner: int | None) -> Group | None:
    """The run of consecutive contained pieces whose concatenation is most like the whole."""
    runs: list[list[int]] = []
    for k in contained:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    best: Group | None = None
    baseline = dice(whole_side.grams(w), piece_side.grams(partner)) if partner is not None else 0.0
    for run in runs:
        for start in range(len(run)):
            for stop in range(start + 2, min(len(run), start + MAX_PIECES) + 1):
                window = run[start:stop]
                if partner is not None and partner not in window:
                    continue
                joined = bigrams("".join(piece_side.flat[k] for k in window))
                sim = dice(whole_side.grams(w), joined)
                if sim >= PIECE_SIMILARITY and sim > baseline and (best is None or sim > best.similarity):
                    best = Group(w, tuple(window), sim)
    return best
