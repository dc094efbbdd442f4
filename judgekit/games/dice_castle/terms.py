"""What card text does: the effect vocabulary as rule functions, and the moves they are made of.

Each op of :mod:`~judgekit.games.dice_castle.cards` has a rule function here that cites the
paragraphs of the detailed rules that govern it; in check-only mode it answers whether the op
would do anything (an empty activation, 空打ち, is one that would not). Ops run one after
another inside one effect: no win check happens between them (勝敗のチェック/1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judgekit.engine import Card, ContinuousEffect, DecisionRequest, Event, PickMode, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.dice_castle.cards import (
    AddDie,
    Additional,
    Boost,
    Bounce,
    Choose,
    Condition,
    DamageCastle,
    DamageUnit,
    Destroy,
    DieMakesAll,
    Draw,
    Effect,
    Evolve,
    GainEnergy,
    GainWalls,
    HealWalls,
    If,
    Look,
    May,
    MoveAll,
    Negate,
    PlayerRef,
    PlayFromSupport,
    Search,
    ShuffleInto,
    Summon,
    UnitSelector,
)
from judgekit.games.dice_castle.game import ZONE_WORDS, Ctx, DiceCastle, PendingKind
from judgekit.games.dice_castle.ids import (
    ADD_DIE,
    BATTLE,
    COMPOSITE,
    COUNTER,
    DICE,
    DRAW,
    EFFECTS,
    EMPTY_EXTRA,
    EMPTY_HEAL,
    END,
    ENERGY_CAP,
    EVOLUTION,
    FIELD,
    IF,
    IN_PLAY,
    INFO,
    MAGIC_WORDS,
    NO_NUMBER,
    NOT_PLAYED,
    OR,
    PLAY_RANGE,
    PRIORITY,
    SUPPORT,
    TEXT_WINS,
    WALLS,
)
from judgekit.games.dice_castle.registry import rule
from judgekit.message import Message, Sentence, msg

CHOOSING: frozenset[str] = frozenset({"own.unit", "opponent.unit", "any.unit"})
"""Selectors that choose one unit on resolution."""


def player(g: DiceCastle, ctx: Ctx, ref: PlayerRef) -> str:
    """The player ``ref`` names from the effect's controller's side."""
    return ctx.controller if ref == "own" else g.opponent(ctx.controller)


def count(g: DiceCastle, ctx: Ctx, cond: Condition) -> int:
    """What a condition counts."""
    side, what = cond.count.split(".")
    pid = ctx.controller if side == "own" else g.opponent(ctx.controller)
    if what == "units":
        return len(g.units(pid))
    if what == "walls":
        return g.walls(pid)
    return len(g.zone(pid, what))


def holds(g: DiceCastle, ctx: Ctx, cond: Condition) -> bool:
    """Whether a condition holds now."""
    n = count(g, ctx, cond)
    return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)


def candidates(g: DiceCastle, ctx: Ctx, sel: UnitSelector) -> list[str]:
    """The units a selector can act on now."""
    me, other = ctx.controller, g.opponent(ctx.controller)
    if sel == "chosen":
        return [t for t in ctx.targets if t in g.state.cards and g.where(t)[1] == "units"]
    if sel == "event":
        subject = ctx.event.subject if ctx.event else None
        return [subject] if subject and subject in g.state.cards and g.where(subject)[1] == "units" else []
    if sel == "self":
        return [ctx.source] if g.where(ctx.source)[1] == "units" else []
    if sel in ("own.unit", "own.all"):
        return g.units(me)
    if sel in ("opponent.unit", "opponent.all"):
        return g.units(other)
    return g.all_units()


def pick_units(g: DiceCastle, ctx: Ctx, sel: UnitSelector, n: int, why: Message, rule_id: str) -> list[str]:
    """The units an effect acts on; a decision when a choosing selector has more candidates than it takes."""
    found = candidates(g, ctx, sel)
    if sel not in CHOOSING or len(found) <= n:
        return found if sel not in CHOOSING else found[:n]
    options = g.unit_options(found)
    choice = g.ask(
        DecisionRequest(
            "target",
            ctx.controller,
            tuple(options),
            rule_id,
            msg("dice.target.units", player=g.name(ctx.controller), n=n, effect=ctx.label, why=why),
            PickMode.SOME,
            n,
            n,
        )
    )
    return [options[c] for c in choice]


def shuffle(g: DiceCastle, pid: str, zone: str, rule_id: str, why: Message) -> None:
    """Shuffling is chance: the scenario gives the cards that end on top (the rest keep their order)."""
    z = zone_id(pid, zone)
    iids = list(g.state.zones[z])
    if len({g.card(i).key for i in iids}) > 1:
        options = g.options(iids)
        choice = g.ask(
            DecisionRequest(
                "shuffle",
                pid,
                tuple(options),
                rule_id,
                msg("dice.shuffle.prompt", zone=g.zref(z)),
                PickMode.SOME,
                0,
                len(iids),
                chance=True,
            )
        )
        top = [options[c] for c in choice]
        g.reorder(z, top + [i for i in iids if i not in top])
    g.record(
        StepKind.RULE, pid, msg("dice.shuffle.shuffles", player=g.name(pid), zone=ZONE_WORDS[zone], why=why), [rule_id]
    )


def to_field_zone(g: DiceCastle, iid: str) -> str:
    """The field zone a card goes to: the unit zone for units, the magic zone for magic."""
    return "units" if g.definition(iid).type == "unit" else "magic"


# --- leaving the field -----------------------------------------------------------------------


@rule(BATTLE[5], BATTLE[8], SUPPORT[7], role=RuleRole.TERM)
def to_discard(
    g: DiceCastle, iids: Sequence[str], why: Message, cites: Sequence[str], destroyed: bool, *, silent: bool = False
) -> list[str]:
    """Cards go from the field to the discard; OUT abilities activate; support-castle cards go back there."""
    if silent:
        return [i for i in iids if g.on_field(i)]
    from judgekit.games.dice_castle import processing

    moved: list[str] = []
    for iid in iids:
        if not g.on_field(iid):
            continue
        pid = g.where(iid)[0]
        assert pid is not None
        g.set_marker(iid, "damage", 0)
        g.move(iid, zone_id(g.card(iid).owner, "discard"), face_down=False)
        moved.append(iid)
        g.record(
            StepKind.RULE,
            "rules",
            msg(
                "dice.discard.goes", card=g.card(iid).name, zone=g.zref(zone_id(g.card(iid).owner, "discard")), why=why
            ),
            cites,
        )
        used = g.attacks_used.pop(iid, 0)
        rights = g.definition(iid).attacks
        if g.state.phase == "battle" and pid == g.state.turn_player and used < rights and g.attacks_used:
            g.lost_rights.add(iid)
            g.record(
                StepKind.RULE,
                "rules",
                msg("dice.discard.rights_left", card=g.card(iid).name, n=rights - used),
                [BATTLE[8]],
            )
        if destroyed:
            g.happened.append(Event("destroyed", pid, iid))
        processing.activate_timing(g, iid, "out", pid)
        if iid in g.from_support:
            g.from_support.discard(iid)
            g.move(iid, zone_id(g.card(iid).owner, "support"))
            g.record(
                StepKind.RULE,
                "rules",
                msg("dice.support.back_after_out", card=g.card(iid).name)
                if _has_out(g, iid)
                else msg("dice.support.back", card=g.card(iid).name),
                [SUPPORT[7]],
            )
    return moved


def _has_out(g: DiceCastle, iid: str) -> bool:
    return any(a.timing == "out" for a in g.definition(iid).abilities)


@rule(EFFECTS[1], EFFECTS[2], EFFECTS[3], NO_NUMBER[1], role=RuleRole.TERM)
def destroy(g: DiceCastle, ctx: Ctx, op: Destroy, *, silent: bool = False) -> bool:
    """破壊する: a chosen unit is destroyed even if only one's own units are left; none of the opponent's: nothing."""
    found = candidates(g, ctx, op.target)
    if silent:
        return bool(found)
    cites = [EFFECTS[1]]
    if op.target == "any.unit" and found and all(g.where(u)[0] == ctx.controller for u in found):
        cites.append(EFFECTS[2])
    if not found:
        if op.target == "opponent.unit":
            cites.append(EFFECTS[3])
        g.record(StepKind.EFFECT, ctx.controller, msg("dice.destroy.none", effect=ctx.label), cites)
        return False
    if op.count == 1 and op.target in CHOOSING:
        cites.append(NO_NUMBER[1])
    units = pick_units(g, ctx, op.target, op.count, msg("dice.why.to_destroy"), EFFECTS[1])
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dice.destroy.destroys", effect=ctx.label, units=tuple(g.cref(u) for u in units)),
        cites,
    )
    to_discard(g, units, msg("dice.why.destroyed"), [EFFECTS[1]], True)
    return True


@rule(SUPPORT[7], role=RuleRole.TERM)
def bounce(g: DiceCastle, ctx: Ctx, op: Bounce, *, silent: bool = False) -> bool:
    """A unit returns to its owner's hand; a support-castle card goes back to the support castle instead."""
    found = candidates(g, ctx, op.target)
    if silent or not found:
        return bool(found)
    for u in pick_units(g, ctx, op.target, 1, msg("dice.why.to_return"), SUPPORT[7]):
        if _has_out(g, u):
            raise g.ambiguity([SUPPORT[7]], msg("dice.gap.bounce_out", card=g.card(u).name))
        owner = g.card(u).owner
        back = u in g.from_support
        g.from_support.discard(u)
        g.set_marker(u, "damage", 0)
        g.move(u, zone_id(owner, "support" if back else "hand"))
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg(
                "dice.bounce.returns",
                effect=ctx.label,
                card=g.card(u).name,
                zone=g.zref(zone_id(owner, "support" if back else "hand")),
            ),
            [SUPPORT[7]] if back else [],
        )
    return True


