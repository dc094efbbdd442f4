"""Priority (11.1), auto abilities going on the stack (11.8.7), and resolving the stack (11.11).

A priority window is the kernel's :func:`~judgekit.engine.stack.run_priority` driven by
:class:`_Host`: before a player receives priority the rule processes and the waiting auto abilities
are dealt with (12.3, 11.1.3, 11.1.4, 11.8.7); the player then acts, passes (11.1.6) or has an illegal
action undone (14); when both pass in succession the top of the stack resolves and the turn player
receives priority (11.1.5, 11.1.7), or, with the stack empty, the phase or step goes on (11.1.7).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judgekit.engine import DecisionRequest, PickMode, ScriptedInput, ScriptEnd, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.engine.stack import Answer, StackItem, run_priority
from judgekit.errors import IllegalActionError
from judgekit.games.fftcg import abilities, continuous, processing, terms
from judgekit.games.fftcg.abilities import OnStack
from judgekit.games.fftcg.cards import Ability, Choose
from judgekit.games.fftcg.format import Pass
from judgekit.games.fftcg.game import Ctx, Fftcg, LoopPlan, Window
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import count, seq, until
from judgekit.message import CardRef, Message, msg

LOOP_REPEATS = 3
"""How often the same position may come back while both players pass automatically (13.1)."""


class _Host:
    """The FFTCG side of the kernel's priority window."""

    def __init__(self, g: Fftcg) -> None:
        self.g = g

    def before_priority(self, player: str) -> None:
        check_before_priority(self.g)

    def act(self, player: str) -> tuple[Answer, str]:
        return take_priority(self.g, player)

    def stack_empty(self) -> bool:
        return self.g.stack.is_empty()

    def resolve_top(self) -> str:
        resolve(self.g)
        return self.g.state.turn_player

    def player_count(self) -> int:
        return len(self.g.state.players)


@rule("11.1.1", "11.1.5", "11.1.7", role=RuleRole.PROCEDURE)
def priority_window(g: Fftcg, window: Window, cites: Sequence[str], *, silent: bool = False) -> bool:
    """11.1: the turn player receives priority first; players act or pass until both pass in succession with
    the stack empty (11.1.7), each resolution giving the turn player priority (11.1.5). ``cites``: the rules of
    the phase or step that opens the window, cited when it closes."""
    if silent:
        return True
    previous = g.window
    g.window = window
    try:
        run_priority(_Host(g), g.state.turn_player)
    finally:
        g.window = previous
    g.record(
        StepKind.PHASE,
        "rules",
        msg("ff.priority.window_closes", where=window.name),
        [*cites, "11.1.7"],
    )
    return True


@rule("12.3", "11.1.3", "11.1.4", "11.8.7", "11.8.18", "15.2.3.3", role=RuleRole.PROCESS)
def check_before_priority(g: Fftcg, cites: Sequence[str] = (), *, silent: bool = False) -> bool:
    """12.3: before a player receives priority, rule processes until none applies, then the waiting auto
    abilities go on the stack (11.8.7), and again, until nothing more happens (11.1.4)."""
    if silent:
        return processing.rule_processes(g, cites, silent=True) or bool(_pending(g))
    hold = g.window is not None and g.window.hold_triggers
    did = False
    while True:
        did = processing.rule_processes(g, cites) or did
        if not hold:
            did = abilities.state_triggers(g) or did
        if hold or not _pending(g):
            return did
        put_triggers(g)
        did = True


def _pending(g: Fftcg) -> bool:
    return any(g.triggers.pending(pid) for pid in g.state.players)


