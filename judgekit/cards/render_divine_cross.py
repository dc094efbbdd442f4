"""What the Divine Cross reader read, in plain words, in Japanese or English (catalog ``engine-dc``, ids
``dc.read.*``): one sentence per skill, EX power or effect, for a judge to confirm the reading before relying
on it. The terms (units, counts, attributes, trigger conditions) are the trace's own words
(:mod:`judgekit.games.divine_cross.wording`): the cards' words in Japanese, the scenario's keys in English.
"""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import Words, toml_value
from judgekit.games.divine_cross.wording import ATTRIBUTE, COMMAND, COUNT, SELECTOR, TRIGGER
from judgekit.i18n import Language
from judgekit.message import Message, msg

Data = dict[str, Any]

_SEP: dict[Language, str] = {"ja": "。", "en": "; "}
"""Between two instructions of one effect."""


_WHOSE: dict[str, Message] = {
    "own": msg("dc.read.whose.own"),
    "opponent": msg("dc.read.whose.opponent"),
    "any": msg("dc.read.whose.any"),
}
"""A player as the reading names them: 自分, 相手, or any player."""

_ZONE: dict[str, Message] = {
    "hand": msg("dc.read.zone.hand"),
    "deck": msg("dc.read.zone.deck"),
    "discard": msg("dc.read.zone.discard"),
    "ko": msg("dc.read.zone.ko"),
}
"""A player's zones by their key."""

_KIND: dict[str, Message] = {
    "static": msg("dc.read.kind.static"),
    "activated": msg("dc.read.kind.activated"),
    "triggered": msg("dc.read.kind.triggered"),
}
"""The kinds of EX powers (801.1f)."""

_CARD_TYPE: dict[str, Message] = {"unit": msg("dc.kind.unit"), "command": msg("dc.kind.command")}
"""The kinds of cards a card filter names (201)."""

_MARKER: dict[str, Message] = {"stun": msg("dc.read.marker.stun"), "damage": msg("dc.read.marker.damage")}
"""The markers the vocabulary names by a key (気絶 918, ダメージ); other markers keep their printed names (907.3)."""

_STATES: dict[str, tuple[Message, Message]] = {
    "stunned": (msg("dc.read.cond.stunned", unit=""), msg("dc.read.cond.not_stunned", unit="")),
    "damaged": (msg("dc.read.cond.damaged", unit=""), msg("dc.read.cond.not_damaged", unit="")),
    "abnormal": (msg("dc.read.cond.abnormal", unit=""), msg("dc.read.cond.not_abnormal", unit="")),
}
"""A condition's yes/no keys on a unit: the sentence when it is true, and when it is false."""


