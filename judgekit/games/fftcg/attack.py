"""The attack phase (10): preparation, declaring a forward or a party, blocking, damage, and again.

Parties (15.1.1.9), Brave (15.2.1), Haste (15.2.2) and First Strike with its extra priority window
(15.2.3) change the steps here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from judgekit.engine import DecisionRequest, Event, ScriptedInput, ScriptEnd, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.fftcg import abilities, casting, continuous, priority, processing, terms
from judgekit.games.fftcg.cards import CostTo, Must
from judgekit.games.fftcg.format import Attack, Block, Payment
from judgekit.games.fftcg.game import Battle, Fftcg, Requirement, Window
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import KEYWORDS, STEP_NAMES, cp, semicolons
from judgekit.message import Message, msg

ACTIONS: dict[str, Message] = {"attack": msg("ff.action.attack"), "block": msg("ff.action.block")}
"""Attacking and blocking, as sentences name them (a cost to attack, to block)."""


def enter(g: Fftcg, step: str) -> None:
    """Enter a step of the attack phase (and stop automatic passing if it waits for this step)."""
    g.set_phase("attack", step)
    priority.reached(g)


@rule("9.4.1", "10.1", "10.1.1.1", "10.1.1.2", "10.1.4.5", "15.1.1.9.9", role=RuleRole.PROCEDURE)
def attack_phase(g: Fftcg, *, silent: bool = False) -> bool:
    """10.1: the attack preparation step (10.1.1), then declaration, block and damage steps, again and again
    (10.1.4.6), until the turn player declares no attack."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("attack", "")
    priority.reached(g)
    enter(g, "preparation")
    g.record(StepKind.PHASE, "rules", msg("ff.attack.phase", player=g.name(tp)), ["9.4.1", "10.1", "10.1.1.1"])
    abilities.trigger(g, Event("attack_phase_start", tp), cites=("10.1.1.1",))
    priority.priority_window(g, Window("preparation", True), ["10.1.1.2"])
    while declaration_step(g):
        if g.battle is not None and g.battle.attackers:
            block_step(g)
            damage_step(g)
        _dissolve(g, "10.1.4.5")
        g.battle = None
        if g.state.over:
            return True
    return True


def _dissolve(g: Fftcg, rid: str) -> None:
    if g.battle is not None and g.battle.party:
        g.record(StepKind.RULE, "rules", msg("ff.attack.party_dissolved"), [rid, "15.1.1.9.9"])


@rule("10.1.2", "10.1.2.1.3", "10.1.2.3", "10.1.2.5", "10.1.2.6", "10.1.2.7", role=RuleRole.PROCEDURE)
def declaration_step(g: Fftcg, *, silent: bool = False) -> bool:
    """10.1.2: the turn player declares an attack or none; triggers go on the stack (10.1.2.5) and the turn
    player receives priority (10.1.2.6); with no attack the block and damage steps are skipped (10.1.2.7)
    and the phase ends — not while a forward that must attack still can (10.1.2.1.3). Whether an attack
    was declared."""
    if silent:
        return True
    tp = g.state.turn_player
    enter(g, "declaration")
    g.record(StepKind.PHASE, "rules", STEP_NAMES["declaration"], ["10.1.2"])
    while True:
        entry = g.take_action(f"{tp}'s attack declaration (10.1.2.1): attack or no_attack")
        if entry is None:
            raise ScriptEnd
        if entry.name == "concede":
            processing.concede(g, g.actor(entry), entry.index)
        if entry.name == "no_attack" and g.actor(entry) == tp and _forced_attack(g, tp, entry):
            continue
        if entry.name == "no_attack" and g.actor(entry) == tp:
            g.record(StepKind.ACTION, tp, msg("ff.attack.none", player=g.name(tp)), ["10.1.2.7"], play=entry.index)
            priority.priority_window(g, Window("declaration", True), ["10.1.2.6"])
            g.record(StepKind.PHASE, "rules", msg("ff.attack.steps_skipped"), ["10.1.2.7"])
            return False
        if entry.name == "attack" and declare_attack(g, entry):
            break
        if entry.name not in ("attack",):
            g.reject(
                entry,
                IllegalActionError(entry.name, "10.1.2", msg("ff.attack.waits", player=g.name(tp))),
            )
    priority.priority_window(g, Window("declaration", True), ["10.1.2.6"])
    return True


