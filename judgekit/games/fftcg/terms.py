"""Numbers (4), damage (5.2.6.1, 6.5), counters and crystals (6.7, 6.8), keyword actions (15.1), and the
interpreter of the effect vocabulary.

Each op of :mod:`~judgekit.games.fftcg.cards` is carried out by one rule function here; in check-only
mode an op answers whether it would do anything and changes nothing. Cards that leave the field go
through :func:`leave_field`, which keeps their last-known information (6.4.2, 11.11.4) and raises the
events auto abilities trigger on; replacement effects (11.12.5) are applied by :func:`replace_event`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judgekit.engine import (
    ContinuousEffect,
    DecisionRequest,
    DelayedTrigger,
    Event,
    PickMode,
    ReplacementEffect,
    StepKind,
    zone_id,
)
from judgekit.engine.replacement import apply_replacements
from judgekit.engine.rules import RuleRole
from judgekit.errors import DecisionNeeded, ScenarioError
from judgekit.games.fftcg import abilities, continuous
from judgekit.games.fftcg.cards import (
    Ability,
    Activate,
    AddToHand,
    Become,
    Break,
    CastFree,
    Choose,
    Continuous,
    Counters,
    Crystals,
    Damage,
    DamagePlayer,
    Delayed,
    Discard,
    Distribute,
    Draw,
    Dull,
    Effect,
    Freeze,
    FromOutside,
    Gain,
    GainControl,
    Pick,
    PlayerRef,
    Power,
    PutInBreakZone,
    PutOntoField,
    Remove,
    Replace,
    ReturnToHand,
    Search,
    Selector,
    SelfReplace,
    Split,
    StaticGain,
    StaticPower,
    StaticText,
    Variable,
)
from judgekit.games.fftcg.continuous import Applied
from judgekit.games.fftcg.game import Chars, Ctx, DelayedAuto, Fftcg
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import card_type, keyword, semicolons, seq
from judgekit.games.support import said
from judgekit.message import CardRef, Message, Sentence, msg

# --- helpers -----------------------------------------------------------------------------------


def player(g: Fftcg, ctx: Ctx, ref: PlayerRef) -> str:
    """The player ``own``/``opponent`` means for an effect of ``ctx.controller``."""
    return ctx.controller if ref == "own" else g.state.opponent(ctx.controller)


def targets(g: Fftcg, ctx: Ctx, selector: Selector) -> list[str]:
    """The cards on the field a selector means now, for an effect run in ``ctx``."""
    if selector.startswith("chosen"):
        n = 0 if selector == "chosen" else int(selector.split(".")[1])
        chosen = ctx.targets[n] if n < len(ctx.targets) else ()
        return [t for t in chosen if g.on_field(t)]
    if selector == "picked":
        return [t for t in ctx.picked if g.on_field(t)]
    if selector == "about":
        return [i for i, since in ctx.about if i in g.state.cards and g.card(i).since == since and g.on_field(i)]
    if selector.startswith("event."):
        ev = ctx.event
        iid = None if ev is None else (ev.subject if selector == "event.subject" else ev.source)
        return [iid] if iid is not None and g.on_field(iid) else []
    return continuous.select(g, ctx.controller, ctx.source, selector)


def chosen_in_zones(g: Fftcg, ctx: Ctx, selector: Selector) -> list[str]:
    """The cards ``chosen`` (``chosen.1``…) means that were chosen in a break zone or the removed zone and are still
    there (``Choose.zone``); none for any other selector."""
    if not selector.startswith("chosen"):
        return []
    n = 0 if selector == "chosen" else int(selector.split(".")[1])
    chosen = ctx.targets[n] if n < len(ctx.targets) else ()
    return [t for t in chosen if t in g.state.cards and g.card(t).zone.endswith((".break", ".removed"))]


def from_zone(g: Fftcg, ctx: Ctx, iid: str, to: str, cites: Sequence[str], *, top: bool = True) -> None:
    """A card chosen in a break zone or the removed zone goes to its owner's ``to`` zone (7.3), a new card there
    (7.4); one step."""
    card = g.card(iid)
    was = g.zref(card.zone)
    g.move(iid, zone_id(card.owner, to), top=top, face_down=None)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("ff.zone.moves", card=card.name, src=was, zone=g.zref(zone_id(card.owner, to))),
        [*cites, "7.3", "7.4"],
    )


def pick_cards(
    g: Fftcg, who: str, iids: list[str], n: int, kind: str, rule_id: str, prompt: Sentence, *, low: int | None = None
) -> list[str]:
    """``n`` of ``iids`` chosen by ``who`` (a decision only when the choice can make a difference)."""
    if n <= 0:
        return []
    options = g.card_options(iids)
    lo = n if low is None else low
    if lo == n and (len(iids) <= n or len({g.card(i).key for i in iids}) == 1):
        return iids[:n]
    choice = g.decide(DecisionRequest(kind, who, tuple(options), rule_id, prompt, PickMode.SOME, lo, n))
    return [options[c] for c in choice]


def order_cards(g: Fftcg, who: str, iids: list[str], rule_id: str, prompt: Sentence) -> list[str]:
    """The order ``who`` puts ``iids`` in (first listed first); asked only when the cards differ."""
    if len({g.card(i).key for i in iids}) < 2:
        return iids
    options = g.card_options(iids)
    choice = g.decide(DecisionRequest("card_order", who, tuple(options), rule_id, prompt, PickMode.ORDER))
    return [options[c] for c in choice]


def sentence_kind(actor: str) -> StepKind:
    """Rules act in RULE steps, players' effects in EFFECT steps."""
    return StepKind.RULE if actor == "rules" else StepKind.EFFECT


# --- numbers -----------------------------------------------------------------------------------


@rule(
    "11.12.4.6", "11.12.4.7", "11.12.4.8", "11.12.4.9", "11.12.4.10", "11.12.4.12", "11.12.4.13", role=RuleRole.EFFECT
)
def apply_layers(g: Fftcg, before: Mapping[str, Chars], *, silent: bool = False) -> bool:
    """11.12.4.6: effects that change text (②) or card type and job (③) apply before the general ones and power,
    whatever their timestamps; within a kind the card's own first (11.12.4.7), a dependent one after the one it
    depends on (11.12.4.12–11.12.4.13), else by timestamp (11.12.4.8–11.12.4.10). Records what changed."""
    notes: set[str] = set()
    after = continuous.characteristics(g, notes)
    found = continuous.changes(g, before, after)
    if silent or not found:
        return bool(found)
    cites = sorted(notes | {"11.12.4.6"}, key=lambda r: tuple(int(x) for x in r.split(".")))
    g.record(
        StepKind.RULE,
        "rules",
        msg("ff.change.layers", changes=semicolons(found)),
        cites,
    )
    return True


def _report_layers(g: Fftcg, before: Mapping[str, Chars]) -> None:
    if continuous.text_or_type_effects(g):
        apply_layers(g, before)


@rule("4.3", role=RuleRole.TERM)
def as_number(g: Fftcg, value: int | None, *, silent: bool = False) -> int:
    """4.3: a negative number counts as 0 where it is not being changed; 4.4: an undefined number is 0."""
    if value is None:
        return 0
    return max(0, value)


# --- leaving the field, replacement effects ----------------------------------------------------


@dataclass(slots=True)
class Pending:
    """An event replacement effects may change (11.12.5.1)."""

    event: str
    """``break``, ``put_in_break_zone``, ``damage`` or ``damage_player``."""
    subject: str
    """The card (or, for ``damage_player``, the player) it is about."""
    amount: int = 0
    """For damage: how much."""
    zone: str = "break"
    """For a card leaving the field: where it goes (``break``, ``removed``, ``hand``, ``deck_bottom``)."""
    happens: bool = True
    """Whether the event (as changed) still happens."""
    instead: list[tuple[Ctx, tuple[Effect, ...]]] = field(default_factory=list)
    """What replaced it, to do once the replacing is over."""
    cites: list[str] = field(default_factory=list)
    """The rules the replacing cited."""


def _same_event(watched: str, event: str) -> bool:
    """A break is also a card put into the break zone (15.1.1.3.1): watchers of either see it."""
    return watched == event or (watched == "put_in_break_zone" and event == "break")


def _watches(g: Fftcg, e: ContinuousEffect, op: Replace, pending: Pending, applied_to: list[str]) -> bool:
    if not _same_event(op.event, pending.event):
        return False
    if op.event == "damage_player":
        watched = e.controller if op.player == "own" else g.state.opponent(e.controller)
        return watched == pending.subject
    return pending.subject in applied_to


def _self_candidates(ctx: Ctx | None, pending: Pending, g: Fftcg) -> list[ReplacementEffect]:
    out: list[ReplacementEffect] = []
    if ctx is None:
        return out
    for i, sr in enumerate(ctx.replaces):
        if not _same_event(sr.event, pending.event):
            continue
        if (
            sr.filter is not None
            and pending.event != "damage_player"
            and not continuous.matches(g, pending.subject, sr.filter, ctx.source)
        ):
            continue
        out.append(
            ReplacementEffect(
                key=f"self:{ctx.source}#{i + 1}",
                source=ctx.source,
                controller=ctx.controller,
                event=pending.event,
                label=g.labelled(f"{ctx.label}自身の置換効果", msg("ff.replace.own", what=g.said(ctx.label))),
                payload=sr,
            )
        )
    return out