class _Words(Words):
    """Renders the pieces of a reading in one language."""

    game = "divine-cross"

    def unit(self, sel: str) -> Message | str:
        return SELECTOR.get(sel, sel)

    def count(self, what: str) -> Message | str:
        return COUNT.get(what, what)

    def whose(self, ref: str) -> str:
        return self.r(_WHOSE.get(ref, _WHOSE["any"]))

    def attr(self, a: str) -> Message | str:
        return ATTRIBUTE.get(a, a)

    def zone(self, z: str) -> str:
        return self.r(_ZONE[z]) if z in _ZONE else z

    def marker(self, m: str) -> Message | str:
        return _MARKER.get(m, m)

    def card_filter(self, f: Data) -> str:
        """Which cards a filter takes (909.2): 「赤属性の名前に『竜』を含むユニットカード」."""
        if f.get("command"):
            card = self.r(msg("dc.read.filter.kind", kind=COMMAND[f["command"]]))
        elif f.get("type"):
            card = self.r(msg("dc.read.filter.kind", kind=_CARD_TYPE[f["type"]]))
        else:
            card = self.r(msg("dc.read.filter.any"))
        if f.get("name_contains"):
            card = self.r(msg("dc.read.filter.named", card=card, name=f["name_contains"]))
        if f.get("attribute"):
            card = self.r(msg("dc.read.filter.attribute", card=card, attribute=self.attr(f["attribute"])))
        return card

    def signed(self, n: int) -> str:
        return f"+{n}" if n >= 0 else str(n)

    # ------------------------------------------------------------ conditions
    def condition(self, cond: Data) -> str:
        parts: list[str] = []
        if "unit" in cond:
            u = self.unit(cond["unit"])
            if "attribute" in cond:
                attribute = self.attr(cond["attribute"])
                parts.append(
                    self.r(msg("dc.read.cond.printed_attribute", unit=u, attribute=attribute))
                    if cond.get("printed")
                    else self.r(msg("dc.read.cond.attribute", unit=u, attribute=attribute))
                )
            for key, (yes, no) in _STATES.items():
                if key in cond:
                    parts.append(self.r(msg(yes.id if cond[key] else no.id, unit=u)))
            if "marker" in cond:
                parts.append(self.r(msg("dc.read.cond.marker", unit=u, marker=self.marker(cond["marker"]))))
        if "count" in cond:
            what = self.count(cond["count"])
            if "at_least" in cond:
                parts.append(self.r(msg("dc.read.cond.at_least", what=what, n=cond["at_least"])))
            if "at_most" in cond:
                parts.append(self.r(msg("dc.read.cond.at_most", what=what, n=cond["at_most"])))
        if "turn" in cond:
            parts.append(self.r(msg("dc.read.cond.turn", whose=self.whose(cond["turn"]))))
        if "winning_ticket" in cond:
            parts.append(self.r(msg("dc.read.cond.winning_ticket", whose=self.whose(cond["winning_ticket"]))))
        if cond.get("moved"):  # an empty filter (any card) says nothing
            parts.append(self.r(msg("dc.read.cond.moved", filter=self.card_filter(cond["moved"]))))
        if not parts:
            return ""
        out = parts[0]
        for p in parts[1:]:
            out = self.r(msg("dc.read.and", a=out, b=p))
        return out

    # ------------------------------------------------------------ effects
    def effects(self, ops: list[Data]) -> str:
        return _SEP[self.language].join(self.effect(op) for op in ops)

    def effect(self, op: Data) -> str:
        kind = op["op"]
        who = self.whose(op.get("player", "own"))
        if kind == "draw":
            n = op.get("count", 1)
            if "until_hand" in op:
                return self.r(msg("dc.read.draw_until", who=who, n=op["until_hand"]))
            if op.get("per"):
                return self.r(msg("dc.read.draw_per", who=who, n=n, per=self.count(op["per"])))
            if op.get("up_to"):
                return self.r(msg("dc.read.draw_up_to", who=who, n=n))
            return self.r(msg("dc.read.draw", who=who, n=n))
        if kind == "discard":
            if op.get("card") == "this":
                return self.r(msg("dc.read.discard_this"))
            if op.get("energy_of"):
                return self.r(msg("dc.read.discard_energy", unit=self.unit(op["energy_of"]), n=op.get("count", 1)))
            if op.get("all"):
                return self.r(msg("dc.read.discard_all", who=who))
            return self.r(msg("dc.read.discard", who=who, n=op.get("count", 1)))
        if kind == "damage":
            unit, amount = self.unit(op["target"]), op["amount"]
            if op.get("area_card"):
                return self.r(msg("dc.read.damage_area_card", unit=unit, amount=amount))
            if op.get("per"):
                return self.r(msg("dc.read.damage_per", unit=unit, amount=amount, per=self.count(op["per"])))
            return self.r(msg("dc.read.damage", unit=unit, amount=amount))
        if kind == "damage_base":
            return self.r(msg("dc.read.damage_base", each=op["each"], per=self.count(op["per"])))
        if kind == "modify_damage":
            if op.get("multiply"):
                return self.r(msg("dc.read.multiply_damage", n=op["multiply"]))
            by = self.signed(op.get("by", 0))
            if op.get("per"):
                return self.r(msg("dc.read.modify_damage_per", by=by, per=self.count(op["per"])))
            return self.r(msg("dc.read.modify_damage", by=by))
        if kind == "heal":
            unit = self.unit(op["target"])
            if op.get("all"):
                return self.r(msg("dc.read.heal_all", unit=unit))
            if op.get("per"):
                return self.r(msg("dc.read.heal_per", unit=unit, amount=op["amount"], per=self.count(op["per"])))
            return self.r(msg("dc.read.heal", unit=unit, amount=op["amount"]))
        if kind == "stun":
            return self.r(msg("dc.read.stun", unit=self.unit(op["target"])))
        if kind == "place_marker":
            return self.r(
                msg(
                    "dc.read.place_marker",
                    unit=self.unit(op["target"]),
                    marker=self.marker(op["marker"]),
                    n=op.get("count", 1),
                )
            )
        if kind == "remove_marker":
            if op.get("count"):
                unit = self.unit(op["target"])
                marker = self.marker(op["marker"])
                return self.r(msg("dc.read.remove_marker_count", unit=unit, marker=marker, n=op["count"]))
            return self.r(msg("dc.read.remove_marker", unit=self.unit(op["target"]), marker=self.marker(op["marker"])))
        if kind == "ko":
            return self.r(msg("dc.read.ko", unit=self.unit(op["target"])))
        if kind == "put_in_ko":
            if op.get("card") == "this":
                return self.r(msg("dc.read.put_in_ko_this"))
            return self.r(
                msg("dc.read.put_in_ko", who=who, zone=self.zone(op.get("source", "hand")), n=op.get("count", 1))
            )
        if kind == "charge":
            return self.r(msg("dc.read.charge", unit=self.unit(op["target"])))
        if kind == "attach_energy":
            unit = self.unit(op.get("target", "self"))
            if op.get("card") == "this":
                return self.r(msg("dc.read.attach_this", unit=unit))
            return self.r(
                msg("dc.read.attach_energy", unit=unit, zone=self.zone(op.get("source", "deck")), n=op.get("count", 1))
            )
        if kind == "search":
            return self.r(
                msg(
                    "dc.read.search",
                    who=who,
                    zone=self.zone(op.get("source", "deck")),
                    filter=self.card_filter(op.get("filter", {})),
                    n=op.get("count", 1),
                )
            )
        if kind == "shuffle":
            return self.r(msg("dc.read.shuffle", who=who))
        if kind == "reveal":
            if op.get("source") == "deck":
                return self.r(msg("dc.read.reveal_deck", who=who, n=op.get("count", 1)))
            return self.r(msg("dc.read.reveal_hand", who=who))
        if kind in ("swap", "retreat", "winning_ticket"):
            return self.r(
                msg("dc.read.swap", who=who)
                if kind == "swap"
                else msg("dc.read.retreat", who=who)
                if kind == "retreat"
                else msg("dc.read.winning_ticket", who=who)
            )
        if kind == "use_again":
            return self.r(msg("dc.read.use_again"))
        if kind == "janken":
            n = op.get("times", 1)
            if op.get("per_win"):
                return self.r(msg("dc.read.janken_per_win", n=n, body=self.effects(op["per_win"])))
            out = self.r(msg("dc.read.janken_win", n=n, body=self.effects(op.get("on_win", []))))
            if op.get("on_lose"):
                out += _SEP[self.language] + self.r(msg("dc.read.janken_lose", body=self.effects(op["on_lose"])))
            return out
        if kind == "if_done":
            body = self.effects(op["do"])
            if op.get("optional"):
                body = self.r(msg("dc.read.optional", who=self.whose(op.get("chooser", "own")), body=body))
            if op.get("then"):
                body = self.r(msg("dc.read.if_done", do=body, then=self.effects(op["then"])))
            if op.get("otherwise"):
                body = self.r(msg("dc.read.if_not_done", do=body, otherwise=self.effects(op["otherwise"])))
            return body
        if kind == "if":
            return self.r(
                msg("dc.read.if", condition=self.condition(op.get("condition", {})), then=self.effects(op["then"]))
            )
        if kind == "and_then":
            return self.r(msg("dc.read.and_then", first=self.effects(op["first"]), then=self.effects(op["then"])))
        if kind == "continuous":
            parts = [self.static(op["effect"]), *(self.static(s) for s in op.get("also", []))]
            body = _SEP[self.language].join(parts)
            if op.get("duration") == "while":
                return self.r(
                    msg("dc.read.continuous_while", condition=self.condition(op.get("condition", {})), body=body)
                )
            lasting = self.r(self.lasting(op))
            return self.r(msg("dc.read.continuous", lasting=lasting, body=body))
        if kind == "delayed":
            on = TRIGGER.get(op["on"], op["on"])
            whose = self.whose(op.get("whose", "any"))
            return self.r(msg("dc.read.delayed", on=on, whose=whose, body=self.effects(op["effects"])))
        return toml_value(op)

    # ------------------------------------------------------------ static ops
    def static(self, op: Data) -> str:
        kind = op["op"]
        unit = self.unit(op.get("target", "self"))
        if kind == "modify_damage":
            by = f"×{op['multiply']}" if op.get("multiply") else self.signed(op.get("by", 0))
            if op.get("applies") == "taken":
                return self.r(msg("dc.read.s.damage_taken", unit=unit, by=by))
            return self.r(msg("dc.read.s.damage_dealt", unit=unit, by=by))
        if kind == "hp":
            return self.r(msg("dc.read.s.hp", unit=unit, by=self.signed(op["by"])))
        if kind == "skill_cost":
            return self.r(msg("dc.read.s.skill_cost", unit=unit, by=self.signed(op["by"])))
        if kind == "retreat_cost":
            return self.r(msg("dc.read.s.retreat_cost", unit=unit, by=self.signed(op["by"])))
        if kind == "gain_advantage":
            return self.r(msg("dc.read.s.gain_advantage", unit=unit, attribute=self.attr(op["attribute"])))
        if kind == "gain_attribute":
            return self.r(msg("dc.read.s.gain_attribute", unit=unit, attribute=self.attr(op["attribute"])))
        if kind == "lose_advantage":
            return self.r(msg("dc.read.s.lose_advantage", unit=unit))
        if kind == "set_attribute":
            return self.r(
                msg("dc.read.s.set_attribute", unit=unit, attributes=tuple(self.attr(a) for a in op["attributes"]))
            )
        if kind == "forbid_skill":
            if op.get("skill"):
                return self.r(msg("dc.read.s.forbid_skill", unit=unit, skill=op["skill"]))
            return self.r(msg("dc.read.s.forbid_skills", unit=unit))
        if kind == "forbid":
            return self.r(msg("dc.read.s.forbid_heal", unit=unit))
        if kind == "no_skill_damage":
            return self.r(msg("dc.read.s.no_skill_damage", unit=unit))
        if kind == "skill_fails":
            whose = self.whose(op.get("whose", "opponent"))
            if op.get("janken"):
                return self.r(msg("dc.read.s.skill_fails_janken", whose=whose))
            return self.r(msg("dc.read.s.skill_fails", whose=whose))
        if kind == "deck_copies":
            if op.get("copies"):
                return self.r(msg("dc.read.s.deck_copies", n=op["copies"]))
            return self.r(msg("dc.read.s.deck_copies_any"))
        if kind == "zone_attribute":
            return self.r(
                msg(
                    "dc.read.s.zone_attribute",
                    whose=self.whose(op.get("player", "own")),
                    zone=self.zone(op["zone"]),
                    attribute=self.attr(op["attribute"]),
                )
            )
        if kind == "base_attribute":
            return self.r(msg("dc.read.s.base_attribute", attributes=tuple(self.attr(a) for a in op["attributes"])))
        if kind == "lose_ability":
            if op.get("ability") == "skill":
                return self.r(msg("dc.read.s.lose_skill", unit=unit))
            return self.r(msg("dc.read.s.lose_ex", unit=unit))
        if kind == "gain_ability":
            if op.get("ex"):
                return self.r(
                    msg("dc.read.s.gain_ex", unit=unit, name=op["ex"].get("name", ""), body=self.ability(op["ex"]))
                )
            return self.r(msg("dc.read.s.gain_skill", unit=unit, name=op.get("skill", {}).get("name", "")))
        if kind == "replace":
            if op.get("reduce"):
                return self.r(msg("dc.read.s.replace_damage", unit=unit, n=op["reduce"]))
            return self.r(msg("dc.read.s.replace_ko", unit=unit, body=self.effects(op.get("instead", []))))
        return toml_value(op)

    # ------------------------------------------------------------ abilities and cards
    def ability(self, ex: Data) -> str:
        kind = ex["kind"]
        if kind == "static":
            body = _SEP[self.language].join(self.static(s) for s in ex.get("statics", []))
            if ex.get("condition"):
                return self.r(msg("dc.read.static_while", condition=self.condition(ex["condition"]), body=body))
            return body
        body = self.effects(ex.get("effects", []))
        if kind == "activated":
            if ex.get("zone") == "hand":
                return self.r(msg("dc.read.activated_hand", n=ex.get("uses", 1), body=body))
            return self.r(msg("dc.read.activated", n=ex.get("uses", 1), body=body))
        on = TRIGGER.get(ex["on"], ex["on"])
        whose = self.whose(ex.get("whose", "any"))
        cond = self.condition(ex.get("condition") or {})
        if ex["on"] == "kos_unit":  # whose: the KO'd unit's side
            out = self.kos_unit(ex.get("whose", "any"), cond, body)
        elif cond:
            out = self.r(msg("dc.read.triggered_if", on=on, whose=whose, condition=cond, body=body))
        else:
            out = self.r(msg("dc.read.triggered", on=on, whose=whose, body=body))
        return self.r(msg("dc.read.not_cumulative", body=out)) if ex.get("cumulative") is False else out

    def lasting(self, op: Data) -> Message:
        """How long a ``continuous`` op lasts (``このターン``, ``このゲーム中``, ``次の(自分の/相手の)ターン``)."""
        duration = op.get("duration", "turn")
        if duration == "game":
            return msg("dc.read.lasting.game")
        if duration != "next_turn":
            return msg("dc.read.lasting.turn")
        whose = op.get("whose", "any")
        if whose == "own":
            return msg("dc.read.lasting.next_own_turn")
        if whose == "opponent":
            return msg("dc.read.lasting.next_opponent_turn")
        return msg("dc.read.lasting.next_turn")

    def kos_unit(self, whose: str, cond: str, body: str) -> str:
        """「このユニットが(相手の)ユニットをKOした時」 (813.5), ``whose`` being the KO'd unit's controller."""
        if whose == "any":
            on = self.r(msg("dc.read.on.kos_unit_any"))
        else:
            on = self.r(msg("dc.read.on.kos_unit", whose=self.whose(whose)))
        if cond:
            return self.r(msg("dc.read.triggered_at_if", on=on, condition=cond, body=body))
        return self.r(msg("dc.read.triggered_at", on=on, body=body))

    def card(self, reading: Data) -> list[str]:
        out: list[str] = []
        end = "。" if self.language == "ja" else "."
        for skill in reading.get("skills", []):
            # a skill's text read alone has no name or cost: they are printed on the skill line, not in the text
            parts = [self.r(msg("dc.read.skill", name=skill["name"], cost=skill["cost"]))] if "name" in skill else []
            if skill.get("damage") is not None:
                damage = skill["damage"]
                parts.append(
                    self.r(msg("dc.read.skill_damage_x", damage=damage))
                    if skill.get("x")
                    else self.r(msg("dc.read.skill_damage", damage=damage))
                )
            if skill.get("stunned_ok"):
                parts.append(self.r(msg("dc.read.stunned_ok")))
            if skill.get("before_damage"):
                parts.append(self.r(msg("dc.read.before_damage", body=self.effects(skill["before_damage"]))))
            if skill.get("effects"):
                parts.append(self.effects(skill["effects"]))
            out.append(("、" if self.language == "ja" else ", ").join(parts) + end)
        for ex in reading.get("ex", []):
            kind = self.r(_KIND[ex["kind"]])
            out.append(self.r(msg("dc.read.ex", kind=kind, body=self.ability(ex))) + end)
        if reading.get("effects"):
            out.append(self.r(msg("dc.read.effect", body=self.effects(reading["effects"]))) + end)
        return out


def card_sentences(reading: Data, language: Language) -> list[str]:
    """What was read, one sentence per skill, EX power or effect, in ``language``."""
    return _Words(language).card(reading)
