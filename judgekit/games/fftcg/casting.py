"""Paying costs (11.2), casting summons (11.3) and characters (11.4), action and special abilities (11.6,
11.7), Back Attack (15.2.5) and dejon (15.2.7.3).

Each action is a rule function: the whole procedure is checked first (what is cast, what it chooses,
the payment); an action the rules forbid at any point is undone as if never begun (11.3.1, 11.6.3,
11.7.3, 14.1) and recorded as a rejection citing the rule that forbids it; the player who held priority
holds it again (14.4). A legal action returns the player who receives priority next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judgekit.engine import DecisionRequest, Event, PickMode, ScriptedInput, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import DecisionNeeded, IllegalActionError, ScenarioError
from judgekit.games.fftcg import abilities, continuous, terms
from judgekit.games.fftcg.abilities import OnStack
from judgekit.games.fftcg.cards import (
    Ability,
    CardDef,
    Choose,
    Cost,
    CostChange,
    CostCharacters,
    CostOption,
    CostRead,
    Distribute,
    Mode,
    ModePick,
    Variable,
)
from judgekit.games.fftcg.format import Cast, Discarded, Dulled, Payment, UseAbility, UseDejon
from judgekit.games.fftcg.game import Cp, Fftcg, Requirement
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import KEYWORDS, card_type, cp, semicolons, seq
from judgekit.games.fftcg.words import element as element_name
from judgekit.games.support import said
from judgekit.message import Message, Sentence, msg

PAY_IDS: tuple[str, ...] = ("11.2.1", "11.2.1.1", "5.2.1.3", "5.2.1.3.1", "5.2.3.1.1.3", "11.6.10")
"""The rules a payment can be rejected by; every action that pays declares them."""

REWIND: tuple[str, ...] = ("14.1", "14.4")
"""Cited with every rejected cast or ability: it is undone (14.1) and priority returns to its player (14.4)."""


@dataclass(frozen=True, slots=True)
class Paid:
    """A checked payment, ready to be carried out."""

    cps: tuple[Cp, ...]
    """The CP made, source by source."""
    cards: tuple[str, ...]
    """Hand cards discarded for a cost's ``discard`` (not for CP)."""
    surplus: int
    """CP made beyond the cost (only ever from discarding, 5.2.1.3.1)."""


# --- paying CP (11.2) --------------------------------------------------------------------------


def _hand_card(g: Fftcg, pid: str, key: str, taken: set[str]) -> str | None:
    iid = g.card_options(g.state.zones[zone_id(pid, "hand")]).get(key)
    return None if iid in taken else iid


def _field_card(g: Fftcg, pid: str, key: str, taken: set[str]) -> str | None:
    iid = g.card_options(g.field(pid)).get(key)
    return None if iid in taken else iid


def requirement_for_card(g: Fftcg, pid: str, d: CardDef, cost: int) -> Requirement:
    """What casting a card of cost ``cost`` asks for (11.4.6.1.1–11.4.6.1.4, 11.3.7.1)."""
    if cost <= 0:
        return Requirement(0, {}, 0)
    elements = list(dict.fromkeys(d.elements))
    if {"light", "dark"} & set(elements):
        return Requirement(cost, {}, 1)
    if len(elements) > 1:
        return Requirement(max(cost, len(elements)), {e: 1 for e in elements}, len(elements))
    return Requirement(cost, {elements[0]: 1}, 1)


def requirement_for_cost(cost: Cost) -> Requirement:
    """What an ability's CP cost asks for (11.6.2.1, 11.7.2.1)."""
    total = sum(cost.cp.values())
    elements: dict[str, int] = {str(e): n for e, n in cost.cp.items() if e != "any" and n > 0}
    return Requirement(total, elements, max(1, len(elements)) if total else 0)


def read_ability_cost(g: Fftcg, pid: str, cost: Cost, req: Requirement) -> tuple[Requirement, Message | None, int]:
    """An ability's CP requirement with its card-reading change applied as the cost is fixed (11.6.7, 11.7.7,
    11.8.8): the requirement, the words for the trace, and how many CP of specific elements the reduction would
    have to remove (more than the CP of any element it has: the rules do not say how an element's CP is reduced)."""
    if cost.reads is None:
        return req, None, 0
    read = read_cost_change(g, cost.reads, pid)
    assert read is not None
    n, what = read
    delta = cost.reads.by * n
    generic = req.total - sum(req.elements.values())
    beyond = max(0, -delta - generic)
    total = max(req.total + delta, sum(req.elements.values()))
    allowance = req.allowance if total else 0
    return Requirement(total, req.elements, allowance), msg("ff.read.change", what=what, by=f"{delta:+d}"), beyond


def options_of(
    kind: str, rule_id: str, name: str, options: Sequence[CostOption], picked: Sequence[str]
) -> tuple[CostOption, ...] | IllegalActionError:
    """11.3.5, 11.6.7, 11.7.7 second sentences: the additional and alternative costs the player chose to pay, each
    once, and at most one alternative (it replaces the cost)."""
    by_name = {o.name: o for o in options}
    chosen: list[CostOption] = []
    for n in picked:
        o = by_name.get(n)
        if o is None:
            return IllegalActionError(kind, rule_id, msg("ff.option.none", card=name, option=n))
        if o in chosen:
            return IllegalActionError(kind, rule_id, msg("ff.option.twice", card=name, option=n))
        chosen.append(o)
    if sum(o.alternative for o in chosen) > 1:
        return IllegalActionError(kind, rule_id, msg("ff.option.one_alternative", card=name))
    return tuple(chosen)


def with_options(req: Requirement, chosen: Sequence[CostOption]) -> Requirement:
    """The CP of the chosen additional costs added to ``req`` (an alternative cost replaces ``req`` beforehand)."""
    total = req.total
    elements = dict(req.elements)
    for o in chosen:
        if o.alternative:
            continue
        add = requirement_for_cost(o.cost)
        total += add.total
        for e, n in add.elements.items():
            elements[e] = elements.get(e, 0) + n
    if total == req.total:
        return req
    return Requirement(total, elements, max(req.allowance, len(elements), 1))


def option_crystals(chosen: Sequence[CostOption]) -> int:
    """Crystals (6.8) the chosen additional costs ask for (an alternative cost's are its own)."""
    return sum(o.cost.crystals for o in chosen if not o.alternative)


def option_counters(cost: Cost, chosen: Sequence[CostOption]) -> dict[str, int]:
    """Counters to remove from the card with the ability (15.1.1.10): its cost's and the chosen additional costs'."""
    out = dict(cost.remove_counters)
    for o in chosen:
        if not o.alternative:
            for n, k in o.cost.remove_counters.items():
                out[n] = out.get(n, 0) + k
    return out


def pay_crystals(g: Fftcg, pid: str, n: int, cites: Sequence[str]) -> None:
    """Pay ``n`` crystals (6.8.1) as part of a cost."""
    if n:
        have = g.state.players[pid].counters.get("crystals", 0)
        g.set_counter(pid, "crystals", have - n)
        g.record(StepKind.ACTION, pid, msg("ff.pay.crystals", player=g.name(pid), n=n), [*cites, "6.8.1"])


def option_words(chosen: Sequence[CostOption]) -> Sentence:
    """How the trace names the chosen options (``; paying also the additional cost X``)."""
    if not chosen:
        return ""
    return msg(
        "ff.option.paying",
        options=tuple(
            msg("ff.option.alternative", name=o.name) if o.alternative else msg("ff.option.additional", name=o.name)
            for o in chosen
        ),
    )


def card_cost(g: Fftcg, pid: str, iid: str) -> tuple[int, list[Message]]:
    """The cost to cast the card, fixed now (11.4.6, 11.3.7), with the effects that changed it."""
    d = g.definition(iid)
    cost = d.cost
    changed: list[Message] = []
    if d.reads is not None:
        itself = d.type == "summon" and d.reads.per == "own.hand" and iid in g.state.zones[zone_id(pid, "hand")]
        read = read_cost_change(g, d.reads, pid, less=1 if itself else 0)
        assert read is not None
        n, what = read
        if itself:
            what = msg("ff.read.not_itself", what=what, rule="11.3.2")
        cost += d.reads.by * n
        changed.append(msg("ff.read.own_text", change=msg("ff.read.change", what=what, by=f"{d.reads.by * n:+d}")))
    for e, _ in continuous.active(g, CostChange):
        op = continuous.payload(e).op
        assert isinstance(op, CostChange)
        if e.controller == pid and continuous.matches(g, iid, op.cards):
            read = read_cost_change(g, op, e.controller)
            if read is None:
                cost += op.by
                changed.append(msg("ff.read.effect", effect=g.said(e.label)))
            else:
                n, what = read
                cost += op.by * n
                changed.append(
                    msg(
                        "ff.read.effect_reads",
                        effect=g.said(e.label),
                        change=msg("ff.read.change", what=what, by=f"{op.by * n:+d}"),
                    )
                )
    return max(0, cost), changed


