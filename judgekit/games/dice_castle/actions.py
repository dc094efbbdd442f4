"""Players' actions: playing a card through the waiting zone, entering the field, cost abilities, costs.

Each action is a rule function: in check-only mode it answers whether the action is legal; run for
real, an illegal action is recorded as a rejection citing the rule that forbids it, and nothing else
changes. Where the detailed rules say nothing about an attempt (the non-turn player playing a card,
a play in the battle phase, a cost that cannot be paid) the run stops with a rule gap instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import TypeVar

from judgekit.engine import DecisionRequest, Event, PickMode, ScriptedInput, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.dice_castle import processing, terms
from judgekit.games.dice_castle.cards import CardDef, Choose, Cost, DamageCastle, Effect, TargetSpec
from judgekit.games.dice_castle.format import Play, Use
from judgekit.games.dice_castle.game import BASE_UNIT_LIMIT, Ctx, DiceCastle, Pending, PendingKind
from judgekit.games.dice_castle.ids import (
    COST_USE,
    COUNTER,
    EMPTY_COST,
    EMPTY_EXTRA,
    EMPTY_IN,
    END,
    EVOLUTION,
    FIELD,
    IN_PLAY,
    KATIE,
    KING_RULES,
    MULTI_TARGET,
    OR,
    PLAY_RANGE,
    PLAY_START,
    SET,
    SINGLE_ALL,
    SUPPORT,
)
from judgekit.games.dice_castle.registry import rule

T = TypeVar("T")


def _payload(entry: ScriptedInput, kind: type[T]) -> T:
    p = entry.payload
    if not isinstance(p, kind):
        raise TypeError(f"{entry.where}: expected {kind.__name__}")
    return p


# --- costs ------------------------------------------------------------------------------------


def payments(have: Mapping[str, int], cost: Mapping[str, int], free_attribute: bool) -> list[dict[str, int]]:
    """Every way to pay ``cost`` from ``have``: each attribute's part with that attribute or 全 (``all``)
    energy, ``any`` with any; with ``free_attribute`` every part is ``any``. Sorted, without repeats."""
    need: dict[str, int] = {}
    for attr, n in cost.items():
        key = "any" if free_attribute else attr
        need[key] = need.get(key, 0) + n
    ways: list[dict[str, int]] = [{}]
    for attr in sorted(k for k in need if k != "any"):
        n = need[attr]
        grown: list[dict[str, int]] = []
        for way in ways:
            for from_all in range(n + 1):
                spend = dict(way)
                spend[attr] = spend.get(attr, 0) + n - from_all
                spend["all"] = spend.get("all", 0) + from_all
                if all(spend.get(k, 0) <= have.get(k, 0) for k in spend):
                    grown.append({k: v for k, v in spend.items() if v})
        ways = grown
    n_any = need.get("any", 0)
    if n_any:
        grown = []
        for way in ways:
            left = {k: have.get(k, 0) - way.get(k, 0) for k in have}
            attrs = sorted(k for k, v in left.items() if v > 0)
            for split in product(*(range(left[a] + 1) for a in attrs)):
                if sum(split) == n_any:
                    spend = dict(way)
                    for a, s in zip(attrs, split, strict=True):
                        spend[a] = spend.get(a, 0) + s
                    grown.append({k: v for k, v in spend.items() if v})
        ways = grown
    unique = {tuple(sorted(w.items())): w for w in ways}
    return [unique[k] for k in sorted(unique)]


def _way_label(way: Mapping[str, int]) -> str:
    return ",".join(f"{k}:{v}" for k, v in sorted(way.items())) or "nothing"


def free_attribute(g: DiceCastle, pid: str, counter: bool) -> bool:
    """Whether ``pid``'s counters ignore attribute requirements (Trap King Katie)."""
    return counter and any(s.kind == "counter_attribute_free" and who == pid for s, who, _ in g.statics())


def can_pay(g: DiceCastle, pid: str, energy: Mapping[str, int], counter: bool = False) -> bool:
    """Whether ``pid`` can pay ``energy``."""
    if not any(energy.values()):
        return True
    return bool(payments(g.energy(pid), energy, free_attribute(g, pid, counter)))