@rule("11.12.5.1", "11.12.5.2", "11.12.5.4", "11.12.5.6", "11.12.5.7", "11.8.15", role=RuleRole.EFFECT)
def replace_event(g: Fftcg, pending: Pending, ctx: Ctx | None = None, *, silent: bool = False) -> bool:
    """11.12.5: self-replacement first (11.12.5.6), then the affected card's controller (or the affected
    player) orders the rest (11.12.5.7); each applies once (11.12.5.5); a replaced event did not happen."""

    def candidates(done: frozenset[str]) -> list[ReplacementEffect]:
        found = _self_candidates(ctx, pending, g)
        for e, applied_to in continuous.active(g, Replace):
            op = continuous.payload(e).op
            assert isinstance(op, Replace)
            if _watches(g, e, op, pending, applied_to):
                found.append(
                    ReplacementEffect(e.key, e.source, e.controller, op.event, e.label, op, optional=op.optional)
                )
        return found

    if silent:
        return bool(candidates(frozenset()))
    chooser = pending.subject if pending.event == "damage_player" else g.card(pending.subject).controller

    def rank(e: ReplacementEffect) -> int:
        return 0 if isinstance(e.payload, SelfReplace) else 2

    def choose(group: Sequence[ReplacementEffect]) -> ReplacementEffect:
        labels: dict[str, ReplacementEffect] = {}
        for e in group:
            tag = _tag(g, e)
            labels[tag if tag not in labels else f"{tag}#{len(labels) + 1}"] = e
        choice = g.decide(
            DecisionRequest(
                "replacement",
                chooser,
                tuple(labels),
                "11.12.5.7",
                msg("ff.replace.order_prompt", player=g.name(chooser), event=_describe(g, pending)),
            )
        )
        return labels[choice[0]]

    def apply(e: ReplacementEffect) -> bool:
        op = e.payload
        assert isinstance(op, Replace | SelfReplace)
        cites = ["11.12.5.6"] if isinstance(op, SelfReplace) else ["11.12.5.1", "11.12.5.7"]
        if isinstance(op, Replace) and op.optional:
            yes = g.decide(
                DecisionRequest(
                    "optional",
                    e.controller,
                    ("yes", "no"),
                    "11.12.5.1",
                    msg("ff.replace.optional_prompt", player=g.name(e.controller), effect=g.said(e.label)),
                )
            )
            if yes[0] == "no":
                return True
        what = _describe(g, pending)
        if op.reduce is not None and pending.event in ("damage", "damage_player"):
            before = pending.amount
            pending.amount = max(0, pending.amount - op.reduce)
            g.record(
                StepKind.EFFECT,
                e.controller,
                msg("ff.replace.reduces", effect=g.said(e.label), event=what, before=before, after=pending.amount),
                [*cites, "11.12.5.2"],
            )
            if pending.amount <= 0:
                pending.happens = False
                return False
            return True
        if op.to_zone is not None and pending.event in ("break", "put_in_break_zone"):
            pending.zone = op.to_zone
            pending.happens = False
            owner = g.card(pending.subject).owner
            target = {"break": "break", "removed": "removed", "hand": "hand", "deck_bottom": "deck"}[op.to_zone]
            zone = g.zref(zone_id(owner, target))
            g.record(
                StepKind.EFFECT,
                e.controller,
                msg("ff.replace.to_bottom", effect=g.said(e.label), event=what, zone=zone)
                if op.to_zone == "deck_bottom"
                else msg("ff.replace.to_zone", effect=g.said(e.label), event=what, zone=zone),
                [*cites, "11.12.5.2", "11.12.5.4", "11.8.15"],
            )
            return False
        pending.happens = False
        pending.zone = ""
        sub = Ctx(
            e.controller,
            e.source,
            e.label,
            event=Event(pending.event, subject=pending.subject if pending.event != "damage_player" else None),
            replacement=isinstance(op, Replace),
        )
        pending.instead.append((sub, tuple(op.instead)))
        g.record(
            StepKind.EFFECT,
            e.controller,
            msg("ff.replace.replaces", effect=g.said(e.label), event=what),
            [*cites, "11.12.5.2", "11.12.5.4", "11.8.15"],
        )
        return False

    applied = apply_replacements(candidates, rank, choose, apply)
    return bool(applied)


def _tag(g: Fftcg, e: ReplacementEffect) -> str:
    if e.key.startswith("self:"):
        src = g.state.cards.get(e.source) or g.last_known.get(e.source)
        return f"{src.key if src else e.source}/self"
    for eff in continuous.all_effects(g):
        if eff.key == e.key:
            return continuous.effect_tag(g, eff)
    return e.key


def _describe(g: Fftcg, p: Pending) -> Message:
    if p.event == "damage_player":
        return msg("ff.replace.damage_to", n=p.amount, to=g.name(p.subject))
    if p.event == "damage":
        return msg("ff.replace.damage_to", n=p.amount, to=g.cref(p.subject))
    if p.event == "break":
        return msg("ff.replace.break_of", card=g.cref(p.subject))
    return msg("ff.replace.put_of", card=g.cref(p.subject))


def run_instead(g: Fftcg, pending: Pending) -> None:
    """Do what replaced an event (after every replacement effect was applied)."""
    for sub, effects in pending.instead:
        run(g, sub, effects)


@rule("7.4", "7.3", "6.7.3", "6.4.2", "11.8.16", "11.12.4.2", role=RuleRole.TERM)
def leave_field(
    g: Fftcg,
    iid: str,
    to: str,
    cites: Sequence[str],
    actor: str = "rules",
    *,
    broken_by: str | None = None,
    why: Sentence = "",
    silent: bool = False,
) -> bool:
    """``why``: ``break`` when the card is broken, ``instead`` when a replacement effect sends it, else why it goes
    (shown after the sentence)."""
    """7.4: a card that leaves the field is a new card in its new zone: its damage, state and counters go (6.7.3);
    it goes to its owner's zone (7.3); the events of its leaving are raised with its last-known information."""
    if silent:
        return g.on_field(iid)
    card = g.card(iid)
    g.last_known[iid] = card
    before = dict(g.all_chars())
    owner = card.owner
    target = {"break": "break", "removed": "removed", "hand": "hand", "deck_bottom": "deck"}[to]
    had_counters = any(k.startswith("counter:") for k in card.markers)
    g.move(iid, zone_id(owner, target), top=to != "deck_bottom", face_down=to == "deck_bottom", keep_markers=False)
    _forget_locked(g, iid)
    extra = ["7.4"] + (["6.7.3"] if had_counters else []) + (["7.3"] if owner != card.controller else [])
    zone = g.zref(zone_id(owner, target))
    said = (
        msg("ff.leave.broken", card=card.name, zone=zone)
        if why == "break"
        else msg("ff.leave.goes", card=card.name, zone=zone)
    )
    g.record(
        sentence_kind(actor),
        actor,
        seq(
            said,
            msg("ff.leave.why", why=msg("ff.leave.instead") if why == "instead" else why)
            if why and why != "break"
            else "",
        ),
        [*cites, *extra],
    )
    _report_layers(g, before)
    if g.battle is not None:
        from judgekit.games.fftcg import attack

        attack.left_battle(g, iid)
    lk = g.last_known[iid]
    abilities.trigger(g, Event("leaves_field", lk.controller, iid, broken_by, last_known=lk))
    if to == "break":
        abilities.trigger(g, Event("put_in_break_zone", lk.controller, iid, broken_by, last_known=lk))
        if why == "break":
            abilities.trigger(g, Event("broken", lk.controller, iid, broken_by, last_known=lk))
    return True


def _forget_locked(g: Fftcg, iid: str) -> None:
    """11.12.4.2: an effect locked to the cards it affected does not follow a card that became a new card (7.4)."""
    from dataclasses import replace

    for e in list(g.effects):
        if iid in e.targets:
            rest = tuple(t for t in e.targets if t != iid)
            g.end_effect(e.key)
            if rest:
                g.add_effect(replace(e, targets=rest))


@rule("15.1.1.3.1", "15.1.1.3.2", "7.10.1", "11.12.5.4", role=RuleRole.TERM)
def to_break_zone(
    g: Fftcg,
    iids: Sequence[str],
    as_break: bool,
    cites: Sequence[str],
    actor: str = "rules",
    ctx: Ctx | None = None,
    *,
    source: str | None = None,
    why: Sentence = "",
    silent: bool = False,
) -> list[str]:
    """15.1.1.3: cards go from the field to their owners' break zones, as a break only when it says break;
    replacement effects first (11.12.5). The cards that went, in order."""
    live = [i for i in iids if g.on_field(i)]
    if silent:
        return live
    went: list[str] = []
    for iid in live:
        pending = Pending("break" if as_break else "put_in_break_zone", iid)
        replace_event(g, pending, ctx)
        if pending.happens:
            leave_field(
                g,
                iid,
                "break",
                [*cites, "15.1.1.3.1" if as_break else "15.1.1.3.2", "7.10.1"],
                actor,
                broken_by=source if as_break else None,
                why="break" if as_break else why,
            )
            went.append(iid)
        else:
            _send(g, iid, pending, cites, actor, ctx)
    return went


def _send(g: Fftcg, iid: str, pending: Pending, cites: Sequence[str], actor: str, ctx: Ctx | None) -> None:
    if pending.zone and pending.zone != "break":
        leave_field(g, iid, pending.zone, ["11.12.5.4"], actor, why="instead")
    run_instead(g, pending)


# --- damage to characters ------------------------------------------------------------------------


@rule("5.2.6.1", "11.12.5.2", role=RuleRole.TERM)
def deal_damage(
    g: Fftcg,
    target: str,
    amount: int,
    source: str | None,
    cites: Sequence[str],
    actor: str = "rules",
    ctx: Ctx | None = None,
    *,
    silent: bool = False,
) -> int:
    """5.2.6.1: damage to a character stays on it (12.4.5 breaks it at its power); replacement effects first."""
    if silent:
        return amount if g.on_field(target) and amount > 0 else 0
    if not g.on_field(target) or amount <= 0:
        return 0
    pending = Pending("damage", target, amount)
    replace_event(g, pending, ctx)
    run_instead(g, pending)
    if not pending.happens or pending.amount <= 0:
        return 0
    amount = pending.amount
    before = g.damage(target)
    g.add_marker(target, "damage", amount)
    if source is not None:
        g.damage_sources.setdefault(target, [])
        if source not in g.damage_sources[target]:
            g.damage_sources[target].append(source)
    g.record(
        sentence_kind(actor),
        actor,
        msg(
            "ff.damage.dealt_from",
            n=amount,
            source=g.cref(source),
            card=g.cref(target),
            before=before,
            after=before + amount,
        )
        if source is not None and source != target
        else msg("ff.damage.dealt", n=amount, card=g.cref(target), before=before, after=before + amount),
        [*cites, "5.2.6.1"],
    )
    if source is not None:
        lk = g.state.cards.get(source) or g.last_known.get(source)
        abilities.trigger(g, Event("deals_damage_to_forward", lk.controller if lk else None, target, source, amount))
    return amount


