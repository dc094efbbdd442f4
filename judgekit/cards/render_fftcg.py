"""What the FFTCG reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table (TOML ready to
paste) and the same in plain English sentences."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import toml_value

Data = dict[str, Any]

_ORDER = ("keywords", "x", "reads", "choose", "effects", "replaces", "pick", "modes", "options", "ex_burst")


def card_toml(reading: Data) -> str:
    """The keys of a card table for what was read; abilities as ``[[cards.KEY.abilities]]``-ready inline tables."""
    lines: list[str] = []
    for key in (*_ORDER, *(k for k in reading if k not in _ORDER and k != "abilities")):
        if key in reading:
            lines.append(f"{key} = {toml_value(reading[key])}")
    abilities = reading.get("abilities", [])
    if abilities:
        if any(not a.get("name") and a["kind"] in ("action", "special") for a in abilities):
            lines.append("# an action ability prints no name: the play entry names it by its place (ability = 1)")
        lines.append("abilities = [")
        lines.extend(f"  {toml_value(a)}," for a in abilities)
        lines.append("]")
    return "\n".join(lines)


_WHO = {"own": "you", "opponent": "your opponent", "any": "any player", "each": "each player"}
_SELECTOR = {
    "self": "this card",
    "chosen": "the chosen card(s)",
    "chosen.1": "the second choice",
    "chosen.2": "the third choice",
    "picked": "the card(s) picked",
    "about": "the card(s) it is about",
    "event.subject": "that card",
    "own.forwards": "each of your forwards",
    "opponent.forwards": "each of the opponent's forwards",
    "all.forwards": "every forward",
    "own.backups": "each of your backups",
    "opponent.backups": "each of the opponent's backups",
    "all.backups": "every backup",
    "own.characters": "each of your characters",
    "opponent.characters": "each of the opponent's characters",
    "all.characters": "every character",
}


def _sel(selector: str) -> str:
    return _SELECTOR.get(selector, selector)


def _filter(filt: Data) -> str:
    words = [k.replace("_", " ") if v is True else f"{k.replace('_', ' ')} {v}" for k, v in filt.items() if k != "type"]
    noun = filt.get("type", "card")
    return f"{noun}" + (f" ({', '.join(words)})" if words else "")


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def effect_sentence(op: Data) -> str:
    """One effect in plain words."""
    kind = op["op"]
    target = _sel(op.get("target", "self"))
    x = f" + X×{op['per_x']}" if op.get("per_x") else ""
    if kind == "damage":
        return f"deal {op['amount']}{x} damage to {target}"
    if kind == "distribute":
        return f"divide {op['amount']} damage among {target}"
    if kind == "damage_player":
        return f"deal {op.get('amount', 1)}{x} damage to {_WHO[op.get('player', 'opponent')]}"
    if kind in ("break", "dull", "activate", "freeze", "remove"):
        return f"{kind} {target}"
    if kind == "return_to_hand":
        return f"return {target} to its owner's hand"
    if kind == "put_in_break_zone":
        return f"put {target} into the break zone"
    if kind == "draw":
        who = _WHO[op.get("player", "own")]
        if op.get("half_of"):
            return f"{who} draw(s) half of {op['half_of']}, rounded up"
        return f"{who} draw(s) {op.get('count', 1)}{x} card(s)"
    if kind == "discard":
        return f"{_WHO[op.get('player', 'own')]} discard(s) {op.get('count', 1)}{x} card(s)"
    if kind == "search":
        to = "onto the field" if op.get("to") == "field" else "into the hand"
        if op.get("dull"):
            to += " dull"
        return f"search for {op.get('count', 1)} {_filter(op.get('filter', {}))}, {to}"
    if kind == "cast":
        may = "may " if op.get("optional") else ""
        return f"you {may}cast a {_filter(op['filter'])} from the hand without paying its cost"
    if kind == "gain_control":
        until = " until the end of the turn" if op.get("duration") == "turn" else ""
        return f"{_WHO[op.get('player', 'own')]} gain(s) control of {target}{until}"
    if kind == "power":
        change = f"becomes {op['set']}" if op.get("set") is not None else _signed(op.get("by", 0)) + x
        return f"{target}'s power {change} until the end of the turn"
    if kind == "gain":
        return f"{target} gains {', '.join(op['keywords'])} until the end of the turn"
    if kind == "continuous":
        return f"until the end of the turn, {static_sentence(op['effect'])}"
    if kind == "put_onto_field":
        return "put this card onto the field"
    if kind == "pick":
        whose = {"own": "their own", "opponent": "the opponent's", "any": "any"}.get(op.get("whose", "any"), "")
        return f"{_WHO[op.get('chooser', 'own')]} pick(s) {op.get('count', 1)} of {whose} {_filter(op['what'])}"
    if kind == "delayed":
        about = f" (about {_sel(op['about'])})" if op.get("about") else ""
        return f"the next {op['on']}{about}: {effects_sentence(op.get('effects', []))}"
    if kind == "split":
        return f"split {_WHO[op.get('player', 'opponent')]}'s {op['zone']} zone into {op.get('groups', 2)} groups"
    return toml_value(op)


def effects_sentence(ops: list[Data]) -> str:
    """Several effects in order."""
    return "; then ".join(effect_sentence(op) for op in ops)


def static_sentence(op: Data) -> str:
    """One continuous effect in plain words."""
    kind = op["op"]
    who = _sel(op.get("target", "self"))
    if op.get("filter"):
        who += f" like {_filter(op['filter'])}"
    if kind == "power":
        return f"{who}: power {op['set'] if op.get('set') is not None else _signed(op.get('by', 0))}"
    if kind == "gain":
        return f"{who} gains {', '.join(op['keywords'])}"
    if kind == "cannot":
        return f"{who} cannot {op['action'].replace('_', ' ')}"
    if kind == "must":
        return f"{who} must {op['action'].replace('_', ' ')} if able"
    if kind == "cost_to":
        return f"{who} must pay {toml_value(op['cp'])} CP to {op['action']}"
    if kind == "unblockable_by":
        return f"{who} cannot be blocked by a forward like {_filter(op['blockers'])}"
    if kind == "deck_copies":
        return "a deck may hold any number of this card"
    if kind == "become":
        parts = []
        if op.get("type"):
            parts.append(f"becomes a {op['type']} of power {op.get('power')}")
        if op.get("jobs"):
            parts.append(f"has the job(s) {', '.join(op['jobs'])}")
        if op.get("add_jobs"):
            parts.append(f"gains the job(s) {', '.join(op['add_jobs'])}")
        return f"{who} {' and '.join(parts)}"
    if kind == "text":
        return f"{who} loses all its abilities" if op.get("lose_abilities") else f"{who} gains abilities"
    if kind == "replace":
        instead = op.get("to_zone") or effects_sentence(op.get("instead", []))
        may = "may instead" if op.get("optional") else "instead"
        return f"if {who} would be broken, {may}: {instead}"
    return toml_value(op)


def _cost(cost: Data) -> str:
    parts = [f"{n} {element} CP" for element, n in cost.get("cp", {}).items()]
    if cost.get("dull"):
        parts.append("dull this card")
    if cost.get("break_self"):
        parts.append("put this card into the break zone")
    if cost.get("discard"):
        parts.append(f"discard {cost['discard']} card(s)")
    if cost.get("crystals"):
        parts.append(f"{cost['crystals']} crystal(s)")
    if cost.get("characters"):
        chars = cost["characters"]
        parts.append(f"{chars['do'].replace('_', ' ')} {chars.get('count', 1)} {_filter(chars.get('what', {}))}")
    for name, n in cost.get("remove_counters", {}).items():
        parts.append(f"remove {n} {name} counter(s)")
    if cost.get("reads"):
        parts.append(f"({toml_value(cost['reads'])})")
    return ", ".join(parts) or "nothing"


def _choice(choice: Data) -> str:
    whose = {"own": "your ", "opponent": "the opponent's ", "any": ""}[choice.get("whose", "any")]
    up_to = "up to " if choice.get("up_to") else ""
    return f"{up_to}{choice.get('count', 1)} of {whose}{_filter(choice.get('what', {'type': 'forward'}))}"


def _body(item: Data) -> str:
    parts = []
    if item.get("choose"):
        parts.append("choose " + " and ".join(_choice(c) for c in item["choose"]))
    if item.get("effects"):
        parts.append(effects_sentence(item["effects"]))
    if item.get("modes"):
        parts.append(
            f"choose {toml_value(item.get('pick', {'count': 1}))} of: "
            + " | ".join(f"({m['name']}) {_body(m)}" for m in item["modes"])
        )
    return "; ".join(parts)


def ability_sentence(ability: Data) -> str:
    """One ability in plain words."""
    kind = ability["kind"]
    name = f" 「{ability['name']}」" if ability.get("name") else ""
    lead = f"{kind.capitalize()} ability{name}"
    if ability.get("damage"):
        lead += f" (only with {ability['damage']} or more damage)"
    if kind == "field":
        cond = f"while {toml_value(ability['condition'])}, " if ability.get("condition") else ""
        return f"{lead}: {cond}{'; '.join(static_sentence(s) for s in ability.get('statics', []))}."
    if kind == "auto":
        subject = ability.get("subject", "self")
        if ability.get("subject_filter"):
            subject += f" like {_filter(ability['subject_filter'])}"
        when = f"when {ability.get('on')} ({subject})"
        if ability.get("condition"):
            when += f" if {toml_value(ability['condition'])}"
        may = " you may" if ability.get("optional") else ""
        cost = f" paying {_cost(ability['cost'])}" if ability.get("cost") else ""
        burst = " [EX BURST]" if ability.get("ex_burst") else ""
        return f"{lead}{burst}: {when},{may}{cost} {_body(ability)}."
    per_turn = " (once a turn)" if ability.get("per_turn") else ""
    return f"{lead}: pay {_cost(ability.get('cost', {}))}{per_turn}: {_body(ability)}."


def card_sentences(reading: Data) -> list[str]:
    """What was read, one sentence per part."""
    out: list[str] = []
    if reading.get("keywords"):
        out.append(f"Keywords: {', '.join(reading['keywords'])}.")
    if reading.get("x"):
        out.append(f"X: {toml_value(reading['x'])}.")
    body = _body(reading)
    if body:
        burst = " [EX BURST]" if reading.get("ex_burst") else ""
        out.append(f"Effect{burst}: {body}.")
    for option in reading.get("options", []):
        how = "instead of its cost" if option.get("alternative") else "besides its cost"
        then = f"; if paid: {effects_sentence(option['effects'])}" if option.get("effects") else ""
        out.append(f"Option 「{option['name']}」: pay {_cost(option['cost'])} {how}{then}.")
    out.extend(ability_sentence(a) for a in reading.get("abilities", []))
    return out