@rule(
    "11.8.7",
    "11.8.4",
    "11.8.9",
    "11.8.14",
    "6.1.4",
    "7.12.3",
    "11.1.4",
    "11.8.10",
    "11.8.10.1",
    "11.8.10.2",
    "11.8.8",
    "11.8.11",
    "11.8.12",
    role=RuleRole.EFFECT,
)
def put_triggers(g: Fftcg, *, silent: bool = False) -> bool:
    """11.8.7: the turn player's waiting auto abilities go on the stack in the order that player chooses,
    then the non-turn player's; one that chooses with nothing to choose is removed at once (11.8.4)."""
    tp = g.state.turn_player
    order = [tp, g.state.opponent(tp)]
    if silent:
        return any(g.triggers.pending(p) for p in order)
    for pid in order:
        pending = g.triggers.pending(pid)
        if not pending:
            continue
        if len(pending) > 1:
            labels: dict[str, str] = {}
            for t in pending:
                tag = g.autos[t.key].tag
                labels[tag if tag not in labels else f"{tag}@{len(labels) + 1}"] = t.key
            choice = g.decide(
                DecisionRequest(
                    "trigger_order",
                    pid,
                    tuple(labels),
                    "11.8.7",
                    msg("ff.auto.order_prompt", player=g.name(pid)),
                    PickMode.ORDER,
                )
            )
            keys = [labels[c] for c in choice]
        else:
            keys = [pending[0].key]
        for key in keys:
            g.triggers.take(key)
            info = g.autos.pop(key)
            a = info.ability
            _check_auto_cost(g, info.label, a)
            specs: tuple[Choose, ...] = tuple(a.choose)
            declared: tuple[abilities.DeclaredMode, ...] = ()
            fixed: Message | str = ""
            if a.modes:
                specs, declared, fixed = _declare_auto_modes(g, pid, info.source, info.label, a)
            chosen = abilities.choose_now(g, pid, specs, info.source, info.label) if specs else ()
            split = _declare_auto_split(g, pid, info.label, a, declared, chosen) if chosen else ()
            payload = OnStack(
                effects=tuple(a.effects),
                choose=specs,
                chosen_since=abilities.since_of(g, chosen or ()),
                event=info.event,
                ability=a,
                replaces=tuple(a.replaces),
                source_since=info.since,
                about=info.about,
                modes=declared,
                variable=a.x,
                split=split,
                split_rule="11.8.12",
                cost_read=_read_auto_cost(g, pid, a),
            )
            item = g.stack.push_ability("auto", pid, info.source, info.label, payload, _flat(chosen or ()))
            if chosen is None:
                g.record(
                    StepKind.EFFECT,
                    pid,
                    msg("ff.auto.nothing_to_choose", ability=g.said(info.label)),
                    ["11.8.7", "11.8.4"],
                )
                _forget_state(g, item)
                g.stack.take(item.iid)
                g.record(StepKind.EFFECT, pid, msg("ff.auto.leaves_stack", ability=g.said(info.label)), ["11.8.4"])
                continue
            what = _chosen(g, chosen)
            g.record(
                StepKind.EFFECT,
                pid,
                seq(
                    msg("ff.auto.on_stack", ability=g.said(info.label)),
                    fixed,
                    msg("ff.stack.choosing", cards=what) if what else "",
                ),
                ["11.8.7", "11.1.4", "7.12.3"]
                + (["6.1.4"] if pid != tp else [])
                + (["11.8.9"] if specs else [])
                + (["11.8.10"] if a.modes else [])
                + (["11.8.10.1"] if a.modes and not abilities.is_plain(a.pick) else []),
            )
            if split:
                g.record(
                    StepKind.EFFECT,
                    pid,
                    msg("ff.auto.divided", ability=g.said(info.label), shares=g.shares(split)),
                    ["11.8.12"],
                )
    return True


def _declare_auto_modes(
    g: Fftcg, pid: str, source: str, label: str, a: Ability
) -> tuple[tuple[Choose, ...], tuple[abilities.DeclaredMode, ...], Message]:
    """11.8.10: the controller declares the modes of an auto ability as it goes on the stack; their number is
    fixed now (11.8.10.1)."""
    n = abilities.mode_number(g, pid, source, a.pick, len(a.modes))
    if n == 0:
        raise g.ambiguity(
            ["11.8.10.1", "11.8.10.2"],
            msg("ff.gap.modes_gone", ability=g.said(label)),
        )
    names = tuple(m.name for m in a.modes)
    plain = abilities.is_plain(a.pick)
    picks = g.decide(
        DecisionRequest(
            "mode",
            pid,
            names,
            "11.8.10",
            msg("ff.modes.prompt_one", player=g.name(pid), ability=g.said(label))
            if plain
            else msg("ff.modes.prompt_some", player=g.name(pid), count=count(n, a.pick.up_to), ability=g.said(label)),
            PickMode.ONE if plain else PickMode.SOME,
            1 if a.pick.up_to else n,
            n,
        )
    )
    modes = [next(m for m in a.modes if m.name == x) for x in picks]
    specs, declared = abilities.declared_modes(modes)
    return specs, declared, abilities.modes_declared(modes, n, a.pick)