# --- castle, walls, cards -------------------------------------------------------------------


@rule(DRAW[1], EFFECTS[1], role=RuleRole.TERM)
def draw(g: DiceCastle, pid: str, n: int, cites: Sequence[str], *, silent: bool = False) -> int:
    """Draw from the castle, one card at a time, as long as it has a card."""
    have = min(n, g.castle_count(pid))
    if silent:
        return have
    for _ in range(have):
        g.move(g.zone(pid, "castle")[0], zone_id(pid, "hand"))
    left = g.castle_count(pid)
    draws = msg("dice.draw.draws", player=g.name(pid), n=have, left=left)
    g.record(StepKind.RULE, pid, msg("dice.draw.short", draws=draws, n=have) if have < n else draws, cites)
    return have


@rule(EFFECTS[1], role=RuleRole.TERM)
def draw_effect(g: DiceCastle, ctx: Ctx, op: Draw, *, silent: bool = False) -> bool:
    """1ドロー is forced, even from a castle of one card."""
    pid = player(g, ctx, op.player)
    if silent:
        return g.castle_count(pid) > 0
    return draw(g, pid, op.count, [EFFECTS[1]]) > 0


@rule(BATTLE[7], WALLS[1], role=RuleRole.TERM)
def damage_castle(g: DiceCastle, pid: str, amount: int, source: Sentence, *, silent: bool = False) -> int:
    """Damage to a castle: walls stop it first; the rest moves castle cards to the damage cards."""
    if silent:
        return amount
    from judgekit.games.dice_castle import processing

    if amount <= 0:
        g.record(StepKind.RULE, "rules", msg("dice.castle.no_damage", source=source, player=g.name(pid)), [])
        return 0
    walls = g.walls(pid)
    if walls > 0:
        how = g.assume(
            "walls_absorb",
            [BATTLE[7]],
            msg("dice.gap.walls_absorb"),
        )
        broken = 1 if how == "one_per_hit" else min(walls, amount)
        amount = 0 if how == "one_per_hit" else amount - broken
        g.set_counter(pid, "walls", walls - broken)
        g.record(
            StepKind.RULE,
            "rules",
            msg(
                "dice.castle.walls_destroyed",
                source=source,
                n=broken,
                player=g.name(pid),
                before=walls,
                after=walls - broken,
            ),
            [BATTLE[7]],
        )
        for _ in range(broken):
            g.happened.append(Event("wall_destroyed", pid, g.king(pid)))
            processing.activate_timing_all(g, pid, "wall_destroyed")
    if amount <= 0:
        return 0
    g.assume(
        "castle_damage",
        [BATTLE[7]],
        msg("dice.gap.castle_damage"),
    )
    moved = 0
    for _ in range(amount):
        castle = g.zone(pid, "castle")
        if not castle:
            break
        g.move(castle[0], zone_id(pid, "damage"), face_down=True)
        moved += 1
    g.record(
        StepKind.RULE,
        "rules",
        msg("dice.castle.damage", source=source, amount=amount, player=g.name(pid), n=moved, left=g.castle_count(pid)),
        [],
    )
    return moved


