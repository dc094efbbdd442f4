"""Auto abilities (11.8): triggering, the order they go on the stack, what they choose; EX BURST (11.10);
the objects on the stack and what they chose.

An auto ability triggers when its event happens (11.8.1, 11.8.6) and waits, doing nothing (11.8.7),
until a player would receive priority; then the turn player's go on the stack in the order that
player chooses, then the non-turn player's (11.8.7, in :mod:`~judgekit.games.fftcg.priority`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judgekit.engine import Card, DecisionRequest, DelayedTrigger, Event, PickMode, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.fftcg import continuous
from judgekit.games.fftcg.cards import (
    Ability,
    CardDef,
    Choose,
    Distribute,
    Effect,
    Mode,
    ModePick,
    Must,
    SelfReplace,
    Variable,
)
from judgekit.games.fftcg.game import CHARACTER_TYPES, Ctx, DelayedAuto, Fftcg, PendingAuto
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import count, quoted
from judgekit.message import Message, msg

CARD_EVENTS: frozenset[str] = frozenset(
    {"enters_field", "leaves_field", "put_in_break_zone", "broken", "attacks", "blocks", "is_blocked", "summon_cast"}
)
"""Events about a card (``Event.subject``)."""

DEALT_EVENTS: frozenset[str] = frozenset({"deals_damage_to_player", "deals_damage_to_forward"})
"""Events about the card that dealt damage (``Event.source``)."""


@dataclass(frozen=True, slots=True)
class DeclaredMode:
    """One declared mode of an object on the stack, with its own choices (11.3.4, 11.6.6, 11.7.6, 11.8.10)."""

    name: str
    """The mode's name."""
    effects: tuple[object, ...]
    """Its effects."""
    specs: int
    """How many of the object's ``choose`` entries (the next ones, in declaration order) are its own."""


@dataclass(frozen=True, slots=True)
class OnStack:
    """What an object on the stack does and what was fixed when it was put there."""

    effects: tuple[object, ...]
    """Its effects."""
    choose: tuple[Choose, ...]
    """What it chose (the specs)."""
    chosen_since: tuple[tuple[tuple[str, int], ...], ...]
    """For each spec: the chosen cards with the timestamp they had, to tell a card that left and came back
    (a new card, 7.4) from the one chosen."""
    chosen_players: tuple[str, ...] = ()
    """Players it chose."""
    event: Event | None = None
    """For an auto ability: the event it triggered on."""
    ability: Ability | None = None
    """The ability (None for a summon)."""
    replaces: tuple[SelfReplace, ...] = ()
    """Its self-replacement effects (11.12.5.6)."""
    source_since: int = 0
    """The timestamp its source had when it was put on the stack (to tell that the source left its zone)."""
    about: tuple[tuple[str, int], ...] = ()
    """A delayed auto ability: the cards it affects, with their timestamps when it was created (11.8.17.3)."""
    modes: tuple[DeclaredMode, ...] = ()
    """The modes declared, in order, each with its own choices (then ``effects`` is unused)."""
    x: int | None = None
    """The value of X chosen for its cost (11.3.5, 11.6.7, 11.7.7), fixed from then on."""
    variable: Variable | None = None
    """Its variable, when the text defines it (determined on resolution, 11.11.9)."""
    split: tuple[tuple[str, int], ...] = ()
    """The damage of its ``distribute`` effect as divided on casting or using: (card, share) (11.3.6, 11.6.8,
    11.7.8)."""
    split_rule: str = ""
    """The rule that had it divided."""
    cost_read: int | None = None
    """An auto ability whose cost reads card information: the count as it went on the stack (11.8.8)."""


# --- modes ---------------------------------------------------------------------------------------


def mode_number(g: Fftcg, controller: str, holder: str | None, pick: ModePick, total: int) -> int:
    """How many modes may be chosen now: ``pick``'s number, or its count, or ``instead`` while its condition
    holds; at most ``total`` (fixed by the caller when the modes are declared, 11.3.4.1)."""
    n = continuous.count(g, pick.per, controller) if pick.per is not None else pick.count
    if (
        pick.condition is not None
        and pick.instead is not None
        and continuous.holds(g, pick.condition, controller, holder)
    ):
        n = pick.instead
    return max(0, min(n, total))


def is_plain(pick: ModePick) -> bool:
    """Whether ``pick`` is the plain ``choose one``."""
    return pick == ModePick()