def costs_to(g: Fftcg, iid: str, action: str) -> list[tuple[str, CostTo]]:
    """The costs to attack or block (``action``) that apply to the forward now, with their effects' labels."""
    out: list[tuple[str, CostTo]] = []
    for e, targets in continuous.active(g, CostTo):
        op = continuous.payload(e).op
        assert isinstance(op, CostTo)
        if op.action == action and iid in targets:
            out.append((e.label, op))
    return out


def must(g: Fftcg, iid: str, action: str) -> bool:
    """Whether an effect forces the forward to attack or block (``action``) when it can."""
    return any(
        isinstance(op := continuous.payload(e).op, Must) and op.action == action and iid in targets
        for e, targets in continuous.active(g, Must)
    )


def fixed_cost(g: Fftcg, iids: Sequence[str], action: str) -> tuple[Requirement, list[Message]]:
    """What attacking or blocking with these forwards costs, fixed now (10.1.2.3, 10.1.3.1.3), and why."""
    need: dict[str, int] = {}
    why: list[Message] = []
    for iid in iids:
        for label, op in costs_to(g, iid, action):
            for element, n in op.cp.items():
                need[element] = need.get(element, 0) + n
            why.append(msg("ff.attack.cost_on", effect=g.said(label), card=g.cref(iid)))
    total = sum(need.values())
    elements = {e: n for e, n in need.items() if e != "any" and n > 0}
    return Requirement(total, elements, max(1, len(elements)) if total else 0), why


def _can_attack(g: Fftcg, iid: str) -> bool:
    """Whether the forward could be declared as an attacker now (10.1.2.1.1, 10.1.2.1.2)."""
    return (
        not g.is_dull(iid)
        and (g.controlled_since_turn_start(iid) or g.has(iid, "haste"))
        and iid not in g.attacked
        and "attack" not in g.chars(iid).cannot
    )


def _forced_attack(g: Fftcg, tp: str, entry: ScriptedInput) -> bool:
    """10.1.2.1.3: reject ``no_attack`` while a forward that must attack can still attack."""
    forced = [i for i in g.of_type(tp, "forward") if must(g, i, "attack") and _can_attack(g, i)]
    if not forced:
        return False
    costly = [i for i in forced if fixed_cost(g, [i], "attack")[0].total]
    if costly:
        raise g.ambiguity(
            ["10.1.2.1.3", "10.1.2.3"],
            msg("ff.gap.must_attack_with_cost", cards=tuple(g.cref(i) for i in costly)),
        )
    g.reject(
        entry,
        IllegalActionError(
            "no_attack", "10.1.2.1.3", msg("ff.attack.must_attack", cards=tuple(g.cref(i) for i in forced))
        ),
    )
    return True


def _pay_cost(
    g: Fftcg, pid: str, iids: Sequence[str], action: str, pay: Payment, rid: str
) -> tuple[casting.Paid | None, Requirement, list[Message]] | IllegalActionError:
    """Fix the cost to attack or block now and check the payment (10.1.2.3, 10.1.3.1.3, 5.2.1.3.1)."""
    req, why = fixed_cost(g, iids, action)
    empty = not (pay.discard or pay.dull or pay.cards)
    if not req.total:
        if empty:
            return None, req, why
        cards = tuple(g.cref(i) for i in iids)
        free = msg("ff.attack.free", cards=cards) if action == "attack" else msg("ff.block.free", cards=cards)
        return IllegalActionError("pay", rid, free)
    checked = casting.check_payment(g, pid, pay, req, (rid, rid), exclude=list(iids))
    if isinstance(checked, IllegalActionError):
        return checked
    if checked.surplus > 1:
        raise g.ambiguity(
            [rid, "5.2.1.3.1"],
            msg("ff.gap.cost_surplus", action=ACTIONS[action], n=req.total, over=checked.surplus, rule=rid),
        )
    return checked, req, why


