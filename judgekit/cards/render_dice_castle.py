"""What the dice-and-castle reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table as
TOML ready to paste, and the same in plain words in Japanese or English (catalog ``engine-dice``, ids
``dice.read.*``). The Japanese follows the detailed rules' own words (ドロー, 城壁, テイク, 追加効果, 又は);
zones and attributes are the trace's terms (``dice.zone.*``, ``dice.word.attribute.*``)."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import Words, toml_value
from judgekit.i18n import Language
from judgekit.message import Message, msg
from judgekit.render.sentences import key_word, render

Data = dict[str, Any]

_GAME = "dice-castle"

_UNIT: dict[str, Message] = {
    "chosen": msg("dice.read.unit.chosen"),
    "event": msg("dice.read.unit.event"),
    "self": msg("dice.read.unit.self"),
    "own.unit": msg("dice.read.unit.own_unit"),
    "opponent.unit": msg("dice.read.unit.opponent_unit"),
    "any.unit": msg("dice.read.unit.any_unit"),
    "own.all": msg("dice.read.unit.own_all"),
    "opponent.all": msg("dice.read.unit.opponent_all"),
    "all_units": msg("dice.read.unit.all_units"),
}
"""Which unit(s) an effect acts on, by their selector."""

_UNITS: dict[str, Message] = {
    "own.unit": msg("dice.read.units.own"),
    "opponent.unit": msg("dice.read.units.opponent"),
    "any.unit": msg("dice.read.units.any"),
}
"""Units chosen on resolution, as a count of them names them (自分のユニットを2体まで)."""

_WHOSE: dict[str, Message] = {
    "own": msg("dice.read.whose.own"),
    "opponent": msg("dice.read.whose.opponent"),
    "any": msg("dice.read.whose.any"),
}
"""A player's, as a possessive (自分の, 相手の)."""

_WHO: dict[str, Message] = {
    "own": msg("dice.read.who.own"),
    "opponent": msg("dice.read.who.opponent"),
    "any": msg("dice.read.who.any"),
}
"""A player as the one who does something (自分が, 相手が)."""

_ZONE: dict[str, Message] = {
    "castle": msg("dice.zone.castle"),
    "damage": msg("dice.zone.damage"),
    "discard": msg("dice.zone.discard"),
    "hand": msg("dice.zone.hand"),
    "support": msg("dice.zone.support"),
}
"""A player's zones, in the trace's terms."""

_TYPE: dict[str, Message] = {
    "unit": msg("dice.read.type.unit"),
    "magic": msg("dice.read.type.magic"),
    "castle": msg("dice.read.type.castle"),
    "card": msg("dice.read.type.card"),
}
"""Kinds of card (and a target's castle)."""

_MAGIC: dict[str, Message] = {
    "normal": msg("dice.read.magic.normal"),
    "field": msg("dice.read.magic.field"),
    "counter": msg("dice.read.magic.counter"),
}
"""The kinds of magic (マジック(通常), (場), (カウンター))."""

_COUNTED: dict[str, Message] = {
    "units": msg("dice.read.counted.units"),
    "walls": msg("dice.read.counted.walls"),
    "castle": msg("dice.read.counted.castle"),
    "hand": msg("dice.read.counted.hand"),
    "discard": msg("dice.read.counted.discard"),
}
"""What a condition counts."""

_TIMING: dict[str, Message] = {
    "in": msg("dice.read.timing.in"),
    "out": msg("dice.read.timing.out"),
    "turn_end": msg("dice.read.timing.turn_end"),
    "wall_destroyed": msg("dice.read.timing.wall_destroyed"),
}
"""When a timing ability activates."""

_NEGATED: dict[str, Message] = {
    "play": msg("dice.read.negated.play"),
    "in": msg("dice.read.negated.in"),
    "out": msg("dice.read.negated.out"),
    "cost": msg("dice.read.negated.cost"),
}
"""What a counter negates."""


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