@rule(COST_USE[1], KATIE[1], KATIE[2], role=RuleRole.TERM)
def pay_energy(
    g: DiceCastle, pid: str, energy: Mapping[str, int], label: str, counter: bool = False, *, silent: bool = False
) -> dict[str, int]:
    """Pay an energy cost (as the scenario's basics say costs are paid); a decision when there are several ways."""
    if not any(energy.values()):
        return {}
    free = free_attribute(g, pid, counter)
    ways = payments(g.energy(pid), energy, free)
    if silent:
        return ways[0] if ways else {}
    g.assume(
        "cost_payment",
        [COST_USE[1]],
        "the page speaks of costs and of dice with attributes but not of how energy pays a cost",
    )
    if not ways:
        raise g.ambiguity(
            [COST_USE[1]],
            f"{g.name(pid)} cannot pay {_way_label(energy)} for {label} with {_way_label(g.energy(pid))}; the page "
            "does not say what becomes of an attempt to play or use something whose cost cannot be paid",
        )
    way = ways[0]
    if len(ways) > 1:
        labels = {_way_label(w): w for w in ways}
        way = labels[
            g.ask(
                DecisionRequest(
                    "pay", pid, tuple(labels), COST_USE[1], f"{g.name(pid)} chooses the energy that pays for {label}"
                )
            )[0]
        ]
    for attr, n in way.items():
        terms.add_energy(g, pid, attr, -n)
    g.record(
        StepKind.RULE,
        pid,
        f"{g.name(pid)} pays {_way_label(way)} energy for {label}"
        + (" (Trap King Katie: the counter's attribute requirement is ignored)" if free else ""),
        [KATIE[1], KATIE[2]] if free else [],
    )
    return way


@rule(EMPTY_COST[2], COST_USE[1], role=RuleRole.TERM)
def pay_cost(g: DiceCastle, pid: str, cost: Cost, source: str, label: str, *, silent: bool = False) -> bool:
    """Pay a cost ability's cost: energy, and テイク (a unit of one's own from the field to the discard)."""
    if silent:
        return can_pay(g, pid, cost.energy)
    pay_energy(g, pid, cost.energy, label)
    if cost.take is not None:
        unit = source
        if cost.take == "own.unit":
            options = g.options(g.units(pid))
            unit = options[
                g.ask(
                    DecisionRequest("take", pid, tuple(options), COST_USE[1], f"{g.name(pid)} chooses the unit to take")
                )[0]
            ]
        out = any(a.timing == "out" for a in g.definition(unit).abilities)
        terms.to_discard(
            g,
            [unit],
            f"{cost.name or 'テイク'}, the cost of {label}",
            [EMPTY_COST[2]] if out else [],
            False,
        )
    return True


# --- playing ----------------------------------------------------------------------------------


def _available(g: DiceCastle, pid: str, spec: TargetSpec) -> list[str]:
    sides = {"own": [pid], "opponent": [g.opponent(pid)], "any": list(g.state.players)}[spec.whose]
    if spec.what == "unit":
        return [u for s in sides for u in g.units(s)]
    if spec.what == "magic":
        return [m for s in sides for m in g.zone(s, "magic")]
    return [g.king(s) for s in sides]


def _target_problem(g: DiceCastle, pid: str, d: CardDef) -> tuple[str, str] | None:
    required = [t for t in d.targets if not t.additional]
    empty = [t for t in required if not _available(g, pid, t)]
    if not empty:
        return None
    spec = empty[0]
    what = f"{spec.whose} {spec.what}"
    if d.joined:
        return MULTI_TARGET[1], f"its targets are joined by と and there is no {what} to choose"
    if spec.count > 1:
        return MULTI_TARGET[4], f"it needs at least one {what} and there is none"
    return SINGLE_ALL[1], f"it has no {what} to target"


def _choose_targets(g: DiceCastle, pid: str, d: CardDef) -> tuple[list[str], list[str]]:
    chosen: list[str] = []
    cites: list[str] = []
    for spec in d.targets:
        found = _available(g, pid, spec)
        if spec.what == "castle" or spec.all:
            chosen += found
            continue
        if len(found) < spec.count:
            cites += [MULTI_TARGET[3], MULTI_TARGET[4]] if found else [EMPTY_EXTRA[2]]
            chosen += found
            continue
        if len(found) == spec.count:
            chosen += found
            continue
        options = g.unit_options(found) if spec.what == "unit" else g.options(found)
        choice = g.ask(
            DecisionRequest(
                "target",
                pid,
                tuple(options),
                MULTI_TARGET[3],
                f"{g.name(pid)} chooses {spec.count} {spec.whose} {spec.what}(s) for {d.name}",
                PickMode.SOME,
                spec.count,
                spec.count,
            )
        )
        chosen += [options[c] for c in choice]
    if d.joined:
        cites.insert(0, MULTI_TARGET[1])
    return chosen, cites