@rule("5.2.6.1", "2.3", role=RuleRole.TERM)
def damage_effect(g: Fftcg, ctx: Ctx, op: Damage, *, silent: bool = False) -> bool:
    """An effect deals damage to characters (the source of the damage is the card of the effect, 6.4)."""
    found = targets(g, ctx, op.target)
    if silent:
        return bool(found)
    if not found:
        g.record(StepKind.EFFECT, ctx.controller, msg("ff.effect.no_damage_target", what=g.said(ctx.label)), ["2.3"])
        return False
    for t in found:
        deal_damage(g, t, op.amount, ctx.source, [], ctx.controller, ctx)
    return True


@rule("11.3.6", "11.6.8", "11.7.8", "11.8.12", "11.11.2.1.1", "5.2.6.1", "2.3", role=RuleRole.EFFECT)
def distribute_effect(g: Fftcg, ctx: Ctx, op: Distribute, *, silent: bool = False) -> bool:
    """11.3.6, 11.6.8, 11.7.8, 11.8.12: the damage is dealt as the player divided it on casting or using (or as the
    auto ability went on the stack), each chosen card
    its declared share; a card no longer legal gets nothing and its share is not dealt to another (11.11.2.1.1:
    the effect resolves for the legal ones)."""
    found = targets(g, ctx, op.target)
    shares = [(i, n) for i, n in ctx.split if i in found]
    if silent:
        return bool(shares)
    if not shares:
        g.record(StepKind.EFFECT, ctx.controller, msg("ff.effect.no_damage_target", what=g.said(ctx.label)), ["2.3"])
        return False
    lost = [i for i, _ in ctx.split if i not in found]
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        seq(
            msg("ff.effect.divided", what=g.said(ctx.label), damage=op.amount, shares=g.shares(shares)),
            msg("ff.effect.share_lost", cards=tuple(g.cref(i) for i in lost)) if lost else "",
        ),
        [ctx.split_rule or "11.3.6", *(["11.11.2.1.1"] if lost else [])],
    )
    for t, n in shares:
        deal_damage(g, t, n, ctx.source, [], ctx.controller, ctx)
    return True


# --- damage to players (6.5) and EX BURST (11.10) -------------------------------------------------


@rule(
    "6.5.1",
    "6.5.2",
    "6.5.2.1",
    "6.5.3",
    "7.8.1",
    "7.8.2",
    "7.8.3",
    "3.1.3",
    "12.4.3",
    "15.1.1.9.10",
    "15.2.6.1",
    "15.2.6.2",
    "11.10.1",
    "15.2.6.3",
    "15.2.6.3.1",
    role=RuleRole.TERM,
)
def damage_processing(
    g: Fftcg,
    pid: str,
    amount: int,
    source: str | None,
    cites: Sequence[str],
    actor: str = "rules",
    ctx: Ctx | None = None,
    *,
    party: bool = False,
    silent: bool = False,
) -> int:
    """6.5: a player receives N damage one card at a time, the top of the deck face up to the damage zone;
    EX BURSTs revealed wait until all the damage is dealt, then go in the order revealed (6.5.2.1)."""
    if silent:
        return amount
    if amount <= 0:
        return 0
    pending = Pending("damage_player", pid, amount)
    replace_event(g, pending, ctx)
    run_instead(g, pending)
    if not pending.happens or pending.amount <= 0:
        return 0
    amount = pending.amount
    deck = zone_id(pid, "deck")
    dz = zone_id(pid, "damage")
    g.record(
        sentence_kind(actor),
        actor,
        msg("ff.player_damage.from", player=g.name(pid), n=amount, source=g.cref(source))
        if source is not None
        else msg("ff.player_damage.from_party", player=g.name(pid), n=amount)
        if party
        else msg("ff.player_damage.receives", player=g.name(pid), n=amount),
        [*cites, "6.5.1"] + (["15.1.1.9.10"] if party else []),
    )
    revealed: list[str] = []
    dealt = 0
    for n in range(1, amount + 1):
        if not g.state.zones[deck]:
            g.empty_damage.add(pid)
            g.record(
                StepKind.RULE,
                "rules",
                msg("ff.player_damage.no_card", player=g.name(pid), n=n),
                ["3.1.3", "12.4.3"],
            )
            if revealed:
                raise g.ambiguity(
                    ["6.5.3", "3.1.3", "12.4.3"],
                    msg("ff.gap.deck_ran_out", player=g.name(pid), dealt=dealt, n=amount),
                )
            break
        iid = g.state.zones[deck][0]
        g.move(iid, dz, top=False, face_down=False)
        dealt += 1
        card = g.card(iid)
        has_burst = abilities.has_ex_burst(g, iid)
        g.record(
            StepKind.RULE,
            "rules",
            seq(
                msg("ff.player_damage.point", n=n, card=card.name, zone=g.zref(dz), damage=g.player_damage(pid)),
                msg("ff.player_damage.has_burst") if has_burst else "",
            ),
            ["6.5.2", "7.8.1", "7.8.2", "7.8.3"]
            + (["6.5.3"] if n > 1 else [])
            + (["11.10.1"] if has_burst else [])
            + (
                ["15.2.6.3"] + (["15.2.6.3.1"] if amount > 1 else [])
                if card.key in g.defs and g.defs[card.key].ex_burst_damage is not None
                else []
            ),
        )
        if has_burst:
            revealed.append(iid)
    _damage_abilities(g, pid, g.player_damage(pid) - dealt, g.player_damage(pid))
    remaining = len(g.state.zones[deck])
    if dealt == amount and remaining == 0 and pid not in g.empty_damage:
        raise g.ambiguity(
            ["3.1.3", "12.4.3"],
            msg("ff.gap.exactly_the_deck", player=g.name(pid), n=amount),
        )
    ev = Event("receives_damage", pid, None, source, dealt)
    abilities.trigger(g, ev)
    if source is not None or party:
        abilities.trigger(g, Event("deals_damage_to_player", pid, None, source, dealt), party=party)
    for iid in revealed:
        abilities.ex_burst(g, pid, iid, ["6.5.2.1"] + (["6.5.2.1"] if len(revealed) > 1 else []))
        if g.state.over:
            break
    return dealt


def _damage_abilities(g: Fftcg, pid: str, before: int, after: int) -> None:
    """15.2.6.2: name the ``ダメージN`` abilities of ``pid``'s characters that the new damage makes work."""
    for iid in g.field(pid):
        for a in g.definition(iid).abilities:
            if a.damage is not None and before < a.damage <= after:
                g.record(
                    StepKind.RULE,
                    "rules",
                    msg(
                        "ff.player_damage.ability_named",
                        player=g.name(pid),
                        n=after,
                        card=g.cref(iid),
                        damage=a.damage,
                        name=a.name,
                    )
                    if a.name
                    else msg(
                        "ff.player_damage.ability", player=g.name(pid), n=after, card=g.cref(iid), damage=a.damage
                    ),
                    ["15.2.6.1", "15.2.6.2"],
                )


@rule("6.5.1", role=RuleRole.TERM)
def damage_player_effect(g: Fftcg, ctx: Ctx, op: DamagePlayer, *, silent: bool = False) -> bool:
    """An effect deals damage to a player: damage processing (6.5.1)."""
    if silent:
        return op.amount > 0
    pid = player(g, ctx, op.player)
    return damage_processing(g, pid, op.amount, ctx.source, [], ctx.controller, ctx) > 0


# --- other keyword actions ---------------------------------------------------------------------


@rule("15.1.1.3.1", "15.1.1.3.2", "2.3", role=RuleRole.TERM)
def break_effect(g: Fftcg, ctx: Ctx, op: Break | PutInBreakZone, *, silent: bool = False) -> bool:
    """15.1.1.3.1: ブレイクする is a break; 15.1.1.3.2: ブレイクゾーンに置く is not."""
    found = targets(g, ctx, op.target)
    if silent:
        return bool(found)
    as_break = isinstance(op, Break)
    if not found:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.effect.nothing_to_break", what=g.said(ctx.label))
            if as_break
            else msg("ff.effect.nothing_to_put", what=g.said(ctx.label)),
            ["2.3"],
        )
        return False
    to_break_zone(
        g,
        found,
        as_break,
        ["15.1.1.3.1" if as_break else "15.1.1.3.2"],
        ctx.controller,
        ctx,
        source=ctx.source,
        why="" if as_break else msg("ff.leave.put_by", what=g.said(ctx.label)),
    )
    return True


@rule("15.1.1.1.1", "15.1.1.1.2", "15.1.1.2.1", "15.1.1.2.2", "6.3.1", role=RuleRole.TERM)
def dull_or_activate(g: Fftcg, ctx: Ctx, op: Dull | Activate, *, silent: bool = False) -> bool:
    """15.1.1.1–15.1.1.2: dull or activate characters (a dull one may be dulled again, an active one activated)."""
    found = targets(g, ctx, op.target)
    if silent:
        return bool(found)
    dull = isinstance(op, Dull)
    for t in found:
        already = g.is_dull(t) == dull
        g.set_marker(t, "dull", 1 if dull else 0)
        rid = ("15.1.1.2.2" if already else "15.1.1.2.1") if dull else ("15.1.1.1.2" if already else "15.1.1.1.1")
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            seq(
                msg("ff.effect.dulled", what=g.said(ctx.label), card=g.cref(t))
                if dull
                else msg("ff.effect.activated", what=g.said(ctx.label), card=g.cref(t)),
                msg("ff.effect.already") if already else "",
            ),
            [rid, "6.3.1"],
        )
    return bool(found)


