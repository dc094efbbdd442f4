"""How each game is played at random: every action of its scenario format, with plausible parameters.

A parameter names what the game stands on right now (cards in the acting player's hand, units on
the field, the abilities of those cards) and now and then something that is not there, so both
legal and illegal actions reach the engine.
"""

from __future__ import annotations

from typing import get_args, get_type_hints

from judgekit.games.dice_castle.format import Basics
from tests.fuzz.harness import Chooser, Ctx, GameFuzz, Raw, add_card, chance, pick

DC_AREAS = ("main", "standby1", "standby2", "standby3")
DC_STANDBY = DC_AREAS[1:]


def _dc_charge(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "unit": pick(c.ch, DC_AREAS)}


def _dc_play_unit(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "area": pick(c.ch, DC_STANDBY) if chance(c.ch, 40) else None}


def _dc_play_command(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "target": pick(c.ch, DC_AREAS) if chance(c.ch, 50) else None}


def _dc_retreat(c: Ctx) -> Raw:
    return {"to": pick(c.ch, DC_STANDBY)}


def _dc_ex_power(c: Ctx) -> Raw:
    if chance(c.ch, 15):
        return {"power": c.one(c.names(["hand"])), "card": c.one(c.keys(["hand"]))}
    return {"power": c.one(c.names(list(DC_AREAS))), "unit": pick(c.ch, DC_AREAS)}


def _dc_skill(c: Ctx) -> Raw:
    return {"skill": c.one(c.names(["main"]))}


def _nothing(c: Ctx) -> Raw:
    return {}


DIVINE_CROSS = GameFuzz(
    game="divine-cross",
    package="divine_cross",
    actions={
        "charge": _dc_charge,
        "play_unit": _dc_play_unit,
        "play_command": _dc_play_command,
        "retreat": _dc_retreat,
        "ex_power": _dc_ex_power,
        "end_main": _nothing,
        "skill": _dc_skill,
        "no_skill": _nothing,
        "concede": _nothing,
    },
    moving_on=("end_main", "no_skill", "skill"),
    likely={
        "main-phase action": ("charge", "play_unit", "play_command", "retreat", "ex_power", "end_main"),
        "skill declaration": ("skill", "skill", "no_skill"),
    },
)


# --- FFTCG -----------------------------------------------------------------------------------------

FF_UNTIL = (
    "main1",
    "attack",
    "attack/preparation",
    "attack/declaration",
    "attack/block",
    "attack/damage",
    "main2",
    "end",
    "next_turn",
)