def check_modes(
    g: Fftcg,
    controller: str,
    holder: str | None,
    label: str,
    modes: Sequence[Mode],
    pick: ModePick,
    names: Sequence[str],
) -> tuple[tuple[Mode, ...], int] | Message:
    """The declared modes, checked against how many may be chosen now; a reason when it is not legal (the id
    ``ff.modes.none_now`` when it can choose none)."""
    n = mode_number(g, controller, holder, pick, len(modes))
    listing = tuple(m.name for m in modes)
    by_name = {m.name: m for m in modes}
    what = g.said(label)
    if n == 0:
        return msg("ff.modes.none_now", what=what, modes=listing)
    if not names or any(x not in by_name for x in names):
        if is_plain(pick):
            return msg("ff.modes.declare", what=what, modes=listing)
        return msg("ff.modes.declare_some", what=what, modes=listing, count=count(n, pick.up_to))
    if len(set(names)) != len(names):
        return msg("ff.modes.once", what=what)
    low = 1 if pick.up_to else n
    if not low <= len(names) <= n:
        return msg("ff.modes.how_many", what=what, count=count(n, pick.up_to), modes=listing, n=len(names))
    return tuple(by_name[x] for x in names), n


def declared_modes(modes: Sequence[Mode]) -> tuple[tuple[Choose, ...], tuple[DeclaredMode, ...]]:
    """The declared modes' choices, in order, and the modes as they go on the stack."""
    specs = tuple(c for m in modes for c in m.choose)
    return specs, tuple(DeclaredMode(m.name, tuple(m.effects), len(m.choose)) for m in modes)


def modes_declared(modes: Sequence[Mode], n: int, pick: ModePick) -> Message:
    """``, declaring the effect 'x'`` (the plain case), or the effects and the number fixed (11.3.4.1)."""
    if len(modes) == 1 and is_plain(pick):
        return msg("ff.modes.declaring", mode=msg("ff.quoted", name=modes[0].name))
    return msg("ff.modes.declaring_fixed", modes=quoted([m.name for m in modes]), n=len(modes), pick=n)


# --- what can be chosen ------------------------------------------------------------------------


def can_be_chosen(g: Fftcg, iid: str, spec: Choose, controller: str, holder: str | None) -> bool:
    """Whether a card is a legal choice for ``spec`` of an ability or summon of ``controller``: on the field, or in
    the zone ``spec`` chooses in (whose zone: ``whose``), by its printed characteristics there."""
    if spec.zone != "field":
        c = g.state.cards.get(iid)
        if c is None or c.zone not in zones_of(g, spec, controller):
            return False
        return continuous.matches(g, iid, spec.what, holder)
    if not g.on_field(iid):
        return False
    owner = g.card(iid).controller
    if spec.whose == "own" and owner != controller:
        return False
    if spec.whose == "opponent" and owner == controller:
        return False
    if owner != controller and "be_chosen" in g.chars(iid).cannot:
        return False
    return continuous.matches(g, iid, spec.what, holder)


def must_be_chosen(g: Fftcg, iid: str) -> bool:
    """Whether an effect says the card must be chosen (選ばなければならない, 11.11.5.1.1)."""
    return any(
        isinstance(op := continuous.payload(e).op, Must) and op.action == "be_chosen" and iid in targets
        for e, targets in continuous.active(g, Must)
    )


def must_choice_gap(g: Fftcg, specs: Sequence[Choose], controller: str, holder: str | None, label: str) -> None:
    """A choice made as a summon or ability is played, with a card that must be chosen among the legal ones: the
    rules say so only for choices made on resolution (11.11.5.1.1)."""
    for spec in specs:
        for i in legal_choices(g, spec, controller, holder):
            if must_be_chosen(g, i):
                raise g.ambiguity(
                    ["11.11.5.1.1", "11.3.3", "11.8.9"],
                    msg("ff.gap.must_choose_on_play", what=g.said(label), card=g.cref(i)),
                )


def zones_of(g: Fftcg, spec: Choose, controller: str) -> list[str]:
    """The zones a ``spec`` choosing off the field chooses in: the break zones (7.10) or removed zones (7.13) of
    the players ``whose`` names, the controller's first (every zone but the stack is each player's, 7.2)."""
    opponent = g.state.opponent(controller)
    players = {"own": [controller], "opponent": [opponent], "any": [controller, opponent]}[spec.whose]
    return [zone_id(p, spec.zone) for p in players]


