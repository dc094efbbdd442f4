"""What the Code of Joker reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table as
TOML ready to paste, and the same in plain English sentences."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import toml_value

Data = dict[str, Any]

_NOT_PRINTED = "# An effect's name and its pattern (A or B, カード効果について/6) are not printed: add them if needed."
_WHO = {"own": "you", "opponent": "your opponent", "both": "each player"}
_WHOSE = {"own": "your", "opponent": "the opponent's", "any": "any player's"}
_ON = {
    "enter": "enters the field",
    "attack": "attacks",
    "block": "blocks",
    "battle": "battles",
    "destroyed": "is destroyed",
    "battle_end": "ends a battle",
    "oc": "overclocks",
}
_OF = {
    "self": "this unit",
    "own": "one of your units",
    "other_own": "another of your units",
    "opponent": "one of the opponent's units",
    "any": "any unit",
}
_REF = {
    "self": "this unit",
    "subject": "that unit",
    "attacker": "the attacking unit",
    "blocker": "the blocking unit",
}
_COUNTED = {
    "life": "life",
    "units": "units",
    "hand": "cards in hand",
    "cp": "CP",
    "trigger": "cards set in the trigger zone",
    "discard": "cards in the discard pile",
    "deck": "cards in the deck",
}


def card_toml(reading: Data) -> str:
    """The keys of a ``[cards.KEY]`` table for what was read."""
    lines: list[str] = []
    if reading.get("abilities"):
        lines.append(_NOT_PRINTED)
    for key in ("keywords", "dimension", "on", "of"):
        if key in reading:
            lines.append(f"{key} = {toml_value(reading[key])}")
    for key in ("abilities", "field", "effects"):
        if key not in reading:
            continue
        items = reading[key]
        if len(items) == 1:
            lines.append(f"{key} = [{toml_value(items[0])}]")
        else:
            lines.append(f"{key} = [")
            lines.extend(f"  {toml_value(item)}," for item in items)
            lines.append("]")
    return "\n".join(lines)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def units(target: Any) -> str:
    """A ``target`` in plain words."""
    if isinstance(target, str):
        return _REF.get(target, target)
    words = []
    if target.get("acted"):
        words.append("acted")
    elif target.get("acted") is False:
        words.append("unacted")
    if target.get("color"):
        words.append(str(target["color"]))
    noun = " ".join([*words, "units" if target.get("all") or target.get("count", 1) != 1 else "unit"])
    if target.get("other"):
        noun = f"other {noun}"
    limits = []
    if "max_bp" in target:
        limits.append(f"BP at most {target['max_bp']}")
    if "max_cost" in target:
        limits.append(f"cost at most {target['max_cost']}")
    if "min_bp" in target:
        limits.append(f"BP at least {target['min_bp']}")
    if "min_cost" in target:
        limits.append(f"cost at least {target['min_cost']}")
    limit = ", ".join(limits)
    whose = _WHOSE[target.get("side", "opponent")]
    side = {"own": "yours", "opponent": "the opponent's", "any": "either side's"}[target.get("side", "opponent")]
    head = f"all {whose} {noun}" if target.get("all") else f"{target.get('count', 1)} chosen {noun} ({side})"
    return f"{head} with {limit}" if limit else head


def condition(cond: Data) -> str:
    """A condition in plain words."""
    what = _COUNTED[cond["count"]]
    if cond.get("color"):
        what = f"{cond['color']} {what}"
    bounds = []
    if cond.get("at_least") is not None:
        bounds.append(f"at least {cond['at_least']}")
    if cond.get("at_most") is not None:
        bounds.append(f"at most {cond['at_most']}")
    return f"{_WHOSE[cond.get('player', 'own')]} {what} is {' and '.join(bounds)}"


def effect_sentence(op: Data) -> str:
    """One instruction in plain words."""
    kind = op["op"]
    target = units(op["target"]) if "target" in op else ""
    who = _WHO.get(op.get("player", "own"), "you")
    if kind == "bp":
        return f"{target} BP {_signed(op['amount'])}{' (base BP)' if op.get('base') else ' this turn'}"
    if kind == "damage":
        return f"deal {op['amount']} damage to {target}"
    if kind in ("destroy", "delete", "bounce", "consume", "recover"):
        verb = {
            "destroy": "destroy",
            "delete": "delete",
            "bounce": "return to the hand",
            "consume": "use up the action right of",
            "recover": "recover the action right of",
        }[kind]
        return f"{verb} {target}"
    if kind == "level":
        return f"{target} level {_signed(op['by'])}"
    if kind == "grant":
        return f"{target} gets 【{op['keyword']}】"
    if kind == "cp":
        return f"{_WHOSE[op['player']]} CP {_signed(op['by'])}"
    if kind == "life":
        return f"{who} take{'s' if who != 'you' else ''} {op.get('amount', 1)} life damage"
    if kind in ("draw", "discard"):
        n = op.get("count", 1)
        return f"{who} {kind}{'s' if who != 'you' else ''} {n} card{'s' if n != 1 else ''}"
    if kind == "break_set":
        return f"destroy {op.get('count', 1)} card(s) set in {_WHOSE[op.get('player', 'opponent')]} trigger zone"
    if kind == "delete_discard":
        return f"delete {op.get('count', 1)} card(s) of {_WHOSE[op.get('player', 'opponent')]} discard pile"
    if kind == "salvage":
        what = f"{op['type']} card(s)" if op.get("type") else "card(s)"
        return f"take {op.get('count', 1)} {what} from your discard pile into the hand"
    if kind == "if_done":
        return f"{effects_sentence(op['do'])}; if done: {effects_sentence(op['then'])}"
    if kind == "if":
        return f"if {condition(op['condition'])}: {effects_sentence(op['then'])}"
    return toml_value(op)


def effects_sentence(ops: list[Data]) -> str:
    """Several instructions in order."""
    return "; then ".join(effect_sentence(op) for op in ops)


def timing(on: str, of: str) -> str:
    """When an effect fires, in plain words."""
    if on in ("turn_start", "turn_end"):
        whose = {"self": "your", "own": "your", "other_own": "your"}.get(of, _WHOSE.get(of, "each"))
        return f"at the {'start' if on == 'turn_start' else 'end'} of {whose} turn"
    return f"when {_OF.get(of, of)} {_ON.get(on, on)}"


def field_sentence(field: Data) -> str:
    """A field effect in plain words."""
    words = ["other" if field.get("other") else "", str(field.get("color") or ""), "units"]
    noun = " ".join(w for w in words if w)
    has = [f"BP {_signed(field['bp'])}"] if field.get("bp") else []
    has += [f"【{k}】" for k in field.get("keywords", [])]
    return f"{_WHOSE[field.get('side', 'own')]} {noun} have {' and '.join(has)} while this unit is on the field"


def card_sentences(reading: Data) -> list[str]:
    """What was read, one sentence per part (keywords, each effect, each field effect, a card's effect)."""
    out: list[str] = []
    if reading.get("keywords"):
        marks = "".join(f"【{k}】" for k in reading["keywords"])
        cost = f" (次元干渉 cost {reading['dimension']})" if reading.get("dimension") is not None else ""
        out.append(f"Keywords: {marks}{cost}.")
    for n, ab in enumerate(reading.get("abilities", []), start=1):
        out.append(f"Effect {n}: {timing(ab['on'], ab.get('of', 'self'))}: {effects_sentence(ab['effects'])}.")
    for field in reading.get("field", []):
        out.append(f"Field effect: {field_sentence(field)}.")
    if "effects" in reading:
        when = f"{timing(reading['on'], reading.get('of', 'own'))}: " if reading.get("on") else ""
        out.append(f"Effect: {when}{effects_sentence(reading['effects'])}.")
    return out
