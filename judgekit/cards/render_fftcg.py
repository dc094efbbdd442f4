"""What the FFTCG reader read, for a judge to confirm: the keys of a ``[cards.KEY]`` table (TOML ready to
paste) and the same in plain words in Japanese or English (catalog ``engine-ff``, ids ``ff.card.*``). The
Japanese follows the comprehensive rules' terms (フォワード, バックアップ, ダル, ブレイクゾーン, オートアビリティ,
EXバースト); elements, keywords and card types are the trace's terms (``ff.element.*``, ``ff.keyword.*``,
``ff.type.*``)."""

from __future__ import annotations

from typing import Any

from judgekit.cards.render import Words, toml_value
from judgekit.i18n import Language
from judgekit.message import Message, msg
from judgekit.render.sentences import render

Data = dict[str, Any]

_GAME = "fftcg"

_ORDER = ("keywords", "x", "reads", "choose", "effects", "replaces", "pick", "modes", "options", "ex_burst")


def card_toml(reading: Data, language: Language = "en") -> str:
    """The keys of a card table for what was read; abilities as ``[[cards.KEY.abilities]]``-ready inline tables."""
    lines: list[str] = []
    for key in (*_ORDER, *(k for k in reading if k not in _ORDER and k != "abilities")):
        if key in reading:
            lines.append(f"{key} = {toml_value(reading[key])}")
    abilities = reading.get("abilities", [])
    if abilities:
        if any(not a.get("name") and a["kind"] in ("action", "special") for a in abilities):
            lines.append("# " + render(msg("ff.card.not_named"), language, _GAME))
        lines.append("abilities = [")
        lines.extend(f"  {toml_value(a)}," for a in abilities)
        lines.append("]")
    return "\n".join(lines)


_WHO: dict[str, Message] = {
    "own": msg("ff.card.who.own"),
    "opponent": msg("ff.card.who.opponent"),
    "any": msg("ff.card.who.any"),
    "each": msg("ff.card.who.each"),
}
"""A player as the one who does something."""

_WHOSE: dict[str, Message] = {
    "own": msg("ff.card.whose.own"),
    "opponent": msg("ff.card.whose.opponent"),
    "any": msg("ff.card.whose.any"),
}
"""A player's, as a possessive."""

_SELECTOR: dict[str, Message] = {
    "self": msg("ff.card.sel.self"),
    "chosen": msg("ff.card.sel.chosen"),
    "chosen.1": msg("ff.card.sel.chosen_1"),
    "chosen.2": msg("ff.card.sel.chosen_2"),
    "picked": msg("ff.card.sel.picked"),
    "about": msg("ff.card.sel.about"),
    "event.subject": msg("ff.card.sel.event_subject"),
    "event.source": msg("ff.card.sel.event_source"),
    "own.forwards": msg("ff.card.sel.own_forwards"),
    "opponent.forwards": msg("ff.card.sel.opponent_forwards"),
    "all.forwards": msg("ff.card.sel.all_forwards"),
    "own.backups": msg("ff.card.sel.own_backups"),
    "opponent.backups": msg("ff.card.sel.opponent_backups"),
    "all.backups": msg("ff.card.sel.all_backups"),
    "own.characters": msg("ff.card.sel.own_characters"),
    "opponent.characters": msg("ff.card.sel.opponent_characters"),
    "all.characters": msg("ff.card.sel.all_characters"),
    "attackers": msg("ff.card.sel.attackers"),
    "blocker": msg("ff.card.sel.blocker"),
}
"""Which cards an effect acts on."""