def _record_cost(
    g: Fftcg, pid: str, paid: casting.Paid | None, req: Requirement, why: list[Message], action: str, rid: str
) -> None:
    if paid is None:
        return
    said = (
        msg(
            "ff.attack.cost_fixed_including",
            action=ACTIONS[action],
            n=req.total,
            need=cp(req.elements),
            why=semicolons(why),
        )
        if req.elements
        else msg("ff.attack.cost_fixed", action=ACTIONS[action], n=req.total, why=semicolons(why))
    )
    g.record(StepKind.RULE, "rules", said, [rid])
    casting.carry_out(g, pid, paid, [rid], msg("ff.attack.the_action", action=ACTIONS[action]), rid)


def _common_element(g: Fftcg, iids: Sequence[str]) -> tuple[bool, bool]:
    """Whether the forwards may party by element (or party icon), and whether that needed a multi-element reading."""
    chars = [g.chars(i) for i in iids]
    plain = [c for c in chars if not c.party_icon]
    if not plain:
        return True, False
    sets = [set(c.elements) for c in plain]
    if all(s == sets[0] for s in sets):
        return True, False
    common = set.intersection(*sets)
    return bool(common), bool(common)


@rule(
    "10.1.2.1",
    "10.1.2.1.1",
    "10.1.2.1.2",
    "10.1.2.2",
    "10.1.2.3",
    "10.1.2.4",
    "15.1.1.9.1",
    "15.1.1.9.2",
    "15.1.1.9.3",
    "15.1.1.9.4",
    "15.2.1.1",
    "15.2.1.2",
    "15.2.2.1",
    "15.2.2.2",
    "5.2.3.1.1.2",
    "5.2.1.3.1",
    "10.1.2.5",
    role=RuleRole.ACTION,
)
def declare_attack(g: Fftcg, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """10.1.2.1: one forward, or a party of forwards of one element (15.1.1.9.2), each active, controlled since
    the start of the turn or with Haste (10.1.2.1.1), not attacked yet (10.1.2.1.2); they are dulled unless
    they have Brave (10.1.2.2, 15.2.1.2), a cost to attack is fixed and paid (10.1.2.3), and they become
    attacking (10.1.2.4)."""
    act = entry.payload
    assert isinstance(act, Attack)
    tp = g.state.turn_player
    pid = g.actor(entry)
    problem: IllegalActionError | None = None
    chosen: list[str] = []
    haste: list[str] = []
    if pid != tp:
        problem = IllegalActionError("attack", "10.1.2.1", msg("ff.attack.turn_player_only"))
    for key in act.forwards if problem is None else ():
        iid = g.find(pid, "field", key)
        if iid is None or g.chars(iid).type != "forward" or iid in chosen:
            problem = IllegalActionError("attack", "10.1.2.1", msg("ff.attack.no_forward", player=g.name(pid), key=key))
            break
        card = g.cref(iid)
        if g.is_dull(iid):
            problem = IllegalActionError("attack", "10.1.2.1.1", msg("ff.card.is_dull", card=card))
        elif not g.controlled_since_turn_start(iid) and not g.has(iid, "haste"):
            problem = IllegalActionError(
                "attack", "10.1.2.1.1", msg("ff.attack.not_since_start", card=card, haste=KEYWORDS["haste"])
            )
        elif iid in g.attacked:
            problem = IllegalActionError("attack", "10.1.2.1.2", msg("ff.attack.already", card=card))
        elif "attack" in g.chars(iid).cannot:
            problem = IllegalActionError("attack", "10.1.2.1.2", msg("ff.attack.cannot", card=card))
        if problem is not None:
            break
        if not g.controlled_since_turn_start(iid):
            haste.append(iid)
        chosen.append(iid)
    party = len(chosen) > 1
    if problem is None and not chosen:
        problem = IllegalActionError("attack", "10.1.2.1", msg("ff.attack.name_forwards"))
    if problem is None and party:
        ok, loose = _common_element(g, chosen)
        if not ok:
            problem = IllegalActionError(
                "attack",
                "15.1.1.9.2",
                msg("ff.attack.party_element"),
                ("10.1.2.1",),
            )
        elif loose and not silent:
            raise g.ambiguity(
                ["10.1.2.1", "15.1.1.9.2"],
                msg("ff.gap.party_multi_element", cards=tuple(g.cref(i) for i in chosen)),
            )
    cost: tuple[casting.Paid | None, Requirement, list[Message]] | None = None
    if problem is None:
        priced = _pay_cost(g, pid, chosen, "attack", act.pay, "10.1.2.3")
        if isinstance(priced, IllegalActionError):
            problem = priced
        else:
            cost = priced
    if silent:
        return problem is None
    if problem is not None:
        unable = problem.rule in ("10.1.2.1.1", "10.1.2.1.2")
        g.reject(entry, problem, ("15.1.1.9.3",) if len(act.forwards) > 1 and unable else ())
        return False
    names = tuple(g.cref(i) for i in chosen)
    g.record(
        StepKind.ACTION,
        tp,
        msg("ff.attack.with_party", player=g.name(tp), cards=names)
        if party
        else msg("ff.attack.with", player=g.name(tp), cards=names),
        ["10.1.2.1", "10.1.2.1.1", "5.2.3.1.1.2"]
        + (["15.1.1.9.1", "15.1.1.9.2", "15.1.1.9.3"] + (["15.1.1.9.4"] if len(chosen) > 2 else []) if party else [])
        + (["15.2.2.1", "15.2.2.2"] if haste else []),
        play=entry.index,
    )
    for iid in chosen:
        if g.has(iid, "brave"):
            g.record(
                StepKind.RULE,
                "rules",
                msg("ff.attack.brave", card=g.cref(iid), brave=KEYWORDS["brave"]),
                ["10.1.2.2", "15.2.1.1", "15.2.1.2"],
            )
        else:
            g.set_marker(iid, "dull", 1)
    dulled = [i for i in chosen if not g.has(i, "brave")]
    if dulled:
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.attack.dulled", cards=tuple(g.cref(i) for i in dulled), n=len(dulled)),
            ["10.1.2.2"],
        )
    if cost is not None:
        _record_cost(g, tp, *cost, "attack", "10.1.2.3")
    g.attacked.update(chosen)
    g.battle = Battle(list(chosen), party)
    g.record(
        StepKind.RULE, "rules", msg("ff.attack.attacking", cards=names, n=len(chosen) if party else 1), ["10.1.2.4"]
    )
    for iid in chosen:
        abilities.trigger(g, Event("attacks", tp, iid, iid), cites=("10.1.2.5",))
    return True


