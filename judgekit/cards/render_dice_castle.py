"""What the dice-and-castle reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table as
TOML ready to paste, and the same in plain English sentences."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import toml_value

Data = dict[str, Any]

_NOT_PRINTED = "# An ability's name is not printed (a composite ability's cost name is): give each one its name."
_UNIT = {
    "chosen": "the chosen unit(s)",
    "event": "that unit",
    "self": "this unit",
    "own.unit": "one of your units",
    "opponent.unit": "one of the opponent's units",
    "any.unit": "a unit of either side",
    "own.all": "each of your units",
    "opponent.all": "each of the opponent's units",
    "all_units": "each unit",
}
_WHOSE = {"own": "your", "opponent": "the opponent's", "any": "any player's"}
_ZONE = {
    "castle": "castle",
    "damage": "damage pile",
    "discard": "discard pile",
    "hand": "hand",
    "support": "support castle",
}
_ON = {
    "played": "plays a {card}",
    "enters": "has a {card} enter the field",
    "attacks": "has a unit attack",
    "destroyed": "has a unit destroyed",
    "wall_destroyed": "has a wall destroyed",
    "cost_ability": "uses a cost ability",
    "in_ability": "has an IN ability activate",
    "out_ability": "has an OUT ability activate",
    "turn_end": "ends the turn",
}


def card_toml(reading: Data) -> str:
    """The keys of a ``[cards.KEY]`` table for what was read."""
    lines: list[str] = []
    if reading.get("abilities") or "timing" in reading or ("cost" in reading and "effects" in reading):
        lines.append(_NOT_PRINTED)
    for key, value in reading.items():
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines)


def _energy(energy: dict[str, int]) -> str:
    return ", ".join(f"{n} {attr}" for attr, n in energy.items()) or "no energy"


def effect_sentence(op: Data) -> str:
    """One instruction in plain words."""
    kind = op["op"]
    unit = _UNIT.get(str(op.get("target", "")), str(op.get("target", "")))
    if kind == "draw":
        n = op.get("count", 1)
        return f"draw {n} card{'s' if n != 1 else ''}"
    if kind == "destroy":
        return f"destroy {unit}" + (f" ({op['count']})" if op.get("count", 1) != 1 else "")
    if kind == "damage":
        return f"deal {op['amount']} damage to {unit}"
    if kind == "damage_castle":
        return f"deal {op['amount']} damage to {_WHOSE[op.get('player', 'opponent')]} castle"
    if kind == "heal":
        return f"heal {op['amount']} walls"
    if kind == "gain_walls":
        return f"gain {op['amount']} wall(s)"
    if kind == "gain_energy":
        return f"gain {op['amount']} {op.get('attribute', 'all')} energy"
    if kind in ("add_die", "die_makes_all", "evolve"):
        return {
            "add_die": "add a die",
            "die_makes_all": "one of your dice makes all energy",
            "evolve": "evolve the king",
        }[kind]
    if kind == "summon":
        where = "every player's " if op.get("all_players") else "your "
        return f"put a {op.get('card_type', 'unit')} onto the field from {where}{_ZONE[op['zone']]}"
    if kind == "look":
        return f"look at the top {op.get('count')} of {_WHOSE[op.get('player', 'own')]} {_ZONE[op['zone']]}"
    if kind == "shuffle_into_castle":
        return f"shuffle the {_ZONE[op.get('source', 'discard')]} into the castle"
    if kind == "move_all":
        return f"move all of {_WHOSE[op.get('player', 'own')]} {_ZONE[op['source']]} to the {_ZONE[op['to']]}"
    if kind == "play_from_support":
        return f"play a {op.get('card_type', 'unit')} from the support castle without paying its cost"
    if kind == "bounce":
        return f"return {unit} to the hand"
    if kind == "boost":
        return f"{unit} attack +{op['attack']} this turn"
    if kind == "negate":
        return f"negate the {op['what']}"
    if kind == "search":
        what = op["card_type"] + (f" ({op['magic']})" if op.get("magic") else "")
        return f"search the castle for a {what}"
    if kind == "choose":
        return "either " + " or ".join(effects_sentence(o) for o in op["options"]) + " (chosen when played)"
    if kind == "if":
        return f"if {_condition(op['condition'])} on resolution: {effects_sentence(op['then'])}"
    if kind == "additional":
        return f"additionally, if {_condition(op['condition'])}: {effects_sentence(op['effects'])}"
    if kind == "may":
        return f"you may: {effects_sentence(op['effects'])}"
    return toml_value(op)


def _condition(cond: Data) -> str:
    whose, what = cond["count"].split(".")
    bound = f"at least {cond['at_least']}" if cond.get("at_least") is not None else f"at most {cond.get('at_most')}"
    return f"{_WHOSE[whose]} {what} are {bound}"


def effects_sentence(ops: list[Data]) -> str:
    """Several instructions in order."""
    return "; then ".join(effect_sentence(op) for op in ops)


def ability_sentence(ab: Data) -> str:
    """One ability in plain words."""
    parts = []
    if ab.get("timing"):
        parts.append(
            {
                "in": "IN",
                "out": "OUT",
                "turn_end": "at the end of the turn",
                "wall_destroyed": "when a wall of yours is destroyed",
            }[ab["timing"]]
        )
    cost = ab.get("cost")
    if cost is not None:
        if cost.get("take"):
            parts.append(f"cost: take {_UNIT[cost['take']]} to the discard")
        else:
            parts.append(f"cost: {_energy(cost.get('energy', {}))}")
    if ab.get("once_per_turn"):
        parts.append("once a turn")
    return f"{', '.join(parts)}: {effects_sentence(ab.get('effects', []))}"


def card_sentences(reading: Data) -> list[str]:
    """What was read, one sentence per part."""
    if "effects" in reading and ("timing" in reading or "cost" in reading or "once_per_turn" in reading):
        return [f"Ability: {ability_sentence(reading)}."]
    out: list[str] = []
    if isinstance(reading.get("cost"), dict):  # a card's cost line (an ability's cost is told above)
        out.append(f"Cost: {_energy(reading['cost'])}.")
    if "attack" in reading or "hp" in reading:
        stats = [
            f"attack {reading['attack']}" if "attack" in reading else "",
            f"HP {reading['hp']}" if "hp" in reading else "",
        ]
        out.append(f"Unit: {', '.join(s for s in stats if s)}.")
    if reading.get("attacks", 1) != 1:
        out.append(f"Attacks {reading['attacks']} times a turn.")
    for ability in reading.get("abilities", []):
        named = f" {ability['name']}" if ability.get("name") else ""
        out.append(f"Ability{named}: {ability_sentence(ability)}.")
    for spec in reading.get("targets", []):
        out.append(
            f"Target chosen when played: {_WHOSE[spec.get('whose', 'opponent')]} {spec['what']}"
            + (" (additional)" if spec.get("additional") else "")
            + "."
        )
    if "counter" in reading:
        c = reading["counter"]
        when = _ON[c["on"]].format(card=c.get("card_type") or "card")
        who = {"own": "you", "opponent": "your opponent"}.get(c.get("whose", "any"), "any player")
        out.append(f"Counter: when {who} {when}: {effects_sentence(c['effects'])}.")
    if reading.get("effects"):
        out.append(f"Effect: {effects_sentence(reading['effects'])}.")
    if reading.get("extra_cost"):
        out.append(f"Additional cost: {_energy(reading['extra_cost'])}.")
    if reading.get("optional_cost"):
        bought = effects_sentence(reading.get("optional_effects", []))
        out.append(f"Optional cost {_energy(reading['optional_cost'])}: {bought}.")
    for static in reading.get("statics", []):
        scope = " (all players)" if static.get("players") == "all" else ""
        out.append(f"Static: {static['kind']} {static.get('by', '')}{scope}.".replace(" .", "."))
    if reading.get("evolution"):
        out.append(f"King (evolution): walls +{reading['walls']}.")
    if reading.get("limited"):
        out.append("Limited: one copy a deck.")
    return out