def _in_would_do_nothing(g: DiceCastle, pid: str, iid: str, d: CardDef) -> bool:
    ins = [a for a in d.abilities if a.timing == "in"]
    if not ins:
        return False
    ctx = Ctx(pid, iid, d.name)
    return not all(terms.can_do(g, ctx, a.effects) for a in ins)


def _top_choice(effects: Sequence[Effect]) -> Choose | None:
    return next((op for op in effects if isinstance(op, Choose)), None)


@rule(
    PLAY_RANGE[1],
    SET[1],
    KING_RULES[1],
    KING_RULES[2],
    KING_RULES[3],
    KING_RULES[4],
    KING_RULES[6],
    FIELD[2],
    MULTI_TARGET[1],
    MULTI_TARGET[2],
    MULTI_TARGET[3],
    MULTI_TARGET[4],
    SINGLE_ALL[1],
    OR[1],
    IN_PLAY[1],
    IN_PLAY[2],
    IN_PLAY[3],
    IN_PLAY[4],
    COUNTER[1],
    COUNTER[4],
    SUPPORT[5],
    SUPPORT[6],
    EMPTY_IN[1],
    EMPTY_EXTRA[2],
    role=RuleRole.ACTION,
)
def play(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """Play a card from the hand: it waits in the waiting zone for 'played' counters, then enters the field or
    (a normal magic) resolves and goes to the discard. A counter is set face down instead."""
    act = _payload(entry, Play)
    pid = g.actor(entry)
    tp = g.state.turn_player
    if pid != tp:
        raise g.ambiguity(
            [PLAY_RANGE[1], SET[1]],
            f"{g.name(pid)} is not the turn player: the page does not say whether the non-turn player plays cards",
        )
    if g.state.phase != "set":
        raise g.ambiguity(
            [SET[1], PLAY_RANGE[1]],
            f"a play in the {g.state.phase} phase: the page forbids plays only in the end phase and does not say "
            "in which other phases cards are played",
        )
    card = g.options(g.zone(pid, "hand")).get(act.card) if act.source == "hand" else None
    problem: IllegalActionError | None = None
    also: tuple[str, ...] = ()
    if card is None:
        where = "hand" if act.source == "hand" else act.source
        problem = IllegalActionError(
            "play",
            PLAY_RANGE[1],
            f"only cards in one's own hand are played; {act.card!r} "
            f"is not in {g.name(pid)}'s hand" + (f" but in the {where}" if where != "hand" else ""),
        )
    else:
        d = g.definition(card)
        if d.type == "king":
            raise g.ambiguity([PLAY_RANGE[1]], f"{d.name} is a king card; the page does not say how kings are played")
        if d.type == "unit" and len(g.units(pid)) >= g.unit_limit(pid):
            changers = g.rule_changers("unit_limit", g.opponent(pid))
            problem = IllegalActionError(
                "play",
                KING_RULES[2],
                f"{g.name(pid)}'s unit zone holds {g.unit_limit(pid)} units and is full",
            )
            if changers and not g.rule_changers("unit_limit", pid):
                also = (KING_RULES[1], KING_RULES[3])
        elif d.type == "magic" and d.magic in ("field", "counter"):
            limit = g.assume("magic_limit", [FIELD[2]], "the page names the magic zone but gives no limit")
            assert isinstance(limit, int)
            if len(g.zone(pid, "magic")) >= limit:
                problem = IllegalActionError("play", FIELD[2], f"{g.name(pid)}'s magic zone holds {limit} cards")
        if problem is None:
            bad = _target_problem(g, pid, d)
            if bad is not None:
                problem = IllegalActionError("play", bad[0], f"{d.name}: {bad[1]}")
                if bad[0] == MULTI_TARGET[1]:
                    also = (MULTI_TARGET[2],)
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, also)
        return False
    assert card is not None
    return play_card(g, pid, card, entry.index)