def left_battle(g: Fftcg, iid: str) -> None:
    """A forward in the battle left the field: it is out of the battle (10.1.3.2.1); a party of one is dissolved
    (15.1.1.9.5)."""
    battle_left(g, iid)


@rule("10.1.3.2.1", "15.1.1.9.5", role=RuleRole.PROCEDURE)
def battle_left(g: Fftcg, iid: str, *, silent: bool = False) -> bool:
    """10.1.3.2.1: a forward no longer on the field is no longer in the battle; 15.1.1.9.5: a party left with
    one forward or none is dissolved."""
    b = g.battle
    if b is None or (iid not in b.attackers and iid != b.blocker):
        return False
    if silent:
        return True
    if iid == b.blocker:
        b.blocker = None
        g.record(StepKind.RULE, "rules", msg("ff.block.no_longer", card=g.cref(iid)), ["10.1.3.2.1"])
        return True
    b.attackers.remove(iid)
    g.record(StepKind.RULE, "rules", msg("ff.attack.no_longer", card=g.cref(iid)), ["10.1.3.2.1"])
    if b.party and len(b.attackers) <= 1:
        b.party = False
        said = (
            msg("ff.attack.party_left_one", card=g.cref(b.attackers[0]))
            if b.attackers
            else msg("ff.attack.party_left_none")
        )
        g.record(StepKind.RULE, "rules", said, ["15.1.1.9.5"])
    return True