def _flat(chosen: Sequence[Sequence[str]]) -> tuple[str, ...]:
    return tuple(i for group in chosen for i in group)


def _chosen(g: Fftcg, chosen: Sequence[Sequence[str]]) -> tuple[CardRef, ...]:
    return tuple(g.cref(i) for group in chosen for i in group)


def take_priority(g: Fftcg, player: str) -> tuple[Answer, str]:
    """``player`` holds priority: the next scripted action (or an automatic pass)."""
    from judgekit.games.fftcg import casting

    g.holder = player
    other = g.state.opponent(player)
    if g.autopass is not None:
        pass_priority(g, player, None)
        return Answer.PASS, other
    where = f"the {g.window.key} window" if g.window else "priority"
    entry = g.take_action(f"{player}'s action with priority in {where} (11.1.1)")
    if entry is None:
        raise ScriptEnd
    if entry.name == "concede":
        processing.concede(g, g.actor(entry), entry.index)
    who = entry.player or player
    if who != player:
        g.reject(
            entry,
            IllegalActionError(
                entry.name, "11.1.1", msg("ff.priority.not_holder", player=g.name(player), other=g.name(who))
            ),
            who=who,
        )
        return Answer.UNDONE, player
    if entry.name == "pass":
        pass_priority(g, player, entry)
        return Answer.PASS, other
    handlers: dict[str, Callable[[Fftcg, ScriptedInput], str | None]] = {
        "cast": casting.cast,
        "ability": casting.use_ability,
        "dejon": casting.dejon,
    }
    fn = handlers.get(entry.name)
    if fn is None:
        g.reject(
            entry,
            IllegalActionError(entry.name, "11.1.1", msg("ff.priority.not_an_action", action=entry.name)),
            who=player,
        )
        return Answer.UNDONE, player
    nxt = fn(g, entry)
    if nxt is None:
        return Answer.UNDONE, player
    return Answer.ACT, nxt


@rule("11.1.6", role=RuleRole.ACTION)
def pass_priority(g: Fftcg, player: str, entry: ScriptedInput | None, *, silent: bool = False) -> bool:
    """11.1.6: a player who passes gives priority to the opponent."""
    if silent:
        return True
    if entry is not None:
        act = entry.payload
        assert isinstance(act, Pass)
        if act.until is not None:
            g.autopass = act.until
            g.loop_seen.clear()
            g.optional_seen.clear()
            g.optional_log.clear()
            g.loop_plan = None
    top = g.stack.top()
    said = (
        msg("ff.priority.passes_over", player=g.name(player), top=g.said(top.label))
        if top is not None
        else msg("ff.priority.passes", player=g.name(player))
    )
    g.record(
        StepKind.ACTION,
        player,
        seq(said, msg("ff.priority.until", until=until(g.autopass)) if entry is not None and g.autopass else ""),
        ["11.1.6"],
        play=entry.index if entry is not None else None,
    )
    return True


def reached(g: Fftcg, new_turn: bool = False) -> None:
    """Stop passing automatically once the phase or step it waits for (or the next turn) begins."""
    if g.autopass is None:
        return
    if new_turn and g.autopass == "next_turn":
        g.autopass = None
        return
    st = g.state
    here = f"{st.phase}/{st.step}" if st.step else st.phase
    if g.autopass in (here, st.phase) and (g.autopass != "attack" or st.step in ("", "preparation")):
        g.autopass = None