@rule(
    IN_PLAY[1],
    IN_PLAY[2],
    IN_PLAY[3],
    IN_PLAY[4],
    OR[1],
    MULTI_TARGET[1],
    MULTI_TARGET[3],
    MULTI_TARGET[4],
    KING_RULES[1],
    KING_RULES[2],
    KING_RULES[3],
    KING_RULES[4],
    KING_RULES[6],
    COUNTER[1],
    COUNTER[4],
    SUPPORT[5],
    SUPPORT[6],
    EMPTY_IN[1],
    EMPTY_EXTRA[2],
    role=RuleRole.PROCEDURE,
)
def play_card(
    g: DiceCastle,
    pid: str,
    card: str,
    index: int | None,
    by_effect: str = "",
    free: bool = False,
    *,
    silent: bool = False,
) -> bool:
    """A card is played: it waits in the waiting zone for 'played' counters, then enters the field or (a normal
    magic) resolves and goes to the discard; a counter is set instead. ``by_effect`` names the effect that plays
    it from the support castle (the play is then part of that effect: no win check, nothing else resolves)."""
    if silent:
        return True
    d = g.definition(card)
    g.timings = []
    g.countered = []
    g.last_negated = None
    if d.magic == "counter":
        return set_counter(g, pid, card, index)
    choice: int | None = None
    cites = [IN_PLAY[1], IN_PLAY[2]]
    picked = _top_choice(d.effects)
    if picked is not None:
        labels = tuple(str(i + 1) for i in range(len(picked.options)))
        choice = (
            int(
                g.ask(
                    DecisionRequest("mode", pid, labels, OR[1], f"{g.name(pid)} chooses which alternative of {d.name}")
                )[0]
            )
            - 1
        )
        cites.append(OR[1])
    targets, target_cites = _choose_targets(g, pid, d)
    cites += target_cites
    if d.type == "unit" and len(g.units(pid)) >= BASE_UNIT_LIMIT:
        changers = g.rule_changers("unit_limit", pid)
        cites += [
            KING_RULES[1],
            KING_RULES[2],
            KING_RULES[4] if any(s.players == "all" for s, _, _ in changers) else KING_RULES[3],
        ]
    if d.type == "unit" and _in_would_do_nothing(g, pid, card, d):
        cites.append(EMPTY_IN[1])
    cost = {k: d.cost.get(k, 0) + d.extra_cost.get(k, 0) for k in sorted({*d.cost, *d.extra_cost})}
    if d.type == "magic":
        changers = g.rule_changers("magic_cost", pid)
        if changers:
            cost["any"] = cost.get("any", 0) + sum(s.by for s, _, _ in changers)
            g.record(
                StepKind.RULE,
                "rules",
                f"{d.name} costs {sum(s.by for s, _, _ in changers):+d} by "
                f"{', '.join(g.card(i).name for _, _, i in changers)}",
                [KING_RULES[6]] if any(s.players == "all" for s, _, _ in changers) else [KING_RULES[3]],
            )
    if free:
        cost = {}
    pay_energy(g, pid, cost, d.name)
    optional = False
    if d.optional_cost and can_pay(g, pid, d.optional_cost):
        optional = (
            g.ask(
                DecisionRequest(
                    "optional",
                    pid,
                    ("yes", "no"),
                    IN_PLAY[4],
                    f"{g.name(pid)} chooses whether to pay the optional cost",
                )
            )[0]
            == "yes"
        )
        if optional:
            pay_energy(g, pid, d.optional_cost, f"{d.name}'s optional cost")
    from_support = g.where(card)[1] == "support"
    g.move(card, "waiting", face_down=False)
    shown = [f"{g.name(g.card(t).owner)}'s castle" if g.where(t)[1] == "king" else g.label(t) for t in targets]
    chosen = f" targeting {', '.join(shown)}" if targets else ""
    how = f" from the support castle by {by_effect}" if by_effect else ""
    g.record(
        StepKind.ACTION if not by_effect else StepKind.EFFECT,
        pid,
        f"{g.name(pid)} plays {d.name}{how}{chosen}: it waits in the waiting zone (neither in the hand nor on the "
        "field)",
        cites + ([SUPPORT[5]] if by_effect else []),
        play=index,
    )
    nested = bool(by_effect)
    walls = {p: g.walls(p) for p in g.state.players}
    g.happened.append(Event("played", pid, card))
    processing.checkpoint(g, check=not nested)
    processing.settle(g, counters_only=True, check=not nested)
    if card in g.negated:
        g.negated.discard(card)
        g.last_negated = card
        back = "support" if from_support else "discard"
        g.move(card, zone_id(g.card(card).owner, back))
        g.record(
            StepKind.RULE,
            "rules",
            f"the play of {d.name} was negated: it goes from the waiting zone to the {back}",
            [IN_PLAY[4]] + ([SUPPORT[6]] if from_support else []),
        )
        if not nested:
            processing.settle(g)
        return True
    gained = [p for p in g.state.players if g.walls(p) > walls[p]]
    if gained and any(isinstance(op, DamageCastle) for op in d.effects):
        g.record(
            StepKind.RULE,
            "rules",
            f"the counters resolved first: {', '.join(g.name(p) for p in gained)} gained walls before {d.name} deals "
            "its damage",
            [COUNTER[1], COUNTER[4]],
        )
    if d.type == "unit" or d.magic == "field":
        enter(g, card, pid, played=True, from_support=from_support, optional=optional)
    else:
        ctx = Ctx(pid, card, d.name, Event("played", pid, card), tuple(targets), choice)
        terms.run(g, ctx, d.effects)
        back = "support" if from_support else "discard"
        g.move(card, zone_id(g.card(card).owner, back))
        g.record(
            StepKind.RULE,
            "rules",
            f"{d.name} has resolved: it goes from the waiting zone to the {back}",
            [IN_PLAY[3]] + ([SUPPORT[6]] if from_support else []),
        )
    if not nested:
        processing.settle(g)
    return True