def _counted(what: str, n: int, player: str) -> Message:
    """What a cost that reads card information counted, with the count: ``3 cards in the hand of P1``."""
    counted = {
        "damage": msg("ff.read.damage", n=n, player=player),
        "hand": msg("ff.read.hand", n=n, player=player),
        "deck": msg("ff.read.deck", n=n, player=player),
        "break": msg("ff.read.break", n=n, player=player),
        "forwards": msg("ff.read.forwards", n=n, player=player),
        "backups": msg("ff.read.backups", n=n, player=player),
        "crystals": msg("ff.read.crystals", n=n, player=player),
    }
    return counted[what]


def read_cost_change(
    g: Fftcg, op: CostChange | CostRead, controller: str, *, less: int = 0
) -> tuple[int, Message] | None:
    """The card information a cost change reads, now, as the cost is fixed (11.3.5, 11.4.4, 11.6.7, 11.7.7,
    11.8.8 first sentences): how many (``less`` fewer), and what was counted; ``None`` for a fixed change."""
    if op.per is not None:
        side, rest = op.per.split(".", 1)
        whose = controller if side == "own" else g.state.opponent(controller)
        n = continuous.count(g, op.per, controller) - less
        return n, _counted(rest, n, g.name(whose))
    if op.for_each is not None:
        f = op.for_each
        n = sum(1 for i in g.field(controller) if continuous.matches(g, i, f)) - less
        kind = card_type(f.type) if f.type is not None else msg("ff.read.character")
        state: Message | str = "" if f.dull is None else msg("ff.read.dull") if f.dull else msg("ff.read.active")
        return n, msg("ff.read.characters", n=n, state=state, kind=kind, player=g.name(controller))
    return None


def cost_reads_cards(g: Fftcg, pid: str, iid: str) -> bool:
    """Whether the card's cost, or an effect changing it, reads card information (11.3.5, 11.4.4 first sentences)."""
    if g.definition(iid).reads is not None:
        return True
    for e, _ in continuous.active(g, CostChange):
        op = continuous.payload(e).op
        assert isinstance(op, CostChange)
        if e.controller == pid and continuous.matches(g, iid, op.cards) and read_cost_change(g, op, pid) is not None:
            return True
    return False


@rule("11.2.1", "11.2.1.1", "5.2.1.2", "5.2.1.3", "5.2.1.3.1", "5.2.3.1.1.3", "15.1.1.4.1", role=RuleRole.TERM)
def check_payment(
    g: Fftcg,
    pid: str,
    pay: Payment,
    req: Requirement,
    rules: tuple[str, str],
    exclude: Sequence[str] = (),
    discard_count: int = 0,
    *,
    cards_rule: str = "11.6.10",
    silent: bool = False,
) -> Paid | IllegalActionError:
    """11.2.1.1: 2 CP of its element for each hand card discarded (a multi-element card declares one, never a
    Light or Dark card), 1 CP for each own active backup dulled; enough CP, of the elements asked for, and no
    more than discarding makes unavoidable (5.2.1.3.1). ``rules``: the kind's rules for too little and too much."""
    short, extra = rules
    taken: set[str] = set(exclude)
    cps: list[Cp] = []
    for entry in pay.discard:
        key = entry if isinstance(entry, str) else entry.card
        iid = _hand_card(g, pid, key, taken)
        if iid is None:
            return IllegalActionError("pay", "11.2.1.1", msg("ff.pay.no_hand_card", player=g.name(pid), key=key))
        taken.add(iid)
        d = g.definition(iid)
        if {"light", "dark"} & set(d.elements):
            return IllegalActionError("pay", "5.2.1.3", msg("ff.pay.light_or_dark", card=d.name), ("11.2.1.1",))
        if isinstance(entry, Discarded):
            if entry.element not in d.elements:
                return IllegalActionError(
                    "pay",
                    "5.2.1.3",
                    msg("ff.pay.no_such_element", card=d.name, element=element_name(entry.element)),
                    ("11.2.1.1",),
                )
            element = entry.element
        elif len(d.elements) > 1:
            return IllegalActionError(
                "pay",
                "5.2.1.3",
                msg("ff.pay.declare_element", card=d.name),
                ("11.2.1.1",),
            )
        else:
            element = d.elements[0]
        cps.append(Cp(iid, 2, element, True))
    for dulled in pay.dull:
        key = dulled if isinstance(dulled, str) else dulled.card
        iid = _field_card(g, pid, key, taken)
        if iid is None:
            return IllegalActionError("pay", "11.2.1.1", msg("ff.pay.no_backup", player=g.name(pid), key=key))
        taken.add(iid)
        chars = g.chars(iid)
        if chars.type != "backup":
            return IllegalActionError("pay", "5.2.3.1.1.3", msg("ff.pay.not_a_backup", card=chars.name))
        if g.is_dull(iid):
            return IllegalActionError("pay", "11.2.1.1", msg("ff.pay.already_dull", card=chars.name))
        if len(chars.elements) > 1 or isinstance(dulled, Dulled):
            raise g.ambiguity(
                ["11.2.1.1", "5.2.1.3"],
                msg("ff.gap.multi_element_backup", card=chars.name),
            )
        cps.append(Cp(iid, 1, chars.elements[0], False))
    cards: list[str] = []
    for key in pay.cards:
        iid = _hand_card(g, pid, key, taken)
        if iid is None:
            return IllegalActionError("pay", cards_rule, msg("ff.pay.no_card_for_cost", player=g.name(pid), key=key))
        taken.add(iid)
        cards.append(iid)
    if len(cards) != discard_count:
        return IllegalActionError("pay", cards_rule, msg("ff.pay.discard_count", n=discard_count, named=len(cards)))

    def enough(sources: Sequence[Cp]) -> bool:
        total = sum(c.amount for c in sources)
        by: dict[str, int] = {}
        for c in sources:
            by[c.element] = by.get(c.element, 0) + c.amount
        return total >= req.total and all(by.get(e, 0) >= n for e, n in req.elements.items())

    made = sum(c.amount for c in cps)
    if not enough(cps):
        return IllegalActionError(
            "pay",
            short,
            msg("ff.pay.short_including", made=made, total=req.total, need=cp(req.elements))
            if req.elements
            else msg("ff.pay.short", made=made, total=req.total),
        )
    for i, c in enumerate(cps):
        if enough(cps[:i] + cps[i + 1 :]):
            worth = cp({c.element: c.amount})
            unneeded = (
                msg("ff.pay.unneeded_discard", card=g.card(c.card).name, cp=worth)
                if c.discard
                else msg("ff.pay.unneeded_dull", card=g.card(c.card).name, cp=worth)
            )
            return IllegalActionError(
                "pay",
                "5.2.1.3.1",
                unneeded,
                (extra,) if extra != "5.2.1.3.1" else (),
            )
    surplus = made - req.total
    if surplus > req.allowance:
        return IllegalActionError(
            "pay", extra, msg("ff.pay.surplus", n=surplus, allowance=req.allowance), ("5.2.1.3.1",)
        )
    return Paid(tuple(cps), tuple(cards), surplus)