@rule(BATTLE[7], role=RuleRole.TERM)
def damage_castle_effect(g: DiceCastle, ctx: Ctx, op: DamageCastle, *, silent: bool = False) -> bool:
    """An effect deals damage to a castle."""
    if silent:
        return True
    damage_castle(g, player(g, ctx, op.player), op.amount, ctx.label)
    return True


@rule(BATTLE[5], role=RuleRole.TERM)
def damage_units(g: DiceCastle, ctx: Ctx, op: DamageUnit, *, silent: bool = False) -> bool:
    """An effect deals damage to units; a unit whose damage reaches its HP is destroyed."""
    found = candidates(g, ctx, op.target)
    if silent or not found:
        if not silent:
            g.record(StepKind.EFFECT, ctx.controller, msg("dice.damage.no_unit", effect=ctx.label), [])
        return bool(found)
    units = pick_units(g, ctx, op.target, 1, msg("dice.why.to_damage"), BATTLE[5])
    from judgekit.games.dice_castle import battle

    doomed = [u for u in units if battle.take_damage(g, u, op.amount, ctx.label)]
    if doomed:
        to_discard(g, doomed, msg("dice.why.damage_reached_hp"), [BATTLE[5]], True)
    return True


@rule(WALLS[1], WALLS[3], EMPTY_HEAL[1], EVOLUTION[6], role=RuleRole.TERM)
def heal(g: DiceCastle, ctx: Ctx, op: HealWalls, *, silent: bool = False) -> bool:
    """回復: walls come back up to the initial value (the king's before any evolution); nothing to heal is fine."""
    pid = player(g, ctx, op.player)
    start = g.wall_start(pid)
    have = g.walls(pid)
    after = max(have, min(start, have + op.amount))
    if silent:
        return after > have
    cites = [WALLS[1]] + ([WALLS[3], EVOLUTION[6]] if len(g.zone(pid, "king")) > 1 else [])
    if after == have:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.heal.nothing", effect=ctx.label, amount=op.amount, player=g.name(pid), walls=have, start=start),
            [*cites, EMPTY_HEAL[1]],
        )
        return False
    g.set_counter(pid, "walls", after)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dice.heal.heals", effect=ctx.label, player=g.name(pid), before=have, after=after, start=start),
        cites,
    )
    return True