@rule(
    "11.11.1",
    "11.11.2",
    "11.11.2.1.1",
    "11.11.3",
    "11.11.4",
    "11.11.10",
    "11.8.17.3",
    "11.3.9",
    "11.6.12",
    "11.7.12",
    "11.8.19",
    "11.8.13",
    "11.8.14",
    "11.5.4",
    "11.1.5",
    "11.1.7",
    "11.11.5",
    "13.1",
    "13.2",
    role=RuleRole.EFFECT,
)
def resolve(g: Fftcg, *, silent: bool = False) -> bool:
    """11.11.1: the top of the stack resolves: with every chosen card gone illegal its effects are void
    (11.11.2); a conditional auto ability checks its condition again (11.11.3); a summon then goes to its
    owner's break zone, an ability ceases to exist (11.11.10); the turn player receives priority (11.1.5)."""
    from judgekit.games.fftcg import casting

    item = g.stack.top()
    if silent or item is None:
        return item is not None
    info = item.payload
    assert isinstance(info, OnStack)
    g.record(
        StepKind.EFFECT,
        item.controller,
        msg("ff.stack.resolves", item=g.said(item.label)),
        ["11.1.7", "11.11.1", "11.11.5"],
    )
    holder = item.source if not item.is_card else None
    legal = abilities.still_legal(g, info, item.controller, holder)
    chose = any(info.chosen_since)
    kind_rule = {"summon": "11.3.9", "action": "11.6.12", "special": "11.7.12", "auto": "11.8.19"}[item.kind]
    run_it = True
    if chose and not any(legal):
        g.record(
            StepKind.EFFECT,
            item.controller,
            msg("ff.stack.all_void", item=g.said(item.label)),
            ["11.11.2", kind_rule],
        )
        run_it = False
    elif chose and sum(map(len, legal)) < sum(map(len, info.chosen_since)):
        gone = [i for group, ok in zip(info.chosen_since, legal, strict=False) for i, _ in group if i not in ok]
        g.record(
            StepKind.EFFECT,
            item.controller,
            msg("ff.stack.some_void", cards=tuple(g.cref(i) for i in gone)),
            ["11.11.2", "11.11.2.1.1"],
        )
    a = info.ability
    condition = a.condition if a is not None and a.kind == "auto" else None
    if run_it and condition is not None and not continuous.holds(g, condition, item.controller, item.source):
        g.record(
            StepKind.EFFECT,
            item.controller,
            msg("ff.stack.condition_gone", item=g.said(item.label)),
            ["11.11.3", "11.8.13"],
        )
        run_it = False
    if run_it and a is not None and a.optional:
        yes = loop_counts(g, item) or g.decide(
            DecisionRequest(
                "optional",
                item.controller,
                ("yes", "no"),
                "11.8.14",
                msg("ff.stack.optional_prompt", player=g.name(item.controller), item=g.said(item.label)),
            )
        )
        if g.autopass is not None and g.loop_plan is None:
            if yes[0] == "yes":
                g.optional_log.append(item.controller)
            else:
                g.optional_seen.clear()
                g.optional_log.clear()
        if yes[0] == "no":
            g.record(
                StepKind.DECISION,
                item.controller,
                msg("ff.stack.chooses_not_to", player=g.name(item.controller)),
                ["11.8.14"],
            )
            run_it = False
        elif a.kind == "auto" and casting.has_cost(a):
            run_it = casting.pay_auto_cost(g, item.controller, item.source, item.label, a, info.cost_read)
    if run_it:
        left = not item.is_card and (item.source not in g.state.cards or g.card(item.source).since != info.source_since)
        if left:
            g.record(
                StepKind.EFFECT,
                item.controller,
                msg("ff.stack.source_left", item=g.said(item.label)),
                ["11.11.4", "11.5.4"],
            )
        ctx = Ctx(
            item.controller,
            item.source,
            item.label,
            targets=legal,
            event=info.event,
            replaces=info.replaces,
            item=item.iid,
            about=info.about,
            split=info.split,
            split_rule=info.split_rule,
        )
        gone = [i for i, since in info.about if i not in terms.targets(g, ctx, "about")]
        if gone:
            g.record(
                StepKind.EFFECT,
                item.controller,
                msg("ff.stack.about_left", cards=tuple(g.cref(i) for i in gone), item=g.said(item.label)),
                ["11.8.17.3"],
            )
        if info.variable is not None:
            terms.fix_variable(g, ctx, info.variable, info.x)
        if info.modes:
            terms.run_modes(g, ctx, info.modes)
        else:
            terms.run(g, ctx, info.effects)  # type: ignore[arg-type]
    _leave_stack(g, item)
    if g.cast_after:
        casts, g.cast_after = g.cast_after, []
        for pid, iid, by in casts:
            casting.cast_by_effect(g, pid, iid, by)
        tp = g.state.turn_player
        g.record(StepKind.RULE, "rules", msg("ff.priority.turn_player_receives", player=g.name(tp)), ["11.1.5"])
    if g.autopass is not None:
        _watch_loop(g)
    return True