@rule("11.2.1", "11.2.1.1", "5.2.1.3", "5.2.1.3.1", "5.2.3.1.1.3", "15.1.1.4.1", "5.2.1.2", role=RuleRole.TERM)
def carry_out(
    g: Fftcg,
    pid: str,
    paid: Paid,
    cites: Sequence[str],
    what: Sentence,
    surplus_rule: str = "",
    *,
    silent: bool = False,
) -> bool:
    """Discard and dull what pays for ``what``, all at once (11.3.7.1, 11.4.7, 11.6.10)."""
    if silent or not paid.cps:
        return bool(paid.cps)
    by: dict[str, int] = {}
    for c in paid.cps:
        by[c.element] = by.get(c.element, 0) + c.amount
        if c.discard:
            g.move(c.card, zone_id(g.card(c.card).owner, "break"), face_down=False)
        else:
            g.set_marker(c.card, "dull", 1)
    parts: list[Sentence] = []
    for c in paid.cps:
        made = cp({c.element: c.amount})
        if c.discard:
            parts.append(msg("ff.pay.discards", card=g.card(c.card).name, cp=made))
        else:
            parts.append(msg("ff.pay.dulls", card=g.card(c.card).name, cp=made))
    total = sum(by.values())
    g.record(
        StepKind.ACTION,
        pid,
        seq(
            msg(
                "ff.pay.pays",
                player=g.name(pid),
                n=total,
                what=g.said(what) if isinstance(what, str) else what,
                parts=semicolons(parts),
            ),
            msg("ff.pay.with_surplus", n=paid.surplus) if paid.surplus else "",
        ),
        [*cites, "5.2.1.2", "11.2.1", "11.2.1.1"]
        + (["5.2.1.3", "15.1.1.4.1"] if any(c.discard for c in paid.cps) else [])
        + (["5.2.3.1.1.3"] if any(not c.discard for c in paid.cps) else [])
        + (["5.2.1.3.1", *([surplus_rule] if surplus_rule else [])] if paid.surplus else []),
    )
    return True


# --- an auto ability's cost (11.8.8, 11.8.14) ---------------------------------------------------


def has_cost(a: Ability) -> bool:
    """Whether an auto ability has a cost to pay (11.8.8)."""
    return a.cost != Cost() or (a.x is not None and a.x.cost is not None)


@rule("11.8.8", "11.8.14", *PAY_IDS, role=RuleRole.TERM)
def pay_auto_cost(
    g: Fftcg,
    controller: str,
    source: str,
    label: str,
    a: Ability,
    read_on_stack: int | None = None,
    *,
    silent: bool = False,
) -> bool:
    """11.8.14: an auto ability whose text lets its controller choose to pay (…を支払ってもよい) is put on the stack
    either way and the choice — to pay, and how — is made as it resolves. A cost that reads card information is set
    to the value read (11.8.8), at a time the rules do not give: when the count differs from the one as the ability
    went on the stack (``read_on_stack``), the run stops. The payment is a ``pay`` decision: ``dull:<backup>`` and
    ``discard:<hand card>`` (``discard:<card>:<element>`` for a multi-element card) for CP, ``card:<hand card>``
    for the cost's discards. Returns whether it was paid (the caller has already asked whether to pay)."""
    options: list[str] = []
    for key, i in g.card_options(g.field(controller)).items():
        if g.chars(i).type == "backup" and not g.is_dull(i):
            options.append(f"dull:{key}")
    for key, i in g.card_options(g.state.zones[zone_id(controller, "hand")]).items():
        d = g.definition(i)
        if {"light", "dark"} & set(d.elements):
            pass  # never discarded for CP (5.2.1.3)
        elif len(d.elements) > 1:
            options.extend(f"discard:{key}:{e}" for e in d.elements)
        else:
            options.append(f"discard:{key}")
        if a.cost.discard:
            options.append(f"card:{key}")
    if silent:
        return bool(options)
    if a.cost.reads is not None:
        now = read_cost_change(g, a.cost.reads, controller)
        if now is not None and read_on_stack is not None and now[0] != read_on_stack:
            raise g.ambiguity(
                ["11.8.8", "11.8.14"],
                msg("ff.gap.auto_cost_read_changes", ability=g.said(label), then=read_on_stack, now=now[0]),
            )
    request = DecisionRequest(
        "pay",
        controller,
        tuple(options),
        "11.8.14",
        msg("ff.pay.auto_prompt", player=g.name(controller), ability=g.said(label)),
        PickMode.SOME,
        0,
        len(options),
    )
    choice = g.decide(request)
    discard: list[str | Discarded] = []
    dull: list[str] = []
    cards: list[str] = []
    for c in choice:
        how, _, rest = c.partition(":")
        if how == "dull":
            dull.append(rest)
        elif how == "card":
            cards.append(rest)
        elif ":" in rest:
            key, _, element = rest.partition(":")
            discard.append(Discarded(key, element))  # type: ignore[arg-type]
        else:
            discard.append(rest)
    req, read_words, beyond = read_ability_cost(g, controller, a.cost, requirement_for_cost(a.cost))
    if beyond:
        raise g.ambiguity(
            ["11.8.8", "11.8.14"],
            msg("ff.gap.reduced_below_elements", ability=g.said(label), n=beyond),
        )
    paid = check_payment(
        g,
        controller,
        Payment(tuple(discard), tuple(dull), tuple(cards)),
        req,
        ("11.8.14", "11.8.14"),
        discard_count=a.cost.discard,
        cards_rule="11.8.14",
    )
    if isinstance(paid, IllegalActionError):
        raise DecisionNeeded(
            request.kind,
            controller,
            options,
            "11.8.14",
            request.prompt,
            msg("ff.pay.given", choice=tuple(choice) or msg("kernel.none"), rule=paid.rule, why=paid.reason),
        )
    if read_words is not None:
        g.record(
            StepKind.ACTION,
            controller,
            msg("ff.pay.auto_read", ability=g.said(label), n=req.total, change=read_words),
            ["11.8.8"],
        )
    carry_out(g, controller, paid, ["11.8.14"], label, "11.8.14")
    if paid.cards:
        terms.discard_cards(
            g, controller, list(paid.cards), ["11.8.14"], controller, msg("ff.cost.of", what=g.said(label))
        )
    return True


# --- what an action chooses ---------------------------------------------------------------------


def parse_choices(
    g: Fftcg, pid: str, specs: Sequence[Choose], given: Sequence[str], holder: str | None
) -> tuple[tuple[str, ...], ...] | Message:
    """The action's ``choose`` list split among the specs, each checked; a reason when it is not legal."""
    in_zones = [i for s in specs if s.zone != "field" for z in abilities.zones_of(g, s, pid) for i in g.state.zones[z]]
    options = g.choice_options(g.all_field() + in_zones)
    rest = list(given)
    out: list[tuple[str, ...]] = []
    for n, spec in enumerate(specs):
        legal = abilities.legal_choices(g, spec, pid, holder)
        if not legal and not spec.up_to:
            return msg("ff.choice.nothing", n=n + 1)
        group: list[str] = []
        while rest and len(group) < spec.count:
            iid = options.get(rest[0])
            if iid is None or iid not in legal or iid in group:
                if len(group) >= (0 if spec.up_to else spec.count):
                    break
                if legal:
                    keys = tuple(k for k, v in options.items() if v in legal)
                    return msg("ff.choice.not_legal_among", key=rest[0], n=n + 1, choices=keys)
                return msg("ff.choice.not_legal", key=rest[0], n=n + 1)
            group.append(iid)
            rest.pop(0)
        if len(group) < (0 if spec.up_to else min(spec.count, len(legal))):
            return msg("ff.choice.too_few", n=n + 1, count=spec.count, given=len(group))
        out.append(tuple(group))
    if rest:
        return msg("ff.choice.too_many", keys=tuple(rest))
    return tuple(out)


def x_problem(
    kind: str, rule_id: str, name: str, variable: Variable | None, x: int | None
) -> IllegalActionError | None:
    """4.5: X in a cost is chosen by the controller as it is cast or used (``rule_id``: 11.3.5, 11.4.4, 11.6.7,
    11.7.7), a non-negative integer (4.1); None when the action gives what it needs."""
    has = variable is not None and variable.cost is not None
    if has and x is None:
        return IllegalActionError(kind, rule_id, msg("ff.x.choose", card=name))
    if has and x is not None and x < 0:
        return IllegalActionError(kind, "4.1", msg("ff.x.negative", card=name, x=x))
    if not has and x is not None:
        return IllegalActionError(kind, rule_id, msg("ff.x.none", card=name))
    return None


def with_x_cost(req: Requirement, variable: Variable | None, x: int | None) -> Requirement:
    """The requirement with X CP of the variable's element (``any``: of any element) added (4.5)."""
    if variable is None or variable.cost is None or not x:
        return req
    elements = dict(req.elements)
    if variable.cost != "any":
        elements[variable.cost] = elements.get(variable.cost, 0) + x
    allowance = max(req.allowance, len(elements)) if elements else max(req.allowance, 1)
    return Requirement(req.total + x, elements, allowance)