@rule(WALLS[1], WALLS[2], role=RuleRole.TERM)
def gain_walls(g: DiceCastle, pid: str, amount: int, label: Sentence, actor: str, *, silent: bool = False) -> bool:
    """城壁を得る: with walls left one may go above the initial value; with none, one gets new walls."""
    if silent:
        return amount > 0
    have = g.walls(pid)
    g.set_counter(pid, "walls", have + amount)
    rid = WALLS[1] if have > 0 else WALLS[2]
    over = have + amount > g.wall_start(pid)
    g.record(
        StepKind.EFFECT,
        actor,
        msg(
            "dice.walls.gains",
            effect=label,
            player=g.name(pid),
            n=amount,
            before=have,
            after=have + amount,
            note=msg("dice.walls.new") if have == 0 else msg("dice.walls.above") if over else "",
        ),
        [rid],
    )
    return True


@rule(WALLS[1], WALLS[2], role=RuleRole.TERM)
def gain_walls_effect(g: DiceCastle, ctx: Ctx, op: GainWalls, *, silent: bool = False) -> bool:
    """An effect gains walls."""
    if silent:
        return True
    return gain_walls(g, player(g, ctx, op.player), op.amount, ctx.label, ctx.controller)


@rule(EFFECTS[1], role=RuleRole.TERM)
def move_all(g: DiceCastle, ctx: Ctx, op: MoveAll, *, silent: bool = False) -> bool:
    """Every card of one zone goes to another."""
    pid = player(g, ctx, op.player)
    cards = list(g.zone(pid, op.source))
    if silent or not cards:
        return bool(cards)
    hidden = op.to in ("castle", "damage")
    for iid in reversed(cards):
        g.move(iid, zone_id(pid, op.to), face_down=hidden)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "dice.move_all",
            effect=ctx.label,
            zone=g.zref(zone_id(pid, op.source)),
            n=len(cards),
            to=ZONE_WORDS[op.to],
        ),
        [EFFECTS[1]],
    )
    return True


@rule(IN_PLAY[4], role=RuleRole.TERM)
def shuffle_into(g: DiceCastle, ctx: Ctx, op: ShuffleInto, *, silent: bool = False) -> bool:
    """Mix a zone into the castle and shuffle it."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    cards = list(g.zone(pid, op.source))
    for iid in reversed(cards):
        g.move(iid, zone_id(pid, "castle"), face_down=True)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dice.shuffle_into", effect=ctx.label, zone=g.zref(zone_id(pid, op.source)), n=len(cards)),
        [IN_PLAY[4]],
    )
    shuffle(g, pid, "castle", IN_PLAY[4], msg("dice.why.card_says"))
    return True


@rule(INFO[4], INFO[5], role=RuleRole.TERM)
def look(g: DiceCastle, ctx: Ctx, op: Look, *, silent: bool = False) -> bool:
    """Castle and damage cards are hidden; one who looks at them by an effect shuffles them."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    cards = g.zone(pid, op.zone)
    seen = cards if op.count is None else cards[: op.count]
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "dice.look",
            effect=ctx.label,
            player=g.name(ctx.controller),
            n=len(seen),
            zone=g.zref(zone_id(pid, op.zone)),
            cards=tuple(g.card(i).name for i in seen) or msg("dice.none"),
        ),
        [INFO[4]],
    )
    shuffle(g, pid, op.zone, INFO[5], msg("dice.why.looked_at"))
    return True


def _matches(g: DiceCastle, iid: str, op: Search) -> bool:
    d = g.definition(iid)
    return d.type == op.card_type and (op.magic is None or d.magic == op.magic)


@rule(
    NO_NUMBER[1],
    NO_NUMBER[2],
    MAGIC_WORDS[1],
    MAGIC_WORDS[2],
    MAGIC_WORDS[3],
    MAGIC_WORDS[4],
    INFO[5],
    role=RuleRole.TERM,
)
def search(g: DiceCastle, ctx: Ctx, op: Search, *, silent: bool = False) -> bool:
    """(サーチ城): one card (no number means one) of the kind named, shown, to the hand; then the castle is shuffled."""
    pid = ctx.controller
    found = [i for i in g.zone(pid, "castle") if _matches(g, i, op)]
    if silent:
        return bool(found)
    words = {None: MAGIC_WORDS[1], "normal": MAGIC_WORDS[2], "field": MAGIC_WORDS[3], "counter": MAGIC_WORDS[4]}
    cites = [NO_NUMBER[1], NO_NUMBER[2]] + ([words[op.magic]] if op.card_type == "magic" else [])
    what = msg("dice.kind.magic_of", kind=op.card_type, magic=op.magic) if op.magic else op.card_type
    if found:
        options = g.options(found)
        pick = found[0]
        if len({g.card(i).key for i in found}) > 1:
            choice = g.ask(
                DecisionRequest(
                    "search",
                    pid,
                    tuple(options),
                    NO_NUMBER[2],
                    msg("dice.search.choose", player=g.name(pid), kind=what),
                )
            )
            pick = options[choice[0]]
        g.move(pick, zone_id(pid, "hand"), face_down=False)
        g.record(
            StepKind.EFFECT,
            pid,
            msg("dice.search.finds", effect=ctx.label, player=g.name(pid), card=g.card(pick).name),
            cites,
        )
    else:
        g.record(StepKind.EFFECT, pid, msg("dice.search.none", effect=ctx.label, kind=what), cites)
    shuffle(g, pid, "castle", NO_NUMBER[2], msg("dice.why.searched"))
    return bool(found)