@rule("10.1.3", "10.1.3.1", "10.1.3.1.3", "10.1.3.5", "10.1.3.6", role=RuleRole.PROCEDURE)
def block_step(g: Fftcg, *, silent: bool = False) -> bool:
    """10.1.3: the non-turn player blocks with a forward or not — not while a forward that must block can
    (10.1.3.1.3); triggers go on the stack (10.1.3.5) and the turn player receives priority (10.1.3.6)."""
    if silent:
        return True
    tp = g.state.turn_player
    ntp = g.state.opponent(tp)
    enter(g, "block")
    g.record(StepKind.PHASE, "rules", STEP_NAMES["block"], ["10.1.3"])
    while True:
        entry = g.take_action(f"{ntp}'s block declaration (10.1.3.1): block or no_block")
        if entry is None:
            raise ScriptEnd
        if entry.name == "concede":
            processing.concede(g, g.actor(entry, ntp), entry.index)
        if entry.name == "no_block" and g.actor(entry, ntp) == ntp and _forced_block(g, ntp, entry, None):
            continue
        if entry.name == "no_block" and g.actor(entry, ntp) == ntp:
            g.record(StepKind.ACTION, ntp, msg("ff.block.none", player=g.name(ntp)), ["10.1.3.1"], play=entry.index)
            break
        if entry.name == "block" and declare_block(g, entry):
            break
        if entry.name != "block":
            g.reject(
                entry,
                IllegalActionError(entry.name, "10.1.3.1", msg("ff.block.waits", player=g.name(ntp))),
                who=g.actor(entry, ntp),
            )
    priority.priority_window(g, Window("block", True), ["10.1.3.6"])
    return True