@rule(FIELD[4], FIELD[5], IN_PLAY[4], role=RuleRole.PROCEDURE)
def enter(
    g: DiceCastle,
    iid: str,
    pid: str,
    played: bool,
    from_support: bool = False,
    optional: bool = False,
    *,
    silent: bool = False,
) -> bool:
    """A card enters its controller's field: its IN abilities activate at that moment, and 'enters' counters may
    answer it."""
    if silent:
        return True
    zone = terms.to_field_zone(g, iid)
    g.move(iid, zone_id(pid, zone), face_down=g.definition(iid).magic == "counter")
    if from_support:
        g.from_support.add(iid)
    d = g.definition(iid)
    g.record(
        StepKind.RULE,
        "rules",
        f"{d.name} enters {g.name(pid)}'s {'unit' if zone == 'units' else 'magic'} zone",
        [FIELD[4], FIELD[5]] + ([IN_PLAY[4]] if played else []),
    )
    g.happened.append(Event("enters", pid, iid))
    processing.activate_timing(g, iid, "in", pid)
    if optional and d.optional_effects:
        g.pending.append(
            Pending(
                g.new_key(),
                PendingKind.TIMING,
                pid,
                iid,
                f"{g.card(iid).key}/optional",
                f"{d.name}'s optional-cost effect",
                d.optional_effects,
                Event("enters", pid, iid),
            )
        )
    return True


@rule(FIELD[2], KATIE[1], KATIE[2], role=RuleRole.ACTION)
def set_counter(g: DiceCastle, pid: str, card: str, index: int | None, *, silent: bool = False) -> bool:
    """A counter is played face down into the magic zone, with a die on it showing the number paid."""
    if silent:
        return True
    d = g.definition(card)
    g.assume(
        "counter_set",
        [KATIE[1], FIELD[2]],
        "the page speaks of counters set face down with a die on them (トラップキングケイティ) but not of how they are "
        "played or paid",
    )
    free = free_attribute(g, pid, True)
    paid = pay_energy(g, pid, d.cost, d.name, counter=True)
    g.move(card, zone_id(pid, "magic"), face_down=True)
    number = sum(paid.values())
    g.set_number(card, "die", number)
    attrs = sorted(k for k in paid if k != "any")
    if not free and len(attrs) == 1:
        g.set_marker(card, f"die:{attrs[0]}", 1)
    g.record(
        StepKind.ACTION,
        pid,
        f"{g.name(pid)} plays {d.name} face down into the magic zone with a die showing {number}"
        + (": under Trap King Katie only the number has to be known, not the attribute" if free else ""),
        [KATIE[1], KATIE[2]] if free else [],
        play=index,
    )
    return True


# --- cost abilities ---------------------------------------------------------------------------