def _declare_auto_split(
    g: Fftcg,
    pid: str,
    label: str,
    a: Ability,
    declared: Sequence[abilities.DeclaredMode],
    chosen: tuple[tuple[str, ...], ...],
) -> tuple[tuple[str, int], ...]:
    """11.8.12: an auto ability that divides damage among the cards it chose has its controller declare each card's
    share as it goes on the stack, at least 1 each: a ``share`` decision for every card but the last, which takes
    the rest. Fewer damage than chosen cards cannot be divided so: the rules do not say what then."""
    from judgekit.games.fftcg import casting

    modes = [m for d in declared for m in a.modes if m.name == d.name]
    found = casting.distributed(a.effects if not declared else (), modes)
    if found is None:
        return ()
    op, n = found
    group = chosen[n] if n < len(chosen) else ()
    if not group:
        return ()
    if op.amount < len(group):
        raise g.ambiguity(
            ["11.8.12"],
            msg("ff.gap.split_too_little", ability=g.said(label), damage=op.amount, n=len(group)),
        )
    shares: list[tuple[str, int]] = []
    left = op.amount
    for k, card in enumerate(group[:-1]):
        most = left - (len(group) - k - 1)
        choice = g.decide(
            DecisionRequest(
                "share",
                pid,
                tuple(str(v) for v in range(1, most + 1)),
                "11.8.12",
                msg(
                    "ff.auto.share_prompt",
                    player=g.name(pid),
                    ability=g.said(label),
                    damage=op.amount,
                    card=g.cref(card),
                ),
            )
        )
        shares.append((card, int(choice[0])))
        left -= int(choice[0])
    shares.append((group[-1], left))
    return tuple(shares)


def _read_auto_cost(g: Fftcg, pid: str, a: Ability) -> int | None:
    """The count an auto ability's cost reads (11.8.8), as it goes on the stack."""
    from judgekit.games.fftcg import casting

    if a.cost.reads is None:
        return None
    read = casting.read_cost_change(g, a.cost.reads, pid)
    return None if read is None else read[0]


def _check_auto_cost(g: Fftcg, label: str, a: Ability) -> None:
    """An auto ability with a cost (11.8.8) goes on the stack only when the rules say when it is paid: on
    resolution, for a text that lets its controller choose to pay (11.8.14). A cost without that choice, and X in
    an auto ability's cost (11.8.11: the player decides the value, the rules do not say when), stop the run."""
    from judgekit.games.fftcg import casting

    if not casting.has_cost(a):
        return
    if a.x is not None and a.x.cost is not None:
        raise g.ambiguity(
            ["11.8.11", "11.8.10", "11.8.14"],
            msg("ff.gap.auto_cost_x", ability=g.said(label)),
        )
    if not a.optional:
        raise g.ambiguity(
            ["11.8.8", "11.8.14"],
            msg("ff.gap.auto_cost_no_choice", ability=g.said(label)),
        )


LOOP_LIMIT = 200
"""Resolutions one run of automatic passes may see before it counts as a loop."""

LOOP_MOST = 99
"""The largest count of a loop's repetitions a player may name (13.3)."""


def _watch_loop(g: Fftcg) -> None:
    """While both players pass automatically, the same position coming back means the passes feed a loop (13.1)."""
    if g.loop_plan is not None:
        return
    key = _position(g)
    g.loop_seen[key] = g.loop_seen.get(key, 0) + 1
    if g.loop_seen[key] >= LOOP_REPEATS or sum(g.loop_seen.values()) > LOOP_LIMIT:
        raise g.ambiguity(
            ["13.1", "13.2"],
            msg("ff.gap.loop_while_passing"),
        )


def _position(g: Fftcg) -> str:
    """The position of the game, for telling that it came back: every zone, the field's markers, waiting triggers."""
    st = g.state
    parts = [f"{z}:{','.join(st.cards[i].key for i in ids)}" for z, ids in sorted(st.zones.items())]
    parts += [f"{c.key}:{sorted(c.markers.items())}" for _, c in sorted(st.cards.items()) if c.zone.endswith(".field")]
    parts += [f"{t.key.split('#')[0]}" for pid in st.players for t in g.triggers.pending(pid)]
    return "|".join(parts)