@rule("15.2.4.1", "15.2.4.2", role=RuleRole.TERM)
def freeze(g: Fftcg, ctx: Ctx, op: Freeze, *, silent: bool = False) -> bool:
    """15.2.4.1: freeze characters: they will not be activated in their controller's next active phase."""
    found = targets(g, ctx, op.target)
    if silent:
        return bool(found)
    for t in found:
        g.set_marker(t, "frozen", 1)
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.effect.frozen", what=g.said(ctx.label), card=g.cref(t)),
            ["15.2.4.1", "15.2.4.2"],
        )
    return bool(found)


@rule("3.1.2", "12.4.2", "7.11.1", role=RuleRole.TERM)
def draw(g: Fftcg, pid: str, n: int, cites: Sequence[str], actor: str = "rules", *, silent: bool = False) -> int:
    """Draw ``n`` cards one at a time; a player who cannot draw is noted for the rule process (3.1.2, 12.4.2)."""
    if silent or n <= 0:
        return n
    deck = zone_id(pid, "deck")
    got: list[str] = []
    for _ in range(n):
        if not g.state.zones[deck]:
            g.empty_draw.add(pid)
            break
        iid = g.state.zones[deck][0]
        g.move(iid, zone_id(pid, "hand"), face_down=False)
        got.append(iid)
    if len(got) < n:
        g.record(
            sentence_kind(actor),
            actor,
            msg("ff.draw.from_empty_deck", player=g.name(pid), n=len(got)),
            [*cites, "7.11.1", "3.1.2", "12.4.2"],
        )
    else:
        g.record(sentence_kind(actor), actor, msg("ff.draw.draws", player=g.name(pid), n=len(got)), [*cites, "7.11.1"])
    return len(got)


@rule("4.2", role=RuleRole.TERM)
def half_rounded_up(g: Fftcg, ctx: Ctx, what: str, *, silent: bool = False) -> int:
    """4.2: half of a count the text reads; the fraction, if any, is rounded up (the text says nothing else)."""
    n = continuous.count(g, what, ctx.controller)
    half = -(-n // 2)
    if not silent:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            seq(
                msg("ff.effect.half", what=g.said(ctx.label), n=n, counted=what, half=f"{n / 2:g}"),
                msg("ff.effect.rounded_up", n=half) if n % 2 else "",
            ),
            ["4.2"],
        )
    return half


@rule("3.1.2", role=RuleRole.TERM)
def draw_effect(g: Fftcg, ctx: Ctx, op: Draw, *, silent: bool = False) -> bool:
    """An effect makes a player draw."""
    n = op.count if op.half_of is None else half_rounded_up(g, ctx, op.half_of, silent=silent)
    if silent:
        return n > 0
    return draw(g, player(g, ctx, op.player), n, [], ctx.controller) == n


@rule("15.1.1.4.1", "6.1.4", role=RuleRole.TERM)
def discard(g: Fftcg, ctx: Ctx, op: Discard, *, silent: bool = False) -> bool:
    """15.1.1.4.1: discarding puts hand cards into the break zone; their player chooses which."""
    pid = player(g, ctx, op.player)
    hand = list(g.state.zones[zone_id(pid, "hand")])
    if silent:
        return len(hand) >= op.count
    n = min(op.count, len(hand))
    picked = pick_cards(g, pid, hand, n, "discard", "15.1.1.4.1", msg("ff.discard.choose", player=g.name(pid), n=n))
    discard_cards(g, pid, picked, [], ctx.controller, msg("ff.discard.for", what=g.said(ctx.label)))
    return n == op.count


@rule("15.1.1.4.1", role=RuleRole.TERM)
def discard_cards(
    g: Fftcg, pid: str, iids: Sequence[str], cites: Sequence[str], actor: str, why: Sentence, *, silent: bool = False
) -> bool:
    """15.1.1.4.1: hand cards go to the break zone as a discard; one step."""
    if silent or not iids:
        return bool(iids)
    names = []
    for iid in iids:
        g.move(iid, zone_id(g.card(iid).owner, "break"), face_down=False)
        names.append(g.card(iid).name)
    g.record(
        sentence_kind(actor),
        actor,
        msg("ff.discard.discards", player=g.name(pid), cards=tuple(names), why=why),
        [*cites, "15.1.1.4.1"],
    )
    return True


@rule("15.1.1.5.1", "7.13.1", role=RuleRole.TERM)
def remove_effect(g: Fftcg, ctx: Ctx, op: Remove, *, silent: bool = False) -> bool:
    """15.1.1.5.1: removing from the game puts cards into 除外."""
    found = cannot_win(g, ctx, targets(g, ctx, op.target), "be_removed", silent=silent)
    in_zones = [t for t in chosen_in_zones(g, ctx, op.target) if not g.card(t).zone.endswith(".removed")]
    if silent:
        return bool(found or in_zones)
    for t in found:
        leave_field(g, t, "removed", ["15.1.1.5.1", "7.13.1"], ctx.controller)
    for t in in_zones:
        from_zone(g, ctx, t, "removed", ["15.1.1.5.1", "7.13.1"])
    return bool(found or in_zones)


@rule("2.2", role=RuleRole.TERM)
def cannot_win(g: Fftcg, ctx: Ctx, found: Sequence[str], action: str, *, silent: bool = False) -> list[str]:
    """2.2: an effect does something to cards, and an effect says some of them cannot have it done: 'cannot'
    wins, and the cards it protects are left out."""
    kept = [t for t in found if not (g.on_field(t) and action in g.chars(t).cannot)]
    if not silent:
        for t in found:
            if t not in kept:
                g.record(
                    StepKind.EFFECT,
                    ctx.controller,
                    msg("ff.effect.cannot_be_removed", what=g.said(ctx.label), card=g.cref(t))
                    if action == "be_removed"
                    else msg("ff.effect.cannot_be_returned", what=g.said(ctx.label), card=g.cref(t)),
                    ["2.2"],
                )
    return kept


@rule("7.3", role=RuleRole.TERM)
def return_to_hand(g: Fftcg, ctx: Ctx, op: ReturnToHand, *, silent: bool = False) -> bool:
    """A card returned to the hand goes to its owner's hand (7.3)."""
    found = cannot_win(g, ctx, targets(g, ctx, op.target), "be_returned", silent=silent)
    if silent:
        return bool(found)
    for t in found:
        leave_field(g, t, "hand", ["7.3"], ctx.controller)
    return bool(found)


@rule("7.3", "7.4", "2.3", role=RuleRole.TERM)
def add_to_hand(g: Fftcg, ctx: Ctx, op: AddToHand, *, silent: bool = False) -> bool:
    """手札に加える: the cards chosen in a break zone (7.10) or the removed zone (7.13) that are still there go to
    their owner's hand (7.3), each a new card there (7.4)."""
    found = chosen_in_zones(g, ctx, op.target)
    if silent:
        return bool(found)
    if not found:
        g.record(StepKind.EFFECT, ctx.controller, msg("ff.effect.nothing_to_affect", what=g.said(ctx.label)), ["2.3"])
        return False
    for t in found:
        from_zone(g, ctx, t, "hand", [])
    return True


@rule("11.12.4.1", "11.12.4.2", "11.12.4.9", "11.3.10", "11.5.6", "9.5.1.3.2", "4.3", "2.3", role=RuleRole.EFFECT)
def make_continuous(g: Fftcg, ctx: Ctx, op: Power | Gain | Continuous, *, silent: bool = False) -> bool:
    """11.12.4.1: a continuous effect for a while, locked to the cards it affects now (11.12.4.2), with the
    timestamp of now (11.12.4.9)."""
    static = (
        StaticPower(op="power", target=op.target, by=op.by, set=op.set)
        if isinstance(op, Power)
        else StaticGain(op="gain", keywords=op.keywords, target=op.target)
        if isinstance(op, Gain)
        else op.effect
    )
    selector: Selector = getattr(static, "target", "self")
    locked = targets(g, ctx, selector)
    if silent:
        return bool(locked)
    if not locked:
        g.record(StepKind.EFFECT, ctx.controller, msg("ff.effect.nothing_to_affect", what=g.said(ctx.label)), ["2.3"])
        return False
    key = f"made:{g.serial()}"
    until = {"turn": "end_of_turn", "this_turn": "this_turn", "game": "game"}[op.duration]
    before = dict(g.all_chars())
    g.add_effect(
        ContinuousEffect(
            key=key,
            source=ctx.source,
            controller=ctx.controller,
            layer=continuous.layer(static, locked == [ctx.source]),
            timestamp=g.tick(),
            until=until,
            label=ctx.label,
            payload=Applied(static, ctx.source),
            targets=tuple(locked),
        )
    )
    what = _effect_words(static)
    cites = ["11.12.4.1", "11.12.4.2", "11.12.4.9"] + (["9.5.1.3.2"] if until == "end_of_turn" else [])
    if isinstance(static, StaticPower) and static.set is not None:
        cites.append("11.3.10" if g.is_card(ctx.source) and g.definition(ctx.source).type == "summon" else "11.5.6")
    now: Sentence = ""
    if isinstance(static, StaticPower):
        powers = [(t, g.power(t)) for t in locked]
        negative = any(p is not None and p < 0 for _, p in powers)
        shown = tuple(str(p) for _, p in powers)
        now = (
            msg("ff.effect.power_now_negative", powers=shown) if negative else msg("ff.effect.power_now", powers=shown)
        )
        if negative:
            cites.append("4.3")
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        seq(
            msg("ff.effect.continuous", what=g.said(ctx.label), cards=tuple(g.cref(t) for t in locked), effect=what),
            msg("ff.effect.until_end_of_turn")
            if until == "end_of_turn"
            else msg("ff.effect.this_turn")
            if until == "this_turn"
            else "",
            now,
        ),
        cites,
    )
    if continuous.kind_of(static) in (continuous.KIND_TEXT, continuous.KIND_TYPE):
        apply_layers(g, before)
    return True


