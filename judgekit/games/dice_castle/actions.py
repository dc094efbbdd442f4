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
from judgekit.games.dice_castle.game import (
    BASE_UNIT_LIMIT,
    PHASE_NAMES,
    ZONE_WORDS,
    Ctx,
    DiceCastle,
    Pending,
    PendingKind,
)
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
from judgekit.message import Message, Sentence, msg

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
    g: DiceCastle, pid: str, energy: Mapping[str, int], label: Sentence, counter: bool = False, *, silent: bool = False
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
        msg("dice.gap.cost_payment"),
    )
    if not ways:
        raise g.ambiguity(
            [COST_USE[1]],
            msg(
                "dice.gap.cannot_pay",
                player=g.name(pid),
                cost=_way_label(energy),
                what=label,
                energy=_way_label(g.energy(pid)),
            ),
        )
    way = ways[0]
    if len(ways) > 1:
        labels = {_way_label(w): w for w in ways}
        way = labels[
            g.ask(
                DecisionRequest(
                    "pay", pid, tuple(labels), COST_USE[1], msg("dice.pay.choose", player=g.name(pid), what=label)
                )
            )[0]
        ]
    for attr, n in way.items():
        terms.add_energy(g, pid, attr, -n)
    pays = msg("dice.pay.pays", player=g.name(pid), energy=_way_label(way), what=label)
    g.record(
        StepKind.RULE, pid, msg("dice.pay.katie", pays=pays) if free else pays, [KATIE[1], KATIE[2]] if free else []
    )
    return way