_SUBJECT: dict[str, Message] = {
    "self": msg("ff.card.subject.self"),
    "own.forward": msg("ff.card.subject.own_forward"),
    "opponent.forward": msg("ff.card.subject.opponent_forward"),
    "any.forward": msg("ff.card.subject.any_forward"),
    "own.backup": msg("ff.card.subject.own_backup"),
    "opponent.backup": msg("ff.card.subject.opponent_backup"),
    "any.backup": msg("ff.card.subject.any_backup"),
    "own.character": msg("ff.card.subject.own_character"),
    "opponent.character": msg("ff.card.subject.opponent_character"),
    "any.character": msg("ff.card.subject.any_character"),
    "own.party": msg("ff.card.subject.own_party"),
}
"""Whose card an auto ability's event is about."""

_COUNT: dict[str, Message] = {
    "own.damage": msg("ff.card.count.own_damage"),
    "opponent.damage": msg("ff.card.count.opponent_damage"),
    "own.hand": msg("ff.card.count.own_hand"),
    "opponent.hand": msg("ff.card.count.opponent_hand"),
    "own.deck": msg("ff.card.count.own_deck"),
    "opponent.deck": msg("ff.card.count.opponent_deck"),
    "own.break": msg("ff.card.count.own_break"),
    "opponent.break": msg("ff.card.count.opponent_break"),
    "own.forwards": msg("ff.card.count.own_forwards"),
    "opponent.forwards": msg("ff.card.count.opponent_forwards"),
    "own.backups": msg("ff.card.count.own_backups"),
    "opponent.backups": msg("ff.card.count.opponent_backups"),
    "own.crystals": msg("ff.card.count.own_crystals"),
}
"""Something a condition, X or a cost counts."""

_ELEMENT: dict[str, Message] = {
    "fire": msg("ff.element.fire"),
    "ice": msg("ff.element.ice"),
    "wind": msg("ff.element.wind"),
    "earth": msg("ff.element.earth"),
    "lightning": msg("ff.element.lightning"),
    "water": msg("ff.element.water"),
    "light": msg("ff.element.light"),
    "dark": msg("ff.element.dark"),
    "any": msg("ff.card.any_element"),
}
"""The elements (and CP of any element), in the trace's terms."""

_KEYWORD: dict[str, Message] = {
    "brave": msg("ff.keyword.brave"),
    "haste": msg("ff.keyword.haste"),
    "first_strike": msg("ff.keyword.first_strike"),
    "back_attack": msg("ff.keyword.back_attack"),
}
"""The keywords (15.1), in the trace's terms."""

_TYPE: dict[str, Message] = {
    "forward": msg("ff.type.forward"),
    "backup": msg("ff.type.backup"),
    "monster": msg("ff.type.monster"),
    "summon": msg("ff.type.summon"),
    "character": msg("ff.card.type.character"),
    "card": msg("ff.card.type.card"),
}
"""Card types (and characters, and any card)."""

_ZONE: dict[str, Message] = {
    "break": msg("ff.card.zone.break"),
    "damage": msg("ff.card.zone.damage"),
    "removed": msg("ff.card.zone.removed"),
    "hand": msg("ff.card.zone.hand"),
    "deck_bottom": msg("ff.card.zone.deck_bottom"),
}
"""Zones an instruction names."""

_ACTION: dict[str, Message] = {
    "attack": msg("ff.card.action.attack"),
    "block": msg("ff.card.action.block"),
}
"""What a forward does that a continuous effect can charge for."""

_KIND: dict[str, Message] = {
    "field": msg("ff.card.kind.field"),
    "auto": msg("ff.card.kind.auto"),
    "action": msg("ff.card.kind.action"),
    "special": msg("ff.card.kind.special"),
}
"""The kinds of ability (11.1)."""


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