def distributed(effects: Sequence[object], modes: Sequence[Mode] = ()) -> tuple[Distribute, int] | None:
    """The ``distribute`` effect among ``effects`` or the declared ``modes``, and the index of the chosen group it
    divides among (a mode's choices follow the earlier declared modes' choices)."""
    offset = 0
    for effs, specs in [(effects, 0), *((m.effects, len(m.choose)) for m in modes)]:
        op = next((e for e in effs if isinstance(e, Distribute)), None)
        if op is not None:
            return op, offset + (0 if op.target == "chosen" else int(op.target.split(".")[1]))
        offset += specs
    return None


def split_of(
    g: Fftcg,
    kind: str,
    rule_id: str,
    name: str,
    effects: Sequence[object],
    chosen: tuple[tuple[str, ...], ...],
    split: Mapping[str, int],
    modes: Sequence[Mode] = (),
) -> tuple[tuple[str, int], ...] | IllegalActionError:
    """11.3.6, 11.6.8, 11.7.8: how the damage of a ``distribute`` effect is divided among the cards it chose,
    declared on casting or using (after its modes, 11.3.4, 11.6.6, 11.7.6): every chosen card at least 1, the shares
    adding up to the amount. In a declared mode, the cards are that mode's own choices."""
    found = distributed(effects, modes)
    if found is None:
        if split:
            return IllegalActionError(kind, rule_id, msg("ff.split.none", card=name))
        return ()
    op, n = found
    group = chosen[n] if n < len(chosen) else ()
    labels = {g.option_of(i): i for i in group}
    if not group:
        if split:
            return IllegalActionError(kind, rule_id, msg("ff.split.nothing_chosen", card=name))
        return ()
    if set(split) != set(labels):
        return IllegalActionError(
            kind,
            rule_id,
            msg(
                "ff.split.each",
                card=name,
                damage=op.amount,
                chosen=tuple(labels),
                found=tuple(split) or msg("kernel.none"),
            ),
        )
    low = sorted(k for k, v in split.items() if v < 1)
    if low:
        return IllegalActionError(kind, rule_id, msg("ff.split.at_least_one", card=name, keys=tuple(low)))
    if sum(split.values()) != op.amount:
        return IllegalActionError(
            kind, rule_id, msg("ff.split.sum", card=name, n=sum(split.values()), damage=op.amount)
        )
    return tuple((labels[k], split[k]) for k in labels)


def modes_of(
    g: Fftcg,
    pid: str,
    holder: str | None,
    label: str,
    modes: Sequence[Mode],
    pick: ModePick,
    one: str | None,
    many: Sequence[str],
) -> tuple[tuple[Mode, ...], int] | Message:
    """The modes an action declares (``mode`` or ``modes``), checked."""
    if one is not None and many:
        return msg("ff.modes.one_or_many", what=g.said(label))
    return abilities.check_modes(g, pid, holder, label, modes, pick, (one,) if one is not None else tuple(many))


def _timing_rule(g: Fftcg, default: str) -> str:
    if g.state.phase == "end":
        return "9.5.1.1"
    if g.window is not None and g.window.hold_triggers:
        return "15.2.3.3"
    return default


# --- casting ----------------------------------------------------------------------------------


def cast(g: Fftcg, entry: ScriptedInput) -> str | None:
    """A ``cast`` action: a summon (11.3) or a character (11.4), by the card's type."""
    act = entry.payload
    assert isinstance(act, Cast)
    pid = entry.player or g.holder
    iid = g.find(pid, "hand", act.card)
    if iid is not None and g.definition(iid).type == "summon":
        return cast_summon(g, entry, iid)
    return cast_character(g, entry, iid)


@rule(
    "11.3.1",
    "11.3.2",
    "11.3.3",
    "11.3.4",
    "11.3.4.1",
    "11.3.5",
    "11.3.6",
    "4.1",
    "4.5",
    "11.3.7",
    "11.3.7.1",
    "11.3.8",
    "9.3.1.6",
    "9.5.1.1",
    "15.2.3.3",
    "6.2.3",
    "7.12.1",
    "7.12.3",
    "15.1.1.7.1",
    "14.1",
    "14.2",
    "14.4",
    "6.8.1",
    *PAY_IDS,
    "11.11.5.1.1",
    role=RuleRole.ACTION,
)
def cast_summon(g: Fftcg, entry: ScriptedInput, iid: str, *, silent: bool = False) -> str | None:
    """11.3: reveal the summon, put it on top of the stack (11.3.2), choose (11.3.3), fix the cost (11.3.7)
    and pay it all at once (11.3.7.1); it is then cast and its caster receives priority (11.3.8). Only in
    the main and attack phases (9.3.1.6)."""
    act = entry.payload
    assert isinstance(act, Cast)
    pid = entry.player or g.holder
    d = g.definition(iid)
    problem: IllegalActionError | None = None
    chosen: tuple[tuple[str, ...], ...] = ()
    paid: Paid | None = None
    cost, changed = card_cost(g, pid, iid)
    split: tuple[tuple[str, int], ...] = ()
    options: tuple[CostOption, ...] = ()
    fixed_total = 0
    specs, effects = d.choose, d.effects
    declared: tuple[Mode, ...] = ()
    number = 0
    mode_problem: Message | None = None
    if d.modes:
        checked_modes = modes_of(g, pid, None, d.name, d.modes, d.pick, act.mode, act.modes)
        if isinstance(checked_modes, Message):
            mode_problem = checked_modes
        else:
            declared, number = checked_modes
            specs, _ = abilities.declared_modes(declared)
    if g.window is None or not g.window.summons:
        problem = IllegalActionError(
            "cast",
            _timing_rule(g, "9.3.1.6"),
            msg("ff.cast.summon_timing", where=g.window.name if g.window else msg("ff.cast.this_step")),
        )
    elif mode_problem is not None:
        problem = IllegalActionError(
            "cast", "11.3.4.1" if mode_problem.id == "ff.modes.none_now" else "11.3.4", mode_problem
        )
    elif (act.mode is not None or act.modes) and not d.modes:
        problem = IllegalActionError("cast", "11.3.4", msg("ff.modes.no_modes", card=d.name))
    elif (bad_x := x_problem("cast", "11.3.5", d.name, d.x, act.x)) is not None:
        problem = bad_x
    elif isinstance(picked := options_of("cast", "11.3.5", d.name, d.options, act.options), IllegalActionError):
        problem = picked
    else:
        options = picked
        parsed = parse_choices(g, pid, specs, act.choose, None)
        if isinstance(parsed, Message):
            problem = IllegalActionError("cast", "11.3.3", msg("ff.choice.of", card=d.name, why=parsed))
        else:
            if not silent:
                abilities.must_choice_gap(g, specs, pid, None, d.name)
            chosen = parsed
            alternative = next((o for o in options if o.alternative), None)
            if alternative is not None and changed and not silent:
                raise g.ambiguity(
                    ["11.3.5", "11.3.7"],
                    msg("ff.gap.alternative_and_changes", card=d.name, option=alternative.name, changes=tuple(changed)),
                )
            req = with_options(
                requirement_for_cost(alternative.cost)
                if alternative is not None
                else with_x_cost(requirement_for_card(g, pid, d, cost), d.x, act.x),
                options,
            )
            discards = sum(o.cost.discard for o in options)
            crystals = sum(o.cost.crystals for o in options)
            fixed_total = req.total
            divided = split_of(
                g, "cast", "11.3.6", d.name, effects if not declared else (), chosen, act.split, declared
            )
            checked = (
                divided
                if isinstance(divided, IllegalActionError)
                else check_payment(
                    g,
                    pid,
                    act.pay,
                    req,
                    ("11.3.7.1", "11.3.7.1"),
                    exclude=[iid],
                    discard_count=discards,
                    cards_rule="11.3.7.1",
                )
            )
            if not isinstance(checked, IllegalActionError) and crystals > g.state.players[pid].counters.get(
                "crystals", 0
            ):
                checked = IllegalActionError("cast", "11.3.7.1", msg("ff.pay.too_few_crystals", player=g.name(pid)))
            if isinstance(checked, IllegalActionError):
                problem = checked
            else:
                assert not isinstance(divided, IllegalActionError)
                split = divided
                paid = checked
                if paid.surplus and {"light", "dark"} & set(d.elements) and not silent:
                    raise g.ambiguity(
                        ["11.3.7.1", "5.2.1.3.1"],
                        msg("ff.gap.light_summon_surplus", card=d.name, n=paid.surplus),
                    )
    if silent:
        return pid if problem is None else None
    if problem is not None:
        g.reject(entry, problem, ("11.3.1", *REWIND, *_paid(act.pay)), who=pid)
        return None
    assert paid is not None
    payload = OnStack(
        effects=(tuple(effects) if not declared else ()) + tuple(op for o in options for op in o.effects),
        choose=tuple(specs),
        chosen_since=abilities.since_of(g, chosen),
        replaces=tuple(d.replaces),
        modes=abilities.declared_modes(declared)[1],
        x=act.x if d.x is not None and d.x.cost is not None else None,
        variable=d.x,
        split=split,
        split_rule="11.3.6",
    )
    g.stack.push_card(iid, "summon", pid, d.name, payload, tuple(i for group in chosen for i in group))
    what = tuple(g.cref(i) for group in chosen for i in group)
    total = fixed_total if options else cost + (payload.x or 0)
    g.record(
        StepKind.ACTION,
        pid,
        seq(
            msg("ff.cast.summon", player=g.name(pid), card=d.name),
            abilities.modes_declared(declared, number, d.pick) if declared else "",
            msg("ff.stack.choosing", cards=what) if what else "",
            msg("ff.cast.dividing", shares=g.shares(split)) if split else "",
            option_words(options),
            msg("ff.cast.x_cost_fixed", x=payload.x, n=total)
            if payload.x is not None
            else msg("ff.cast.cost_fixed", n=total),
            msg("ff.cast.changed_by", changes=tuple(changed))
            if changed and not any(o.alternative for o in options)
            else "",
        ),
        ["11.3.1", "11.3.2", "15.1.1.7.1", "6.2.3", "7.12.1", "7.12.3", "11.3.7", "9.3.1.6"]
        + (["11.3.3"] if chosen else [])
        + (["11.3.4"] if declared else [])
        + (["11.3.6"] if split else [])
        + (["11.3.4.1"] if declared and not abilities.is_plain(d.pick) else [])
        + (["11.3.5", "4.5"] if payload.x is not None else [])
        + (["11.3.5"] if (payload.x is None and cost_reads_cards(g, pid, iid)) or options else []),
        play=entry.index,
    )
    carry_out(g, pid, paid, ["11.3.7.1"], d.name, "11.3.7.1")
    if paid.cards:
        terms.discard_cards(g, pid, list(paid.cards), ["11.3.7.1"], pid, msg("ff.cost.of", what=d.name))
    pay_crystals(g, pid, sum(o.cost.crystals for o in options), ["11.3.7.1"])
    g.record(StepKind.ACTION, pid, msg("ff.cast.cast", card=d.name, player=g.name(pid)), ["11.3.8"])
    abilities.trigger(g, Event("summon_cast", pid, iid, iid), cites=("11.3.8",))
    return pid