@rule(EMPTY_COST[2], COST_USE[1], role=RuleRole.TERM)
def pay_cost(g: DiceCastle, pid: str, cost: Cost, source: str, label: Sentence, *, silent: bool = False) -> bool:
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
                    DecisionRequest(
                        "take", pid, tuple(options), COST_USE[1], msg("dice.take.choose", player=g.name(pid))
                    )
                )[0]
            ]
        out = any(a.timing == "out" for a in g.definition(unit).abilities)
        terms.to_discard(
            g,
            [unit],
            msg("dice.why.take", cost=cost.name or "テイク", ability=label),
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


def _target_problem(g: DiceCastle, pid: str, d: CardDef) -> tuple[str, Message] | None:
    required = [t for t in d.targets if not t.additional]
    empty = [t for t in required if not _available(g, pid, t)]
    if not empty:
        return None
    spec = empty[0]
    what = _what(spec)
    if d.joined:
        return MULTI_TARGET[1], msg("dice.target.joined", what=what)
    if spec.count > 1:
        return MULTI_TARGET[4], msg("dice.target.none_of_several", what=what)
    return SINGLE_ALL[1], msg("dice.target.none", what=what)


WHOSE: dict[str, Message] = {
    "own": msg("dice.whose.own"),
    "opponent": msg("dice.whose.opponent"),
    "any": msg("dice.whose.any"),
}
"""Whose cards a target is, for sentences."""

WHAT: dict[str, Message] = {
    "unit": msg("dice.what.unit"),
    "magic": msg("dice.what.magic"),
    "castle": msg("dice.what.castle"),
}
"""What a target is, for sentences."""


def _what(spec: TargetSpec) -> Message:
    """A target's kind for sentences (``opponent unit``)."""
    return msg("dice.target.kind", whose=WHOSE[spec.whose], what=WHAT[spec.what])


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
                msg("dice.target.choose", player=g.name(pid), n=spec.count, what=_what(spec), card=d.name),
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
            msg("dice.gap.non_turn_player_plays", player=g.name(pid)),
        )
    if g.state.phase != "set":
        raise g.ambiguity([SET[1], PLAY_RANGE[1]], msg("dice.gap.play_phase", phase=PHASE_NAMES[g.state.phase]))
    card = g.options(g.zone(pid, "hand")).get(act.card) if act.source == "hand" else None
    problem: IllegalActionError | None = None
    also: tuple[str, ...] = ()
    if card is None:
        problem = IllegalActionError(
            "play",
            PLAY_RANGE[1],
            msg("dice.play.not_in_hand", key=repr(act.card), player=g.name(pid))
            if act.source == "hand"
            else msg("dice.play.elsewhere", key=repr(act.card), player=g.name(pid), zone=ZONE_WORDS[act.source]),
        )
    else:
        d = g.definition(card)
        if d.type == "king":
            raise g.ambiguity([PLAY_RANGE[1]], msg("dice.gap.king_played", card=d.name))
        if d.type == "unit" and len(g.units(pid)) >= g.unit_limit(pid):
            changers = g.rule_changers("unit_limit", g.opponent(pid))
            problem = IllegalActionError(
                "play",
                KING_RULES[2],
                msg("dice.play.units_full", player=g.name(pid), n=g.unit_limit(pid)),
            )
            if changers and not g.rule_changers("unit_limit", pid):
                also = (KING_RULES[1], KING_RULES[3])
        elif d.type == "magic" and d.magic in ("field", "counter"):
            limit = g.assume("magic_limit", [FIELD[2]], msg("dice.gap.magic_limit"))
            assert isinstance(limit, int)
            if len(g.zone(pid, "magic")) >= limit:
                problem = IllegalActionError("play", FIELD[2], msg("dice.play.magic_full", player=g.name(pid), n=limit))
        if problem is None:
            bad = _target_problem(g, pid, d)
            if bad is not None:
                problem = IllegalActionError("play", bad[0], msg("dice.play.card_says", card=d.name, why=bad[1]))
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
    by_effect: Sentence = "",
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
                    DecisionRequest(
                        "mode", pid, labels, OR[1], msg("dice.play.alternative", player=g.name(pid), card=d.name)
                    )
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
                msg(
                    "dice.play.cost_changed",
                    card=d.name,
                    change=f"{sum(s.by for s, _, _ in changers):+d}",
                    by=tuple(g.card(i).name for _, _, i in changers),
                ),
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
                    msg("dice.play.optional_prompt", player=g.name(pid)),
                )
            )[0]
            == "yes"
        )
        if optional:
            pay_energy(g, pid, d.optional_cost, msg("dice.play.optional_cost", card=d.name))
    from_support = g.where(card)[1] == "support"
    g.move(card, "waiting", face_down=False)
    shown = tuple(
        msg("dice.castle_of", player=g.name(g.card(t).owner)) if g.where(t)[1] == "king" else g.cref(t) for t in targets
    )
    chosen: Sentence = msg("dice.play.targeting", targets=shown) if targets else ""
    how: Sentence = msg("dice.play.by_effect", effect=by_effect) if by_effect else ""
    g.record(
        StepKind.ACTION if not by_effect else StepKind.EFFECT,
        pid,
        msg("dice.play.plays", player=g.name(pid), card=d.name, how=how, targeting=chosen),
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
            msg("dice.play.negated", card=d.name, zone=ZONE_WORDS[back]),
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
            msg("dice.play.walls_first", players=tuple(g.name(p) for p in gained), card=d.name),
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
            msg("dice.play.resolved", card=d.name, zone=ZONE_WORDS[back]),
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
        msg("dice.enter", card=d.name, zone=g.zref(zone_id(pid, zone))),
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
                msg("dice.ability.optional", card=d.name),
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
        msg("dice.gap.counter_set"),
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
        msg("dice.counter.set_katie", player=g.name(pid), card=d.name, number=number)
        if free
        else msg("dice.counter.set", player=g.name(pid), card=d.name, number=number),
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
        raise g.ambiguity([COST_USE[1]], msg("dice.gap.non_turn_player_uses"))
    if g.state.phase != "set":
        raise g.ambiguity([COST_USE[1], SET[1]], msg("dice.gap.use_phase", phase=PHASE_NAMES[g.state.phase]))
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
            msg("dice.use.evolved", ability=repr(act.ability)),
        )
    elif card is None:
        problem = IllegalActionError(
            "use", COST_USE[1], msg("dice.use.not_on_field", key=repr(act.card), player=g.name(owner))
        )
    elif owner != pid:
        problem = IllegalActionError(
            "use", COST_USE[1], msg("dice.use.not_own", card=g.card(card).name, owner=g.name(owner), player=g.name(pid))
        )
    elif ability is None or ability.cost is None:
        problem = IllegalActionError(
            "use", COST_USE[1], msg("dice.use.no_ability", card=g.card(card).name, ability=repr(act.ability))
        )
    elif ability.once_per_turn and g.state.flag(pid, f"{g.card(card).key}/{ability.name}"):
        problem = IllegalActionError("use", END[1], msg("dice.use.once", ability=ability.name))
    elif not can_pay(g, pid, ability.cost.energy):
        raise g.ambiguity([COST_USE[1]], msg("dice.gap.cost_unpayable"))
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
        msg("dice.use.uses_empty", player=g.name(pid), card=c.name, ability=ability.name)
        if empty
        else msg("dice.use.uses", player=g.name(pid), card=c.name, ability=ability.name),
        [COST_USE[1]] + ([EMPTY_COST[1]] if empty else []),
        play=entry.index,
    )
    label = msg("dice.ability.cost", card=c.name, name=ability.name)
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
    waiting = tuple(p.label for p in g.pending)
    g.reject(
        entry,
        IllegalActionError(entry.name, rid, msg("dice.unresolved.first", effects=waiting)),
        (PLAY_START[3],),
    )
    return False


@rule(END[2], role=RuleRole.ACTION)
def in_end_phase(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """In the end phase no card is played, no cost ability used, no counter activated."""
    if silent:
        return False
    g.reject(entry, IllegalActionError(entry.name, END[2], msg("dice.end.nothing")))
    return False