def _and(parts: Sequence[Message]) -> Message | None:
    """Pieces joined with ``and`` (None for none)."""
    if not parts:
        return None
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("ff.effect.and", first=part, then=out)
    return out


def _effect_words(op: object) -> Message:
    if isinstance(op, StaticPower):
        if op.set is not None:
            if op.by:
                return msg("ff.effect.power_set_by", power=op.set, by=f"{op.by:+d}")
            return msg("ff.effect.power_set", power=op.set)
        return msg("ff.effect.power_by", by=f"{op.by:+d}")
    if isinstance(op, StaticGain):
        return msg("ff.change.gains", keyword=tuple(keyword(k) for k in op.keywords))
    if isinstance(op, StaticText):
        parts = ([msg("ff.effect.loses_all")] if op.lose_abilities else []) + [
            msg("ff.change.gains_ability", name=a.name or a.kind) for a in op.abilities
        ]
        return _and(parts) or msg("ff.effect.text_changed")
    if isinstance(op, Become):
        bits: list[Message] = []
        if op.type:
            bits.append(
                msg("ff.effect.becomes_with_power", type=card_type(op.type), power=op.power)
                if op.power is not None
                else msg("ff.change.type", type=card_type(op.type))
            )
        if op.jobs is not None:
            bits.append(msg("ff.effect.has_jobs", jobs=tuple(op.jobs) or msg("kernel.none")))
        if op.add_jobs:
            bits.append(msg("ff.change.gains_job", job=tuple(op.add_jobs)))
        return _and(bits) or msg("ff.effect.keeps_type")
    return msg("ff.effect.affected", what=f"{getattr(op, 'op', op)} {getattr(op, 'action', '')}".rstrip())


@rule("15.1.1.8.1", "15.1.1.8.2", "7.7.3", "7.7.4", "7.7.5", "2.1", "15.1.1.2.1", role=RuleRole.TERM)
def search(g: Fftcg, ctx: Ctx, op: Search, *, silent: bool = False) -> bool:
    """15.1.1.8: find cards in the deck that can do what follows (and no others), reveal them, shuffle,
    then do what follows; finding none is allowed (15.1.1.8.2). A card the field limits keep off the field
    (7.7.3–7.7.5) cannot be found to be put there. Put there dull (ダル状態で), they enter dull: the text's
    instruction (2.1, 15.1.1.2.1)."""
    pid = ctx.controller
    deck = list(g.state.zones[zone_id(pid, "deck")])
    eligible = [i for i in deck if continuous.matches(g, i, op.filter)]
    blocked: dict[str, str] = {}
    if op.to == "field":
        blocked = {i: limit for i in eligible if (limit := field_limit(g, pid, i, silent=True))}
        eligible = [i for i in eligible if i not in blocked]
    if silent:
        return bool(eligible)
    if blocked:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("ff.search.blocked", what=g.said(ctx.label), cards=tuple(sorted({g.card(i).name for i in blocked}))),
            ["15.1.1.8.1", *sorted(set(blocked.values()))],
        )
    options = g.card_options(eligible)
    found: list[str] = []
    if options:
        choice = g.decide(
            DecisionRequest(
                "search",
                pid,
                tuple(options),
                "15.1.1.8.2",
                msg("ff.search.prompt", player=g.name(pid), n=op.count, what=g.said(ctx.label)),
                PickMode.SOME,
                0,
                min(op.count, len(options)),
            )
        )
        found = [options[c] for c in choice]
        together = limit_together(g, pid, found) if op.to == "field" else ""
        if together:
            g.record(
                StepKind.RULE,
                pid,
                msg("ff.search.not_together", cards=tuple(g.card(i).name for i in found), rule=together),
                ["15.1.1.8.1", together],
            )
            raise DecisionNeeded(
                "search",
                pid,
                tuple(options),
                "15.1.1.8.2",
                msg("ff.search.prompt", player=g.name(pid), n=op.count, what=g.said(ctx.label)),
                msg("ff.search.together", keys=tuple(choice), rule=together),
            )
    if found:
        g.record(
            StepKind.EFFECT,
            pid,
            msg(
                "ff.search.found",
                what=g.said(ctx.label),
                player=g.name(pid),
                cards=tuple(g.card(i).name for i in found),
            ),
            ["15.1.1.8.1"],
        )
    else:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("ff.search.nothing", what=g.said(ctx.label), player=g.name(pid)),
            ["15.1.1.8.2"],
        )
    shuffle(g, pid, ["15.1.1.8.1"], exclude=found)
    if op.to == "field":
        enter_together(g, pid, found, ["15.1.1.8.1"], pid, dull=op.dull)
        return bool(found)
    for iid in found:
        g.move(iid, zone_id(pid, "hand"), face_down=False)
        g.record(
            StepKind.EFFECT,
            pid,
            msg("ff.search.to_hand", card=g.card(iid).name, zone=g.zref(f"{pid}.hand")),
            ["15.1.1.8.1"],
        )
    return bool(found)


@rule("15.1.1.6.1", role=RuleRole.TERM)
def shuffle(g: Fftcg, pid: str, cites: Sequence[str], *, exclude: Sequence[str] = (), silent: bool = False) -> bool:
    """15.1.1.6.1: shuffling is chance: the scenario gives the cards that come out on top (the rest as listed)."""
    if silent:
        return True
    zone = zone_id(pid, "deck")
    iids = [i for i in g.state.zones[zone] if i not in exclude]
    options = g.card_options(iids)
    if len({g.card(i).key for i in iids}) > 1:
        choice = g.decide(
            DecisionRequest(
                "shuffle",
                pid,
                tuple(options),
                "15.1.1.6.1",
                msg("ff.shuffle.top", player=g.name(pid)),
                PickMode.SOME,
                0,
                len(iids),
                chance=True,
            )
        )
        top = [options[c] for c in choice]
        rest = [i for i in g.state.zones[zone] if i not in top]
        g.reorder(zone, top + rest)
    g.record(StepKind.RULE, pid, msg("ff.shuffle.done", player=g.name(pid)), [*cites, "15.1.1.6.1"])
    return True


@rule("6.7.1", "6.7.2", "6.7.3", "15.1.1.10.1", role=RuleRole.TERM)
def counters(g: Fftcg, ctx: Ctx, op: Counters, *, silent: bool = False) -> bool:
    """6.7: counters are named markers on a card (the same name is the same counter, 6.7.2); removing them
    takes them out of the game (15.1.1.10.1)."""
    on_self = [ctx.source] if ctx.source in g.state.cards else []
    found = on_self if op.target == "self" else targets(g, ctx, op.target)
    if silent:
        return bool(found)
    for t in found:
        change_counters(g, t, op.name, op.count, ctx.controller, g.said(ctx.label))
    return bool(found)


@rule("6.7.1", "6.7.2", "15.1.1.10.1", role=RuleRole.TERM)
def change_counters(g: Fftcg, iid: str, name: str, by: int, actor: str, why: Sentence, *, silent: bool = False) -> int:
    """6.7: put counters on a card (``by`` > 0), or remove them (15.1.1.10.1); how many it has after."""
    if silent:
        return max(0, g.counters(iid).get(name, 0) + by)
    have = g.counters(iid).get(name, 0)
    after = max(0, have + by)
    g.set_marker(iid, f"counter:{name}", after)
    n = abs(after - have)
    g.record(
        sentence_kind(actor),
        actor,
        msg("ff.counters.gets", why=why, card=g.cref(iid), n=n, name=name, before=have, after=after)
        if by > 0
        else msg("ff.counters.loses", why=why, card=g.cref(iid), n=n, name=name, before=have, after=after),
        ["6.7.1", "6.7.2"] if by > 0 else ["15.1.1.10.1"],
    )
    if by < 0 and after == 0 and have > 0 and name == "デジョン":
        from judgekit.games.fftcg import dejon

        dejon.last_counter(g, iid)
    return after


@rule("6.8.1", role=RuleRole.TERM)
def crystals(g: Fftcg, ctx: Ctx, op: Crystals, *, silent: bool = False) -> bool:
    """6.8.1: crystals are a resource a player gains from effects."""
    if silent:
        return op.count > 0
    pid = player(g, ctx, op.player)
    have = g.state.players[pid].counters.get("crystals", 0)
    g.set_counter(pid, "crystals", have + op.count)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("ff.effect.crystals", what=g.said(ctx.label), player=g.name(pid), n=op.count),
        ["6.8.1"],
    )
    return True


# --- putting characters onto the field -----------------------------------------------------------


@rule("7.7.3", "7.7.3.1", "7.7.4", "7.7.5", role=RuleRole.TERM)
def field_limit(g: Fftcg, pid: str, iid: str, *, silent: bool = False) -> str:
    """7.7.3–7.7.5: the rule that forbids putting the character onto ``pid``'s field, or empty if none does."""
    d = g.definition(iid)
    mine = g.field(pid)
    if d.type not in ("forward", "backup", "monster"):
        return ""
    if not d.generic and any(not g.chars(i).generic and g.chars(i).name == d.name for i in mine if i != iid):
        return "7.7.3"
    if d.type == "backup" and len([i for i in mine if g.chars(i).type == "backup"]) >= 5:
        return "7.7.4"
    if {"light", "dark"} & set(d.elements) and any(
        {"light", "dark"} & set(g.chars(i).elements) for i in mine if i != iid
    ):
        return "7.7.5"
    return ""