class _Words(Words):
    """Renders the pieces of a reading in one language."""

    game = _GAME

    def unit(self, sel: object) -> str:
        return self.r(_UNIT[sel]) if isinstance(sel, str) and sel in _UNIT else str(sel)

    def whose(self, ref: str) -> str:
        return self.r(_WHOSE.get(ref, _WHOSE["any"]))

    def who(self, ref: str) -> str:
        return self.r(_WHO.get(ref, _WHO["any"]))

    def zone(self, z: str) -> str:
        return self.r(_ZONE[z]) if z in _ZONE else z

    def kind(self, t: str) -> str:
        return self.r(_TYPE[t]) if t in _TYPE else t

    def attribute(self, a: str) -> str:
        return key_word(a, "attribute", self.language, _GAME)

    def energy(self, energy: dict[str, int]) -> str:
        if not energy:
            return self.r(msg("dice.read.no_energy"))
        sep = "" if self.language == "ja" else ", "
        parts = [self.r(msg("dice.read.energy", attribute=self.attribute(a), n=n)) for a, n in energy.items()]
        return sep.join(parts)

    def effects(self, ops: list[Data]) -> str:
        """Several instructions in order."""
        out = ""
        for op in ops:
            said = self.effect(op)
            out = said if not out else self.r(msg("dice.read.then", first=out, then=said))
        return out

    def condition(self, cond: Data) -> str:
        whose, what = str(cond["count"]).split(".")
        counted = self.r(_COUNTED[what]) if what in _COUNTED else what
        w, least, most = self.whose(whose), cond.get("at_least"), cond.get("at_most")
        if least is not None and most is not None:
            if least == most:
                return self.r(msg("dice.read.cond.exactly", whose=w, what=counted, n=least))
            return self.r(msg("dice.read.cond.between", whose=w, what=counted, low=least, high=most))
        if least is not None:
            return self.r(msg("dice.read.cond.at_least", whose=w, what=counted, n=least))
        return self.r(msg("dice.read.cond.at_most", whose=w, what=counted, n=most))

    def effect(self, op: Data) -> str:
        """One instruction in plain words."""
        kind = op["op"]
        unit = self.unit(op.get("target", ""))
        if kind == "draw":
            if op.get("player", "own") != "own":
                return self.r(msg("dice.read.draw_by", who=self.who(op["player"]), n=op.get("count", 1)))
            return self.r(msg("dice.read.draw", n=op.get("count", 1)))
        if kind == "destroy":
            if op.get("count", 1) != 1:
                target = str(op.get("target", ""))
                units = (
                    self.r(_UNITS[target]) if target in _UNITS else unit
                )  # 相手のユニットを2体まで, not 相手のユニット1体を
                return self.r(msg("dice.read.destroy_count", unit=units, n=op["count"]))
            return self.r(msg("dice.read.destroy", unit=unit))
        if kind == "damage":
            return self.r(msg("dice.read.damage", unit=unit, amount=op["amount"]))
        if kind == "damage_castle":
            return self.r(
                msg("dice.read.damage_castle", whose=self.whose(op.get("player", "opponent")), amount=op["amount"])
            )
        if kind == "heal":
            if op.get("player", "own") != "own":
                return self.r(msg("dice.read.heal_of", whose=self.whose(op["player"]), amount=op["amount"]))
            return self.r(msg("dice.read.heal", amount=op["amount"]))
        if kind == "gain_walls":
            if op.get("player", "own") != "own":
                return self.r(msg("dice.read.gain_walls_by", who=self.who(op["player"]), amount=op["amount"]))
            return self.r(msg("dice.read.gain_walls", amount=op["amount"]))
        if kind == "gain_energy":
            attribute = self.attribute(op.get("attribute", "all"))
            return self.r(msg("dice.read.gain_energy", attribute=attribute, amount=op["amount"]))
        if kind == "add_die":
            return self.r(msg("dice.read.add_die"))
        if kind == "die_makes_all":
            return self.r(msg("dice.read.die_makes_all"))
        if kind == "evolve":
            return self.r(msg("dice.read.evolve"))
        if kind == "summon":
            what, zone = self.kind(op.get("card_type", "unit")), self.zone(op["zone"])
            if op.get("all_players"):
                return self.r(msg("dice.read.summon_all", what=what, zone=zone, n=op.get("count", 1)))
            return self.r(
                msg(
                    "dice.read.summon",
                    what=what,
                    whose=self.whose(op.get("player", "own")),
                    zone=zone,
                    n=op.get("count", 1),
                )
            )
        if kind == "look":
            whose, zone = self.whose(op.get("player", "own")), self.zone(op["zone"])
            if op.get("count") is None:
                return self.r(msg("dice.read.look_all", whose=whose, zone=zone))
            return self.r(msg("dice.read.look", whose=whose, zone=zone, n=op["count"]))
        if kind == "shuffle_into_castle":
            return self.r(
                msg(
                    "dice.read.shuffle_into",
                    whose=self.whose(op.get("player", "own")),
                    zone=self.zone(op.get("source", "discard")),
                )
            )
        if kind == "move_all":
            return self.r(
                msg(
                    "dice.read.move_all",
                    whose=self.whose(op.get("player", "own")),
                    source=self.zone(op["source"]),
                    to=self.zone(op["to"]),
                )
            )
        if kind == "play_from_support":
            what = self.kind(op.get("card_type", "unit"))
            if op.get("free", True):
                return self.r(msg("dice.read.play_from_support_free", what=what))
            return self.r(msg("dice.read.play_from_support", what=what))
        if kind == "bounce":
            return self.r(msg("dice.read.bounce", unit=unit))
        if kind == "boost":
            return self.r(msg("dice.read.boost", unit=unit, by=_signed(op["attack"])))
        if kind == "negate":
            what = op["what"]
            return self.r(_NEGATED[what]) if what in _NEGATED else toml_value(op)
        if kind == "search":
            what = self.kind(op["card_type"])
            if op.get("magic"):
                magic = self.r(_MAGIC[op["magic"]]) if op["magic"] in _MAGIC else str(op["magic"])
                return self.r(msg("dice.read.search_magic", what=what, magic=magic))
            return self.r(msg("dice.read.search", what=what))
        if kind == "choose":
            options = [self.effects(o) for o in op["options"]]
            joined = options[0] if options else ""
            for other in options[1:]:
                joined = self.r(msg("dice.read.or", a=joined, b=other))
            return self.r(msg("dice.read.choose", options=joined))
        if kind == "if":
            return self.r(msg("dice.read.if", condition=self.condition(op["condition"]), then=self.effects(op["then"])))
        if kind == "additional":
            return self.r(
                msg("dice.read.additional", condition=self.condition(op["condition"]), then=self.effects(op["effects"]))
            )
        if kind == "may":
            return self.r(msg("dice.read.may", body=self.effects(op["effects"])))
        return toml_value(op)

    def ability(self, ab: Data) -> str:
        """One ability in plain words."""
        parts = []
        if ab.get("timing"):
            timing = ab["timing"]
            parts.append(self.r(_TIMING[timing]) if timing in _TIMING else str(timing))
        cost = ab.get("cost")
        if cost is not None:
            if cost.get("take"):
                parts.append(self.r(msg("dice.read.cost_take", unit=self.unit(cost["take"]))))
            elif cost.get("name"):
                energy = self.energy(cost.get("energy", {}))
                parts.append(self.r(msg("dice.read.cost_named", name=cost["name"], energy=energy)))
            else:
                parts.append(self.r(msg("dice.read.cost", energy=self.energy(cost.get("energy", {})))))
        if ab.get("once_per_turn"):
            parts.append(self.r(msg("dice.read.once_per_turn")))
        joined = ("、" if self.language == "ja" else ", ").join(parts)
        return self.r(msg("dice.read.ability", parts=joined, effects=self.effects(ab.get("effects", []))))

    def counter(self, c: Data) -> str:
        on, whose = c["on"], c.get("whose", "any")
        w, who = self.whose(whose), self.who(whose)
        card = self.kind(c.get("card_type") or "card")
        events = {
            "played": msg("dice.read.on.played", who=who, card=card),
            "enters": msg("dice.read.on.enters", whose=w, card=card),
            "attacks": msg("dice.read.on.attacks", whose=w),
            "destroyed": msg("dice.read.on.destroyed", whose=w),
            "wall_destroyed": msg("dice.read.on.wall_destroyed", whose=w),
            "cost_ability": msg("dice.read.on.cost_ability", whose=w),
            "in_ability": msg("dice.read.on.in_ability", whose=w),
            "out_ability": msg("dice.read.on.out_ability", whose=w),
            "turn_end": msg("dice.read.on.turn_end", whose=w),
        }
        when = self.r(events[on]) if on in events else str(on)
        return self.r(msg("dice.read.counter", when=when, effects=self.effects(c.get("effects", []))))

    def static(self, static: Data) -> str:
        kind, everyone = static["kind"], static.get("players") == "all"
        by, amount = _signed(static.get("by", 0)), static.get("by", 0)
        kinds = {
            "unit_limit": (msg("dice.read.s.unit_limit", by=by), msg("dice.read.s.unit_limit_all", by=by)),
            "dice_limit": (msg("dice.read.s.dice_limit", by=by), msg("dice.read.s.dice_limit_all", by=by)),
            "unit_attack": (msg("dice.read.s.unit_attack", by=by), msg("dice.read.s.unit_attack_all", by=by)),
            "magic_cost": (msg("dice.read.s.magic_cost", by=by), msg("dice.read.s.magic_cost_all", by=by)),
            "reduce": (msg("dice.read.s.reduce", by=amount), msg("dice.read.s.reduce", by=amount)),
            "avoid": (msg("dice.read.s.avoid"), msg("dice.read.s.avoid")),
            "counter_attribute_free": (msg("dice.read.s.counter_free"), msg("dice.read.s.counter_free")),
        }
        if kind not in kinds:
            return self.r(msg("dice.read.rule_change", body=toml_value(static)))
        body = self.r(kinds[kind][1 if everyone else 0])
        if kind in ("reduce", "avoid"):
            return self.r(msg("dice.read.auto", body=body))
        return self.r(msg("dice.read.rule_change", body=body))

    def card(self, reading: Data) -> list[str]:
        """What was read, one sentence per part."""
        end = "。" if self.language == "ja" else "."
        if "effects" in reading and ("timing" in reading or "cost" in reading or "once_per_turn" in reading):
            return [self.r(msg("dice.read.ability_line", body=self.ability(reading))) + end]
        out: list[str] = []
        if isinstance(reading.get("cost"), dict):  # a card's cost line (an ability's cost is told above)
            out.append(self.r(msg("dice.read.card_cost", energy=self.energy(reading["cost"]))) + end)
        if "attack" in reading and "hp" in reading:
            out.append(self.r(msg("dice.read.unit_stats", attack=reading["attack"], hp=reading["hp"])) + end)
        elif "attack" in reading:
            out.append(self.r(msg("dice.read.unit_attack", attack=reading["attack"])) + end)
        elif "hp" in reading:
            out.append(self.r(msg("dice.read.unit_hp", hp=reading["hp"])) + end)
        if reading.get("attacks", 1) != 1:
            out.append(self.r(msg("dice.read.attacks", n=reading["attacks"])) + end)
        for ability in reading.get("abilities", []):
            body = self.ability(ability)
            if ability.get("name"):
                out.append(self.r(msg("dice.read.ability_named", name=ability["name"], body=body)) + end)
            else:
                out.append(self.r(msg("dice.read.ability_line", body=body)) + end)
        for spec in reading.get("targets", []):
            what = self.r(
                msg(
                    "dice.read.target_of", whose=self.whose(spec.get("whose", "opponent")), what=self.kind(spec["what"])
                )
            )
            if spec.get("all"):
                what = self.r(msg("dice.read.target_all", what=what))
            elif spec.get("count", 1) != 1:
                what = self.r(msg("dice.read.target_count", what=what, n=spec["count"]))
            if spec.get("additional"):
                what = self.r(msg("dice.read.target_additional", what=what))
            out.append(self.r(msg("dice.read.target", what=what)) + end)
        if "counter" in reading:
            out.append(self.counter(reading["counter"]) + end)
        if reading.get("effects"):
            out.append(self.r(msg("dice.read.effect", body=self.effects(reading["effects"]))) + end)
        if reading.get("extra_cost"):
            out.append(self.r(msg("dice.read.extra_cost", energy=self.energy(reading["extra_cost"]))) + end)
        if reading.get("optional_cost"):
            bought = self.effects(reading.get("optional_effects", []))
            out.append(
                self.r(msg("dice.read.optional_cost", energy=self.energy(reading["optional_cost"]), body=bought)) + end
            )
        for static in reading.get("statics", []):
            out.append(self.static(static) + end)
        if reading.get("evolution"):
            out.append(self.r(msg("dice.read.evolution", walls=reading.get("walls", 0))) + end)
        if reading.get("limited"):
            out.append(self.r(msg("dice.read.limited")) + end)
        return out


def card_toml(reading: Data, language: Language = "en") -> str:
    """The keys of a ``[cards.KEY]`` table for what was read (a comment first when abilities need names)."""
    lines: list[str] = []
    if reading.get("abilities") or "timing" in reading or ("cost" in reading and "effects" in reading):
        lines.append("# " + render(msg("dice.read.not_printed"), language, _GAME))
    for key, value in reading.items():
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines)


def card_sentences(reading: Data, language: Language = "en") -> list[str]:
    """What was read, one sentence per part, in ``language``."""
    return _Words(language).card(reading)