@rule(
    "11.4.1",
    "11.4.2",
    "11.4.3",
    "11.4.5",
    "11.4.6",
    "11.4.6.1.1",
    "11.4.6.1.2",
    "11.4.6.1.3",
    "11.4.6.1.4",
    "11.4.4",
    "4.1",
    "4.5",
    "11.4.7",
    "11.4.8",
    "9.3.1.5",
    "7.7.3",
    "7.7.3.1",
    "7.7.4",
    "7.7.5",
    "15.2.5.1",
    "15.2.5.2",
    "15.2.5.3",
    "15.2.5.4",
    "15.1.1.7.1",
    "14.1",
    "14.2",
    "14.4",
    "6.8.1",
    *PAY_IDS,
    role=RuleRole.ACTION,
)
def cast_character(g: Fftcg, entry: ScriptedInput, iid: str | None, *, silent: bool = False) -> str | None:
    """11.4.1: the turn player with priority casts a character from the hand in a main phase with the stack
    empty — a special action that does not use the stack (Back Attack: in any main or attack phase with
    priority, 15.2.5.2); it enters the field and the turn player receives priority (11.4.8)."""
    act = entry.payload
    assert isinstance(act, Cast)
    pid = entry.player or g.holder
    problem: IllegalActionError | None = None
    also: tuple[str, ...] = ()
    paid: Paid | None = None
    back_attack = False
    options: tuple[CostOption, ...] = ()
    fixed_total = 0
    if iid is None:
        problem = IllegalActionError("cast", "11.4.2", msg("ff.cast.not_in_hand", player=g.name(pid), key=act.card))
    else:
        d = g.definition(iid)
        back_attack = "back_attack" in d.keywords
        cost, changed_now = card_cost(g, pid, iid)
        main = g.state.phase in ("main1", "main2")
        if back_attack:
            if g.state.phase not in ("main1", "main2", "attack") or g.window is None or not g.window.summons:
                problem = IllegalActionError(
                    "cast", "15.2.5.2", msg("ff.cast.back_attack_timing", keyword=KEYWORDS["back_attack"])
                )
        elif pid != g.state.turn_player:
            problem = IllegalActionError("cast", "11.4.1", msg("ff.cast.turn_player_only"))
        elif not main or g.window is None or not g.window.summons:
            problem = IllegalActionError("cast", "11.4.1", msg("ff.cast.main_phase_only"))
            also = ("9.3.1.5",)
        elif not g.stack.is_empty():
            problem = IllegalActionError("cast", "11.4.1", msg("ff.cast.stack_empty_only"))
            also = ("9.3.1.5",)
        if problem is None:
            limit = terms.field_limit(g, pid, iid, silent=True)
            if limit:
                reason = {
                    "7.7.3": msg("ff.limit.same_name", player=g.name(pid), card=d.name),
                    "7.7.4": msg("ff.limit.five_backups", player=g.name(pid)),
                    "7.7.5": msg("ff.limit.light_or_dark", player=g.name(pid)),
                }[limit]
                problem = IllegalActionError("cast", limit, reason)
        if problem is None:
            problem = x_problem("cast", "11.4.4", d.name, d.x, act.x)
        if problem is None:
            picked = options_of("cast", "11.4.4", d.name, d.options, act.options)
            if isinstance(picked, IllegalActionError):
                problem = picked
            else:
                options = picked
        if problem is None:
            alternative = next((o for o in options if o.alternative), None)
            if alternative is not None and changed_now and not silent:
                raise g.ambiguity(
                    ["11.4.4", "11.4.6"],
                    msg(
                        "ff.gap.alternative_and_changes",
                        card=d.name,
                        option=alternative.name,
                        changes=tuple(changed_now),
                    ),
                )
            req = with_options(
                requirement_for_cost(alternative.cost)
                if alternative is not None
                else with_x_cost(requirement_for_card(g, pid, d, cost), d.x, act.x),
                options,
            )
            fixed_total = req.total
            short = (
                "11.4.6.1.2" if len(set(d.elements)) > 1 and not {"light", "dark"} & set(d.elements) else "11.4.6.1.1"
            )
            if alternative is not None:
                short = "11.4.7"
            checked = check_payment(
                g,
                pid,
                act.pay,
                req,
                (short, "11.4.6.1.4"),
                exclude=[iid],
                discard_count=sum(o.cost.discard for o in options),
                cards_rule="11.4.7",
            )
            if not isinstance(checked, IllegalActionError) and sum(o.cost.crystals for o in options) > g.state.players[
                pid
            ].counters.get("crystals", 0):
                checked = IllegalActionError("cast", "11.4.7", msg("ff.pay.too_few_crystals", player=g.name(pid)))
            if isinstance(checked, IllegalActionError):
                problem = checked
            else:
                paid = checked
    if silent:
        return g.state.turn_player if problem is None else None
    if problem is not None:
        g.reject(entry, problem, (*also, "11.4.1", *REWIND, *_paid(act.pay)), who=pid)
        return None
    assert iid is not None and paid is not None
    d = g.definition(iid)
    divides = any(isinstance(op, Distribute) for m in d.modes for op in m.effects)
    if divides:
        raise g.ambiguity(
            ["11.4.3", "11.4.5", "11.4.1", "11.4.8"],
            msg("ff.gap.character_divides", card=d.name),
        )
    if d.modes:
        raise g.ambiguity(
            ["11.4.3", "11.4.1", "11.4.8"],
            msg("ff.gap.character_modes", card=d.name),
        )
    with_effects = [o for o in options if o.effects]
    if with_effects:
        raise g.ambiguity(
            ["11.4.4", "11.4.1", "11.4.8"],
            msg("ff.gap.character_cost_effect", card=d.name, option=with_effects[0].name),
        )
    cost, changed = card_cost(g, pid, iid)
    alt = any(o.alternative for o in options)
    light = bool({"light", "dark"} & set(d.elements))
    multi = len(set(d.elements)) > 1 and not light
    joins = not d.generic and any(g.chars(i).generic and g.chars(i).name == d.name for i in g.field(pid))
    g.record(
        StepKind.ACTION,
        pid,
        seq(
            msg("ff.cast.character", player=g.name(pid), card=d.name),
            msg("ff.cast.with_back_attack", keyword=KEYWORDS["back_attack"]) if back_attack else "",
            msg("ff.cast.x_cost_fixed", x=act.x, n=cost + act.x) if d.x is not None and act.x is not None else "",
            option_words(options),
            msg("ff.cast.cost_fixed", n=fixed_total) if options else "",
            msg("ff.cast.cost_fixed", n=cost) if (d.x is None or act.x is None) and not options else "",
            msg("ff.cast.changed_by", changes=tuple(changed)) if changed and not alt else "",
        ),
        ["11.4.1", "11.4.2", "11.4.6", "15.1.1.7.1"]
        + (["15.2.5.1", "15.2.5.2", "15.2.5.4"] if back_attack else [])
        + (["15.2.5.3"] if back_attack and not g.stack.is_empty() else [])
        + ([] if alt else ["11.4.6.1.3"] if light else ["11.4.6.1.2"] if multi else ["11.4.6.1.1"] if cost else [])
        + (["7.7.3.1"] if joins else [])
        + (["11.4.4", "4.5"] if d.x is not None and act.x is not None else [])
        + (["11.4.4"] if (d.x is None or act.x is None) and (cost_reads_cards(g, pid, iid) or options) else []),
        play=entry.index,
    )
    carry_out(g, pid, paid, ["11.4.7"], d.name, "11.4.6.1.4")
    if paid.cards:
        terms.discard_cards(g, pid, list(paid.cards), ["11.4.7"], pid, msg("ff.cost.of", what=d.name))
    pay_crystals(g, pid, sum(o.cost.crystals for o in options), ["11.4.7"])
    terms.put_onto_field(g, pid, iid, ["11.4.8"], pid)
    return g.state.turn_player