def _ff_pay(c: Ctx, cost: int = 0) -> Raw:
    """Backups dulled and hand cards discarded for about ``cost`` CP (the elements are the engine's to check)."""
    pay: Raw = {}
    backups = c.keys(["field"], types=["backup"])
    if cost and chance(c.ch, 80):
        dull = c.several(backups, min(cost, len(backups)), min(cost, len(backups)))
        hand = c.keys(["hand"])
        need = max(0, cost - len(dull))
        discard = c.several(hand, min((need + 1) // 2, len(hand)), min((need + 1) // 2, len(hand)))
        if dull:
            pay["dull"] = dull
        if discard:
            pay["discard"] = discard
        return pay
    if chance(c.ch, 60):
        pay["dull"] = c.several(backups, 0, 4)
    if chance(c.ch, 40):
        pay["discard"] = c.several(c.keys(["hand"]), 0, 2)
    if chance(c.ch, 5):
        pay["cards"] = c.several(c.keys(["hand"]), 1, 1)
    return pay


def _ff_choices(c: Ctx) -> Raw:
    out: Raw = {}
    if chance(c.ch, 60):
        out["choose"] = c.several([*c.qualified(["field"]), "P1", "P2"], 1, 2)
    if chance(c.ch, 10):
        out["x"] = c.ch.below(4)
    if chance(c.ch, 10):
        out["mode"] = c.one(c.names(["hand", "field"]))
    return out


def _ff_pass(c: Ctx) -> Raw:
    return {"until": pick(c.ch, FF_UNTIL) if chance(c.ch, 50) else None}


def _ff_cast(c: Ctx) -> Raw:
    card = c.one(c.keys(["hand"]))
    return {"card": card, "pay": _ff_pay(c, c.cost(card)), **_ff_choices(c)}


def _ff_ability(c: Ctx) -> Raw:
    key = c.one(c.keys(["field"]))
    out: Raw = {"card": key, "ability": c.one(c.names(["field"])), "pay": _ff_pay(c), **_ff_choices(c)}
    if chance(c.ch, 10):
        out["characters"] = c.several(c.qualified(["field"]), 1, 1)
    return out


def _ff_dejon(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "pay": _ff_pay(c)}


def _ff_attack(c: Ctx) -> Raw:
    forwards = c.several(c.keys(["field"], types=["forward"]), 1, 2 if chance(c.ch, 20) else 1)
    if not chance(c.ch, 90):
        forwards = c.several(c.keys(["field"]), 1, 2)
    return {"forwards": forwards or ["nothing"]}


def _ff_block(c: Ctx) -> Raw:
    return {"forward": c.one(c.keys(["field"], types=["forward"]) or c.keys(["field"]))}


def _ff_field_limits(raw: Raw, ch: Chooser) -> None:
    """A legal field after the swaps: one character of a name without the general icon (7.7.3), one Light or
    Dark character (7.7.5), at most five backups (7.7.4); the others go to the break zone."""
    cards: Raw = raw["cards"]
    for side in raw["players"].values():
        names: set[str] = set()
        light_dark = backups = 0
        kept, broken = [], []
        for fc in side.get("field", []):
            d = cards.get(fc["card"], {})
            special = bool({"light", "dark"} & set(d.get("elements", [])))
            backup = d.get("type") == "backup"
            if (
                (not d.get("generic") and d.get("name") in names)
                or (special and light_dark)
                or (backup and backups >= 5)
            ):
                broken.append(fc["card"])
                continue
            names.add(d.get("name", ""))
            light_dark += special
            backups += backup
            kept.append(fc)
        if broken:
            side["field"] = kept
            side["break_zone"] = [*side.get("break_zone", []), *broken]


FFTCG = GameFuzz(
    game="fftcg",
    package="fftcg",
    actions={
        "pass": _ff_pass,
        "cast": _ff_cast,
        "ability": _ff_ability,
        "dejon": _ff_dejon,
        "attack": _ff_attack,
        "no_attack": _nothing,
        "block": _ff_block,
        "no_block": _nothing,
        "concede": _nothing,
    },
    moving_on=("pass", "pass", "no_attack", "no_block", "attack"),
    likely={
        "attack declaration": ("attack", "attack", "no_attack"),
        "block declaration": ("block", "no_block"),
        "with priority": ("cast", "cast", "ability", "pass", "pass"),
    },
    complete=_ff_field_limits,
)


# --- Code of Joker ---------------------------------------------------------------------------------


def _coj_hand(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"]))}


def _coj_onto(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "onto": c.one(c.keys(["field"]))}


def _coj_override(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["hand"])), "onto": c.one(c.keys(["hand"]))}


def _coj_unit(c: Ctx) -> Raw:
    return {"unit": c.one(c.keys(["field"]))}


def _coj_unset(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["trigger"]))}


def _coj_joker(c: Ctx) -> Raw:
    return {"card": c.one(c.keys(["joker"]))}


def _coj_end_turn(c: Ctx) -> Raw:
    return {"time_left": c.ch.below(60) if chance(c.ch, 10) else None, "gauge": 0}


def _coj_registered(raw: Raw, ch: Chooser) -> None:
    """A deck refresh needs each player's registered 40-card deck (ドロー/2): made of the player's own cards."""
    cards: Raw = raw["cards"]
    for side in raw["players"].values():
        if side.get("registered"):
            continue
        keys: list[str] = []
        for zone in ("deck", "hand", "field", "discard", "trigger"):
            for item in side.get(zone, []):
                key = item if isinstance(item, str) else item["card"]
                if cards.get(key, {}).get("type") != "joker" and key not in keys:
                    keys.append(key)
        keys = keys or sorted(k for k, c in cards.items() if c.get("type") == "unit")
        if not keys and (added := add_card("code-of-joker", cards, ch, lambda c: c.get("type") == "unit")):
            keys = [added]
        if keys:
            side["registered"] = [keys[i % len(keys)] for i in range(40)]


