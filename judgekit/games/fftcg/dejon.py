"""Dejon's two auto abilities (15.2.7.4, 15.2.7.5), which work while the card is removed from the game.

Removing a dejon card from the hand is an action (:func:`judgekit.games.fftcg.casting.dejon`).
"""

from __future__ import annotations

from judgekit.engine import Event, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.fftcg.cards import Ability, Counters, PutOntoField
from judgekit.games.fftcg.game import Fftcg, PendingAuto
from judgekit.games.fftcg.registry import rule
from judgekit.message import msg

COUNTER = "デジョン"
"""The name of the dejon counter."""

REMOVE_ONE = Ability(
    kind="auto",
    name="デジョン",
    text="このカードからデジョンカウンターを1つ取り除く。",
    on="main1_start",
    effects=(Counters(op="counters", target="self", name=COUNTER, count=-1),),
)
"""15.2.7.4: the auto ability that removes a dejon counter."""

ENTER = Ability(
    kind="auto",
    name="デジョン解除",
    text="このカードをフィールドに出す。",
    effects=(PutOntoField(op="put_onto_field"),),
)
"""15.2.7.5: the auto ability that puts the card onto the field."""


def _add(g: Fftcg, ability: Ability, iid: str, ev: Event, cites: list[str]) -> None:
    card = g.card(iid)
    p = PendingAuto(
        ability,
        iid,
        card.owner,
        ev,
        g.labelled(
            f"{card.name}のデジョンによるアビリティ（{ability.name}）",
            msg("ff.ability.dejon", card=card.name, name=ability.name),
        ),
        f"{card.key}/{ability.name}",
        card.since,
    )
    key = f"{iid}/{p.tag}#{g.serial()}"
    g.autos[key] = p
    g.triggers.add(key, iid, card.owner, p.label, ev, g.tick())
    g.record(StepKind.TRIGGER, card.owner, msg("ff.auto.triggers", ability=g.said(p.label)), cites)


@rule("15.2.7.4", "15.2.7.1", "15.2.7.1.2", role=RuleRole.EFFECT)
def dejon_start(g: Fftcg, *, silent: bool = False) -> bool:
    """15.2.7.4: at the start of its owner's first main phase, a removed dejon card with dejon counters
    triggers 'remove one dejon counter from this card'."""
    tp = g.state.turn_player
    found = [
        i
        for i in g.state.zones[zone_id(tp, "removed")]
        if g.definition(i).dejon is not None and g.counters(i).get(COUNTER, 0) > 0
    ]
    if silent:
        return bool(found)
    for iid in found:
        _add(g, REMOVE_ONE, iid, Event("main1_start", tp, iid, iid), ["15.2.7.4", "15.2.7.1.2"])
    return bool(found)


@rule("15.2.7.5", "15.2.7.1.2", role=RuleRole.EFFECT)
def last_counter(g: Fftcg, iid: str, *, silent: bool = False) -> bool:
    """15.2.7.5: when the last dejon counter of a removed dejon card is removed, it triggers 'put this card
    onto the field'."""
    card = g.card(iid)
    ok = card.zone.endswith(".removed") and g.definition(iid).dejon is not None
    if silent or not ok:
        return ok
    _add(g, ENTER, iid, Event("dejon_last", card.owner, iid, iid), ["15.2.7.5", "15.2.7.1.2"])
    return True