@rule(
    "11.3.11",
    "11.4.1.1",
    "11.3.2",
    "11.3.3",
    "11.3.8",
    "11.4.2",
    "11.4.8",
    "6.2.3",
    "7.12.1",
    "7.7.3",
    "7.7.4",
    "7.7.5",
    role=RuleRole.ACTION,
)
def cast_by_effect(g: Fftcg, pid: str, iid: str, by: str, *, silent: bool = False) -> bool:
    """11.3.11, 11.4.1.1: a card an effect casts is cast right after that effect has resolved, without paying its
    cost as the text says: a summon goes on the stack and chooses (11.3.2, 11.3.3); a character does not use the
    stack and cannot be responded to (11.4.1.1), and enters the field (11.4.8) — unless a field limit forbids it
    (7.7.3–7.7.5): then it is not cast and stays in the hand."""
    d = g.definition(iid)
    if d.modes or d.x is not None or d.options or distributed(d.effects):
        raise ScenarioError(
            [
                (
                    "effects",
                    said(msg("ff.problem.cast_by_effect", card=d.name, by=by)),
                )
            ]
        )
    if g.card(iid).zone != f"{pid}.hand":
        if not silent:
            g.record(
                StepKind.EFFECT, pid, msg("ff.cast.left_hand", card=d.name, zone=g.zref(f"{pid}.hand")), ["11.3.11"]
            )
        return False
    if d.type == "summon":
        chosen = abilities.choose_now(g, pid, d.choose, None, d.name, silent=silent)
        if silent:
            return chosen is not None
        if chosen is None:
            g.record(
                StepKind.EFFECT,
                pid,
                msg("ff.cast.nothing_to_choose", card=d.name),
                ["11.3.3", "11.3.11"],
            )
            return False
        payload = OnStack(
            effects=tuple(d.effects),
            choose=tuple(d.choose),
            chosen_since=abilities.since_of(g, chosen),
            replaces=tuple(d.replaces),
        )
        g.stack.push_card(iid, "summon", pid, d.name, payload, tuple(i for group in chosen for i in group))
        what = tuple(g.cref(i) for group in chosen for i in group)
        g.record(
            StepKind.EFFECT,
            pid,
            seq(
                msg("ff.cast.by_effect_summon", by=g.said(by), player=g.name(pid), card=d.name),
                msg("ff.stack.choosing", cards=what) if what else "",
            ),
            ["11.3.11", "11.3.2", "6.2.3", "7.12.1"] + (["11.3.3"] if chosen else []),
        )
        abilities.trigger(g, Event("summon_cast", pid, iid, iid), cites=("11.3.8",))
        return True
    limit = terms.field_limit(g, pid, iid, silent=True)
    if silent:
        return not limit
    if limit:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("ff.cast.cannot_enter", card=d.name, zone=g.zref(f"{pid}.field")),
            ["11.4.1.1", limit],
        )
        return False
    g.record(
        StepKind.EFFECT,
        pid,
        msg("ff.cast.by_effect_character", by=g.said(by), player=g.name(pid), card=d.name),
        ["11.4.1.1", "11.4.2"],
    )
    terms.put_onto_field(g, pid, iid, ["11.4.8"], pid)
    return True


# --- action and special abilities ---------------------------------------------------------------


def _find_ability(g: Fftcg, iid: str, name: str | int) -> tuple[Ability | None, str]:
    """The action or special ability a play entry names, and what the trace calls it: its name, or for one that
    prints no name its place among the card's abilities (``#2``, named ``2`` or ``"#2"`` by the entry)."""
    place = name if isinstance(name, int) else int(name[1:]) if name[1:].isdigit() and name[:1] == "#" else None
    for n, ref in enumerate(g.chars(iid).abilities, 1):
        a = ref.ability
        if a.kind not in ("action", "special"):
            continue
        if place is None and a.name == name:
            return a, a.name
        if place == n:
            return a, a.name or f"#{n}"
    return None, name if isinstance(name, str) else f"#{name}"