def limit_together(g: Fftcg, pid: str, iids: Sequence[str]) -> str:
    """7.7.3–7.7.5 for cards put onto ``pid``'s field at once, each allowed alone: the rule they break together
    (two of one name without the general icon, a sixth backup, two Light or Dark characters), or empty."""
    defs = [g.definition(i) for i in iids]
    chars = [d for d in defs if d.type in ("forward", "backup", "monster")]
    names = [d.name for d in chars if not d.generic]
    if len(names) != len(set(names)):
        return "7.7.3"
    backups = sum(1 for i in g.field(pid) if g.chars(i).type == "backup")
    if backups + sum(1 for d in chars if d.type == "backup") > 5:
        return "7.7.4"
    if sum(1 for d in chars if {"light", "dark"} & set(d.elements)) > 1:
        return "7.7.5"
    return ""


@rule("6.2.4", "6.2.5", "5.2.3.1.1.1", "5.2.3.1.1.3", "2.1", "15.1.1.2.1", "11.8.16.2.1", "11.9.2", role=RuleRole.TERM)
def put_onto_field(
    g: Fftcg,
    pid: str,
    iid: str,
    cites: Sequence[str],
    actor: str = "rules",
    *,
    dull: bool = False,
    silent: bool = False,
) -> bool:
    """6.2.4: a card put onto the field comes under that player's control; a backup enters dull
    (5.2.3.1.1.3), and so does any card an effect puts there dull (``dull``, 2.1, 15.1.1.2.1); its field
    abilities apply as it enters (11.9.2); enter-the-field abilities trigger."""
    if silent:
        return True
    before = dict(g.all_chars())
    _enter(g, pid, iid, cites, actor, dull=dull)
    before[iid] = continuous.printed(g, iid)
    _report_layers(g, before)
    abilities.trigger(g, Event("enters_field", pid, iid, iid), cites=("11.8.16.2.1",))
    return True


@rule(
    "11.12.4.11",
    "11.12.4.10",
    "11.8.16.2.1",
    "6.2.4",
    "6.2.5",
    "5.2.3.1.1.1",
    "5.2.3.1.1.3",
    "2.1",
    "15.1.1.2.1",
    "11.9.2",
    role=RuleRole.TERM,
)
def enter_together(
    g: Fftcg,
    pid: str,
    iids: Sequence[str],
    cites: Sequence[str],
    actor: str = "rules",
    *,
    dull: bool = False,
    silent: bool = False,
) -> bool:
    """Cards put onto the field by one event enter together and get their timestamps at the same time
    (11.12.4.10): the turn player orders those timestamps then (11.12.4.11). The engine asks only when the order
    changes a characteristic (their continuous effects interact); every card on the field, the new ones included,
    sees each of them enter (11.8.16.2.1)."""
    if silent:
        return len(iids) > 1
    if len(iids) < 2:
        for iid in iids:
            put_onto_field(g, pid, iid, cites, actor, dull=dull)
        return False
    before = dict(g.all_chars())
    for iid in iids:
        _enter(g, pid, iid, cites, actor, dull=dull)
        before[iid] = continuous.printed(g, iid)
    stamps = sorted(g.card(i).since for i in iids)
    order = list(iids)
    outcomes = {_chars_key(g, p, stamps) for p in itertools.islice(itertools.permutations(iids), 24)}
    tp = g.state.turn_player
    if len(outcomes) > 1:
        order = order_cards(
            g,
            tp,
            list(iids),
            "11.12.4.11",
            msg("ff.timestamps.prompt", player=g.name(tp), cards=tuple(g.cref(i) for i in iids)),
        )
    _stamp(g, order, stamps)
    g.record(
        StepKind.RULE,
        "rules",
        msg(
            "ff.timestamps.ordered",
            cards=tuple(g.card(i).name for i in iids),
            player=g.name(tp),
            order=_in_order([g.card(i).name for i in order]),
        )
        if len(outcomes) > 1
        else msg("ff.timestamps.unordered", cards=tuple(g.card(i).name for i in iids)),
        ["11.12.4.10", "11.12.4.11"],
    )
    _report_layers(g, before)
    for iid in iids:
        abilities.trigger(g, Event("enters_field", pid, iid, iid), cites=("11.8.16.2.1",))
    return True


def _in_order(names: Sequence[str]) -> Sentence:
    """Names from earliest to latest: ``a < b < c``."""
    out: Sentence = names[-1]
    for name in reversed(names[:-1]):
        out = msg("ff.timestamps.before", first=name, then=out)
    return out


def _stamp(g: Fftcg, order: Sequence[str], stamps: Sequence[int]) -> None:
    for iid, t in zip(order, stamps, strict=True):
        g.state.cards[iid] = dataclasses.replace(g.card(iid), since=t)
    g.state.version += 1


def _chars_key(g: Fftcg, order: Sequence[str], stamps: Sequence[int]) -> str:
    """The characteristics of every card with the timestamps given in this order (for comparing orders)."""
    _stamp(g, order, stamps)
    return repr(sorted(continuous.characteristics(g).items()))


def _enter(g: Fftcg, pid: str, iid: str, cites: Sequence[str], actor: str, *, dull: bool = False) -> None:
    d = g.definition(iid)
    g.move(iid, zone_id(pid, "field"), face_down=False, keep_markers=False)
    card = g.card(iid)
    if card.controller != pid:
        from dataclasses import replace

        g.state.cards[iid] = replace(card, controller=pid)
    extra = ["6.2.4", "6.2.5", "5.2.3.1.1.1"] + (["11.9.2"] if any(a.kind == "field" for a in d.abilities) else [])
    if d.type == "backup" or dull:
        g.set_marker(iid, "dull", 1)
        extra.extend(["2.1", "15.1.1.2.1"] if dull and d.type != "backup" else ["5.2.3.1.1.3"])
    g.record(
        sentence_kind(actor),
        actor,
        msg("ff.enter.dull", card=d.name, zone=g.zref(zone_id(pid, "field")))
        if d.type == "backup" or dull
        else msg("ff.enter.field", card=d.name, zone=g.zref(zone_id(pid, "field"))),
        [*cites, *extra],
    )


@rule("6.2.6", "6.2.6.1", "6.2.6.2", "11.12.4.6", "10.1.2.4", "10.1.3.2", "9.5.1.3.2", role=RuleRole.EFFECT)
def gain_control(g: Fftcg, ctx: Ctx, op: GainControl, *, silent: bool = False) -> bool:
    """6.2.6: the controller changes, the owner does not; the card stays on the field, the same object, and
    enters nothing, so no 'enters the field' ability triggers (6.2.6.1); control is gained even over a card of
    a name (or Light/Dark) the player already controls, and the rule processes then deal with both (6.2.6.2).
    A change of control applies before every other kind of continuous effect (11.12.4.6 ①)."""
    pid = player(g, ctx, op.player)
    found = [t for t in targets(g, ctx, op.target) if g.card(t).controller != pid]
    if silent:
        return bool(found)
    b = g.battle
    for t in found:
        if b is not None and (t in b.attackers or t == b.blocker):
            raise g.ambiguity(
                ["6.2.6", "10.1.2.4", "10.1.3.2"],
                msg("ff.gap.control_attacking", card=g.cref(t))
                if t in b.attackers
                else msg("ff.gap.control_blocking", card=g.cref(t)),
            )
    for t in found:
        before = g.card(t).controller
        clashes = _control_clashes(g, pid, t)
        g.set_controller(t, pid, zone_id(pid, "field"))
        g.control_since[t] = g.tick()
        if op.duration == "turn":
            g.control_until_end.append((t, g.card(t).since, before))
        g.record(
            sentence_kind(ctx.controller),
            ctx.controller,
            seq(
                msg(
                    "ff.control.gains",
                    what=g.said(ctx.label),
                    player=g.name(pid),
                    card=g.cref(t),
                    other=g.name(before),
                    owner=g.name(g.card(t).owner),
                ),
                msg("ff.effect.until_end_of_turn") if op.duration == "turn" else "",
                msg("ff.control.no_enter"),
            ),
            ["6.2.6", "6.2.6.1", "11.12.4.6"] + (["9.5.1.3.2"] if op.duration == "turn" else []),
        )
        if clashes:
            g.record(
                StepKind.RULE,
                "rules",
                msg("ff.control.clash", player=g.name(pid), cards=tuple(clashes)),
                ["6.2.6.2"],
            )
    return bool(found)


def _control_clashes(g: Fftcg, pid: str, iid: str) -> list[CardRef]:
    """The cards ``pid`` controls that 12.4.6 (same name) or 12.4.7 (Light/Dark) would set against ``iid``."""
    c = g.chars(iid)
    out: list[CardRef] = []
    for other in g.field(pid):
        o = g.chars(other)
        same = o.name == c.name and not (o.generic or c.generic)
        light_dark = bool({"light", "dark"} & set(o.elements)) and bool({"light", "dark"} & set(c.elements))
        if same or light_dark:
            out.append(g.cref(other))
    return out


@rule("7.7.3", "7.7.4", "7.7.5", "15.2.7.5.1", "15.2.7.5.2", "6.2.4", "2.3", role=RuleRole.TERM)
def put_self_onto_field(g: Fftcg, ctx: Ctx, op: PutOntoField, *, silent: bool = False) -> bool:
    """The card with the ability enters its owner's field — unless a field limit forbids it (7.7.3–7.7.5): then
    it stays where it is (for dejon, 15.2.7.5.1–15.2.7.5.2). Characters chosen in a zone enter the field of the
    controller of the effect (6.2.4), each unless a field limit forbids it."""
    if op.target != "self":
        found = chosen_in_zones(g, ctx, op.target)
        if silent:
            return bool(found)
        if not found:
            g.record(
                StepKind.EFFECT, ctx.controller, msg("ff.effect.nothing_to_affect", what=g.said(ctx.label)), ["2.3"]
            )
            return False
        entered = False
        for t in found:
            limit = field_limit(g, ctx.controller, t, silent=True)
            if limit:
                g.record(
                    StepKind.EFFECT, ctx.controller, msg("ff.enter.cannot", card=g.card(t).name, rule=limit), [limit]
                )
                continue
            put_onto_field(g, ctx.controller, t, ["6.2.4"], ctx.controller)
            entered = True
        return entered
    iid = ctx.source
    card = g.state.cards.get(iid)
    if card is None or card.zone.endswith(".field"):
        return False
    limit = field_limit(g, card.owner, iid, silent=True)
    if silent:
        return not limit
    if limit:
        dejon = card.zone.endswith(".removed") and g.definition(iid).dejon is not None
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.enter.cannot", card=card.name, rule=limit),
            [limit] + (["15.2.7.5.1", "15.2.7.5.2"] if dejon else []),
        )
        return False
    put_onto_field(g, card.owner, iid, [], ctx.controller)
    return True