CODE_OF_JOKER = GameFuzz(
    game="code-of-joker",
    package="code_of_joker",
    actions={
        "drive": _coj_hand,
        "overdrive": _coj_onto,
        "attack": _coj_unit,
        "withdraw": _coj_unit,
        "set": _coj_hand,
        "unset": _coj_unset,
        "use_joker": _coj_joker,
        "discard": _coj_hand,
        "override": _coj_override,
        "end_turn": _coj_end_turn,
    },
    moving_on=("end_turn", "attack", "drive"),
    needs_by=(),
    likely={"action": ("drive", "overdrive", "attack", "set", "use_joker", "override", "end_turn")},
    complete=_coj_registered,
)


# --- dice-and-castle --------------------------------------------------------------------------------

DICE_SOURCES = ("hand", "discard", "castle", "support", "field")


def _dc_zone(source: str) -> list[str]:
    return ["units", "magic"] if source == "field" else [source]


def _dice_play(c: Ctx) -> Raw:
    source = "hand" if chance(c.ch, 75) else pick(c.ch, DICE_SOURCES)
    out: Raw = {"card": c.one(c.keys(_dc_zone(source))), "source": source}
    if chance(c.ch, 5):
        out["phase"] = "end"
    return out


def _dice_use(c: Ctx) -> Raw:
    owner = c.pid if chance(c.ch, 95) else c.opp
    zones = ["units", "magic", "king", "hand", "discard", "support"]
    out: Raw = {"card": c.one(c.keys(zones, owner)), "ability": c.one(c.names(zones, owner))}
    if owner != c.pid or chance(c.ch, 10):
        out["owner"] = owner
    if chance(c.ch, 5):
        out["phase"] = "end"
    return out


def _dice_attack(c: Ctx) -> Raw:
    target = "castle" if chance(c.ch, 50) else c.one(c.keys(["units"], c.opp))
    return {"unit": c.one(c.keys(["units"])), "target": target}


def _dice_counter(c: Ctx) -> Raw:
    return {"cards": c.several(c.keys(["magic"]), 1, 2) or ["nothing"]}


def _dice_basics(raw: Raw, ch: Chooser) -> None:
    """Most of the values the page does not give (``basics``) stated, each one the format allows, so play goes
    past the gaps they fill; now and then one is left out and the engine must name its gap."""
    basics: Raw = raw.setdefault("basics", {})
    for name, hint in get_type_hints(Basics).items():
        if name in basics or chance(ch, 3):
            continue
        allowed = [a for arg in get_args(hint) for a in get_args(arg)]  # Literal[...] | None
        if int in get_args(hint):
            allowed = [6] if name == "die_faces" else [1, 2, 3]
        if allowed:
            basics[name] = pick(ch, allowed)
    attributes = sorted({s for c in raw["cards"].values() for s in _words(c.get("attributes", c.get("attribute")))})
    for side in raw["players"].values():
        if not side.get("dice") and chance(ch, 95):
            side["dice"] = [{"attribute": pick(ch, attributes or ["fire"])} for _ in range(1 + ch.below(2))]


def _words(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if value.isalpha() and value.islower() and value != "all" else []
    return [w for v in value for w in _words(v)] if isinstance(value, list) else []


DICE_CASTLE = GameFuzz(
    game="dice-castle",
    package="dice_castle",
    actions={
        "play": _dice_play,
        "use": _dice_use,
        "attack": _dice_attack,
        "counter": _dice_counter,
        "end_set": _nothing,
        "end_battle": _nothing,
    },
    moving_on=("end_set", "end_battle", "attack"),
    needs_by=("counter",),
    likely={
        "set-phase action": ("play", "use", "end_set"),
        "battle-phase action": ("attack", "end_battle"),
        "counter": ("counter",),
    },
    complete=_dice_basics,
    wrong_player=3,
)

GAMES: dict[str, GameFuzz] = {f.game: f for f in (DIVINE_CROSS, FFTCG, CODE_OF_JOKER, DICE_CASTLE)}
"""Every game's random play, by game id."""
