"""What a card-text reader read, for a judge to confirm: inline TOML ready to paste into a
``[cards.KEY]`` table, and the same in plain English sentences."""

from __future__ import annotations

import json
from typing import Any

Data = dict[str, Any]

_NOT_PRINTED = "# EX power names are not printed: give each one its name before pasting."


def toml_value(value: Any) -> str:
    """A value as inline TOML (strings, integers, booleans, lists, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def card_toml(reading: Data) -> str:
    """The keys of a ``[cards.KEY]`` table for what was read (``skills``, ``ex``, ``effects``)."""
    lines: list[str] = []
    if reading.get("ex"):
        lines.append(_NOT_PRINTED)
    for key in ("skills", "ex", "effects"):
        if key not in reading:
            continue
        items = [{"name": "", **e} if key == "ex" else e for e in reading[key]]
        if len(items) == 1:
            lines.append(f"{key} = [{toml_value(items[0])}]")
        else:
            lines.append(f"{key} = [")
            lines.extend(f"  {toml_value(item)}," for item in items)
            lines.append("]")
    return "\n".join(lines)


_WHO = {"own": "you", "opponent": "your opponent", "any": "any player"}
_UNIT = {
    "self": "this unit",
    "own.main": "your main unit",
    "opponent.main": "the opponent's main unit",
    "own.standby": "one of your standby units (chosen)",
    "opponent.standby": "one of the opponent's standby units (chosen)",
    "own.unit": "one of your units (chosen)",
    "opponent.unit": "one of the opponent's units (chosen)",
    "own.all_standby": "each of your standby units",
    "opponent.all_standby": "each of the opponent's standby units",
    "own.all_units": "each of your units",
    "opponent.all_units": "each of the opponent's units",
    "all_units": "each unit",
}


def _does(who: str, verb: str) -> str:
    """``you draw``, ``your opponent draws``."""
    if who == "you":
        return f"{who} {verb}"
    return f"{who} {verb}{'es' if verb.endswith(('sh', 'ch')) else 's'}"


def _unit(sel: str) -> str:
    return _UNIT.get(sel, sel)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _condition(cond: Data) -> str:
    parts: list[str] = []
    if "unit" in cond:
        what = _unit(cond["unit"])
        if "attribute" in cond:
            printed = " as printed" if cond.get("printed") else ""
            parts.append(f"{what} has the attribute {cond['attribute']}{printed}")
        if "stunned" in cond:
            parts.append(f"{what} is {'' if cond['stunned'] else 'not '}stunned")
        if "damaged" in cond:
            parts.append(f"{what} has {'' if cond['damaged'] else 'no '}damage markers")
        if "abnormal" in cond:
            parts.append(
                f"{what} is {'' if cond['abnormal'] else 'not '}in an abnormal state (a marker other than damage)"
            )
        if "marker" in cond:
            parts.append(f"{what} has a {cond['marker']} marker")
    if "turn" in cond:
        parts.append(f"it is {'your' if cond['turn'] == 'own' else 'the opponent’s'} turn")
    if "winning_ticket" in cond:
        parts.append(f"{_does(_WHO[cond['winning_ticket']], 'hold')} the winning ticket")
    if "count" in cond:
        if "at_most" in cond:
            parts.append(f"{cond['count']} is at most {cond['at_most']}")
        if "at_least" in cond:
            parts.append(f"{cond['count']} is at least {cond['at_least']}")
    if "moved" in cond:
        parts.append(f"the card matches {toml_value(cond['moved'])}")
    return " and ".join(parts) or toml_value(cond)


def effect_sentence(op: Data) -> str:
    """One op in plain words."""
    kind = op["op"]
    who = _WHO.get(op.get("player", "own"), "you")
    if kind == "draw":
        if "until_hand" in op:
            return f"{_does(who, 'draw')} until the hand has {op['until_hand']} cards"
        per = f" for each {op['per']}" if op.get("per") else ""
        return f"{_does(who, 'draw')} {'up to ' if op.get('up_to') else ''}{_cards(op.get('count', 1))}{per}"
    if kind == "discard":
        if op.get("card") == "this":
            return "discard this card (from the hand or an area)"
        if op.get("energy_of"):
            return f"{_does(who, 'discard')} {op.get('count', 1)} energy of {_unit(op['energy_of'])}"
        what = "the whole hand" if op.get("all") else _cards(op.get("count", 1)) + " from the hand"
        return f"{_does(who, 'discard')} {what}"
    if kind == "damage":
        per = f" for each {op['per']} (one hit)" if op.get("per") else ""
        card = "a card in the areas of " if op.get("area_card") else ""
        return f"deal {op['amount']} damage{per} to {card}{_unit(op['target'])}"
    if kind == "damage_base":
        return f"the skill's damage is {op['each']} for each {op['per']}"
    if kind == "modify_damage":
        if op.get("multiply"):
            return f"the damage is multiplied by {op['multiply']}"
        per = f" for each {op['per']}" if op.get("per") else ""
        return f"the damage {_signed(op.get('by', 0))}{per}"
    if kind == "heal":
        amount = "all damage" if op.get("all") else f"{op['amount']} HP"
        if op.get("per"):
            amount += f" for each {op['per']} (one heal)"
        return f"heal {amount} of {_unit(op['target'])}"
    if kind == "stun":
        return f"stun {_unit(op['target'])}"
    if kind == "place_marker":
        return f"put {op.get('count', 1)} {op['marker']} marker(s) on {_unit(op['target'])}"
    if kind == "remove_marker":
        return f"remove the {op['marker']} markers of {_unit(op['target'])}"
    if kind == "ko":
        return f"KO {_unit(op['target'])}"
    if kind == "put_in_ko" and op.get("card") == "this":
        return "put this card into its owner's KO zone, face up"
    if kind == "attach_energy" and op.get("card") == "this":
        return f"attach this card to {_unit(op['target'])} as energy"
    if kind == "if":
        return f"if {_condition(op.get('condition', {}))}: {effects_sentence(op.get('then', []))}"
    if kind == "put_in_ko":
        return f"{_does(who, 'put')} {_cards(op.get('count', 1))} from the {op.get('source', 'hand')} into the KO zone"
    if kind == "search":
        match, many = toml_value(op.get("filter", {})), _cards(op.get("count", 1))
        return f"{_does(who, 'search')} the {op.get('source', 'deck')} for {many} matching {match}, to the hand"
    if kind == "shuffle":
        return f"{_does(who, 'shuffle')} the deck"
    if kind == "reveal":
        if op.get("source") == "deck":
            return f"{_does(who, 'reveal')} the top {_cards(op.get('count', 1))} of the deck"
        return f"{_does(who, 'reveal')} the hand"
    if kind == "swap":
        return f"{_does(who, 'swap')} the main unit with a chosen standby unit"
    if kind == "winning_ticket":
        return f"{_does(who, 'gain')} the winning ticket"
    if kind == "use_again":
        return "this EX power may be used once more this turn"
    if kind == "janken":
        times = op.get("times", 1)
        head = f"play janken {times} time{'s' if times != 1 else ''}"
        if op.get("per_win"):
            return f"{head}; for each win: {effects_sentence(op['per_win'])}"
        return f"{head}; if you win: {effects_sentence(op.get('on_win', []))}"
    if kind == "if_done":
        chooser = "your opponent" if op.get("chooser") == "opponent" else "you"
        head = f"{chooser} may choose to: " if op.get("optional") else ""
        out = f"{head}{effects_sentence(op['do'])}"
        if op.get("then"):
            out += f"; if done: {effects_sentence(op['then'])}"
        if op.get("otherwise"):
            out += f"; if not: {effects_sentence(op['otherwise'])}"
        return out
    if kind == "and_then":
        return f"{effects_sentence(op['first'])}, and then {effects_sentence(op['then'])}"
    if kind == "continuous":
        parts = [static_sentence(op["effect"]), *(static_sentence(s) for s in op.get("also", []))]
        how = {"turn": "this turn", "game": "for the rest of the game"}.get(op.get("duration", "turn"), "")
        if op.get("duration") == "while":
            how = f"as long as {_condition(op.get('condition', {}))}"
        return f"{how}, {' and '.join(parts)}"
    if kind == "delayed":
        return f"at the next {op['on']} of {_WHO[op.get('whose', 'any')]}: {effects_sentence(op.get('effects', []))}"
    return toml_value(op)


def effects_sentence(ops: list[Data]) -> str:
    """Several ops in order."""
    return "; then ".join(effect_sentence(op) for op in ops)


def static_sentence(op: Data) -> str:
    """One static op in plain words."""
    kind = op["op"]
    who = _unit(op.get("target", "self"))
    if kind == "modify_damage":
        applies = "takes" if op.get("applies") == "taken" else "deals"
        change = f"× {op['multiply']}" if op.get("multiply") else _signed(op.get("by", 0))
        return f"skill damage {who} {applies} {change}"
    if kind == "hp":
        return f"{who} HP {_signed(op['by'])}"
    if kind in ("skill_cost", "retreat_cost"):
        return f"{who}'s {kind.replace('_', ' ')} {_signed(op['by'])}"
    if kind == "gain_advantage":
        return f"{who} gains advantage against {op['attribute']}"
    if kind == "lose_advantage":
        return f"{who} loses its advantages"
    if kind == "gain_attribute":
        return f"{who} gains the attribute {op['attribute']}"
    if kind == "set_attribute":
        return f"{who}'s attributes become {', '.join(op['attributes'])}"
    if kind == "forbid_skill":
        return f"{who} cannot use 「{op['skill']}」" if op.get("skill") else f"{who} cannot use skills"
    if kind == "forbid":
        return f"{who} cannot be healed"
    if kind == "no_skill_damage":
        return f"{who} takes no skill damage"
    if kind == "skill_fails":
        cond = " if you win a janken" if op.get("janken") else ""
        return f"{_WHO[op.get('whose', 'opponent')]}'s skills fail{cond}"
    if kind == "deck_copies":
        return (
            "a deck may hold "
            + (f"{op['copies']} copies" if op.get("copies") else "any number of copies")
            + " of this card"
        )
    if kind == "zone_attribute":
        return f"the cards in {_WHO[op.get('player', 'own')]}'s {op['zone']} have the attribute {op['attribute']}"
    if kind == "base_attribute":
        return f"this card's attributes are {', '.join(op['attributes'])}"
    if kind == "lose_ability":
        return f"{who} loses its {'EX powers' if op.get('ability', 'ex') == 'ex' else 'skills'}"
    if kind == "gain_ability":
        if op.get("ex"):
            return f"{who} gains the EX power 「{op['ex']['name']}」 ({ability_sentence(op['ex'])})"
        return f"{who} gains the skill 「{op['skill']['name']}」"
    if kind == "replace":
        event = "would be KO'd" if op["event"] == "ko" else "would be dealt damage"
        instead = f"it is dealt {op['reduce']} less" if op.get("reduce") else effects_sentence(op.get("instead", []))
        return f"if {who} {event}, instead {instead}"
    return toml_value(op)


def ability_sentence(ex: Data) -> str:
    """An EX power in plain words."""
    kind = ex["kind"]
    if kind == "static":
        body = "; ".join(static_sentence(s) for s in ex.get("statics", []))
        return f"as long as {_condition(ex['condition'])}, {body}" if ex.get("condition") else body
    if kind == "activated":
        where = " from the hand" if ex.get("zone") == "hand" else ""
        return f"usable {ex.get('uses', 1)} time(s) in your turn{where}: {effects_sentence(ex.get('effects', []))}"
    when = f"when {ex['on']} ({_WHO[ex.get('whose', 'any')]})"
    if ex.get("condition"):
        when += f" and {_condition(ex['condition'])}"
    tail = " (not cumulative)" if ex.get("cumulative") is False else ""
    return f"{when}: {effects_sentence(ex.get('effects', []))}{tail}"


def card_sentences(reading: Data) -> list[str]:
    """What was read, one sentence per skill, EX power or effect."""
    out: list[str] = []
    for skill in reading.get("skills", []):
        dmg = f", {skill['damage']}{'×' if skill.get('x') else ''} damage" if skill.get("damage") is not None else ""
        extra = [effects_sentence(skill[k]) for k in ("before_damage", "effects") if skill.get(k)]
        tail = f": {'; '.join(extra)}" if extra else ""
        out.append(f"Skill 「{skill['name']}」, cost {skill['cost']}{dmg}{tail}.")
    for ex in reading.get("ex", []):
        out.append(f"EX ({ex['kind']}): {ability_sentence(ex)}.")
    if reading.get("effects"):
        out.append(f"Effect: {effects_sentence(reading['effects'])}.")
    return out