@rule(
    "11.6.1",
    "11.6.2.1",
    "11.6.2.2",
    "11.6.2.3",
    "11.6.2.4",
    "11.7.2.3",
    "11.7.2.4",
    "15.1.1.5.1",
    "7.3",
    "11.6.3",
    "11.6.4",
    "11.6.5",
    "11.6.6",
    "11.6.6.1",
    "11.6.7",
    "11.6.8",
    "11.6.9",
    "11.6.11",
    "11.7.1",
    "11.7.2.1",
    "11.7.2.2",
    "11.7.3",
    "11.7.4",
    "11.7.5",
    "11.7.6",
    "11.7.6.1",
    "11.7.7",
    "11.7.8",
    "11.7.9",
    "4.1",
    "4.5",
    "11.7.10",
    "11.7.11",
    "9.3.1.7",
    "9.5.1.1",
    "15.2.3.3",
    "15.2.2.3",
    "15.1.1.2.1",
    "15.1.1.10.1",
    "6.8.1",
    "14.1",
    "14.2",
    "14.4",
    *PAY_IDS,
    "11.11.5.1.1",
    role=RuleRole.ACTION,
)
def use_ability(g: Fftcg, entry: ScriptedInput, *, silent: bool = False) -> str | None:
    """11.6: put an action ability on the stack, choose, fix and pay its cost all at once — a dull icon only
    on a character controlled since the start of the turn or with Haste (11.6.2.2); a special ability also
    discards a card of the same name (11.7.1). Only in the main and attack phases (9.3.1.7); its player
    receives priority again (11.6.11, 11.7.11)."""
    act = entry.payload
    assert isinstance(act, UseAbility)
    pid = entry.player or g.holder
    iid = g.find(pid, "field", act.card)
    a, named = _find_ability(g, iid, act.ability) if iid is not None else (None, str(act.ability))
    special = a is not None and a.kind == "special"
    base = "11.7.3" if special else "11.6.3"
    problem: IllegalActionError | None = None
    paid: Paid | None = None
    chosen: tuple[tuple[str, ...], ...] = ()
    declared: tuple[Mode, ...] = ()
    number = 0
    same_name: str | None = None
    flag = f"ability:{iid}:{named}"
    split: tuple[tuple[str, int], ...] = ()
    split_rule = "11.7.8" if special else "11.6.8"
    read_words: Message | None = None
    fixed = 0
    options: tuple[CostOption, ...] = ()
    cost = Cost()
    if a is not None:
        alternative = next((o for o in a.options if o.alternative and o.name in act.options), None)
        # 11.6.2.1, 11.7.2.1: everything before the colon is the cost; an alternative cost replaces all of it (the
        # special ability's card of the same name is asked besides the written cost, 11.7.1, and stays).
        cost = (
            a.cost
            if alternative is None
            else Cost(
                cp=dict(alternative.cost.cp),
                discard=alternative.cost.discard,
                crystals=alternative.cost.crystals,
                remove_counters=dict(alternative.cost.remove_counters),
            )
        )
    if iid is None or a is None:
        problem = IllegalActionError(
            "ability", "11.6.4", msg("ff.use.no_ability", player=g.name(pid), key=act.card, ability=named)
        )
    elif g.window is None or not g.window.summons:
        problem = IllegalActionError(
            "ability",
            _timing_rule(g, "9.3.1.7"),
            msg("ff.use.timing"),
        )
    elif a.per_turn is not None and g.state.flag(pid, flag) >= a.per_turn:
        problem = IllegalActionError("ability", base, msg("ff.use.per_turn", ability=named, n=a.per_turn))
    elif cost.dull and g.is_dull(iid):
        problem = IllegalActionError("ability", base, msg("ff.use.dull", card=g.cref(iid)))
    elif (
        cost.dull
        and g.chars(iid).type in ("forward", "backup")
        and not g.controlled_since_turn_start(iid)
        and not g.has(iid, "haste")
    ):
        problem = IllegalActionError(
            "ability",
            "11.7.2.2" if special else "11.6.2.2",
            msg("ff.attack.not_since_start", card=g.cref(iid), haste=KEYWORDS["haste"]),
        )
    elif any(g.counters(iid).get(n, 0) < k for n, k in cost.remove_counters.items()):
        problem = IllegalActionError("ability", base, msg("ff.use.few_counters", card=g.cref(iid)))
    elif cost.crystals > g.state.players[pid].counters.get("crystals", 0):
        problem = IllegalActionError("ability", base, msg("ff.pay.too_few_crystals", player=g.name(pid)))
    elif cost.characters is None and act.characters:
        problem = IllegalActionError("ability", base, msg("ff.use.no_characters", ability=named))
    elif cost.characters is not None and isinstance(
        used := cost_characters(g, pid, iid, cost.characters, act.characters, special, _dulled(g, pid, act.pay)),
        IllegalActionError,
    ):
        problem = used
    else:
        taken: list[str] = []
        if special:
            name = g.chars(iid).name
            hand = [
                i
                for i in g.state.zones[zone_id(pid, "hand")]
                if g.definition(i).name == name and g.card(i).key not in _named(act.pay)
            ]
            if not hand:
                problem = IllegalActionError(
                    "ability", "11.7.1", msg("ff.use.no_same_name", player=g.name(pid), card=name)
                )
            else:
                same_name = hand[0]
                taken.append(same_name)
        mode_rule = "11.7.6" if special else "11.6.6"
        specs = tuple(a.choose)
        if problem is None and a.modes:
            checked_modes = modes_of(g, pid, iid, named, a.modes, a.pick, act.mode, act.modes)
            if isinstance(checked_modes, Message):
                problem = IllegalActionError(
                    "ability", mode_rule + (".1" if checked_modes.id == "ff.modes.none_now" else ""), checked_modes
                )
            else:
                declared, number = checked_modes
                specs, _ = abilities.declared_modes(declared)
        elif problem is None and (act.mode is not None or act.modes):
            problem = IllegalActionError("ability", mode_rule, msg("ff.modes.no_modes", card=named))
        if problem is None:
            problem = x_problem("ability", "11.7.7" if special else "11.6.7", named, a.x, act.x)
        if problem is None:
            picked = options_of("ability", "11.7.7" if special else "11.6.7", named, a.options, act.options)
            if isinstance(picked, IllegalActionError):
                problem = picked
            elif cost.crystals + option_crystals(picked) > g.state.players[pid].counters.get("crystals", 0):
                problem = IllegalActionError("ability", base, msg("ff.pay.too_few_crystals", player=g.name(pid)))
            elif iid is not None and any(
                g.counters(iid).get(n, 0) < k for n, k in option_counters(cost, picked).items()
            ):
                problem = IllegalActionError(
                    "ability",
                    "11.7.10" if special else "11.6.10",
                    msg("ff.use.few_counters_options", card=g.cref(iid)),
                )
            else:
                options = picked
        if problem is None:
            parsed = parse_choices(g, pid, specs, act.choose, iid)
            if isinstance(parsed, Message):
                problem = IllegalActionError(
                    "ability", "11.7.5" if special else "11.6.5", msg("ff.choice.of", card=named, why=parsed)
                )
            else:
                if not silent:
                    abilities.must_choice_gap(g, specs, pid, iid, named)
                chosen = parsed
                req, read_words, beyond = read_ability_cost(
                    g, pid, cost, with_x_cost(requirement_for_cost(cost), a.x, act.x)
                )
                req = with_options(req, options)
                fixed = req.total
                rid = "11.7.2.1" if special else "11.6.2.1"
                if beyond and not silent:
                    raise g.ambiguity(
                        ["11.7.7" if special else "11.6.7", rid],
                        msg("ff.gap.reduced_below_elements", ability=named, n=beyond),
                    )
                divided = split_of(
                    g,
                    "ability",
                    split_rule,
                    named,
                    a.effects if not declared else (),
                    chosen,
                    act.split,
                    declared,
                )
                checked = (
                    divided
                    if isinstance(divided, IllegalActionError)
                    else check_payment(
                        g,
                        pid,
                        act.pay,
                        req,
                        (rid, rid),
                        exclude=taken,
                        discard_count=cost.discard + sum(o.cost.discard for o in options if not o.alternative),
                    )
                )
                if isinstance(checked, IllegalActionError):
                    problem = checked
                else:
                    assert not isinstance(divided, IllegalActionError)
                    split = divided
                    paid = checked
    if silent:
        return pid if problem is None else None
    if problem is not None:
        g.reject(entry, problem, (base, *REWIND, *_paid(act.pay)), who=pid)
        return None
    assert iid is not None and a is not None and paid is not None
    card = g.card(iid)
    label = g.labelled(
        f"{card.name}の{'スペシャル' if special else 'アクション'}アビリティ「{named}」",
        msg("ff.ability.special", card=card.name, name=named)
        if special
        else msg("ff.ability.action", card=card.name, name=named),
    )
    x = act.x if a.x is not None and a.x.cost is not None else None
    payload = OnStack(
        effects=(tuple(a.effects) if not declared else ()) + tuple(op for o in options for op in o.effects),
        choose=tuple(specs),
        chosen_since=abilities.since_of(g, chosen),
        ability=a,
        replaces=tuple(a.replaces),
        source_since=g.card(iid).since,
        modes=abilities.declared_modes(declared)[1],
        x=x,
        variable=a.x,
        split=split,
        split_rule=split_rule,
    )
    g.stack.push_ability(
        "special" if special else "action", pid, iid, label, payload, tuple(i for grp in chosen for i in grp)
    )
    what = tuple(g.cref(i) for group in chosen for i in group)
    g.record(
        StepKind.ACTION,
        pid,
        seq(
            msg("ff.use.uses", player=g.name(pid), ability=g.said(label)),
            abilities.modes_declared(declared, number, a.pick) if declared else "",
            msg("ff.stack.choosing", cards=what) if what else "",
            msg("ff.cast.dividing", shares=g.shares(split)) if split else "",
            msg("ff.use.x", x=x) if x is not None else "",
            option_words(options),
            msg("ff.use.cost_read", n=fixed, change=read_words) if read_words is not None else "",
            msg("ff.use.cp_cost_fixed", n=fixed) if options and read_words is None else "",
        ),
        (["11.7.1", "11.7.3", "11.7.4", "11.7.9"] if special else ["11.6.1", "11.6.3", "11.6.4", "11.6.9"])
        + ["9.3.1.7"]
        + ([("11.7.6" if special else "11.6.6")] if declared else [])
        + ([("11.7.6.1" if special else "11.6.6.1")] if declared and not abilities.is_plain(a.pick) else [])
        + (["11.7.5" if special else "11.6.5"] if chosen else [])
        + ([split_rule] if split else [])
        + ([("11.7.7" if special else "11.6.7"), "4.5"] if x is not None else [])
        + ([("11.7.7" if special else "11.6.7")] if (read_words is not None or options) and x is None else [])
        + ([("11.7.2.1" if special else "11.6.2.1")] if any(o.alternative for o in options) else []),
        play=entry.index,
    )
    if a.per_turn is not None:
        g.set_flag(pid, flag, g.state.flag(pid, flag) + 1)
    pay_rule = "11.7.10" if special else "11.6.10"
    cp_rule = "11.7.2.1" if special else "11.6.2.1"
    carry_out(g, pid, paid, [pay_rule, cp_rule], label, cp_rule)
    if cost.dull:
        g.set_marker(iid, "dull", 1)
        g.record(
            StepKind.ACTION,
            pid,
            msg("ff.use.dull_icon", player=g.name(pid), card=card.name),
            [pay_rule, "15.1.1.2.1"]
            + (["15.2.2.3"] if not g.controlled_since_turn_start(iid) and g.has(iid, "haste") else []),
        )
    if same_name is not None:
        terms.discard_cards(g, pid, [same_name], [pay_rule, "11.7.1"], pid, msg("ff.use.same_name_card", ability=named))
    if paid.cards:
        terms.discard_cards(g, pid, list(paid.cards), [pay_rule], pid, msg("ff.cost.of", what=named))
    for name, k in sorted(option_counters(cost, options).items()):
        terms.change_counters(g, iid, name, -k, pid, msg("ff.cost.of", what=named))
    pay_crystals(g, pid, cost.crystals + option_crystals(options), [pay_rule])
    if cost.characters is not None:
        checked_chars = cost_characters(g, pid, iid, cost.characters, act.characters, special, silent=True)
        assert not isinstance(checked_chars, IllegalActionError)
        pay_cost_characters(
            g,
            pid,
            cost.characters,
            checked_chars,
            msg("ff.cost.of", what=named),
            [pay_rule, "11.7.2.3" if special else "11.6.2.3"]
            + (["11.7.2.4" if special else "11.6.2.4"] if cost.characters.do in ("remove", "return_to_hand") else []),
        )
    if cost.break_self:
        terms.to_break_zone(g, [iid], False, [pay_rule], pid, why=msg("ff.cost.of", what=named))
    g.record(
        StepKind.ACTION,
        pid,
        msg("ff.use.used", ability=g.said(label), player=g.name(pid)),
        ["11.7.11" if special else "11.6.11"],
    )
    return pid