def legal_choices(g: Fftcg, spec: Choose, controller: str, holder: str | None) -> list[str]:
    """Every card ``spec`` may choose now."""
    if spec.zone != "field":
        return [
            i
            for z in zones_of(g, spec, controller)
            for i in g.state.zones[z]
            if can_be_chosen(g, i, spec, controller, holder)
        ]
    return [i for i in g.all_field() if can_be_chosen(g, i, spec, controller, holder)]


def since_of(g: Fftcg, chosen: Sequence[Sequence[str]]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The chosen cards with their timestamps now."""
    return tuple(tuple((i, g.card(i).since) for i in group) for group in chosen)


def still_legal(g: Fftcg, item: OnStack, controller: str, holder: str | None) -> tuple[tuple[str, ...], ...]:
    """For each spec, the chosen cards that are still legal choices: the same cards (not new ones, 7.4),
    on the field, still like what was to be chosen (11.11.2)."""
    out: list[tuple[str, ...]] = []
    for spec, group in zip(item.choose, item.chosen_since, strict=False):
        ok = tuple(
            i
            for i, since in group
            if i in g.state.cards and g.card(i).since == since and can_be_chosen(g, i, spec, controller, holder)
        )
        out.append(ok)
    return tuple(out)


@rule("11.8.9", "11.3.3", "11.6.5", "11.7.5", "11.11.5.1.1", role=RuleRole.EFFECT)
def choose_now(
    g: Fftcg, controller: str, specs: Sequence[Choose], holder: str | None, label: str, *, silent: bool = False
) -> tuple[tuple[str, ...], ...] | None:
    """11.8.9: what an auto ability (or an EX BURST) chooses, asked as ``target`` decisions; None when a spec
    that must choose something has nothing to choose."""
    out: list[tuple[str, ...]] = []
    if not silent:
        must_choice_gap(g, specs, controller, holder, label)
    for n, spec in enumerate(specs):
        opts = legal_choices(g, spec, controller, holder)
        if not opts and not spec.up_to:
            return None
        if silent:
            out.append(tuple(opts[: spec.count]))
            continue
        if len(opts) < spec.count and not spec.up_to:
            raise g.ambiguity(
                ["11.8.9", "11.3.3"],
                msg("ff.gap.fewer_choices", what=g.said(label), n=spec.count, legal=len(opts)),
            )
        if len(opts) == spec.count and not spec.up_to:
            out.append(tuple(opts))
            continue
        options = g.choice_options(opts)
        low = 0 if spec.up_to else spec.count
        high = min(spec.count, len(opts))
        choice = g.decide(
            DecisionRequest(
                "target",
                controller,
                tuple(options),
                "11.8.9",
                msg(
                    "ff.choose.for",
                    player=g.name(controller),
                    count=count(high, low != high),
                    what=g.said(label),
                    which=msg("ff.choose.nth", n=n + 1) if len(specs) > 1 else "",
                ),
                PickMode.SOME,
                low,
                high,
            )
        )
        out.append(tuple(options[c] for c in choice))
    return tuple(out)


# --- triggering --------------------------------------------------------------------------------


def _event_card(ev: Event) -> str | None:
    if ev.name in CARD_EVENTS:
        return ev.subject
    if ev.name in DEALT_EVENTS:
        return ev.source
    return None


def _card_state(g: Fftcg, iid: str) -> Card | None:
    return g.state.cards.get(iid) if g.on_field(iid) or iid in g.stack_ids() else g.last_known.get(iid)


def _subject_ok(g: Fftcg, a: Ability, holder: str, controller: str, ev: Event, party: bool) -> bool:
    card = _event_card(ev)
    if ev.name in CARD_EVENTS or ev.name in DEALT_EVENTS:
        if a.subject == "own.party":
            members = g.battle.attackers if g.battle is not None and g.battle.party else []
            mine = g.battle is not None and g.card(members[0]).controller == controller if members else False
            return bool(mine and (party or card in members))
        if card is None:
            return False
        if a.subject == "self":
            return card == holder
        c = _card_state(g, card)
        if c is None or c.key not in g.defs:
            return False
        side, kind = a.subject.split(".", 1)
        if side == "own" and c.controller != controller:
            return False
        if side == "opponent" and c.controller == controller:
            return False
        ctype = g.chars(card).type if g.on_field(card) else g.defs[c.key].type
        if not (ctype in CHARACTER_TYPES if kind == "character" else ctype == kind):
            return False
        # 11.8.16.2.1: 「[ジョブ]のフォワードがフィールドに出たとき」: the card as it is on the field now
        return a.subject_filter is None or continuous.matches(g, card, a.subject_filter, holder)
    return True


def _whose_ok(g: Fftcg, a: Ability, controller: str, ev: Event) -> bool:
    if a.whose == "any" or ev.player is None:
        return True
    if ev.name in CARD_EVENTS or ev.name == "deals_damage_to_forward":
        return True
    return (ev.player == controller) == (a.whose == "own")


def _holders(g: Fftcg, ev: Event) -> list[tuple[str, Card, tuple[Ability, ...], str]]:
    """(holder, its card state, its auto abilities, the rule that lets it trigger) for every card that can."""
    out: list[tuple[str, Card, tuple[Ability, ...], str]] = []
    for iid in g.all_field():
        autos = tuple(r.ability for r in g.chars(iid).abilities if r.ability.kind == "auto")
        out.append((iid, g.card(iid), autos, "11.8.1"))
    for iid in g.leaving:
        if g.on_field(iid) or iid not in g.last_known:
            continue
        lk = g.last_known[iid]
        d = g.defs[lk.key]
        out.append((iid, lk, tuple(a for a in d.abilities if a.kind == "auto"), "11.8.16"))
    return out


@rule("11.8.1", "11.8.5", "11.8.13", "11.8.16", "6.4.2", "15.1.1.9.10", "11.8.10.1", "11.8.10.2", role=RuleRole.EFFECT)
def trigger(g: Fftcg, ev: Event, *, party: bool = False, cites: Sequence[str] = (), silent: bool = False) -> bool:
    """11.8.1: every auto ability whose trigger event is ``ev`` triggers (once per event, 11.8.6); a
    conditional one only if its condition holds now (11.8.13). A card that left the field with the event
    looks back: its abilities trigger as it was (11.8.16, 6.4.2)."""
    found: list[tuple[PendingAuto, bool]] = []
    left = ev.last_known is not None and not g.on_field(ev.last_known.iid)
    holders = _holders(g, ev)
    if left and ev.last_known is not None and all(h[0] != ev.last_known.iid for h in holders):
        lk = ev.last_known
        holders.append((lk.iid, lk, tuple(a for a in g.defs[lk.key].abilities if a.kind == "auto"), "11.8.16"))
    for holder, card, autos, how in holders:
        controller = card.controller
        for a in autos:
            if a.on != ev.name:
                continue
            if not _subject_ok(g, a, holder, controller, ev, party) or not _whose_ok(g, a, controller, ev):
                continue
            if a.condition is not None and not continuous.holds(g, a.condition, controller, holder):
                continue
            name = a.name or a.on
            says = msg("ff.ability.auto", card=card.name, name=name)
            if a.modes and mode_number(g, controller, holder, a.pick, len(a.modes)) == 0:
                if not silent:
                    g.record(
                        StepKind.EFFECT,
                        controller,
                        msg("ff.auto.no_modes_no_trigger", ability=says),
                        [*cites, "11.8.10.1", "11.8.10.2"],
                    )
                continue
            label = g.labelled(f"{card.name}のオートアビリティ「{name}」", says) if not silent else ""
            pending = PendingAuto(a, holder, controller, ev, label, f"{card.key}/{name}", card.since)
            found.append((pending, how != "11.8.1"))
    delayed = _delayed_matches(g, ev, party)
    if silent:
        return bool(found) or bool(delayed)
    for d in delayed:
        trigger_delayed(g, d, ev, cites)
    for p, looked in found:
        key = f"{p.source}/{p.tag}#{g.serial()}"
        g.autos[key] = p
        g.triggers.add(key, p.source, p.controller, p.label, ev, g.tick())
        g.record(
            StepKind.TRIGGER,
            p.controller,
            msg("ff.auto.triggers_looking_back", ability=g.said(p.label))
            if looked
            else msg("ff.auto.triggers", ability=g.said(p.label)),
            [*cites, "11.8.1", "11.8.5"]
            + (["11.8.13"] if p.ability.condition is not None else [])
            + (["11.8.16", "6.4.2"] if looked else [])
            + (["15.1.1.9.10"] if p.ability.subject == "own.party" else []),
        )
    return bool(found)


def _delayed_matches(g: Fftcg, ev: Event, party: bool) -> list[DelayedTrigger]:
    """The delayed auto abilities whose trigger event ``ev`` is (11.8.17)."""
    out: list[DelayedTrigger] = []
    for d in g.delayed:
        info = d.payload
        if not isinstance(info, DelayedAuto):
            continue
        a = info.ability
        if a.on != ev.name or not _whose_ok(g, a, d.controller, ev):
            continue
        card = _event_card(ev)
        if info.about and a.subject == "self" and (ev.name in CARD_EVENTS or ev.name in DEALT_EVENTS):
            lk = ev.last_known
            since_now = (
                lk.since
                if lk is not None and lk.iid == card
                else g.card(card).since
                if card is not None and card in g.state.cards
                else None
            )
            if not any(i == card and since == since_now for i, since in info.about):
                continue
        elif not _subject_ok(g, a, d.source, d.controller, ev, party):
            continue
        if a.condition is not None and not continuous.holds(g, a.condition, d.controller, d.source):
            continue
        out.append(d)
    return out


@rule("11.8.17", "11.8.17.2", "11.8.5", role=RuleRole.EFFECT)
def trigger_delayed(g: Fftcg, d: DelayedTrigger, ev: Event, cites: Sequence[str], *, silent: bool = False) -> bool:
    """11.8.17.2: a delayed auto ability triggers the next time its event happens, once, and is then gone; one
    with a period (このターンの間) triggers every time until the period ends."""
    info = d.payload
    assert isinstance(info, DelayedAuto)
    if silent:
        return True
    if info.period == "next":
        g.delayed.remove(d)
    src = g.state.cards.get(d.source) or g.last_known.get(d.source)
    since = src.since if src is not None else 0
    tag = f"{src.key if src is not None else d.source}/{info.ability.name}"
    p = PendingAuto(info.ability, d.source, d.controller, ev, d.label, tag, since, info.about)
    key = f"{d.source}/{tag}#{g.serial()}"
    g.autos[key] = p
    g.triggers.add(key, p.source, p.controller, p.label, ev, g.tick())
    g.record(
        StepKind.TRIGGER,
        d.controller,
        msg("ff.auto.triggers_once", ability=g.said(d.label))
        if info.period == "next"
        else msg("ff.auto.triggers_this_turn", ability=g.said(d.label)),
        [*cites, "11.8.17", "11.8.17.2", "11.8.5"],
    )
    return True


@rule("11.8.18", role=RuleRole.EFFECT)
def state_triggers(g: Fftcg, *, silent: bool = False) -> bool:
    """11.8.18: an auto ability that triggers on the state of the game triggers as soon as the state holds, and
    not again until it has left the stack."""
    found: list[tuple[str, PendingAuto]] = []
    for iid in g.all_field():
        card = g.card(iid)
        for ref in g.chars(iid).abilities:
            a = ref.ability
            if a.kind != "auto" or a.on != "state" or a.condition is None:
                continue
            name = a.name or "state"
            key = f"{iid}@{card.since}/{name}"
            if key in g.state_waiting or not continuous.holds(g, a.condition, card.controller, iid):
                continue
            ev = Event("state", card.controller, iid, iid)
            label = g.labelled(
                f"{card.name}のオートアビリティ「{name}」", msg("ff.ability.auto", card=card.name, name=name)
            )
            found.append((key, PendingAuto(a, iid, card.controller, ev, label, f"{card.key}/{name}", card.since)))
    if silent:
        return bool(found)
    for key, p in found:
        g.state_waiting.add(key)
        tkey = f"{p.source}/{p.tag}#{g.serial()}"
        g.autos[tkey] = p
        g.triggers.add(tkey, p.source, p.controller, p.label, p.event, g.tick())
        g.record(StepKind.TRIGGER, p.controller, msg("ff.auto.state_holds", ability=g.said(p.label)), ["11.8.18"])
    return bool(found)


# --- EX BURST ----------------------------------------------------------------------------------


def burst_ability(d: CardDef) -> Ability | None:
    """A character's EX BURST auto ability."""
    return next((a for a in d.abilities if a.ex_burst), None)


@rule("11.10.1", "15.2.6.3", "15.2.6.2", role=RuleRole.EFFECT)
def has_ex_burst(g: Fftcg, iid: str, *, silent: bool = False) -> bool:
    """11.10.1: whether the card just put into the damage zone has an EX BURST; a ``ダメージN`` EX BURST only
    when the damage zone, this card included, holds N cards (15.2.6.3)."""
    d = g.definition(iid)
    if not d.ex_burst:
        return False
    if d.ex_burst_damage is None:
        return True
    n = g.player_damage(g.card(iid).owner)
    if n > d.ex_burst_damage and not silent:
        raise g.ambiguity(
            ["15.2.6.2", "15.2.6.3"],
            msg("ff.gap.burst_above_n", card=d.name, n=n, damage=d.ex_burst_damage),
        )
    return n == d.ex_burst_damage


@rule("11.10.2", "11.10.3", "11.10.1", "15.2.6.2", "11.3.4", "11.3.4.1", "11.3.6", role=RuleRole.EFFECT)
def ex_burst(g: Fftcg, pid: str, iid: str, cites: Sequence[str], *, silent: bool = False) -> bool:
    """11.10.2: the player may use the revealed card's EX BURST at once, with no response possible; a summon
    does all its text, a character only the effect of its EX BURST auto ability (11.10.3)."""
    d = g.definition(iid)
    if silent:
        return True
    says = msg("ff.ability.ex_burst", card=d.name)
    label = g.labelled(f"{d.name}のEXバースト", says)
    answer = g.decide(
        DecisionRequest(
            "ex_burst", pid, ("use", "decline"), "11.10.2", msg("ff.burst.prompt", player=g.name(pid), ability=says)
        )
    )
    if answer[0] == "decline":
        g.record(
            StepKind.DECISION, pid, msg("ff.burst.declined", player=g.name(pid), ability=says), [*cites, "11.10.2"]
        )
        return False
    from judgekit.games.fftcg import terms

    declared: tuple[DeclaredMode, ...] = ()
    if d.type == "summon" and d.modes:
        names = tuple(m.name for m in d.modes)
        n = mode_number(g, pid, None, d.pick, len(d.modes))
        if n == 0:
            g.record(StepKind.EFFECT, pid, msg("ff.burst.no_modes", ability=says), ["11.3.4.1"])
            return False
        if is_plain(d.pick):
            picks = g.decide(
                DecisionRequest(
                    "mode", pid, names, "11.3.4", msg("ff.modes.prompt_one", player=g.name(pid), ability=says)
                )
            )
        else:
            picks = g.decide(
                DecisionRequest(
                    "mode",
                    pid,
                    names,
                    "11.3.4",
                    msg(
                        "ff.modes.prompt_fixed",
                        player=g.name(pid),
                        count=count(n, d.pick.up_to),
                        ability=says,
                        rule="11.3.4.1",
                    ),
                    PickMode.SOME,
                    1 if d.pick.up_to else n,
                    n,
                )
            )
        modes = [next(m for m in d.modes if m.name == x) for x in picks]
        specs, declared = declared_modes(modes)
        effects: Sequence[Effect] = ()
        replaces = d.replaces
    elif d.type == "summon":
        specs, effects, replaces = d.choose, d.effects, d.replaces
    else:
        a = burst_ability(d)
        if a is None:
            return False
        specs, effects, replaces = a.choose, a.effects, a.replaces
    g.record(
        StepKind.EFFECT,
        pid,
        msg("ff.burst.uses_summon", player=g.name(pid), ability=says)
        if d.type == "summon"
        else msg("ff.burst.uses_character", player=g.name(pid), ability=says),
        [*cites, "11.10.2", "11.10.3"],
    )
    chosen = choose_now(g, pid, specs, iid, label) if specs else ()
    if chosen is None:
        g.record(StepKind.EFFECT, pid, msg("ff.burst.nothing_to_choose", ability=says), ["11.10.3"])
        return False
    if any(isinstance(op, Distribute) for op in (*effects, *(e for m in declared for e in m.effects))):
        raise g.ambiguity(
            ["11.10.3", "11.3.6"],
            msg("ff.gap.burst_divides", ability=says),
        )
    ctx = Ctx(pid, iid, label, targets=chosen, replaces=tuple(replaces), burst=True)
    variable = d.x if d.type == "summon" else None
    if variable is not None:
        terms.fix_variable(g, ctx, variable, None)
    if declared:
        terms.run_modes(g, ctx, declared)
    else:
        terms.run(g, ctx, effects)
    return True