@rule(
    NOT_PLAYED[1],
    NOT_PLAYED[2],
    NOT_PLAYED[3],
    NOT_PLAYED[4],
    NOT_PLAYED[5],
    NOT_PLAYED[6],
    NOT_PLAYED[7],
    NOT_PLAYED[8],
    NO_NUMBER[3],
    FIELD[4],
    MAGIC_WORDS[5],
    role=RuleRole.TERM,
)
def summon(g: DiceCastle, ctx: Ctx, op: Summon, *, silent: bool = False) -> bool:
    """A card enters without being played: no cost; own zones unless 全ての; forced from the discard, optional
    from hidden zones; a counter needs no die."""
    me = player(g, ctx, op.player)
    owners = [me, g.opponent(me)] if op.all_players else [me]
    found = [i for pid in owners for i in g.zone(pid, op.zone) if g.definition(i).type == op.card_type]
    normal = [i for i in found if g.definition(i).magic == "normal"]
    found = [i for i in found if i not in normal]
    if silent:
        return bool(found)
    from judgekit.games.dice_castle import actions

    cites = [NOT_PLAYED[3]] + ([NOT_PLAYED[4], NOT_PLAYED[5]] if op.all_players else [])
    if normal:
        cites.append(MAGIC_WORDS[5])
    if op.count == 1:
        cites.append(NO_NUMBER[3])
    hidden = op.zone in ("castle", "damage", "support")
    if not found:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.summon.none", effect=ctx.label, kind=op.card_type, zone=ZONE_WORDS[op.zone]),
            cites,
        )
        return False
    if hidden:
        yes = g.ask(
            DecisionRequest(
                "optional",
                ctx.controller,
                ("yes", "no"),
                NOT_PLAYED[7],
                msg("dice.summon.optional", player=g.name(ctx.controller), zone=ZONE_WORDS[op.zone]),
            )
        )
        if yes[0] == "no":
            g.record(StepKind.EFFECT, ctx.controller, msg("dice.summon.declined", effect=ctx.label), [NOT_PLAYED[7]])
            return False
        cites.append(NOT_PLAYED[7])
    else:
        cites.append(NOT_PLAYED[6])
    room = _room(g, me, op.card_type)
    n = min(op.count, len(found), room)
    if n <= 0:
        g.record(StepKind.EFFECT, ctx.controller, msg("dice.summon.full", effect=ctx.label, player=g.name(me)), cites)
        return False
    picked = found[:n]
    if len(found) > n and len({g.card(i).key for i in found}) > 1:
        options = g.unit_options(found) if op.all_players else g.options(found)
        choice = g.ask(
            DecisionRequest(
                "target",
                ctx.controller,
                tuple(options),
                NOT_PLAYED[3],
                msg("dice.summon.choose", player=g.name(ctx.controller)),
                PickMode.SOME,
                n,
                n,
            )
        )
        picked = [options[c] for c in choice]
    for iid in picked:
        d = g.definition(iid)
        free = [NOT_PLAYED[1]] + ([NOT_PLAYED[2]] if d.extra_cost or d.optional_cost else [])
        if d.magic == "counter":
            free.append(NOT_PLAYED[8])
        was_support = g.where(iid)[1] == "support"
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg(
                "dice.summon.enters",
                effect=ctx.label,
                card=d.name,
                zone=ZONE_WORDS[op.zone],
                optional=msg("dice.summon.no_optional") if d.optional_cost else "",
                die=msg("dice.summon.no_die") if d.magic == "counter" else "",
            ),
            [*cites, *free],
        )
        actions.enter(g, iid, me, played=False, from_support=was_support)
    return True


@rule(SUPPORT[5], SUPPORT[6], TEXT_WINS[1], PLAY_RANGE[1], role=RuleRole.TERM)
def play_from_support(g: DiceCastle, ctx: Ctx, op: PlayFromSupport, *, silent: bool = False) -> bool:
    """Card text lets a card be played from the support castle (it overrides 'only from the hand'); a negated play
    sends the card back to the support castle."""
    pid = ctx.controller
    found = [
        i
        for i in g.zone(pid, "support")
        if g.definition(i).type == op.card_type and g.definition(i).magic != "counter" and not g.definition(i).evolution
    ]
    if silent:
        return bool(found)
    if not found:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("dice.summon.none", effect=ctx.label, kind=op.card_type, zone=ZONE_WORDS["support"]),
            [SUPPORT[5]],
        )
        return False
    pick = found[0]
    if len({g.card(i).key for i in found}) > 1:
        options = g.options(found)
        pick = options[
            g.ask(
                DecisionRequest(
                    "target", pid, tuple(options), SUPPORT[5], msg("dice.support.choose", player=g.name(pid))
                )
            )[0]
        ]
    if op.card_type == "unit" and _room(g, pid, "unit") <= 0:
        g.record(
            StepKind.EFFECT, pid, msg("dice.support.units_full", effect=ctx.label, player=g.name(pid)), [SUPPORT[5]]
        )
        return False
    g.record(
        StepKind.EFFECT,
        pid,
        msg("dice.support.plays", effect=ctx.label, player=g.name(pid), card=g.card(pick).name),
        [SUPPORT[5], TEXT_WINS[1], PLAY_RANGE[1]],
    )
    from judgekit.games.dice_castle import actions

    actions.play_card(g, pid, pick, None, ctx.label, op.free)
    return True