@rule(
    "6.4.1",
    "6.4.1.1",
    "6.4.1.2",
    "11.8.17",
    "11.8.17.1",
    "11.8.17.2",
    "11.8.17.4",
    "11.8.17.5",
    "6.4.1.3",
    "11.8.17.6",
    "2.3",
    role=RuleRole.EFFECT,
)
def create_delayed(g: Fftcg, ctx: Ctx, op: Delayed, *, silent: bool = False) -> bool:
    """11.8.17: the effect creates a delayed auto ability. Its source is the summon that created it, or the source
    of the ability that did; its controller is their controller now, as they resolve (6.4.1.1, 6.4.1.2, 11.8.17.4,
    11.8.17.5). One a field ability's replacement effect creates has that ability's card as its source, and the
    card's controller when the replacement effect was applied as its controller (6.4.1.3, 11.8.17.6). It triggers
    only on events from now on (11.8.17.1), once unless it has a period (11.8.17.2)."""
    about: tuple[tuple[str, int], ...] = ()
    if op.about is not None:
        about = tuple((i, g.card(i).since) for i in targets(g, ctx, op.about))
    if silent:
        return op.about is None or bool(about)
    if op.about is not None and not about:
        g.record(StepKind.EFFECT, ctx.controller, msg("ff.delayed.nothing_to_affect", what=g.said(ctx.label)), ["2.3"])
        return False
    summon = g.is_card(ctx.source) and g.definition(ctx.source).type == "summon"
    src = g.state.cards.get(ctx.source) or g.last_known.get(ctx.source)
    src_name = src.name if src is not None else ctx.source
    name = op.name or op.on
    ability = Ability(
        kind="auto",
        name=name,
        text=op.text,
        on=op.on,
        subject=op.subject,
        whose=op.whose,
        choose=op.choose,
        effects=op.effects,
    )
    says = msg("ff.ability.delayed", card=src_name, name=name)
    label = g.labelled(f"{src_name}の遅延型のオートアビリティ「{name}」", says)
    g.delayed.append(
        DelayedTrigger(
            f"delayed:{g.serial()}", ctx.source, ctx.controller, op.on, label, DelayedAuto(ability, about, op.period)
        )
    )
    g.record(
        sentence_kind(ctx.controller),
        ctx.controller,
        msg(
            "ff.delayed.creates",
            what=g.said(ctx.label),
            ability=says,
            source=src_name,
            player=g.name(ctx.controller),
            applied=msg("ff.delayed.as_applied") if ctx.replacement else "",
            affects=msg("ff.delayed.affecting", cards=tuple(g.cref(i) for i, _ in about)) if about else "",
            when=msg("ff.delayed.this_turn") if op.period == "turn" else msg("ff.delayed.once"),
        ),
        ["11.8.17", "11.8.17.1", "11.8.17.2", "6.4.1"]
        + (
            ["6.4.1.3", "11.8.17.6"]
            if ctx.replacement
            else ["6.4.1.1", "11.8.17.4"]
            if summon
            else ["6.4.1.2", "11.8.17.5"]
        ),
    )
    return True


@rule("15.1.1.11.1", "15.1.1.11.2", "15.1.1.11.3", "7.3", role=RuleRole.TERM)
def split_groups(g: Fftcg, ctx: Ctx, op: Split, *, silent: bool = False) -> bool:
    """15.1.1.11.2: the cards of the zone are split into the given number of groups, every card in one of them;
    a group may be empty (15.1.1.11.3). The split is the splitter's decision, one group after another (the last
    group takes what is left); then the picker picks one group."""
    owner = player(g, ctx, op.player)
    splitter = player(g, ctx, op.by)
    picker = player(g, ctx, op.picker)
    cards = list(g.state.zones[zone_id(owner, op.zone)])
    if silent:
        return True
    if op.zone == "hand" and owner != splitter:
        raise g.ambiguity(
            ["15.1.1.11.2"],
            msg("ff.gap.split_hidden_hand", player=g.name(splitter), owner=g.name(owner)),
        )
    groups: list[list[str]] = []
    rest = list(cards)
    every = g.card_options(cards)
    for n in range(op.groups - 1):
        if not rest:
            groups.append([])
            continue
        options = {k: v for k, v in every.items() if v in rest}
        choice = g.decide(
            DecisionRequest(
                "group",
                splitter,
                tuple(options),
                "15.1.1.11.2",
                msg(
                    "ff.groups.prompt",
                    player=g.name(splitter),
                    zone=g.zref(zone_id(owner, op.zone)),
                    n=n + 1,
                    groups=op.groups,
                ),
                PickMode.SOME,
                0,
                len(rest),
            )
        )
        picked = [options[c] for c in choice]
        groups.append(picked)
        rest = [i for i in rest if i not in picked]
    groups.append(rest)
    words = semicolons(
        [
            msg("ff.groups.group", n=n + 1, cards=tuple(g.cref(i) for i in grp) or msg("ff.groups.no_card"))
            for n, grp in enumerate(groups)
        ]
    )
    g.record(
        StepKind.DECISION,
        splitter,
        msg(
            "ff.groups.split",
            what=g.said(ctx.label),
            player=g.name(splitter),
            n=len(cards),
            zone=g.zref(zone_id(owner, op.zone)),
            groups=op.groups,
            words=words,
        ),
        ["15.1.1.11.1", "15.1.1.11.2"] + (["15.1.1.11.3"] if any(not grp for grp in groups) else []),
    )
    labels = {f"group{n + 1}": n for n in range(op.groups)}
    pick = g.decide(
        DecisionRequest(
            "group_pick", picker, tuple(labels), "15.1.1.11.2", msg("ff.groups.pick", player=g.name(picker))
        )
    )[0]
    chosen = labels[pick]
    for n, grp in enumerate(groups):
        to = op.picked_to if n == chosen else op.others_to
        if to is None:
            continue
        for i in grp:
            _move_from_zone(g, i, to, ctx.controller, ctx.label)
    return True


def _move_from_zone(g: Fftcg, iid: str, to: str, actor: str, label: str) -> None:
    """A card outside the field goes to its owner's hand, break zone, removed zone or the bottom of the deck."""
    owner = g.card(iid).owner
    zone = {"hand": "hand", "break": "break", "removed": "removed", "deck_bottom": "deck"}[to]
    before = g.card(iid).zone
    if before == zone_id(owner, zone):
        return
    g.move(iid, zone_id(owner, zone), top=zone != "deck", face_down=zone == "deck")
    where = g.zref(zone_id(owner, zone))
    g.record(
        sentence_kind(actor),
        actor,
        msg("ff.groups.to_bottom", what=g.said(label), card=g.cref(iid), zone=where)
        if to == "deck_bottom"
        else msg("ff.groups.to_zone", what=g.said(label), card=g.cref(iid), zone=where),
        ["7.3"],
    )


# --- the interpreter ---------------------------------------------------------------------------


@rule("4.5", "4.4", "11.11.9", role=RuleRole.EFFECT)
def fix_variable(g: Fftcg, ctx: Ctx, variable: Variable, x: int | None, *, silent: bool = False) -> bool:
    """4.5: the value of a summon's or ability's X as it resolves: the value its controller chose for its cost
    (11.3.5, 11.6.7, 11.7.7), fixed then; one defined by its text is determined now, once (11.11.9); one never
    defined (a cost that was not paid: an EX BURST) counts as 0 (4.4)."""
    if silent:
        return True
    if variable.count is not None:
        ctx.x = continuous.count(g, variable.count, ctx.controller)
        ctx.x_count = variable.count
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.x.determined", what=g.said(ctx.label), x=ctx.x, counted=variable.count),
            ["4.5", "11.11.9"],
        )
    elif x is None:
        ctx.x = None
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.x.undefined", what=g.said(ctx.label)),
            ["4.5", "4.4"],
        )
    else:
        ctx.x = x
    return True


X_FIELDS: Mapping[str, str] = {
    "damage": "amount",
    "damage_player": "amount",
    "draw": "count",
    "discard": "count",
    "power": "by",
}
"""The number an op's ``per_x`` adds to."""


@rule("4.5", "4.4", "11.11.9", "11.12.4.3", role=RuleRole.EFFECT)
def with_x(g: Fftcg, ctx: Ctx, op: Effect, *, silent: bool = False) -> Effect:
    """4.5: an op with ``per_x`` gets its number with X put in: X as fixed for the summon or ability (0 when it
    cannot be defined, 4.4); in a continuous effect it is fixed from now on (11.12.4.3)."""
    per = getattr(op, "per_x", 0)
    if not per:
        return op
    x = ctx.x or 0
    if not silent and ctx.x_count is not None and continuous.count(g, ctx.x_count, ctx.controller) != x:
        raise g.ambiguity(
            ["11.11.9", "4.5"],
            msg(
                "ff.gap.x_changed",
                what=g.said(ctx.label),
                counted=ctx.x_count,
                x=x,
                now=continuous.count(g, ctx.x_count, ctx.controller),
            ),
        )
    name = X_FIELDS[str(op.op)]
    if not silent and isinstance(op, Power):
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("ff.x.fixed_in_effect", what=g.said(ctx.label), x=x, power=f"{per * x:+d}"),
            ["11.12.4.3"],
        )
    return dataclasses.replace(op, **{name: getattr(op, name) + per * x, "per_x": 0})