@rule(COST_USE[1], EMPTY_COST[1], EMPTY_COST[2], END[1], EVOLUTION[6], SET[1], role=RuleRole.ACTION)
def use(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """Use a cost ability of a card on one's own field, even with nothing to act on."""
    act = _payload(entry, Use)
    pid = g.actor(entry)
    if pid != g.state.turn_player:
        raise g.ambiguity(
            [COST_USE[1]], "the page does not say whether the non-turn player uses cost abilities, nor when"
        )
    if g.state.phase != "set":
        raise g.ambiguity(
            [COST_USE[1], SET[1]],
            f"a cost ability in the {g.state.phase} phase: the page forbids them only in the end phase and while "
            "effects are unresolved, and does not say in which phases they are used",
        )
    owner = act.owner or pid
    on_field = [g.king(owner), *g.units(owner), *[m for m in g.zone(owner, "magic") if not g.card(m).face_down]]
    card = g.options(on_field).get(act.card)
    ability = None
    if card is not None:
        ability = next((a for a in g.definition(card).abilities if a.name == act.ability and a.cost), None)
    problem: IllegalActionError | None = None
    under = [i for i in g.zone(owner, "king")[1:] if g.card(i).key == act.card]
    lost = any(a.name == act.ability for a in g.definition(g.original_king(owner)).abilities)
    if (card is None and under) or (card == g.king(owner) and ability is None and under == [] and lost):
        problem = IllegalActionError(
            "use",
            EVOLUTION[6],
            f"the king has evolved: {act.ability!r} is an ability of the king before evolution and can no longer be "
            "used",
        )
    elif card is None:
        problem = IllegalActionError(
            "use",
            COST_USE[1],
            f"only cost abilities of cards on one's own field are used; {act.card!r} is not on {g.name(owner)}'s field",
        )
    elif owner != pid:
        problem = IllegalActionError(
            "use", COST_USE[1], f"{g.card(card).name} is on {g.name(owner)}'s field, not {g.name(pid)}'s"
        )
    elif ability is None or ability.cost is None:
        problem = IllegalActionError("use", COST_USE[1], f"{g.card(card).name} has no cost ability {act.ability!r}")
    elif ability.once_per_turn and g.state.flag(pid, f"{g.card(card).key}/{ability.name}"):
        problem = IllegalActionError("use", END[1], f"{ability.name} is once a turn (ターン1) and has been used")
    elif not can_pay(g, pid, ability.cost.energy):
        raise g.ambiguity(
            [COST_USE[1]], "the cost cannot be paid; the page does not say what becomes of such an attempt"
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None and ability is not None and ability.cost is not None
    c = g.card(card)
    ctx = Ctx(pid, card, ability.name)
    empty = not terms.can_do(g, ctx, ability.effects)
    if ability.once_per_turn:
        g.set_flag(pid, f"{c.key}/{ability.name}", 1)
    g.record(
        StepKind.ACTION,
        pid,
        f"{g.name(pid)} uses {c.name}'s cost ability {ability.name}"
        + (" although it has nothing to act on" if empty else ""),
        [COST_USE[1]] + ([EMPTY_COST[1]] if empty else []),
        play=entry.index,
    )
    label = f"{c.name}'s cost ability {ability.name}"
    pay_cost(g, pid, ability.cost, card, label)
    item = Pending(
        g.new_key(), PendingKind.COST, pid, card, f"{c.key}/{ability.name}", label, ability.effects, None, ability
    )
    g.pending.append(item)
    g.happened.append(Event("cost_ability", pid, card, source=item.key))
    processing.settle(g)
    return True


# --- attempts the rules forbid at that moment -------------------------------------------------


@rule(PLAY_START[1], PLAY_START[2], PLAY_START[3], role=RuleRole.ACTION)
def while_unresolved(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """Nothing new is started while an effect is unresolved: no play, no cost ability, no attack declaration."""
    if silent:
        return False
    rid = PLAY_START[1] if entry.name == "play" else PLAY_START[2]
    waiting = ", ".join(p.label for p in g.pending)
    g.reject(
        entry,
        IllegalActionError(entry.name, rid, f"effects are unresolved ({waiting}); they are dealt with first"),
        (PLAY_START[3],),
    )
    return False


@rule(END[2], role=RuleRole.ACTION)
def in_end_phase(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """In the end phase no card is played, no cost ability used, no counter activated."""
    if silent:
        return False
    g.reject(entry, IllegalActionError(entry.name, END[2], "nothing is played, used or activated in the end phase"))
    return False