def _room(g: DiceCastle, pid: str, card_type: str) -> int:
    if card_type == "unit":
        return g.unit_limit(pid) - len(g.units(pid))
    limit = g.basics.magic_limit
    return 99 if limit is None else limit - len(g.zone(pid, "magic"))


@rule(
    EVOLUTION[1],
    EVOLUTION[2],
    EVOLUTION[4],
    EVOLUTION[5],
    EVOLUTION[6],
    SUPPORT[8],
    WALLS[1],
    WALLS[2],
    role=RuleRole.TERM,
)
def evolve(g: DiceCastle, ctx: Ctx, op: Evolve, *, silent: bool = False) -> bool:
    """The king evolves: an evolution king from the support castle goes on top of it; walls +X; its abilities
    replace all but the name, attributes and initial walls. With none in the support castle, nothing happens."""
    pid = ctx.controller
    king = g.card(g.king(pid))
    found = [
        i
        for i in g.zone(pid, "support")
        if g.definition(i).evolution and g.definition(i).evolves_from in (None, king.key)
    ]
    if silent:
        return bool(found)
    if not found:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("dice.evolve.none", effect=ctx.label, player=g.name(pid)),
            [EVOLUTION[1], EVOLUTION[4]],
        )
        return False
    pick = found[0]
    if len(found) > 1:
        options = g.options(found)
        choice = g.ask(
            DecisionRequest("target", pid, tuple(options), EVOLUTION[2], msg("dice.evolve.choose", player=g.name(pid)))
        )
        pick = options[choice[0]]
    g.move(pick, zone_id(pid, "king"))
    new = g.definition(pick)
    original = g.definition(g.original_king(pid))
    g.record(
        StepKind.EFFECT,
        pid,
        msg(
            "dice.evolve.evolves",
            effect=ctx.label,
            king=king.name,
            new=new.name,
            original=original.name,
            walls=original.walls or 0,
        ),
        [EVOLUTION[1], EVOLUTION[2], SUPPORT[8], EVOLUTION[6]],
    )
    if new.walls:
        g.record(StepKind.EFFECT, pid, msg("dice.evolve.walls", card=new.name, walls=new.walls), [EVOLUTION[5]])
        gain_walls(g, pid, new.walls, msg("dice.evolve.walls_label", card=new.name, walls=new.walls), pid)
    return True


# --- dice and energy --------------------------------------------------------------------------


@rule(ADD_DIE[1], ADD_DIE[2], TEXT_WINS[1], role=RuleRole.TERM)
def add_die(g: DiceCastle, ctx: Ctx, op: AddDie, *, silent: bool = False) -> bool:
    """A die is added: a single-attribute king allows its attribute; a multi-attribute king only those not yet
    used; never beyond the dice limit (2, or more by card text)."""
    pid = ctx.controller
    king_attrs = list(g.definition(g.original_king(pid)).attributes)
    dice = list(g.zone(pid, "dice"))
    used = {g.card(d).key.split(":", 1)[1] for d in dice}
    allowed = king_attrs if len(king_attrs) == 1 else [a for a in king_attrs if a not in used]
    limit = g.dice_limit(pid)
    if silent:
        return bool(allowed) and len(dice) < limit
    rid = ADD_DIE[1] if len(king_attrs) == 1 else ADD_DIE[2]
    changers = g.rule_changers("dice_limit", pid)
    limit_cites = [TEXT_WINS[1]]
    if len(dice) >= limit:
        g.record(
            StepKind.EFFECT,
            pid,
            msg(
                "dice.die.at_limit",
                effect=ctx.label,
                player=g.name(pid),
                n=len(dice),
                raised=msg("dice.die.limit_raised", by=limit - 2, card=g.card(changers[0][2]).name) if changers else "",
            ),
            limit_cites,
        )
        return False
    if not allowed:
        g.record(
            StepKind.EFFECT,
            pid,
            msg("dice.die.no_attribute", effect=ctx.label, player=g.name(pid)),
            [rid],
        )
        return False
    attr = allowed[0]
    if len(allowed) > 1:
        attr = g.ask(DecisionRequest("die", pid, tuple(allowed), rid, msg("dice.die.choose", player=g.name(pid))))[0]
    number = 1 + sum(1 for iid in g.state.cards if iid.startswith(f"{pid}-die"))
    new = g.create(Card(f"{pid}-die{number}", f"die:{attr}", f"サイコロ({attr})", pid, pid, zone_id(pid, "dice")))
    g.reorder(zone_id(pid, "dice"), [*dice, new.iid])
    g.record(
        StepKind.EFFECT,
        pid,
        msg(
            "dice.die.adds",
            effect=ctx.label,
            player=g.name(pid),
            attribute=attr,
            before=len(dice),
            after=len(dice) + 1,
            limit=limit,
            raised=msg("dice.die.raised_by", card=g.card(changers[0][2]).name) if changers else "",
            allowed=tuple(allowed),
        ),
        [rid, *limit_cites],
    )
    return True