@rule("11.11.5", "2.3", role=RuleRole.EFFECT)
def run(g: Fftcg, ctx: Ctx, effects: Sequence[Effect], *, silent: bool = False) -> bool:
    """11.11.5: the instructions are followed in the printed order; what cannot be done is ignored (2.3)."""
    if silent:
        return all(_dispatch(g, ctx, with_x(g, ctx, op, silent=True), True) for op in effects)
    done = True
    for op in effects:
        done = _dispatch(g, ctx, with_x(g, ctx, op), False) and done
        if g.state.over:
            break
    return done


@rule("11.11.5", "11.3.4", "11.6.6", "11.7.6", "11.8.10", role=RuleRole.EFFECT)
def run_modes(g: Fftcg, ctx: Ctx, modes: Sequence[abilities.DeclaredMode], *, silent: bool = False) -> bool:
    """11.11.5: the declared modes are done in the order declared, each with its own choices."""
    done = True
    first = 0
    for m in modes:
        sub = dataclasses.replace(ctx, targets=ctx.targets[first : first + m.specs])
        first += m.specs
        if silent:
            done = run(g, sub, m.effects, silent=True) and done  # type: ignore[arg-type]
            continue
        if len(modes) > 1:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("ff.effect.mode", what=g.said(ctx.label), mode=msg("ff.quoted", name=m.name)),
                ["11.11.5"],
            )
        done = run(g, sub, m.effects) and done  # type: ignore[arg-type]
        ctx.x, ctx.x_count = sub.x, sub.x_count
        if g.state.over:
            break
    return done


@rule("11.3.11", "11.4.1.1", role=RuleRole.EFFECT)
def cast_effect(g: Fftcg, ctx: Ctx, op: CastFree, *, silent: bool = False) -> bool:
    """11.3.11, 11.4.1.1: an effect casts a card from the hand: the player picks it now, and it is cast right after
    the summon or ability with the effect has resolved (``casting.cast_by_effect``)."""
    pid = ctx.controller
    hand = [i for i in g.state.zones[zone_id(pid, "hand")] if continuous.matches(g, i, op.filter)]
    if silent:
        return bool(hand)
    if ctx.item is None:
        raise ScenarioError([("effects", said(msg("ff.problem.cast_effect_when", ability=ctx.label)))])
    options = g.card_options(hand)
    picked: list[str] = []
    if options:
        choice = g.decide(
            DecisionRequest(
                "cast",
                pid,
                tuple(options),
                "11.3.11" if op.filter.type == "summon" else "11.4.1.1",
                msg("ff.castfree.prompt_optional", player=g.name(pid), what=g.said(ctx.label))
                if op.optional
                else msg("ff.castfree.prompt", player=g.name(pid), what=g.said(ctx.label)),
                PickMode.SOME,
                0 if op.optional else 1,
                1,
            )
        )
        picked = [options[c] for c in choice]
    if not picked:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("ff.castfree.none", what=g.said(ctx.label), player=g.name(pid)),
            ["11.3.11", "11.4.1.1"],
        )
        return False
    iid = picked[0]
    rid = "11.3.11" if g.definition(iid).type == "summon" else "11.4.1.1"
    g.cast_after.append((pid, iid, ctx.label))
    g.record(
        StepKind.EFFECT,
        pid,
        msg("ff.castfree.will_cast", what=g.said(ctx.label), player=g.name(pid), card=g.card(iid).name),
        [rid],
    )
    return True


@rule("11.11.5.1", "11.11.5.1.1", "11.11.6", role=RuleRole.EFFECT)
def pick_effect(g: Fftcg, ctx: Ctx, op: Pick, *, silent: bool = False) -> bool:
    """11.11.5.1: a choice the text asks for and that was not declared is made as it resolves, by the player the
    text names; 11.11.5.1.1: every card that must be chosen is included, none that cannot be chosen is. 11.11.6: when
    both players choose, the turn player declares first, then the non-turn player knowing it; what follows is done to
    all of them at once."""
    if op.chooser != "each":
        who = player(g, ctx, op.chooser)
        if silent:
            return bool(_pick_legal(g, ctx, op, op.whose))
        ctx.picked = tuple(_pick_for(g, ctx, op, who, op.whose))
        return bool(ctx.picked)
    tp = g.state.turn_player
    order = [tp, g.state.opponent(tp)]
    if silent:
        return any(_pick_legal(g, ctx, op, _whose_for(ctx, op, p)) for p in order)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("ff.pick.both", what=g.said(ctx.label), first=g.name(order[0]), second=g.name(order[1])),
        ["11.11.6"],
    )
    picked: list[str] = []
    for p in order:
        picked += _pick_for(g, ctx, op, p, _whose_for(ctx, op, p))
    ctx.picked = tuple(picked)
    return bool(picked)


def _whose_for(ctx: Ctx, op: Pick, chooser: str) -> str:
    """With ``each``: ``whose`` from the chooser's side, turned to the controller's side."""
    if op.whose == "any" or chooser == ctx.controller:
        return op.whose
    return "opponent" if op.whose == "own" else "own"


def _pick_legal(g: Fftcg, ctx: Ctx, op: Pick, whose: str) -> list[str]:
    spec = Choose(what=op.what, whose=whose, count=op.count)  # type: ignore[arg-type]
    return abilities.legal_choices(g, spec, ctx.controller, ctx.source)


def _pick_for(g: Fftcg, ctx: Ctx, op: Pick, who: str, whose: str) -> list[str]:
    """One player's choice for a ``pick``, obeying 'must be chosen' and 'cannot be chosen' (11.11.5.1.1)."""
    fits = [
        i
        for i in g.all_field()
        if continuous.matches(g, i, op.what, ctx.source)
        and (whose == "any" or (g.card(i).controller == ctx.controller) == (whose == "own"))
    ]
    legal = _pick_legal(g, ctx, op, whose)
    must = [i for i in legal if abilities.must_be_chosen(g, i)]
    for i in fits:
        if i not in legal:
            g.record(
                StepKind.EFFECT,
                who,
                msg("ff.pick.cannot", what=g.said(ctx.label), card=g.cref(i), player=g.name(who)),
                ["11.11.5.1.1"],
            )
    if len(must) > op.count:
        raise g.ambiguity(
            ["11.11.5.1.1"],
            msg("ff.gap.too_many_musts", what=g.said(ctx.label), n=op.count, must=len(must)),
        )
    for i in must:
        g.record(
            StepKind.EFFECT,
            who,
            msg("ff.pick.must", what=g.said(ctx.label), card=g.cref(i), player=g.name(who)),
            ["11.11.5.1.1"],
        )
    rest = [i for i in legal if i not in must]
    free = min(op.count - len(must), len(rest))
    picked = list(must)
    if free == len(rest):
        picked += rest
    elif free > 0:
        options = g.field_options(rest)
        choice = g.decide(
            DecisionRequest(
                "target",
                who,
                tuple(options),
                "11.11.6" if op.chooser == "each" else "11.11.5.1",
                msg("ff.pick.prompt", player=g.name(who), n=free, what=g.said(ctx.label)),
                PickMode.SOME,
                free,
                free,
            )
        )
        picked += [options[c] for c in choice]
    g.record(
        StepKind.EFFECT,
        who,
        msg("ff.pick.chooses", what=g.said(ctx.label), player=g.name(who), cards=tuple(g.cref(i) for i in picked))
        if picked
        else msg("ff.pick.nothing", what=g.said(ctx.label), player=g.name(who)),
        ["11.11.6" if op.chooser == "each" else "11.11.5.1"],
    )
    return picked


@rule("6.2.2", "6.2.1", role=RuleRole.TERM)
def from_outside(g: Fftcg, ctx: Ctx, op: FromOutside, *, silent: bool = False) -> bool:
    """6.2.2: a card brought into the game from outside it has its owner as 6.2.1 says — the player who began the
    game with it in the deck, which such a card never was: the engine stops there."""
    if silent:
        return True
    name = g.defs[op.card].name if op.card in g.defs else op.card
    raise g.ambiguity(
        ["6.2.2", "6.2.1"],
        msg("ff.gap.from_outside", what=g.said(ctx.label), card=name),
    )


def _dispatch(g: Fftcg, ctx: Ctx, op: Effect, silent: bool) -> bool:
    match op:
        case FromOutside():
            return from_outside(g, ctx, op, silent=silent)
        case Pick():
            return pick_effect(g, ctx, op, silent=silent)
        case CastFree():
            return cast_effect(g, ctx, op, silent=silent)
        case Delayed():
            return create_delayed(g, ctx, op, silent=silent)
        case Split():
            return split_groups(g, ctx, op, silent=silent)
        case Damage():
            return damage_effect(g, ctx, op, silent=silent)
        case Distribute():
            return distribute_effect(g, ctx, op, silent=silent)
        case DamagePlayer():
            return damage_player_effect(g, ctx, op, silent=silent)
        case Break() | PutInBreakZone():
            return break_effect(g, ctx, op, silent=silent)
        case Dull() | Activate():
            return dull_or_activate(g, ctx, op, silent=silent)
        case Freeze():
            return freeze(g, ctx, op, silent=silent)
        case Draw():
            return draw_effect(g, ctx, op, silent=silent)
        case Discard():
            return discard(g, ctx, op, silent=silent)
        case Remove():
            return remove_effect(g, ctx, op, silent=silent)
        case ReturnToHand():
            return return_to_hand(g, ctx, op, silent=silent)
        case AddToHand():
            return add_to_hand(g, ctx, op, silent=silent)
        case Power() | Gain() | Continuous():
            return make_continuous(g, ctx, op, silent=silent)
        case Search():
            return search(g, ctx, op, silent=silent)
        case Counters():
            return counters(g, ctx, op, silent=silent)
        case Crystals():
            return crystals(g, ctx, op, silent=silent)
        case PutOntoField():
            return put_self_onto_field(g, ctx, op, silent=silent)
        case GainControl():
            return gain_control(g, ctx, op, silent=silent)
    raise TypeError(f"unknown op {op!r}")