@rule(
    "10.1.3.1",
    "10.1.3.1.1",
    "10.1.3.1.2",
    "10.1.3.1.3",
    "10.1.3.2",
    "10.1.3.4",
    "15.1.1.9.6",
    "5.2.3.1.1.2",
    "5.2.1.3.1",
    "10.1.3.5",
    role=RuleRole.ACTION,
)
def declare_block(g: Fftcg, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """10.1.3.1: an active forward of the non-turn player blocks, within its restrictions (10.1.3.1.2) and its
    requirements (10.1.3.1.3), paying a cost to block fixed now (10.1.3.1.3); a party is blocked as one
    forward (10.1.3.4): by a forward that could block any one of them (15.1.1.9.6)."""
    act = entry.payload
    assert isinstance(act, Block)
    b = g.battle
    assert b is not None
    ntp = g.state.opponent(g.state.turn_player)
    pid = g.actor(entry, ntp)
    problem: IllegalActionError | None = None
    iid = g.find(pid, "field", act.forward) if pid == ntp else None
    if pid != ntp:
        problem = IllegalActionError("block", "10.1.3.1", msg("ff.block.non_turn_player_only"))
    elif iid is None or g.chars(iid).type != "forward":
        problem = IllegalActionError(
            "block", "10.1.3.1", msg("ff.block.no_forward", player=g.name(pid), key=act.forward)
        )
    elif g.is_dull(iid):
        problem = IllegalActionError("block", "10.1.3.1.1", msg("ff.card.is_dull", card=g.cref(iid)))
    elif "block" in g.chars(iid).cannot:
        problem = IllegalActionError("block", "10.1.3.1.2", msg("ff.block.cannot", card=g.cref(iid)))
    else:
        free = [a for a in b.attackers if not _shielded(g, a, iid)]
        if not free:
            rid = "15.1.1.9.6" if b.party else "10.1.3.1.2"
            problem = IllegalActionError("block", rid, msg("ff.block.nothing_to_block", card=g.cref(iid)))
    cost: tuple[casting.Paid | None, Requirement, list[Message]] | None = None
    if problem is None and iid is not None:
        priced = _pay_cost(g, pid, [iid], "block", act.pay, "10.1.3.1.3")
        if isinstance(priced, IllegalActionError):
            problem = priced
        else:
            cost = priced
    if silent:  # a forward that must block and can decides which block is legal too (10.1.3.1.3)
        return problem is None and not _forced_block(g, pid, entry, iid, silent=True)
    if problem is None and _forced_block(g, pid, entry, iid):
        return False
    if problem is not None:
        g.reject(entry, problem, who=pid)
        return False
    assert iid is not None
    b.blocker = iid
    b.blocked = True
    shielded = [a for a in b.attackers if _shielded(g, a, iid)]
    g.record(
        StepKind.ACTION,
        pid,
        msg("ff.block.party", player=g.name(pid), card=g.cref(iid))
        if b.party
        else msg("ff.block.with", player=g.name(pid), card=g.cref(iid)),
        ["10.1.3.1", "10.1.3.1.1", "10.1.3.2", "5.2.3.1.1.2"]
        + (["10.1.3.4"] if b.party else [])
        + (["15.1.1.9.6"] if b.party and shielded else []),
        play=entry.index,
    )
    if cost is not None:
        _record_cost(g, pid, *cost, "block", "10.1.3.1.3")
    abilities.trigger(g, Event("blocks", pid, iid, iid), cites=("10.1.3.5",))
    for a in b.attackers:
        abilities.trigger(g, Event("is_blocked", g.state.turn_player, a, iid), cites=("10.1.3.5",))
    return True


def _can_block(g: Fftcg, iid: str) -> bool:
    """Whether the forward could block the attack now (10.1.3.1.1, 10.1.3.1.2, 15.1.1.9.6)."""
    b = g.battle
    return (
        b is not None
        and not g.is_dull(iid)
        and "block" not in g.chars(iid).cannot
        and any(not _shielded(g, a, iid) for a in b.attackers)
    )


def _forced_block(g: Fftcg, ntp: str, entry: ScriptedInput, blocker: str | None, *, silent: bool = False) -> bool:
    """10.1.3.1.3: reject a block (or ``no_block``) that meets fewer requirements than blocking could: while a
    forward that must block can, the block must be by one of them (``silent``: only say whether it would be
    rejected)."""
    forced = [i for i in g.of_type(ntp, "forward") if must(g, i, "block") and _can_block(g, i)]
    if not forced or blocker in forced:
        return False
    costly = [i for i in forced if fixed_cost(g, [i], "block")[0].total]
    if costly:
        raise g.ambiguity(
            ["10.1.3.1.3"],
            msg("ff.gap.must_block_with_cost", cards=tuple(g.cref(i) for i in costly)),
        )
    if silent:
        return True
    names = tuple(g.cref(i) for i in forced)
    said = (
        msg("ff.block.must_block_not_none", cards=names)
        if blocker is None
        else msg("ff.block.must_block_not_other", cards=names, card=g.cref(blocker))
    )
    g.reject(
        entry,
        IllegalActionError(entry.name, "10.1.3.1.3", said),
        who=ntp,
    )
    return True


def _shielded(g: Fftcg, attacker: str, blocker: str) -> bool:
    """Whether ``blocker`` cannot block ``attacker`` by one of its ``unblockable_by`` restrictions."""
    return any(continuous.matches(g, blocker, f) for f in g.chars(attacker).unblockable_by)


@rule(
    "10.1.4",
    "10.1.4.1",
    "10.1.4.2",
    "10.1.4.3",
    "10.1.4.4",
    "10.1.4.6",
    "10.1.3.2.1",
    "10.1.3.3",
    "15.2.3.1",
    "15.2.3.2",
    "15.2.3.3",
    "15.2.3.4",
    "15.1.1.9.7",
    role=RuleRole.PROCEDURE,
)
def damage_step(g: Fftcg, *, silent: bool = False) -> bool:
    """10.1.4: an unblocked attack deals 1 damage to the opponent (10.1.4.1); blocked forwards deal their power
    to each other (10.1.4.2). Forwards with First Strike at the start of the step deal theirs first, then a
    priority window with no summons or abilities and no triggers put on the stack (15.2.3.2–15.2.3.3); a
    party has First Strike only if every member has (15.2.3.4). Then triggers and priority (10.1.4.3–10.1.4.4)."""
    if silent:
        return True
    b = g.battle
    assert b is not None
    enter(g, "damage")
    g.record(StepKind.PHASE, "rules", STEP_NAMES["damage"], ["10.1.4"])
    fighters = list(b.attackers) + ([b.blocker] if b.blocker else [])
    strikers = _first_strikers(g, fighters)
    partial = [a for a in b.attackers if g.has(a, "first_strike")] if b.party else []
    if partial and len(partial) < len(b.attackers):
        g.record(
            StepKind.RULE,
            "rules",
            msg(
                "ff.damage.party_not_all_first_strike",
                keyword=KEYWORDS["first_strike"],
                cards=tuple(g.cref(a) for a in partial),
            ),
            ["15.2.3.4", "15.1.1.9.7"],
        )
    if strikers:
        g.record(
            StepKind.RULE,
            "rules",
            msg(
                "ff.damage.first_strike",
                cards=tuple(g.cref(i) for i in strikers),
                keyword=KEYWORDS["first_strike"],
                n=len(strikers),
            ),
            ["15.2.3.1", "15.2.3.2"] + (["15.2.3.4", "15.1.1.9.7"] if b.party else []),
        )
        battle_damage(g, strikers)
        priority.priority_window(g, Window("first_strike", False, hold_triggers=True), ["15.2.3.3"])
        if g.state.over:
            return True
        rest = [i for i in fighters if i not in strikers]
        g.record(StepKind.RULE, "rules", msg("ff.damage.the_rest", keyword=KEYWORDS["first_strike"]), ["15.2.3.2"])
        battle_damage(g, rest)
    else:
        battle_damage(g, fighters)
    priority.priority_window(g, Window("damage", True), ["10.1.4.3", "10.1.4.4"])
    g.record(StepKind.PHASE, "rules", msg("ff.damage.back_to_declaration"), ["10.1.4.6"])
    return True


def _first_strikers(g: Fftcg, fighters: list[str]) -> list[str]:
    """The forwards of the battle that deal damage first: a party's only if all its forwards have First Strike."""
    battle = g.battle
    assert battle is not None
    out: list[str] = []
    party_fs = battle.party and all(g.has(a, "first_strike") for a in battle.attackers)
    for i in fighters:
        if not g.has(i, "first_strike"):
            continue
        if battle.party and i in battle.attackers and not party_fs:
            continue
        out.append(i)
    return out


@rule(
    "10.1.4.1",
    "10.1.4.2",
    "10.1.4.2.1",
    "10.1.3.2.1",
    "10.1.3.3",
    "15.1.1.9.1",
    "15.1.1.9.8",
    "4.3",
    "15.1.1.9.10",
    role=RuleRole.PROCEDURE,
)
def battle_damage(g: Fftcg, dealers: Sequence[str], *, silent: bool = False) -> bool:
    """10.1.4.1–10.1.4.2: the given forwards of the battle deal their damage at once: an unblocked attack 1 to
    the opponent, blocked forwards their power to each other (a negative power deals none, 4.3); the blocker
    splits its power among a party in units of 1000 (10.1.4.2.1)."""
    b = g.battle
    if silent or b is None:
        return b is not None
    tp = g.state.turn_player
    ntp = g.state.opponent(tp)
    attackers = [a for a in b.attackers if g.on_field(a) and a in dealers]
    if not b.blocked:
        if not attackers:
            if not b.attackers:
                g.record(StepKind.RULE, "rules", msg("ff.damage.no_attacker_left"), ["10.1.3.2.1"])
            return True
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.damage.unblocked_party", player=g.name(ntp))
            if b.party
            else msg("ff.damage.unblocked", card=g.cref(attackers[0]), player=g.name(ntp)),
            ["10.1.4.1"] + (["15.1.1.9.1"] if b.party else []),
        )
        if b.party and _party_damage_watchers(g, b.attackers):
            raise g.ambiguity(
                ["10.1.4.1", "15.1.1.9.1", "15.1.1.9.10"],
                msg("ff.gap.party_damage_source", abilities=tuple(_party_damage_watchers(g, b.attackers))),
            )
        terms.damage_processing(g, ntp, 1, None if b.party else attackers[0], ["10.1.4.1"], party=b.party)
        return True
    blocker = b.blocker if b.blocker is not None and g.on_field(b.blocker) else None
    live = [a for a in b.attackers if g.on_field(a)]
    hits: list[tuple[str, str, int]] = []
    if blocker is not None:
        for a in attackers:
            hits.append((a, blocker, terms.as_number(g, g.power(a))))
    if blocker is not None and blocker in dealers and live:
        power = terms.as_number(g, g.power(blocker))
        if len(live) == 1:
            hits.append((blocker, live[0], power))
        else:
            hits += [(blocker, a, n) for a, n in _split(g, blocker, live, power)]
    if not hits:
        said = msg("ff.damage.no_blocker_left") if blocker is None else msg("ff.damage.no_attacker_in_battle")
        g.record(StepKind.RULE, "rules", said, ["10.1.3.2.1", "10.1.3.3"])
        return True
    g.record(
        StepKind.RULE,
        "rules",
        msg(
            "ff.damage.battle",
            hits=semicolons([msg("ff.damage.deals", source=g.cref(s), n=n, target=g.cref(t)) for s, t, n in hits]),
        ),
        ["10.1.4.2"] + (["10.1.4.2.1", "15.1.1.9.8"] if b.party else []),
    )
    for source, target, n in hits:
        terms.deal_damage(g, target, n, source, ["10.1.4.2"])
    return True