@rule(DICE[4], role=RuleRole.TERM)
def die_makes_all(g: DiceCastle, ctx: Ctx, op: DieMakesAll, *, silent: bool = False) -> bool:
    """A die starts making 全 energy; energy it already made this turn does not change."""
    dice = g.zone(ctx.controller, "dice")
    if silent or not dice:
        return bool(dice)
    die = dice[0]
    if len(dice) > 1:
        options = {f"{i + 1}:{g.card(d).key.split(':', 1)[1]}": d for i, d in enumerate(dice)}
        die = options[g.ask(DecisionRequest("die", ctx.controller, tuple(options), DICE[4], msg("dice.die.which")))[0]]
    g.set_marker(die, "all", 1)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "dice.die.makes_all",
            effect=ctx.label,
            player=g.name(ctx.controller),
            die=g.card(die).name,
            energy=_energy_text(g, ctx.controller),
        ),
        [DICE[4]],
    )
    return True


def _energy_text(g: DiceCastle, pid: str) -> tuple[Message, ...] | Message:
    held = tuple(msg("dice.energy.held", attribute=k, n=v) for k, v in sorted(g.energy(pid).items()))
    return held or msg("dice.none")


def add_energy(g: DiceCastle, pid: str, attribute: str, amount: int) -> None:
    """Add energy of one attribute."""
    key = f"energy:{attribute}"
    g.set_counter(pid, key, g.state.players[pid].counters.get(key, 0) + amount)


@rule(ENERGY_CAP[1], role=RuleRole.TERM)
def gain_energy(g: DiceCastle, ctx: Ctx, op: GainEnergy, *, silent: bool = False) -> bool:
    """Energy has no cap."""
    if silent:
        return op.amount > 0
    add_energy(g, ctx.controller, op.attribute, op.amount)
    total = sum(g.energy(ctx.controller).values())
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "dice.energy.gains",
            effect=ctx.label,
            player=g.name(ctx.controller),
            n=op.amount,
            attribute=op.attribute,
            total=total,
        ),
        [ENERGY_CAP[1]],
    )
    return True


@rule(END[1], role=RuleRole.TERM)
def boost(g: DiceCastle, ctx: Ctx, op: Boost, *, silent: bool = False) -> bool:
    """A unit's attack changes for this turn (a turn-limited effect, ended in its controller's end phase)."""
    found = candidates(g, ctx, op.target)
    if silent or not found:
        return bool(found)
    units = pick_units(g, ctx, op.target, 1, msg("dice.why.to_change"), END[1]) if op.target in CHOOSING else found
    for u in units:
        key = f"turn:{g.serial()}"
        g.add_effect(
            ContinuousEffect(
                key=key,
                source=ctx.source,
                controller=ctx.controller,
                layer=1,
                timestamp=g.tick(),
                until="turn_end",
                label=f"{g.card(u).name} attack {op.attack:+d} this turn",
                payload=op.attack,
                targets=(u,),
            )
        )
        change = f"{op.attack:+d}"
        g.effect_labels[key] = msg("dice.boost.effect", effect=ctx.label, card=g.card(u).name, change=change)
        g.record(
            StepKind.EFFECT, ctx.controller, msg("dice.boost", effect=ctx.label, card=g.card(u).name, change=change), []
        )
    return True


# --- the shape of card text -------------------------------------------------------------------


@rule(OR[1], role=RuleRole.TERM)
def choose(g: DiceCastle, ctx: Ctx, op: Choose, *, silent: bool = False) -> bool:
    """又は: the alternative chosen when the card was played resolves, whatever has changed since."""
    if silent:
        return True
    pick = ctx.choice if ctx.choice is not None else 0
    g.record(StepKind.EFFECT, ctx.controller, msg("dice.choose", effect=ctx.label, n=pick + 1), [OR[1]])
    run(g, ctx, op.options[pick])
    return True


@rule(IF[1], role=RuleRole.TERM)
def if_(g: DiceCastle, ctx: Ctx, op: If, *, silent: bool = False) -> bool:
    """場合: the condition is checked on resolution; if it does not hold, what follows does not resolve."""
    ok = holds(g, ctx, op.condition)
    if silent:
        return ok
    n = count(g, ctx, op.condition)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dice.if.holds", effect=ctx.label, count=op.condition.count, n=n)
        if ok
        else msg("dice.if.fails", effect=ctx.label, count=op.condition.count, n=n),
        [IF[1]],
    )
    if ok:
        run(g, ctx, op.then)
    return ok


