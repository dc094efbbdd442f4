"""Code of Joker card text, as printed, to the effect vocabulary of the scenario files.

The grammar is ``code_of_joker.lark`` (over ``grammar_common.lark``); :class:`_Build` turns its trees
into the plain dicts a scenario file writes (``{"op": "destroy", "target": {"side": "opponent"}}``),
which :mod:`judgekit.games.code_of_joker.cards` validates. What the grammar does not cover is never
guessed: :class:`~judgekit.cards.errors.UnreadText` names the phrase, its position and the card.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, Literal

from lark import Lark, Token, Transformer, UnexpectedInput

from judgekit.cards.errors import reason
from judgekit.cards.lalr import Unread, cached_parser, parse_text, tokens, unread_at

Data = dict[str, Any]
"""One piece of the vocabulary as a scenario file writes it."""

CardType = Literal["unit", "evolution", "trigger", "intercept", "joker"]
"""What the text is printed on (カードの種類)."""

_WHO = {"自分": "own", "相手": "opponent", "対戦相手": "opponent", "お互い": "both"}
_COLOR = {"赤": "red", "青": "blue", "黄": "yellow", "緑": "green", "紫": "purple"}
_EVENT = {
    "フィールドに出た": "enter",
    "アタックした": "attack",
    "ブロックした": "block",
    "戦闘した": "battle",
    "破壊された": "destroyed",
    "プレイヤーアタックに成功した": "player_attack",
}
_TURN = {"ターン開始時": "turn_start", "ターン終了時": "turn_end"}
_KIND = {
    "ユニット": "unit",
    "進化": "evolution",
    "トリガー": "trigger",
    "インターセプト": "intercept",
    "ジョーカー": "joker",
}
_VERB = {"破壊する": "destroy", "消滅させる": "delete", "手札に戻す": "bounce"}
_COUNT = {"手札": "hand", "捨札": "discard", "デッキ": "deck"}
_IT = "それ"
"""それ: the unit an instruction names after 「…を選び、」, replaced by the chosen units when the pick is read."""
_STARTS = ["unit_text", "ability", "card_text", "effects", "field_text"]


_Unread = Unread


@cache
def parser() -> Lark:
    """The Code of Joker card-text parser (LALR(1), contextual lexer, cached between runs)."""
    return cached_parser("code_of_joker.lark", "code-of-joker", _STARTS)


_tokens = tokens


def _token(items: list[Any], kind: str) -> str:
    return _tokens(items, kind)[0]


def _num(items: list[Any]) -> int:
    return int(_token(items, "NUMBER"))


def _who(items: list[Any], default: str = "own") -> str:
    found = [i for i in items if isinstance(i, _Who)]
    if found and found[0].side == "both":
        raise _Unread(reason("cards.reason.coj.both_where_one_named"))
    return found[0].side if found else default


def _dicts(items: list[Any]) -> list[Data]:
    return [i for i in items if isinstance(i, dict)]


class _Who(str):
    """A player phrase as read (``own``, ``opponent``)."""

    @property
    def side(self) -> str:
        return str(self)


class _Filter(dict[str, Any]):
    """The words before ユニット: whose, 他の, 行動権を消費した, a colour, a BP or cost limit."""


def _names_it(ops: list[Data]) -> bool:
    """Whether an instruction, or one inside 「…なら、」 or 「そうした場合」, still says それ."""
    return any(e.get("target") == _IT or _names_it(e.get("then", [])) or _names_it(e.get("do", [])) for e in ops)


def _name_chosen(chosen: list[Data], steps: list[Data], how: str) -> list[Data]:
    """The instructions after a choice, with それ (それら) as the chosen units. An instruction with a selection
    chooses its units as it comes, so それ in one instruction only: in two, they would choose apart."""
    named = [s for s in steps if s.get("target") == _IT]
    if not named:
        raise _Unread(reason("cards.reason.coj.units_chosen_how_no", how=how))
    if len(named) > 1:
        raise _Unread(reason("cards.reason.coj.units_chosen_two_instructions"))
    out: list[Data] = []
    for step in steps:
        out += [{**step, "target": t} for t in chosen] if step.get("target") == _IT else [step]
    return out


def _after_choices(items: list[Any]) -> list[Any]:
    """The sentences of an effect with each 「…を選ぶ。」 sentence folded into the next one, whose それ are the
    chosen units."""
    out: list[Any] = []
    chosen: list[Data] | None = None
    folded = False
    for item in items:
        if isinstance(item, tuple) and item[0] == "choose":
            if chosen is not None:
                raise _Unread(reason("cards.reason.coj.units_chosen_no_instruction"))
            chosen = item[1]
            continue
        if chosen is not None:
            if not (isinstance(item, tuple) and item[0] == "plain"):
                raise _Unread(reason("cards.reason.coj.units_chosen_sentence_after"))
            item = ("plain", _name_chosen(chosen, item[1], "…を選ぶ"))
            chosen, folded = None, True
        elif folded and isinstance(item, tuple) and any(s.get("target") == _IT for s in item[1]):
            raise _Unread(reason("cards.reason.coj.units_chosen_two_sentences"))
        else:
            folded = False
        out.append(item)
    if chosen is not None:
        raise _Unread(reason("cards.reason.coj.units_chosen_no_instruction"))
    return out


class _Build(Transformer[Token, Any]):
    """Turns a parse tree into vocabulary dicts."""

    # ------------------------------------------------------------ players, units
    def who(self, items: list[Any]) -> _Who:
        return _Who(_WHO[str(items[0])])

    def unit_filter(self, items: list[Any]) -> _Filter:
        sides = [i for i in items if isinstance(i, _Who)]
        if len(set(sides)) > 1:
            raise _Unread(reason("cards.reason.coj.units_two_players_once"))
        side = sides[0].side if sides else "any"
        out = _Filter(side="any" if side == "both" else side)
        if _tokens(items, "OTHER"):
            out["other"] = True
        if _tokens(items, "ACTED"):
            out["acted"] = _token(items, "ACTED") in ("行動権を消費した", "行動済みの")
        if _tokens(items, "COLOR"):
            out["color"] = _COLOR[_token(items, "COLOR")]
        for kind, key in (("BP_LIMIT", "bp"), ("COST_LIMIT", "cost")):
            if _tokens(items, kind):
                limit = _token(items, kind)
                out[f"{'min' if '以上' in limit else 'max'}_{key}"] = int(re.sub(r"\D", "", limit))
        return out

    def s_count(self, items: list[Any]) -> Data:
        out = dict(items[0])
        if _num(items) != 1:
            out["count"] = _num(items)
        return out

    def s_all(self, items: list[Any]) -> Data:
        return {**items[0], "all": True}

    def u_self(self, items: list[Any]) -> str:
        return "self"

    def u_subject(self, items: list[Any]) -> str:
        return "subject"

    def u_attacker(self, items: list[Any]) -> str:
        return "attacker"

    def u_blocker(self, items: list[Any]) -> str:
        return "blocker"

    def u_it(self, items: list[Any]) -> str:
        return _IT

    def unit(self, items: list[Any]) -> Any:
        return items[0]

    # ------------------------------------------------------------ instructions
    def _on(self, op: str, items: list[Any], **more: Any) -> Any:
        target = next(i for i in items if isinstance(i, dict | str | list) and not isinstance(i, Token | _Who))
        if isinstance(target, list):  # 「AとBを破壊する」: one instruction per unit phrase
            return [{"op": op, "target": t, **more} for t in target]
        return {"op": op, "target": target, **more}

    def units(self, items: list[Any]) -> list[Data]:
        return _dicts(items)

    def bp(self, items: list[Any]) -> Any:
        out = self._on("bp", items, amount=int(_token(items, "SIGNED")))
        if _tokens(items, "BASE"):
            out["base"] = True
        return out

    def damage(self, items: list[Any]) -> Any:
        return self._on("damage", items, amount=_num(items))

    def destroy(self, items: list[Any]) -> Any:
        return self._on("destroy", items)

    def delete(self, items: list[Any]) -> Any:
        return self._on("delete", items)

    def bounce(self, items: list[Any]) -> Any:
        return self._on("bounce", items)

    def consume(self, items: list[Any]) -> Any:
        return self._on("consume", items)

    def recover(self, items: list[Any]) -> Any:
        return self._on("recover", items)

    def release(self, items: list[Any]) -> Any:
        return self._on("release", items)

    def level(self, items: list[Any]) -> Any:
        sign = -1 if _token(items, "LEVEL_VERB").startswith("下げ") else 1
        return self._on("level", items, by=sign * _num(items))

    def level_signed(self, items: list[Any]) -> Any:
        return self._on("level", items, by=int(_token(items, "SIGNED")))

    def grant(self, items: list[Any]) -> Any:
        return self._on("grant", items, keyword=_token(items, "KEYWORD"))

    def grant_dimension(self, items: list[Any]) -> Any:
        """【次元干渉/コストN】 given by an effect: the keyword with its cost (Grant.dimension)."""
        return self._on("grant", items, keyword="次元干渉", dimension=_num(items))

    def cp(self, items: list[Any]) -> Data:
        return {"op": "cp", "player": _who(items), "by": int(_token(items, "SIGNED"))}

    def cp_verb(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "CP_VERB").startswith("減ら") else 1
        return {"op": "cp", "player": _who(items), "by": sign * _num(items)}

    def life(self, items: list[Any]) -> Data:
        return {"op": "life", "player": _who(items), "amount": _num(items)}

    def life_both(self, items: list[Any]) -> Data:
        return {"op": "life", "player": "both", "amount": _num(items)}

    def draw(self, items: list[Any]) -> Data:
        return {"op": "draw", "player": _who(items), "count": _num(items)}

    def discard(self, items: list[Any]) -> Data:
        return {"op": "discard", "player": _who(items), "count": _num(items)}

    def break_set(self, items: list[Any]) -> Data:
        return {"op": "break_set", "player": _who(items), "count": _num(items)}

    def delete_discard(self, items: list[Any]) -> Data:
        return {"op": "delete_discard", "player": _who(items), "count": _num(items)}

    def salvage(self, items: list[Any]) -> Data:
        if _who(items) != "own":
            raise _Unread(reason("cards.reason.coj.card_opponent_s_discard"))
        out: Data = {"op": "salvage", "count": _num(items)}
        if _tokens(items, "CARD_KIND"):
            out["type"] = _KIND[_token(items, "CARD_KIND")]
        if _tokens(items, "RANDOM"):
            out["random"] = True
        return out

    def chosen(self, items: list[Any]) -> list[Data]:
        verb = _VERB[_token(items, "VERB")]
        return [{"op": verb, "target": t} for t in _dicts(items)]

    def pick(self, items: list[Any]) -> list[Data]:
        chosen, steps = _dicts(items), items[-1]
        return _name_chosen(chosen, steps, "…を選び")

    def pick_counted(self, items: list[Any]) -> list[Data]:
        target = dict(items[0])
        if _num(items) != 1:
            target["count"] = _num(items)
        if _tokens(items, "UP_TO"):
            target["up_to"] = True
        return self.pick([target, items[-1]])

    # ------------------------------------------------------------ sentences
    def chain(self, items: list[Any]) -> list[Data]:
        out: list[Data] = []
        for i in items:
            out += i if isinstance(i, list) else [i]
        return out

    def choose_counted(self, items: list[Any]) -> list[Data]:
        target = dict(items[0])
        if _num(items) != 1:
            target["count"] = _num(items)
        if _tokens(items, "UP_TO"):
            target["up_to"] = True
        return [target]

    def choose_selects(self, items: list[Any]) -> list[Data]:
        return _dicts(items)

    def choose_sentence(self, items: list[Any]) -> tuple[str, Any]:
        return ("choose", items[0])

    def until_end(self, items: list[Any]) -> tuple[str, Any]:
        steps: list[Data] = items[-1]
        for step in steps:
            if step["op"] == "grant":
                step["until"] = "turn"
            elif step["op"] != "bp" or step.get("base"):
                raise _Unread(reason("cards.reason.coj.until_end_of_turn_with_op", op=step["op"]))
        return ("plain", steps)

    def plain(self, items: list[Any]) -> tuple[str, Any]:
        return ("plain", items[0])

    def if_done(self, items: list[Any]) -> tuple[str, Any]:
        return ("if_done", items[0])

    def conditional(self, items: list[Any]) -> tuple[str, Any]:
        return ("if", {"op": "if", "condition": items[0], "then": items[-1]})

    def effects(self, items: list[Any]) -> list[Data]:
        out: list[Data] = []
        items = _after_choices(items)
        for item in items:
            if isinstance(item, dict):  # a field effect after the instructions (see unit_text)
                out.append(item)
                continue
            kind, value = item
            if kind == "plain":
                out += value
            elif kind == "next":  # the timing of the unit's next effect, then its first sentence
                out += [{"_ability": value[0]}, *value[1]]
            elif kind == "if":
                out.append(value)
            else:
                if not out:
                    raise _Unread(reason("cards.reason.coj.if_done_no_instruction"))
                out.append({"op": "if_done", "do": [out.pop()], "then": value})
        if _names_it(out):
            raise _Unread(reason("cards.reason.coj.it_no_units_chosen"))
        return out

    # ------------------------------------------------------------ conditions
    def _bound(self, items: list[Any]) -> Data:
        return {"at_least" if _token(items, "BOUND") == "以上" else "at_most": _num(items)}

    def c_life(self, items: list[Any]) -> Data:
        return {"count": "life", "player": _who(items), **self._bound(items)}

    def c_cp(self, items: list[Any]) -> Data:
        return {"count": "cp", "player": _who(items), **self._bound(items)}

    def c_zone(self, items: list[Any]) -> Data:
        return {"count": _COUNT[_token(items, "COUNTED_ZONE")], "player": _who(items), **self._bound(items)}

    def c_trigger(self, items: list[Any]) -> Data:
        return {"count": "trigger", "player": _who(items), **self._bound(items)}

    def c_units(self, items: list[Any]) -> Data:
        return {"count": "units", "player": _who(items), **self._bound(items)}

    def c_color_units(self, items: list[Any]) -> Data:
        color = _COLOR[_token(items, "COLOR")]
        return {"count": "units", "player": _who(items), "color": color, **self._bound(items)}

    # ------------------------------------------------------------ timings
    def t_self(self, items: list[Any]) -> Data:
        return {"on": _EVENT[_token(items, "EVENT")], "of": "self"}

    def t_units(self, items: list[Any]) -> Data:
        side, other = _who(items), bool(_tokens(items, "OTHER"))
        if other and side != "own":
            raise _Unread(reason("cards.reason.coj.other_than_which_unit"))
        return {"on": _EVENT[_token(items, "EVENT")], "of": "other_own" if other else side}

    def t_any_unit(self, items: list[Any]) -> Data:
        return {"on": _EVENT[_token(items, "EVENT")], "of": "any"}

    def t_oc(self, items: list[Any]) -> Data:
        return {"on": "oc", "of": "self"}

    def t_turn(self, items: list[Any]) -> Data:
        return {"on": _TURN[_token(items, "TURN_EVENT")], "of": _who(items)}

    def t_any_turn(self, items: list[Any]) -> Data:
        return {"on": _TURN[_token(items, "TURN_EVENT")], "of": "any"}

    def t_self_battle_end(self, items: list[Any]) -> Data:
        return {"on": "battle_end", "of": "self"}

    def t_battle_end(self, items: list[Any]) -> Data:
        return {"on": "battle_end", "of": "any"}

    # ------------------------------------------------------------ abilities and cards
    def next_ability(self, items: list[Any]) -> tuple[str, Any]:
        return ("next", (items[0], items[-1]))

    def ability(self, items: list[Any]) -> Data:
        """One effect, and those that follow it in a unit's text (``_more``) and its field effects (``_field``)."""
        abilities: list[Data] = [{**items[0], "effects": []}]
        fields: list[Data] = []
        for e in items[1]:
            if e.get("field"):
                fields.append(e)
            elif "_ability" in e:
                abilities.append({**e["_ability"], "effects": []})
            else:
                abilities[-1]["effects"].append(e)
        out = abilities[0]
        if abilities[1:]:
            out["_more"] = abilities[1:]
        if fields:
            out["_field"] = fields
        return out

    def card_text(self, items: list[Any]) -> Data:
        if any(e.get("field") for e in items[1]):
            raise _Unread(reason("cards.reason.coj.field_effect_card_not"))
        if any("_ability" in e for e in items[1]):
            raise _Unread(reason("cards.reason.coj.second_timing_card_not"))
        return {**items[0], "effects": items[1]}

    def kw(self, items: list[Any]) -> tuple[str, str]:
        return ("keyword", _token(items, "KEYWORD"))

    def kw_dimension(self, items: list[Any]) -> tuple[str, int]:
        return ("dimension", _num(items))

    def f_bp(self, items: list[Any]) -> Data:
        return {**self._field(items[0]), "bp": int(_token(items, "SIGNED"))}

    def f_keyword(self, items: list[Any]) -> Data:
        return {**self._field(items[0]), "keywords": [_token(items, "KEYWORD")]}

    def _field(self, where: _Filter) -> Data:
        if set(where) - {"side", "other", "color"}:
            raise _Unread(reason("cards.reason.coj.field_effect_units_chosen"))
        return {"field": True, **where}

    def field_text(self, items: list[Any]) -> Data:
        out = dict(items[0])
        out.pop("field")
        return out

    def unit_text(self, items: list[Any]) -> Data:
        out: Data = {}
        for item in items:
            if isinstance(item, tuple) and item[0] == "keyword":
                out.setdefault("keywords", []).append(item[1])
            elif isinstance(item, tuple) and item[0] == "dimension":
                out.setdefault("keywords", []).append("次元干渉")
                out["dimension"] = item[1]
            elif isinstance(item, dict) and item.pop("field", False):
                out.setdefault("field", []).append(item)
            elif isinstance(item, dict):
                out.setdefault("field", []).extend(item.pop("_field", []))
                more = item.pop("_more", [])
                out.setdefault("abilities", []).extend([item, *more])
        for field in out.get("field", []):
            field.pop("field", None)
        if out.get("field") == []:
            del out["field"]
        return out


