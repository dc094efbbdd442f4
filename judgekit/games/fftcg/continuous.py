"""Continuous effects (11.12.4), their targets and conditions, and the characteristics they make.

Field abilities keep up continuous effects while their card is on the field (11.9.1, 11.12.4.4,
11.12.4.5); resolved summons and abilities make them for a while, locked to the cards they
affected then (11.12.4.2). Characteristics are computed in the order of 11.12.4.6 — ① control,
② text, ③ card type and job, ④ general, ⑤ power — within a kind the effects that change the card
with the ability first (11.12.4.7), then by dependency (11.12.4.12–11.12.4.13) and timestamp
(11.12.4.8–11.12.4.10). A power set to a number changes the printed power, then the
modifications apply (11.3.10, 11.5.6). Replacement effects and cost changes change no
characteristic: the rules that need them look them up with :func:`active`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judgekit.engine import ContinuousEffect, order_effects, zone_id
from judgekit.games.fftcg.cards import (
    Ability,
    Become,
    Cannot,
    CardFilter,
    Condition,
    DeckCopies,
    Selector,
    Static,
    StaticGain,
    StaticPower,
    StaticText,
    Unblockable,
)
from judgekit.games.fftcg.game import CHARACTER_TYPES, AbilityRef, Chars, Fftcg
from judgekit.games.fftcg.words import card_type, keyword
from judgekit.message import Message, msg

KIND_CONTROL = 1
"""11.12.4.6 ①: control."""
KIND_TEXT = 2
"""11.12.4.6 ②: text."""
KIND_TYPE = 3
"""11.12.4.6 ③: card type and job."""
KIND_GENERAL = 4
"""11.12.4.6 ④: every other kind."""
KIND_POWER = 5
"""11.12.4.6 ⑤: power."""


@dataclass(frozen=True, slots=True)
class Applied:
    """What a continuous effect carries: the static op, where ``self`` points and its condition."""

    op: Static
    """What it does."""
    holder: str
    """Instance id of the card ``self`` means."""
    condition: Condition | None = None
    """It applies only while this holds (a field ability's condition)."""
    ability: Ability | None = None
    """The field ability it comes from: it exists only while ``holder`` has that ability (11.12.4.4)."""


def kind_of(op: Static) -> int:
    """The 11.12.4.6 kind of a static op."""
    if isinstance(op, StaticPower):
        return KIND_POWER
    if isinstance(op, StaticText):
        return KIND_TEXT
    if isinstance(op, Become):
        return KIND_TYPE
    return KIND_GENERAL


def layer(op: Static, self_only: bool) -> int:
    """The application layer: the 11.12.4.6 kind, the card's own effects first within it (11.12.4.7)."""
    return kind_of(op) * 10 + (0 if self_only else 1)


def printed(g: Fftcg, iid: str) -> Chars:
    """A card's printed characteristics, with its ``ダメージN`` abilities only while they apply (15.2.6.2)."""
    d = g.definition(iid)
    c = g.state.cards.get(iid) or g.last_known[iid]
    damage = g.player_damage(c.controller) if c.controller in g.state.players else 0
    abilities = tuple(AbilityRef(a, iid) for a in d.abilities if a.damage is None or damage >= a.damage)
    return Chars(
        name=d.name,
        type=d.type,
        elements=tuple(d.elements),
        cost=d.cost,
        power=d.power if d.type == "forward" else None,
        jobs=tuple(d.jobs),
        categories=tuple(d.categories),
        generic=d.generic,
        keywords=frozenset(d.keywords),
        abilities=abilities,
        cannot=frozenset(),
        unblockable_by=(),
        party_icon=d.party_icon,
    )


def static_effects(g: Fftcg, cur: Mapping[str, Chars] | None = None) -> list[ContinuousEffect]:
    """The continuous effects of the field abilities of cards on the field (11.9.1), with the later timestamp of
    the card and of the effect that gave it the ability (11.12.4.8); the abilities are the cards' abilities in
    ``cur`` (after text changes, 11.12.4.6 ②) when given, else the printed ones."""
    out: list[ContinuousEffect] = []
    for iid in g.all_field():
        card = g.card(iid)
        for n, ref in enumerate(printed_or(g, iid, cur).abilities):
            a = ref.ability
            if a.kind != "field":
                continue
            name = f"{a.name or n}" + (f"@{ref.granted}" if ref.granted else "")
            for i, op in enumerate(a.statics):
                if isinstance(op, DeckCopies):
                    continue
                out.append(
                    ContinuousEffect(
                        key=f"field:{iid}/{name}#{i + 1}",
                        source=iid,
                        controller=card.controller,
                        layer=layer(op, getattr(op, "target", "self") == "self"),
                        timestamp=max(card.since, ref.since),
                        until="field",
                        label=g.labelled(
                            f"{card.name}のフィールドアビリティ" + (f"「{a.name}」" if a.name else ""),
                            msg("ff.ability.field_named", card=card.name, name=a.name)
                            if a.name
                            else msg("ff.ability.field", card=card.name),
                        ),
                        payload=Applied(op, iid, a.condition, a),
                    )
                )
    return out


def all_effects(g: Fftcg) -> list[ContinuousEffect]:
    """Field abilities' effects (of the abilities the cards have after text changes) and effects made by summons
    and abilities, in application order."""
    return order_effects([*static_effects(g, g.all_chars()), *g.effects])


def payload(effect: ContinuousEffect) -> Applied:
    """The effect's payload (every FFTCG continuous effect carries an :class:`Applied`)."""
    p = effect.payload
    if not isinstance(p, Applied):
        raise TypeError(f"{effect.key}: unexpected payload {p!r}")
    return p


def select(
    g: Fftcg, controller: str, holder: str | None, selector: Selector, cur: Mapping[str, Chars] | None = None
) -> list[str]:
    """The characters a group selector names now (``self``, ``own.forwards``, …); choosing ones give nothing."""
    opp = g.state.opponent(controller)
    if selector == "self":
        return [holder] if holder is not None and g.on_field(holder) else []
    if selector == "attackers":
        return [a for a in g.battle.attackers if g.on_field(a)] if g.battle else []
    if selector == "blocker":
        b = g.battle.blocker if g.battle else None
        return [b] if b is not None and g.on_field(b) else []
    if "." not in selector or selector.startswith(("chosen", "event")):
        return []
    side, what = selector.split(".", 1)
    players = {"own": [controller], "opponent": [opp], "all": list(g.state.player_order())}[side]
    kinds = {"forwards": {"forward"}, "backups": {"backup"}, "characters": set(CHARACTER_TYPES)}[what]
    if cur is None:
        return [i for p in players for i in g.field(p) if g.chars(i).type in kinds]
    return [i for p in players for i in g.field(p) if printed_or(g, i, cur).type in kinds]


def printed_or(g: Fftcg, iid: str, cur: Mapping[str, Chars] | None = None) -> Chars:
    """The card's characteristics as far as they are computed (``cur``), else as printed."""
    if cur is not None and iid in cur:
        return cur[iid]
    return printed(g, iid)


def matches(
    g: Fftcg, iid: str, f: CardFilter | None, holder: str | None = None, cur: Mapping[str, Chars] | None = None
) -> bool:
    """Whether the card is like ``f`` (``other``: not ``holder``)."""
    if f is None:
        return True
    c = cur[iid] if cur is not None and iid in cur else (g.chars(iid) if g.on_field(iid) else printed(g, iid))
    checks = [
        f.type is None or (c.type in CHARACTER_TYPES if f.type == "character" else c.type == f.type),
        f.element is None or f.element in c.elements,
        f.name is None or c.name == f.name,
        f.job is None or f.job in c.jobs,
        f.category is None or f.category in c.categories,
        f.cost_at_most is None or c.cost <= f.cost_at_most,
        f.cost_at_least is None or c.cost >= f.cost_at_least,
        f.power_at_most is None or (c.power is not None and max(c.power, 0) <= f.power_at_most),
        f.power_at_least is None or (c.power is not None and c.power >= f.power_at_least),
        f.dull is None or (iid in g.state.cards and g.is_dull(iid) == f.dull),
        f.attacking is None or ((g.battle is not None and iid in g.battle.attackers) == f.attacking),
        f.blocking is None or ((g.battle is not None and g.battle.blocker == iid) == f.blocking),
        not f.other or iid != holder,
    ]
    return all(checks)


def count(g: Fftcg, what: str, controller: str) -> int:
    """How many of ``what`` there are, for an ability of ``controller``."""
    side, rest = what.split(".", 1)
    pid = controller if side == "own" else g.state.opponent(controller)
    if rest == "crystals":
        return g.state.players[pid].counters.get("crystals", 0)
    if rest in ("forwards", "backups"):
        return len(g.of_type(pid, rest[:-1]))
    return len(g.state.zones[zone_id(pid, rest)])


def holds(
    g: Fftcg, cond: Condition, controller: str, holder: str | None = None, cur: Mapping[str, Chars] | None = None
) -> bool:
    """Whether every part of ``cond`` holds for an ability of ``controller``."""
    if cond.count is not None:
        n = count(g, cond.count, controller)
        if cond.at_least is not None and n < cond.at_least:
            return False
        if cond.at_most is not None and n > cond.at_most:
            return False
    if cond.controls is not None and not any(matches(g, i, cond.controls, holder, cur) for i in g.field(controller)):
        return False
    if cond.turn is not None:
        pid = controller if cond.turn == "own" else g.state.opponent(controller)
        if g.state.turn_player != pid:
            return False
    return True


def targets_of(g: Fftcg, effect: ContinuousEffect, cur: Mapping[str, Chars] | None = None) -> list[str]:
    """The cards a continuous effect applies to now: its locked cards (11.12.4.2), or its selector (11.12.4.5)."""
    p = payload(effect)
    if p.condition is not None and not holds(g, p.condition, effect.controller, p.holder, cur):
        return []
    selector: Selector = getattr(p.op, "target", "self")
    found = (
        [t for t in effect.targets if g.on_field(t)]
        if effect.targets
        else select(g, effect.controller, p.holder, selector, cur)
    )
    f: CardFilter | None = getattr(p.op, "filter", None)
    return [t for t in found if matches(g, t, f, p.holder, cur)]


def alive(e: ContinuousEffect, cur: Mapping[str, Chars]) -> bool:
    """Whether the effect exists: an effect of a field ability only while its card still has the ability (a text
    change can take it away, 11.12.4.6 ②); an effect made by a resolution always."""
    a = payload(e).ability
    if a is None:
        return True
    c = cur.get(e.source)
    return c is not None and any(r.ability is a for r in c.abilities)


def _applies_to(g: Fftcg, e: ContinuousEffect, cur: Mapping[str, Chars]) -> list[str]:
    return targets_of(g, e, cur) if alive(e, cur) else []


def characteristics(g: Fftcg, notes: set[str] | None = None) -> dict[str, Chars]:
    """Every character's characteristics on the field after continuous effects (11.12.4.6–11.12.4.13).

    The kinds apply in the order of 11.12.4.6: control (① is carried out on the card itself, 6.2.6), text (②),
    card type and job (③), general (④), power (⑤). After the text the field abilities are read again, so an
    ability a card lost makes no effect and one it gained does. Within a kind: the card's own effects first
    (11.12.4.7, the layer), an effect that depends on another after it (11.12.4.12–11.12.4.13), else by
    timestamp (11.12.4.8–11.12.4.10)."""
    cards = g.all_field()
    cur = {i: printed(g, i) for i in cards}

    def depends(b: ContinuousEffect, a: ContinuousEffect) -> bool:
        # 11.12.4.12: b depends on a if applying a first changes whether b exists, or whether or where it applies.
        before = _applies_to(g, b, cur)
        trial = dict(cur)
        _apply(trial, a, _applies_to(g, a, cur))
        return _applies_to(g, b, trial) != before or alive(b, trial) != alive(b, cur)

    def run_kind(group: list[ContinuousEffect]) -> None:
        ordered = order_effects(group, depends)
        applied: list[tuple[ContinuousEffect, list[str]]] = []
        for e in ordered:
            found = _applies_to(g, e, cur)
            _apply(cur, e, found)
            applied.append((e, found))
        if notes is not None:
            _note(notes, ordered, applied)

    run_kind([e for e in [*static_effects(g, cur), *g.effects] if kind_of(payload(e).op) == KIND_TEXT])
    effects = [*static_effects(g, cur), *g.effects]
    for kind in (KIND_TYPE, KIND_GENERAL):
        run_kind([e for e in effects if kind_of(payload(e).op) == kind])
    powers = order_effects([e for e in effects if kind_of(payload(e).op) == KIND_POWER])
    for iid in cards:
        c = cur[iid]
        if c.power is None:
            continue
        base = c.power
        change = 0
        for e in powers:
            op = payload(e).op
            assert isinstance(op, StaticPower)
            if iid not in _applies_to(g, e, cur):
                continue
            if op.set is not None:
                base = op.set
            change += op.by
        cur[iid] = replace(c, power=base + change)
    return cur


def _note(notes: set[str], ordered: list[ContinuousEffect], applied: list[tuple[ContinuousEffect, list[str]]]) -> None:
    """The rules that decided the order of one kind's effects, where two of them met on a card."""
    if not ordered:
        return
    notes.add("11.12.4.6")
    if ordered != sorted(ordered, key=lambda e: (e.layer, e.timestamp, e.key)):
        notes.update(("11.12.4.12", "11.12.4.13"))
    for i, (a, on_a) in enumerate(applied):
        for b, on_b in applied[i + 1 :]:
            if not set(on_a) & set(on_b):
                continue
            if a.layer != b.layer:
                notes.add("11.12.4.7")
            elif a.timestamp != b.timestamp:
                notes.add("11.12.4.13")
                for e in (a, b):
                    notes.update(("11.12.4.8", "11.12.4.10") if payload(e).ability is not None else ("11.12.4.9",))


def changes(g: Fftcg, before: Mapping[str, Chars], after: Mapping[str, Chars]) -> list[Message]:
    """What changed in the cards' text, type, jobs, keywords and power, as sentences, card by card."""
    out: list[Message] = []
    for iid, now in after.items():
        was = before.get(iid)
        if was is None:
            continue
        bits: list[Message] = []
        if was.type != now.type:
            bits.append(msg("ff.change.type", type=card_type(now.type)))
        lost = [r.ability.name or r.ability.kind for r in was.abilities if r not in now.abilities]
        got = [r.ability.name or r.ability.kind for r in now.abilities if r not in was.abilities]
        bits += [msg("ff.change.loses_ability", name=n) for n in lost]
        bits += [msg("ff.change.gains_ability", name=n) for n in got]
        bits += [msg("ff.change.loses_job", job=j) for j in was.jobs if j not in now.jobs]
        bits += [msg("ff.change.gains_job", job=j) for j in now.jobs if j not in was.jobs]
        bits += [msg("ff.change.loses", keyword=keyword(k)) for k in sorted(was.keywords - now.keywords)]
        bits += [msg("ff.change.gains", keyword=keyword(k)) for k in sorted(now.keywords - was.keywords)]
        if was.power != now.power:
            bits.append(
                msg("ff.change.has_power", power=now.power)
                if was.power is None and now.power is not None
                else msg("ff.change.no_power")
                if now.power is None
                else msg("ff.change.power", before=was.power, after=now.power)
            )
        if bits:
            out.append(msg("ff.change.card", card=g.cref(iid), changes=tuple(bits)))
    return out


def text_or_type_effects(g: Fftcg) -> bool:
    """Whether any continuous effect that changes text, card type or job (11.12.4.6 ②③) exists now."""
    found = [*static_effects(g, g.all_chars()), *g.effects]
    return any(kind_of(payload(e).op) in (KIND_TEXT, KIND_TYPE) for e in found)


def _apply(cur: dict[str, Chars], e: ContinuousEffect, targets: list[str]) -> None:
    op = payload(e).op
    for t in targets:
        if t not in cur:
            continue
        c = cur[t]
        if isinstance(op, StaticText):
            kept = () if op.lose_abilities else c.abilities
            gained = tuple(AbilityRef(a, t, e.key, e.timestamp) for a in op.abilities)
            keywords = frozenset() if op.lose_abilities else c.keywords
            cur[t] = replace(c, abilities=(*kept, *gained), keywords=keywords)
        elif isinstance(op, Become):
            kind = op.type or c.type
            power = (c.power if c.power is not None else op.power) if kind == "forward" else None
            jobs = tuple(op.jobs) if op.jobs is not None else c.jobs
            jobs = (*jobs, *(j for j in op.add_jobs if j not in jobs))
            cur[t] = replace(c, type=kind, power=power, jobs=jobs)
        elif isinstance(op, StaticGain):
            cur[t] = replace(c, keywords=c.keywords | frozenset(op.keywords))
        elif isinstance(op, Cannot):
            cur[t] = replace(c, cannot=c.cannot | {op.action})
        elif isinstance(op, Unblockable):
            cur[t] = replace(c, unblockable_by=(*c.unblockable_by, op.blockers))


def active(g: Fftcg, kind: type) -> list[tuple[ContinuousEffect, list[str]]]:
    """Continuous effects whose op is a ``kind``, with the cards they apply to now, in order."""
    out: list[tuple[ContinuousEffect, list[str]]] = []
    for e in all_effects(g):
        if isinstance(payload(e).op, kind):
            out.append((e, targets_of(g, e)))
    return out


def effect_tag(g: Fftcg, e: ContinuousEffect) -> str:
    """A short, stable label for an effect in decisions: ``<card key>/<ability name or effect key>``."""
    src = g.state.cards.get(e.source) or g.last_known.get(e.source)
    key = src.key if src else e.source
    if e.key.startswith("field:"):
        return f"{key}/{e.key.split('/', 1)[1].rsplit('#', 1)[0]}"
    return f"{key}/{e.key}"