@rule("11.6.2.3", "11.6.2.4", "11.7.2.3", "11.7.2.4", "11.6.2.1", "11.7.2.1", role=RuleRole.TERM)
def cost_characters(
    g: Fftcg,
    pid: str,
    holder: str,
    cost: CostCharacters,
    named: Sequence[str],
    special: bool,
    dulled: Sequence[str] = (),
    *,
    silent: bool = False,
) -> tuple[str, ...] | IllegalActionError:
    """11.6.2.3, 11.7.2.3: a cost that dulls or puts characters into the break zone (and the like) uses only
    characters the player controls; 11.6.2.4, 11.7.2.4: one that removes or returns them to the hand cannot use a
    character that cannot be removed or returned (2.2: 'cannot' wins). The characters named, or why not."""
    own_rule, cannot_rule = ("11.7.2.3", "11.7.2.4") if special else ("11.6.2.3", "11.6.2.4")
    base = "11.7.2.1" if special else "11.6.2.1"
    options = g.field_options(g.all_field())
    out: list[str] = []
    for key in named:
        iid = options.get(key)
        if iid is None:
            return IllegalActionError("ability", base, msg("ff.costchars.not_on_field", key=key))
        if iid in out:
            return IllegalActionError("ability", base, msg("ff.costchars.twice", key=key))
        if not continuous.matches(g, iid, cost.what, holder):
            return IllegalActionError("ability", base, msg("ff.costchars.not_usable", card=g.cref(iid)))
        if g.card(iid).controller != pid:
            return IllegalActionError(
                "ability",
                own_rule,
                msg("ff.costchars.not_own", card=g.cref(iid), other=g.name(g.card(iid).controller), player=g.name(pid)),
            )
        word = {"remove": "be_removed", "return_to_hand": "be_returned"}.get(cost.do)
        if word is not None and word in g.chars(iid).cannot:
            cannot = (
                msg("ff.costchars.cannot_be_removed", card=g.cref(iid))
                if cost.do == "remove"
                else msg("ff.costchars.cannot_be_returned", card=g.cref(iid))
            )
            return IllegalActionError("ability", cannot_rule, cannot)
        if cost.do == "dull" and (g.is_dull(iid) or iid in dulled):
            return IllegalActionError("ability", base, msg("ff.costchars.dull", card=g.cref(iid)))
        out.append(iid)
    if len(out) != cost.count:
        return IllegalActionError("ability", base, msg("ff.costchars.count", n=cost.count, named=len(out)))
    return tuple(out)


def _dulled(g: Fftcg, pid: str, pay: Payment) -> tuple[str, ...]:
    """The backups a payment dulls for CP."""
    keys = [d if isinstance(d, str) else d.card for d in pay.dull]
    found = g.card_options(g.field(pid))
    return tuple(found[k] for k in keys if k in found)


def pay_cost_characters(
    g: Fftcg, pid: str, cost: CostCharacters, iids: Sequence[str], why: Sentence, cites: list[str]
) -> None:
    """Carry out a cost on characters checked by ``cost_characters``."""
    if cost.do == "dull":
        for iid in iids:
            g.set_marker(iid, "dull", 1)
            g.record(
                StepKind.ACTION,
                pid,
                msg("ff.costchars.dulls", player=g.name(pid), card=g.cref(iid), why=why),
                [*cites, "15.1.1.2.1"],
            )
    elif cost.do == "break_zone":
        terms.to_break_zone(g, list(iids), False, cites, pid, why=why)
    else:
        zone = "removed" if cost.do == "remove" else "hand"
        for iid in iids:
            terms.leave_field(g, iid, zone, [*cites, "15.1.1.5.1" if zone == "removed" else "7.3"], pid)


def _paid(pay: Payment) -> tuple[str, ...]:
    """14.2: a payment made for an undone action is undone too (cited when the action named one)."""
    return ("14.2",) if pay.discard or pay.dull or pay.cards else ()


def _named(pay: Payment) -> set[str]:
    return {e if isinstance(e, str) else e.card for e in pay.discard} | set(pay.cards)


# --- dejon -------------------------------------------------------------------------------------


@rule("15.2.7.3", "15.2.7.1", "15.2.7.1.1", "15.2.7.2", "6.7.1", "14.1", "14.4", "14.2", *PAY_IDS, role=RuleRole.ACTION)
def dejon(g: Fftcg, entry: ScriptedInput, *, silent: bool = False) -> str | None:
    """15.2.7.3: the turn player with priority in a main phase with the stack empty pays a hand card's dejon
    cost and removes it from the game with X dejon counters; this does not use the stack."""
    act = entry.payload
    assert isinstance(act, UseDejon)
    pid = entry.player or g.holder
    iid = g.find(pid, "hand", act.card)
    d = g.definition(iid) if iid is not None else None
    problem: IllegalActionError | None = None
    paid: Paid | None = None
    if iid is None or d is None or d.dejon is None:
        problem = IllegalActionError("dejon", "15.2.7.3", msg("ff.dejon.not_in_hand", player=g.name(pid), key=act.card))
    elif pid != g.state.turn_player or g.state.phase not in ("main1", "main2") or not g.stack.is_empty():
        problem = IllegalActionError("dejon", "15.2.7.3", msg("ff.dejon.timing"))
    else:
        req = requirement_for_cost(d.dejon.cost)
        checked = check_payment(g, pid, act.pay, req, ("15.2.7.3", "15.2.7.3"), exclude=[iid])
        if isinstance(checked, IllegalActionError):
            problem = checked
        else:
            paid = checked
    if silent:
        return pid if problem is None else None
    if problem is not None:
        g.reject(entry, problem, REWIND, who=pid)
        return None
    assert iid is not None and d is not None and d.dejon is not None and paid is not None
    g.record(
        StepKind.ACTION,
        pid,
        msg("ff.dejon.uses", player=g.name(pid), card=d.name),
        ["15.2.7.1", "15.2.7.1.1", "15.2.7.3", "15.2.7.2"],
        play=entry.index,
    )
    carry_out(g, pid, paid, ["15.2.7.3"], msg("ff.dejon.of", card=d.name))
    g.move(iid, zone_id(pid, "removed"), face_down=False)
    g.set_marker(iid, "counter:デジョン", d.dejon.counters)
    g.record(
        StepKind.ACTION,
        pid,
        msg("ff.dejon.removed", card=d.name, n=d.dejon.counters),
        ["15.2.7.3", "6.7.1"],
    )
    return g.state.turn_player