def normalize(text: str) -> str:
    """The text as the grammar reads it: NFKC (full-width digits and signs), no spaces."""
    out = unicodedata.normalize("NFKC", text).strip()
    return re.sub(r"\s+", "", out)


_fail = unread_at


def _parse(text: str, start: str, card: str) -> Any:
    """Parse normalised ``text`` from rule ``start`` and build its vocabulary; UnreadText on failure."""
    return parse_text(parser(), _Build().transform, text, start, card, "。、】")


def read_effects(text: str, card: str = "") -> list[Data]:
    """Instructions alone (a joker's text) as a list of ops."""
    body = normalize(text)
    result: list[Data] = _parse(body, "effects", card)
    if any(e.get("field") for e in result):
        raise _fail(body, 0, card, reason("cards.reason.coj.field_effect_among_instructions"))
    if any("_ability" in e for e in result):
        raise _fail(body, 0, card, reason("cards.reason.coj.timing_among_instructions_unit"))
    return result


def read_ability(text: str, card: str = "") -> Data:
    """One effect of a unit: ``on``, ``of`` and ``effects`` (its name and pattern are not printed)."""
    body = normalize(text)
    result: Data = _parse(body, "ability", card)
    if "_field" in result:
        raise _fail(body, 0, card, reason("cards.reason.coj.field_effect_effect_s"))
    if "_more" in result:
        raise _fail(body, 0, card, reason("cards.reason.coj.two_timings_one_effect"))
    return result


def read_field(text: str, card: str = "") -> Data:
    """One フィールド効果: whose units, 他の, colour, and the BP or keyword they have."""
    result: Data = _parse(normalize(text), "field_text", card)
    return result


def read_card(text: str, kind: CardType, card: str = "") -> Data:
    """A card's whole printed text as the keys of its ``[cards.KEY]`` table.

    A unit's (or an evolution's): ``keywords`` (and ``dimension``), ``abilities``, ``field``. A trigger's or
    an intercept's: ``on``, ``of``, ``effects``. A joker's: ``effects``.
    """
    body = normalize(text)
    if kind in ("unit", "evolution"):
        result: Data = _parse(body, "unit_text", card)
        return result
    if kind == "joker":
        return {"effects": read_effects(body, card)}
    found: Data = _parse(body, "card_text", card)
    return found


def guess_type(text: str) -> CardType:
    """What a text is printed on, as far as the text shows: keywords or 「このユニット」 (a unit), a timing
    first (a trigger card; an intercept reads the same), or else a joker's instructions."""
    body = normalize(text)
    if body.startswith("【") or "このユニット" in body or "OC時" in body:
        return "unit"
    try:
        parser().parse(body, start="card_text")
    except UnexpectedInput:
        return "joker"
    return "trigger"