def _party_damage_watchers(g: Fftcg, members: Sequence[str]) -> list[str]:
    out: list[str] = []
    for m in members:
        for ref in g.chars(m).abilities:
            a = ref.ability
            if a.kind == "auto" and a.on == "deals_damage_to_player" and a.subject != "own.party":
                out.append(f"{g.card(m).name}/{a.name or a.on}")
    return out


def _split(g: Fftcg, blocker: str, party: Sequence[str], power: int) -> list[tuple[str, int]]:
    pid = g.card(blocker).controller
    if power % 1000:
        raise g.ambiguity(
            ["10.1.4.2.1", "4.2"],
            msg("ff.gap.split_not_thousands", card=g.cref(blocker), power=power),
        )
    units = power // 1000
    labels = {g.option_of(a): a for a in party}
    keys = list(labels)
    options = []
    for combo in itertools.product(range(units + 1), repeat=len(keys)):
        if sum(combo) == units:
            options.append(",".join(f"{k}={n * 1000}" for k, n in zip(keys, combo, strict=True)))
    choice = g.decide(
        DecisionRequest(
            "damage_split",
            pid,
            tuple(options),
            "10.1.4.2.1",
            msg("ff.damage.split_prompt", player=g.name(pid), card=g.cref(blocker), power=power),
        )
    )
    out: list[tuple[str, int]] = []
    for part in choice[0].split(","):
        k, n = part.split("=")
        if int(n):
            out.append((labels[k], int(n)))
    return out