@rule(EMPTY_EXTRA[1], EMPTY_EXTRA[2], role=RuleRole.TERM)
def additional(g: DiceCastle, ctx: Ctx, op: Additional, *, silent: bool = False) -> bool:
    """An additional effect applies when its condition holds; with nothing for it to act on it does nothing."""
    ok = holds(g, ctx, op.condition)
    if silent:
        return ok and can_do(g, ctx, op.effects)
    if not ok:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.additional.fails", effect=ctx.label),
            [EMPTY_EXTRA[1]],
        )
        return False
    if not can_do(g, ctx, op.effects):
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.additional.empty", effect=ctx.label),
            [EMPTY_EXTRA[1], EMPTY_EXTRA[2]],
        )
        return False
    g.record(StepKind.EFFECT, ctx.controller, msg("dice.additional.applies", effect=ctx.label), [EMPTY_EXTRA[1]])
    run(g, ctx, op.effects)
    return True


@rule(EFFECTS[4], role=RuleRole.TERM)
def may(g: DiceCastle, ctx: Ctx, op: May, *, silent: bool = False) -> bool:
    """してもよい: the player chooses whether to do it."""
    if silent:
        return True
    yes = g.ask(
        DecisionRequest(
            "optional",
            ctx.controller,
            ("yes", "no"),
            EFFECTS[4],
            msg("dice.may.prompt", player=g.name(ctx.controller), effect=ctx.label),
        )
    )
    if yes[0] == "yes":
        run(g, ctx, op.effects)
    else:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.may.declined", effect=ctx.label, player=g.name(ctx.controller)),
            [EFFECTS[4]],
        )
    return yes[0] == "yes"


@rule(IN_PLAY[4], COMPOSITE[4], COMPOSITE[5], SUPPORT[6], PRIORITY[3], COUNTER[1], role=RuleRole.TERM)
def negate(g: DiceCastle, ctx: Ctx, op: Negate, *, silent: bool = False) -> bool:
    """無効: the play, or the IN, OUT or cost ability, that the counter answers is negated (a composite ability
    caught as an IN ability before its cost is paid, as a cost ability after). An OUT ability's activation is
    negated as 効果処理の優先順位について/3's example says; any ability is negated before it resolves because the
    counter answering its activation is processed first (カウンターの処理/1)."""
    event = ctx.event
    if event is None:
        return False
    if op.what == "play":
        ok = event.name == "played" and event.subject is not None and event.subject in g.state.zones["waiting"]
        if silent or not ok:
            if not silent:
                g.record(StepKind.EFFECT, ctx.controller, msg("dice.negate.no_play", effect=ctx.label), [])
            return ok
        assert event.subject is not None
        g.negated.add(event.subject)
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dice.negate.play", effect=ctx.label, card=g.card(event.subject).name),
            [IN_PLAY[4]],
        )
        return True
    kind = {"in": PendingKind.IN, "out": PendingKind.OUT, "cost": PendingKind.COST}[op.what]
    item = next((p for p in g.pending if p.key == event.source and p.kind is kind), None)
    if silent or item is None:
        if not silent:
            g.record(StepKind.EFFECT, ctx.controller, msg("dice.negate.nothing", effect=ctx.label), [])
        return item is not None
    g.pending.remove(item)
    cites: list[str] = [PRIORITY[3]] if kind is PendingKind.OUT else [COUNTER[1]]
    sentence = msg("dice.negate.ability", effect=ctx.label, ability=item.label)
    if item.ability is not None and item.ability.cost is not None and item.ability.timing is not None:
        if kind is PendingKind.IN:
            cites = [COMPOSITE[4]]
            sentence = msg("dice.negate.before_cost", effect=ctx.label, ability=item.label)
        elif kind is PendingKind.COST:
            cites = [COMPOSITE[5]]
            sentence = msg("dice.negate.after_cost", effect=ctx.label, ability=item.label)
    g.record(StepKind.EFFECT, ctx.controller, sentence, cites)

    return True


# --- running effects --------------------------------------------------------------------------


_OPS: dict[str, Callable[..., bool]] = {
    "draw": draw_effect,
    "damage": damage_units,
    "damage_castle": damage_castle_effect,
    "destroy": destroy,
    "heal": heal,
    "gain_walls": gain_walls_effect,
    "move_all": move_all,
    "shuffle_into_castle": shuffle_into,
    "look": look,
    "search": search,
    "summon": summon,
    "play_from_support": play_from_support,
    "negate": negate,
    "bounce": bounce,
    "add_die": add_die,
    "die_makes_all": die_makes_all,
    "gain_energy": gain_energy,
    "evolve": evolve,
    "boost": boost,
    "choose": choose,
    "if": if_,
    "additional": additional,
    "may": may,
}
"""Each op's rule function."""


def run_op(g: DiceCastle, ctx: Ctx, op: Effect, *, silent: bool = False) -> bool:
    """Do one op (or, silently, say whether it would do anything)."""
    fn = _OPS[op.op]
    return bool(fn(g, ctx, op, silent=silent))


def run(g: DiceCastle, ctx: Ctx, effects: Sequence[Effect]) -> None:
    """Do the ops of one effect in printed order (no win check between them)."""
    for op in effects:
        run_op(g, ctx, op)


def can_do(g: DiceCastle, ctx: Ctx, effects: Sequence[Effect]) -> bool:
    """Whether any op of an effect would do anything now."""
    return any(run_op(g, ctx, op, silent=True) for op in effects)