class _Words(Words):
    """Renders the pieces of a reading in one language."""

    game = _GAME

    def join(self, parts: list[str], en: str = ", ", ja: str = "、") -> str:
        return (ja if self.ja else en).join(p for p in parts if p)

    def sel(self, selector: str) -> str:
        return self.word(_SELECTOR, selector)

    def amount(self, op: Data, key: str, default: int) -> tuple[int | str, str]:
        """A number with its X part (``3 + X×1000``), or X alone when the number is 0 (``X×1000``)."""
        value = op.get(key, default)
        if value == 0 and op.get("per_x"):
            return self.r(msg("ff.card.x_times", n=op["per_x"])), ""
        return value, self.x(op)

    def x(self, op: Data) -> str:
        return self.r(msg("ff.card.per_x", n=op["per_x"])) if op.get("per_x") else ""

    def keywords(self, keywords: list[str]) -> str:
        return self.join([self.word(_KEYWORD, k) for k in keywords])

    def filter(self, filt: Data) -> str:
        """A card filter: the card type with what it must be."""
        words = []
        for key, value in filt.items():
            if key == "type":
                continue
            if key == "element":
                words.append(self.r(msg("ff.card.f.element", element=self.word(_ELEMENT, value))))
            elif key == "name":
                words.append(self.r(msg("ff.card.f.name", name=value)))
            elif key == "job":
                words.append(self.r(msg("ff.card.f.job", job=value)))
            elif key == "category":
                words.append(self.r(msg("ff.card.f.category", category=value)))
            elif key == "cost_at_most":
                words.append(self.r(msg("ff.card.f.cost_at_most", n=value)))
            elif key == "cost_at_least":
                words.append(self.r(msg("ff.card.f.cost_at_least", n=value)))
            elif key == "power_at_most":
                words.append(self.r(msg("ff.card.f.power_at_most", n=value)))
            elif key == "power_at_least":
                words.append(self.r(msg("ff.card.f.power_at_least", n=value)))
            elif key == "dull":
                words.append(self.r(msg("ff.card.f.dull") if value else msg("ff.card.f.active")))
            elif key == "attacking" and value:
                words.append(self.r(msg("ff.card.f.attacking")))
            elif key == "blocking" and value:
                words.append(self.r(msg("ff.card.f.blocking")))
            elif key == "other" and value:
                words.append(self.r(msg("ff.card.f.other")))
            elif value is not False:
                words.append(f"{key}={toml_value(value)}")
        noun = self.word(_TYPE, str(filt.get("type") or "card"))
        if not words:
            return noun
        return self.r(msg("ff.card.f.filtered", noun=noun, words=self.join(words, ", ", "")))

    def condition(self, cond: Data) -> str:
        parts = []
        if cond.get("count"):
            what = self.word(_COUNT, cond["count"])
            if cond.get("at_least") is not None:
                parts.append(self.r(msg("ff.card.cond.at_least", what=what, n=cond["at_least"])))
            if cond.get("at_most") is not None:
                parts.append(self.r(msg("ff.card.cond.at_most", what=what, n=cond["at_most"])))
        if cond.get("controls"):
            parts.append(self.r(msg("ff.card.cond.controls", filter=self.filter(cond["controls"]))))
        if cond.get("turn"):
            turn = cond["turn"]
            parts.append(self.r(msg("ff.card.cond.own_turn") if turn == "own" else msg("ff.card.cond.opponent_turn")))
        out = parts[0] if parts else toml_value(cond)
        for more in parts[1:]:
            out = self.r(msg("ff.card.and", a=out, b=more))
        return out

    # ------------------------------------------------------------ effects
    def effect(self, op: Data) -> str:  # one branch per op, as the vocabulary lists them
        """One effect in plain words."""
        kind = op["op"]
        target = self.sel(op.get("target", "self"))
        x = self.x(op)
        who = self.word(_WHO, op.get("player", "own"))
        if kind == "damage":
            amount, x = self.amount(op, "amount", 0)
            return self.r(msg("ff.card.damage", target=target, amount=amount, x=x))
        if kind == "distribute":
            return self.r(msg("ff.card.distribute", target=target, amount=op["amount"]))
        if kind == "damage_player":
            player = self.word(_WHO, op.get("player", "opponent"))
            amount, x = self.amount(op, "amount", 1)
            return self.r(msg("ff.card.damage_player", who=player, amount=amount, x=x))
        simple = {
            "break": msg("ff.card.break", target=target),
            "dull": msg("ff.card.dull", target=target),
            "activate": msg("ff.card.activate", target=target),
            "freeze": msg("ff.card.freeze", target=target),
            "remove": msg("ff.card.remove", target=target),
            "return_to_hand": msg("ff.card.return_to_hand", target=target),
            "add_to_hand": msg("ff.card.add_to_hand", target=target),
            "put_in_break_zone": msg("ff.card.put_in_break_zone", target=target),
            "put_onto_field": msg("ff.card.put_onto_field")
            if op.get("target", "self") == "self"
            else msg("ff.card.put_chosen_onto_field", target=target),
        }
        if kind in simple:
            return self.r(simple[kind])
        if kind == "draw":
            if op.get("half_of"):
                return self.r(msg("ff.card.draw_half", who=who, count=self.word(_COUNT, op["half_of"])))
            n, x = self.amount(op, "count", 1)
            return self.r(msg("ff.card.draw", who=who, n=n, x=x))
        if kind == "discard":
            n, x = self.amount(op, "count", 1)
            return self.r(msg("ff.card.discard", who=who, n=n, x=x))
        if kind == "search":
            what, n = self.filter(op.get("filter", {})), op.get("count", 1)
            if op.get("to") == "field":
                if op.get("dull"):
                    return self.r(msg("ff.card.search_field_dull", what=what, n=n))
                return self.r(msg("ff.card.search_field", what=what, n=n))
            return self.r(msg("ff.card.search", what=what, n=n))
        if kind == "cast":
            what = self.filter(op["filter"])
            if op.get("optional"):
                return self.r(msg("ff.card.cast_may", what=what))
            return self.r(msg("ff.card.cast", what=what))
        if kind == "gain_control":
            if op.get("duration") == "turn":
                return self.r(msg("ff.card.gain_control_turn", who=who, target=target))
            return self.r(msg("ff.card.gain_control", who=who, target=target))
        this_turn = op.get("duration") == "this_turn"  # このターン (not ターン終了時まで)
        if kind == "power":
            game = op.get("duration") == "game"
            if op.get("set") is not None:
                if game:
                    return self.r(msg("ff.card.power_set_game", target=target, set=op["set"]))
                if this_turn:
                    return self.r(msg("ff.card.power_set_this_turn", target=target, set=op["set"]))
                return self.r(msg("ff.card.power_set", target=target, set=op["set"]))
            by = _signed(op.get("by", 0))
            if game:
                return self.r(msg("ff.card.power_by_game", target=target, by=by, x=x))
            if this_turn:
                return self.r(msg("ff.card.power_by_this_turn", target=target, by=by, x=x))
            return self.r(msg("ff.card.power_by", target=target, by=by, x=x))
        if kind == "gain":
            keywords = self.keywords(op["keywords"])
            if op.get("duration") == "game":
                return self.r(msg("ff.card.gain_game", target=target, keywords=keywords))
            if this_turn:
                return self.r(msg("ff.card.gain_this_turn", target=target, keywords=keywords))
            return self.r(msg("ff.card.gain", target=target, keywords=keywords))
        if kind == "continuous":
            if op.get("duration") == "game":
                return self.static(op["effect"])
            if this_turn:
                return self.r(msg("ff.card.continuous_this_turn", body=self.static(op["effect"])))
            return self.r(msg("ff.card.continuous", body=self.static(op["effect"])))
        if kind == "pick":
            chooser = self.word(_WHO, op.get("chooser", "own"))
            side, by = op.get("whose", "any"), op.get("chooser", "own")
            own = (by == "each" and side == "own") or (by == "opponent" and side == "opponent")
            whose = self.r(msg("ff.card.pick_own")) if own else self.word(_WHOSE, side)
            return self.r(
                msg("ff.card.pick", who=chooser, whose=whose, what=self.filter(op["what"]), n=op.get("count", 1))
            )
        if kind == "delayed":
            when = self.trigger(op)
            if op.get("about"):
                when = self.r(msg("ff.card.about", when=when, about=self.sel(op["about"])))
            body = self.body(op)
            if op.get("period") == "turn":
                return self.r(msg("ff.card.delayed_turn", when=when, body=body))
            return self.r(msg("ff.card.delayed", when=when, body=body))
        if kind == "split":
            player = self.word(_WHO, op.get("player", "opponent"))
            zone = self.word(_ZONE, op["zone"])
            return self.r(msg("ff.card.split", who=player, zone=zone, n=op.get("groups", 2)))
        if kind == "counters":
            return self.r(msg("ff.card.counters", target=target, name=op.get("name", ""), n=op.get("count", 1)))
        if kind == "crystals":
            return self.r(msg("ff.card.crystals", who=who, n=op.get("count", 1)))
        if kind == "from_outside":
            if op.get("to") == "field":
                return self.r(msg("ff.card.from_outside_field", card=op["card"]))
            return self.r(msg("ff.card.from_outside", card=op["card"]))
        return toml_value(op)

    def effects(self, ops: list[Data]) -> str:
        """Several effects in order."""
        out = ""
        for op in ops:
            said = self.effect(op)
            out = said if not out else self.r(msg("ff.card.then", first=out, then=said))
        return out

    # ------------------------------------------------------------ continuous effects
    def static(self, op: Data) -> str:  # one branch per op, as the vocabulary lists them
        """One continuous effect in plain words."""
        kind = op["op"]
        who = self.sel(op.get("target", "self"))
        if op.get("filter"):
            who = self.r(msg("ff.card.s.like", who=who, filter=self.filter(op["filter"])))
        if kind == "power":
            if op.get("set") is not None:
                return self.r(msg("ff.card.s.power_set", who=who, set=op["set"]))
            return self.r(msg("ff.card.s.power", who=who, by=_signed(op.get("by", 0))))
        if kind == "gain":
            return self.r(msg("ff.card.s.gain", who=who, keywords=self.keywords(op["keywords"])))
        if kind == "cannot":
            cannot = {
                "attack": msg("ff.card.s.cannot_attack", who=who),
                "block": msg("ff.card.s.cannot_block", who=who),
                "be_chosen": msg("ff.card.s.cannot_be_chosen", who=who),
                "be_removed": msg("ff.card.s.cannot_be_removed", who=who),
                "be_returned": msg("ff.card.s.cannot_be_returned", who=who),
            }
            return self.r(cannot[op["action"]]) if op["action"] in cannot else toml_value(op)
        if kind == "must":
            must = {
                "attack": msg("ff.card.s.must_attack", who=who),
                "block": msg("ff.card.s.must_block", who=who),
                "be_chosen": msg("ff.card.s.must_be_chosen", who=who),
            }
            return self.r(must[op["action"]]) if op["action"] in must else toml_value(op)
        if kind == "cost_to":
            action = self.word(_ACTION, op["action"])
            return self.r(msg("ff.card.s.cost_to", who=who, cp=self.cp(op["cp"]), action=action))
        if kind == "unblockable_by":
            return self.r(msg("ff.card.s.unblockable_by", who=who, filter=self.filter(op["blockers"])))
        if kind == "deck_copies":
            if op.get("copies"):
                return self.r(msg("ff.card.s.deck_copies", n=op["copies"]))
            return self.r(msg("ff.card.s.deck_copies_any"))
        if kind == "become":
            parts = []
            if op.get("type"):
                kind_word = self.word(_TYPE, op["type"])
                parts.append(self.r(msg("ff.card.s.become_type", type=kind_word, power=op.get("power", 0))))
            if op.get("jobs"):
                parts.append(self.r(msg("ff.card.s.become_jobs", jobs=self.join(list(op["jobs"])))))
            if op.get("add_jobs"):
                parts.append(self.r(msg("ff.card.s.become_add_jobs", jobs=self.join(list(op["add_jobs"])))))
            body = parts[0] if parts else ""
            for more in parts[1:]:
                body = self.r(msg("ff.card.and", a=body, b=more))
            return self.r(msg("ff.card.s.become", who=who, body=body))
        if kind == "text":
            if op.get("lose_abilities"):
                return self.r(msg("ff.card.s.lose_abilities", who=who))
            return self.r(msg("ff.card.s.gain_abilities", who=who))
        if kind == "replace":
            return self.replace(op, who)
        return toml_value(op)

    def replace(self, op: Data, who: str) -> str:
        event = op.get("event", "break")
        if event == "damage_player":
            who = self.word(_WHO, op.get("player", "own"))
        events = {
            "break": msg("ff.card.s.event.break", who=who),
            "put_in_break_zone": msg("ff.card.s.event.put_in_break_zone", who=who),
            "damage": msg("ff.card.s.event.damage", who=who),
            "damage_player": msg("ff.card.s.event.damage_player", who=who),
        }
        happens = self.r(events[event]) if event in events else event
        if op.get("to_zone"):
            instead = self.r(msg("ff.card.s.to_zone", zone=self.word(_ZONE, op["to_zone"])))
        elif op.get("reduce") is not None:
            instead = self.r(msg("ff.card.s.reduce", n=op["reduce"]))
        else:
            instead = self.effects(op.get("instead", []))
        if op.get("optional"):
            return self.r(msg("ff.card.s.replace_may", event=happens, instead=instead))
        return self.r(msg("ff.card.s.replace", event=happens, instead=instead))

    # ------------------------------------------------------------ costs, choices, abilities
    def cp(self, cp: dict[str, int]) -> str:
        return self.join([self.r(msg("ff.card.cp", element=self.word(_ELEMENT, e), n=n)) for e, n in cp.items()])

    def cost(self, cost: Data) -> str:
        parts = [self.cp(cost.get("cp", {}))]
        if cost.get("dull"):
            parts.append(self.r(msg("ff.card.cost.dull")))
        if cost.get("break_self"):
            parts.append(self.r(msg("ff.card.cost.break_self")))
        if cost.get("discard"):
            parts.append(self.r(msg("ff.card.cost.discard", n=cost["discard"])))
        if cost.get("crystals"):
            parts.append(self.r(msg("ff.card.cost.crystals", n=cost["crystals"])))
        if cost.get("characters"):
            chars = cost["characters"]
            what, n = self.filter(chars.get("what", {"type": "character"})), chars.get("count", 1)
            does = {
                "dull": msg("ff.card.cost.chars_dull", what=what, n=n),
                "break_zone": msg("ff.card.cost.chars_break_zone", what=what, n=n),
                "remove": msg("ff.card.cost.chars_remove", what=what, n=n),
                "return_to_hand": msg("ff.card.cost.chars_return", what=what, n=n),
            }
            parts.append(self.r(does[chars["do"]]) if chars["do"] in does else toml_value(chars))
        for name, n in cost.get("remove_counters", {}).items():
            parts.append(self.r(msg("ff.card.cost.remove_counters", name=name, n=n)))
        if cost.get("reads"):
            reads = cost["reads"]
            by = _signed(reads["by"])
            if reads.get("per"):
                parts.append(self.r(msg("ff.card.cost.reads_per", by=by, per=self.word(_COUNT, reads["per"]))))
            elif reads.get("for_each"):
                parts.append(self.r(msg("ff.card.cost.reads_for_each", by=by, what=self.filter(reads["for_each"]))))
            else:
                parts.append(self.r(msg("ff.card.cost.reads", by=by)))
        said = self.join(parts)
        return said or self.r(msg("ff.card.cost.nothing"))

    def choice(self, choice: Data) -> str:
        what = self.filter(choice.get("what", {"type": "forward"}))
        n, whose = choice.get("count", 1), choice.get("whose", "any")
        up_to = bool(choice.get("up_to"))
        zone = choice.get("zone", "field")
        if zone != "field":
            w, z = self.word(_WHOSE, whose), self.word(_ZONE, zone)
            return self.r(
                msg("ff.card.choice_in_zone_up_to", whose=w, zone=z, what=what, n=n)
                if up_to
                else msg("ff.card.choice_in_zone", whose=w, zone=z, what=what, n=n)
            )
        if whose == "any":
            return self.r(
                msg("ff.card.choice_any_up_to", what=what, n=n) if up_to else msg("ff.card.choice_any", what=what, n=n)
            )
        w = self.word(_WHOSE, whose)
        return self.r(
            msg("ff.card.choice_up_to", whose=w, what=what, n=n)
            if up_to
            else msg("ff.card.choice", whose=w, what=what, n=n)
        )

    def pick(self, pick: Data) -> str:
        n = pick.get("count", 1)
        said = self.r(msg("ff.card.modes_up_to", n=n) if pick.get("up_to") else msg("ff.card.modes_n", n=n))
        if pick.get("per"):
            said = self.r(msg("ff.card.modes_per", per=self.word(_COUNT, pick["per"])))
        if pick.get("condition") and pick.get("instead") is not None:
            condition = self.condition(pick["condition"])
            said = self.r(msg("ff.card.modes_instead", pick=said, condition=condition, instead=pick["instead"]))
        return said

    def body(self, item: Data) -> str:
        parts = []
        if item.get("choose"):
            choices = item["choose"]
            joined = self.choice(choices[0])
            for more in choices[1:]:
                joined = self.r(msg("ff.card.and", a=joined, b=self.choice(more)))
            parts.append(self.r(msg("ff.card.choose", choices=joined)))
        if item.get("effects"):
            parts.append(self.effects(item["effects"]))
        if item.get("modes"):
            modes = self.join(
                [
                    self.r(msg("ff.card.mode", name=m.get("name") or str(i), body=self.body(m)))
                    for i, m in enumerate(item["modes"], start=1)
                ],
                " | ",
                "／",
            )
            parts.append(self.r(msg("ff.card.modes", pick=self.pick(item.get("pick", {"count": 1})), modes=modes)))
        return self.join(parts, "; ", "。")

    def trigger(self, ability: Data) -> str:
        """When an auto ability (or a delayed one) triggers."""
        on = str(ability.get("on"))
        subject = self.word(_SUBJECT, ability.get("subject", "self"))
        if ability.get("subject_filter"):
            subject = self.r(msg("ff.card.s.like", who=subject, filter=self.filter(ability["subject_filter"])))
        whose = self.word(_WHOSE, ability.get("whose", "any"))
        who = self.word(_WHO, ability.get("whose", "any"))
        events = {
            "enters_field": msg("ff.card.on.enters_field", subject=subject),
            "leaves_field": msg("ff.card.on.leaves_field", subject=subject),
            "put_in_break_zone": msg("ff.card.on.put_in_break_zone", subject=subject),
            "broken": msg("ff.card.on.broken", subject=subject),
            "attacks": msg("ff.card.on.attacks", subject=subject),
            "blocks": msg("ff.card.on.blocks", subject=subject),
            "is_blocked": msg("ff.card.on.is_blocked", subject=subject),
            "deals_damage_to_player": msg("ff.card.on.deals_damage_to_player", subject=subject),
            "deals_damage_to_forward": msg("ff.card.on.deals_damage_to_forward", subject=subject),
            "receives_damage": msg("ff.card.on.receives_damage", who=who),
            "main1_start": msg("ff.card.on.main1_start", whose=whose),
            "main2_start": msg("ff.card.on.main2_start", whose=whose),
            "attack_phase_start": msg("ff.card.on.attack_phase_start", whose=whose),
            "end_phase_start": msg("ff.card.on.end_phase_start", whose=whose),
            "turn_end": msg("ff.card.on.turn_end", whose=whose),
            "summon_cast": msg("ff.card.on.summon_cast", who=who),
        }
        if on == "state":
            return self.r(msg("ff.card.on.state", condition=self.condition(ability.get("condition") or {})))
        return self.r(events[on]) if on in events else on

    def ability(self, ability: Data) -> str:
        """One ability in plain words."""
        kind = ability["kind"]
        lead = self.word(_KIND, kind)
        if ability.get("name"):
            lead = self.r(msg("ff.card.named", kind=lead, name=ability["name"]))
        if ability.get("damage"):
            lead = self.r(msg("ff.card.damage_only", lead=lead, n=ability["damage"]))
        if ability.get("ex_burst"):
            lead = self.r(msg("ff.card.ex_burst", lead=lead))
        if kind == "field":
            body = self.join([self.static(s) for s in ability.get("statics", [])], "; ", "。")
            if ability.get("condition"):
                condition = self.condition(ability["condition"])
                return self.r(msg("ff.card.field_while", lead=lead, condition=condition, body=body))
            return self.r(msg("ff.card.ability", lead=lead, body=body))
        if kind == "auto":
            when = self.trigger(ability)
            if ability.get("condition") and ability.get("on") != "state":
                when = self.r(msg("ff.card.when_if", when=when, condition=self.condition(ability["condition"])))
            body = self.body(ability)
            if ability.get("cost"):
                body = self.r(msg("ff.card.pay_then", cost=self.cost(ability["cost"]), body=body))
            if ability.get("optional"):
                body = self.r(msg("ff.card.may", body=body))
            return self.r(msg("ff.card.auto", lead=lead, when=when, body=body))
        cost = self.cost(ability.get("cost", {}))
        if ability.get("per_turn"):
            cost = self.r(msg("ff.card.per_turn", cost=cost, n=ability["per_turn"]))
        return self.r(msg("ff.card.action_ability", lead=lead, cost=cost, body=self.body(ability)))

    def variable(self, x: Data) -> str:
        if x.get("cost"):
            return self.r(msg("ff.card.x_cost", element=self.word(_ELEMENT, x["cost"])))
        if x.get("count"):
            return self.r(msg("ff.card.x_count", count=self.word(_COUNT, x["count"])))
        return self.r(msg("ff.card.x", value=toml_value(x)))

    def card(self, reading: Data) -> list[str]:
        """What was read, one sentence per part."""
        end = "。" if self.ja else "."
        out: list[str] = []
        if reading.get("keywords"):
            out.append(self.r(msg("ff.card.keywords", keywords=self.keywords(reading["keywords"]))) + end)
        if reading.get("dejon"):
            dejon = reading["dejon"]
            cost = self.cost(dejon.get("cost", {}))
            out.append(self.r(msg("ff.card.dejon", n=dejon.get("counters", 0), cost=cost)) + end)
        if reading.get("x"):
            out.append(self.variable(reading["x"]) + end)
        body = self.body(reading)
        if body:
            sentence = (
                msg("ff.card.effect_burst", body=body) if reading.get("ex_burst") else msg("ff.card.effect", body=body)
            )
            out.append(self.r(sentence) + end)
        for option in reading.get("options", []):
            cost = self.cost(option["cost"])
            name = option["name"]
            said = (
                self.r(msg("ff.card.option_alternative", name=name, cost=cost))
                if option.get("alternative")
                else self.r(msg("ff.card.option_additional", name=name, cost=cost))
            )
            if option.get("effects"):
                said = self.r(msg("ff.card.option_paid", option=said, effects=self.effects(option["effects"])))
            out.append(said + end)
        for ability in reading.get("abilities", []):
            out.append(self.ability(ability) + end)
            if ability.get("x"):  # the ability's own X (its cost's, or a count), told after it
                out.append(self.variable(ability["x"]) + end)
        return out


def card_sentences(reading: Data, language: Language = "en") -> list[str]:
    """What was read, one sentence per part, in ``language``."""
    return _Words(language).card(reading)