@rule("13.1", "13.2", "13.3", role=RuleRole.EFFECT)
def loop_counts(g: Fftcg, item: StackItem, *, silent: bool = False) -> tuple[str, ...]:
    """13.3: an optional auto ability asks again at a position that came back while both players pass, every choice
    since was to do it, and both players made one: a loop both can stop. The turn player names a count, then the
    non-turn player; it is repeated the smaller number of times, then the player who named it stops it. Returns the
    answer to the optional ability now (empty: ask as usual)."""
    if g.autopass is None or silent:
        return ()
    key = f"{_position(g)}|{item.label}"
    plan = g.loop_plan
    if plan is not None:
        if key == plan.key and plan.left >= 0:
            if plan.left == 0:
                plan.left = -1
            else:
                plan.left -= 1
                g.record(
                    StepKind.RULE,
                    "rules",
                    msg("ff.loop.again", round=plan.rounds - plan.left, n=plan.rounds),
                    ["13.3"],
                )
        if plan.left < 0 and item.controller == plan.stopper:
            g.loop_plan = None
            g.optional_seen.clear()
            g.optional_log.clear()
            g.loop_seen.clear()
            g.record(
                StepKind.DECISION,
                item.controller,
                msg("ff.loop.stopped", n=plan.rounds, player=g.name(item.controller), item=g.said(item.label)),
                ["13.3"],
            )
            return ("no",)
        return ("yes",)
    before = g.optional_seen.get(key)
    if before is None:
        g.optional_seen[key] = len(g.optional_log)
        return ()
    choosers = set(g.optional_log[before:])
    if choosers != set(g.state.players):
        only: Message | str = g.name(next(iter(choosers))) if choosers else msg("ff.loop.no_player")
        raise g.ambiguity(
            ["13.1", "13.2", "13.3"],
            msg("ff.gap.loop_one_sided", item=g.said(item.label), player=only),
        )
    tp = g.state.turn_player
    order = [tp, g.state.opponent(tp)]
    g.record(
        StepKind.RULE,
        "rules",
        msg("ff.loop.both_go_on", item=g.said(item.label), first=g.name(order[0]), second=g.name(order[1])),
        ["13.1", "13.3"],
    )
    options = tuple(str(i) for i in range(LOOP_MOST + 1))
    counts = [
        int(g.decide(DecisionRequest("loop", p, options, "13.3", msg("ff.loop.count_prompt", player=g.name(p))))[0])
        for p in order
    ]
    if counts[0] == counts[1]:
        raise g.ambiguity(
            ["13.3"],
            msg("ff.gap.loop_equal_counts", n=counts[0]),
        )
    n = min(counts)
    stopper = order[counts.index(n)]
    g.record(
        StepKind.RULE,
        "rules",
        msg("ff.loop.smaller_count", n=n, player=g.name(stopper)),
        ["13.3"],
    )
    g.loop_plan = LoopPlan(key, n, stopper, n)
    return loop_counts(g, item)


def _forget_state(g: Fftcg, item: StackItem) -> None:
    """A state-triggered ability that leaves the stack may trigger again (11.8.18)."""
    info = item.payload
    if isinstance(info, OnStack) and info.ability is not None and info.ability.on == "state":
        name = info.ability.name or "state"
        g.state_waiting = {
            k for k in g.state_waiting if not (k.startswith(f"{item.source}@") and k.endswith(f"/{name}"))
        }


def _leave_stack(g: Fftcg, item: StackItem) -> None:
    _forget_state(g, item)
    if item.is_card and item.iid in g.state.cards and g.card(item.iid).zone == "stack":
        g.stack.take(item.iid)
        owner = g.card(item.iid).owner
        g.move(item.iid, f"{owner}.break", face_down=False)
        what = msg("ff.stack.to_break_zone", item=g.said(item.label), zone=g.zref(f"{owner}.break"))
    else:
        g.stack.take(item.iid)
        what = msg("ff.stack.ceases", item=g.said(item.label))
    tp = g.state.turn_player
    if g.cast_after:
        g.record(StepKind.EFFECT, item.controller, what, ["11.11.10"])
        return
    g.record(
        StepKind.EFFECT,
        item.controller,
        msg("ff.stack.then_priority", what=what, player=g.name(tp)),
        ["11.11.10", "11.1.5"],
    )
