"""FFTCG card text, as printed, to the effect vocabulary of the scenario files.

The grammar is ``fftcg.lark`` (over ``grammar_common.lark``); :class:`_Build` turns its trees into the plain
dicts a scenario file writes (``{"op": "damage", "target": "chosen", "amount": 7000}``), which
:mod:`judgekit.games.fftcg.cards` validates. The card's own name stands for the card itself (the rules'
templated text names its own card by its name): the reader is given the name and reads it as このカード.
What the grammar does not cover is never guessed: :class:`~judgekit.cards.errors.UnreadText` names the
phrase, its position and the card.

Names the text does not print are not invented: an action or auto ability's name is left out (an
ability without a name is called by its card and its place, see the engine), a mode or an option is
named by its place or its printed cost.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

import lark
from lark import Lark, Token, Transformer

from judgekit.cards.errors import UnreadText, both, name_hint, reason
from judgekit.cards.lalr import Unread, parse_text, tokens, unread_at

Data = dict[str, Any]
"""One piece of the vocabulary as a scenario file writes it."""

Sentence = tuple[str, Any, bool]
"""A sentence of a body as read: what it makes (``effects``, ``choose``, ``option``, …), its value, and whether
it ends in …してもよい."""

CardType = Literal["forward", "backup", "monster", "summon"]
"""What the text is printed on (5.2.3)."""

_ELEMENT = {
    "火": "fire",
    "氷": "ice",
    "風": "wind",
    "土": "earth",
    "雷": "lightning",
    "水": "water",
    "光": "light",
    "闇": "dark",
}
_WHO = {"あなた": "own", "相手": "opponent", "自分": "self_side"}
"""自分 is the side of whoever the sentence's subject is (the controller when there is none)."""
_TYPE: dict[str, str | None] = {
    "フォワード": "forward",
    "バックアップ": "backup",
    "モンスター": "monster",
    "キャラクター": "character",
    "召喚獣": "summon",
    "カード": None,
}
_KEYWORD = {"ヘイスト": "haste", "ブレイブ": "brave", "先制攻撃": "first_strike", "バックアタック": "back_attack"}
_CARD_EVENT = {
    "フィールドに出た": "enters_field",
    "フィールドを離れた": "leaves_field",
    "フィールドからブレイクゾーンに置かれた": "put_in_break_zone",
    "ブレイクされた": "broken",
    "アタックした": "attacks",
    "ブロックした": "blocks",
    "ブロックされた": "is_blocked",
    "プレイヤーにダメージを与えた": "deals_damage_to_player",
    "フォワードにダメージを与えた": "deals_damage_to_forward",
}
_PHASE = {
    "第1メインフェイズ": "main1_start",
    "第2メインフェイズ": "main2_start",
    "アタックフェイズ": "attack_phase_start",
    "エンドフェイズ": "end_phase_start",
}
_COST_VERB = {
    "ダルにする": "dull",
    "ブレイクゾーンに置く": "break_zone",
    "除外する": "remove",
    "持ち主の手札に戻す": "return_to_hand",
}
_COUNTED = {"フォワード": "forwards", "バックアップ": "backups", "クリスタル": "crystals"}
_ZONE_COUNT = {"ダメージ": "damage", "手札": "hand", "デッキ": "deck", "ブレイクゾーンのカード": "break"}
IT = "<it>"
"""The target それ / そのフォワード stands for, settled once the whole text is read."""
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


_Unread = Unread


_GRAMMARS = ("fftcg.lark", "grammar_common.lark")


def _cache_file() -> Path | None:
    """Where the built parser is kept between runs (as for the Divine Cross reader)."""
    env = os.environ.get("JUDGEKIT_CACHE")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judgekit"
    digest = hashlib.sha256(lark.__version__.encode())
    for name in _GRAMMARS:
        digest.update(Path(__file__).with_name(name).read_bytes())
    try:
        (base / "cards").mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return base / "cards" / f"fftcg-{digest.hexdigest()[:16]}.lark-cache"


@cache
def parser() -> Lark:
    """The FFTCG card-text parser: LALR(1) with the contextual lexer."""
    where = _cache_file()
    return Lark.open(
        str(Path(__file__).with_name(_GRAMMARS[0])),
        start=["summon", "body", "ability", "keywords", "dejon_line"],
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        cache=str(where) if where else False,
    )


# --------------------------------------------------------------------------- building blocks


_tokens = tokens


def _token(items: list[Any], kind: str) -> str:
    found = _tokens(items, kind)
    if not found:
        raise AssertionError(f"no {kind} in {items!r}")
    return found[0]


def _nums(items: list[Any]) -> list[int]:
    return [int(t) for t in _tokens(items, "NUMBER")]


def _num(items: list[Any]) -> int:
    return _nums(items)[0]


def _signed(items: list[Any]) -> int:
    return int(_token(items, "SIGNED"))


def _who(items: list[Any]) -> str:
    return _WHO[_token(items, "WHO")]


def _dicts(items: list[Any]) -> list[Data]:
    return [i for i in items if isinstance(i, dict)]


@dataclass(frozen=True, slots=True)
class _Desc:
    """A card description as read: whose cards, the card type, and the rest of the filter."""

    owner: str | None
    """own, opponent, self_side (自分), or None (anybody's)."""
    filter: Data
    """The card filter (``type`` included when the noun names one)."""


@dataclass(frozen=True, slots=True)
class _Target:
    """An effect's target as read: a selector, or IT (それ), with a filter for a static's subject."""

    selector: str
    filter: Data = field(default_factory=dict)
    every: bool = False
    """Said with すべて: as a subject, all of them (a static's), never one of them (a trigger's)."""


def _plural(desc: _Desc) -> _Target:
    """「相手のフォワードすべて」, 「すべてのフォワード」, a static's subject 「あなたのフォワード」."""
    rest = dict(desc.filter)
    kind = rest.pop("type", None)
    if kind is None and "name" in rest:
        kind = "character"  # 《クラウド》 on the field: the field holds characters (7.7.1)
    if kind not in ("forward", "backup", "character"):
        raise _Unread(reason("cards.reason.ff.every_kind_field_vocabulary", kind=kind or "card"))
    side = {"own": "own", "opponent": "opponent", None: "all"}.get(desc.owner)
    if side is None:
        raise _Unread(reason("cards.reason.ff.own_as_whole_side"))
    return _Target(f"{side}.{kind}s", rest)


def _duration(items: list[Any]) -> str:
    """ターン終了時まで (``turn``, 9.5.1.3.2) or このターン (``this_turn``, the text's own period)."""
    return "this_turn" if _token(items, "DURATION") == "このターン" else "turn"


def _effect_target(items: list[Any]) -> str:
    for i in items:
        if isinstance(i, _Target):
            if i.filter:
                raise _Unread(
                    reason(
                        "cards.reason.ff.selector_like_filter_effect", selector=str(i.selector), filter=str(i.filter)
                    )
                )
            return i.selector
    return IT


def _side(owner: str | None, chooser: str = "own") -> str:
    if owner is None:
        return "any"
    if owner == "self_side":
        return chooser
    return owner


class _Build(Transformer[Token, Any]):
    """Turns a parse tree into vocabulary dicts."""

    # ------------------------------------------------------------ cards
    def card_desc(self, items: list[Any]) -> _Desc:
        filt: Data = {}
        owner: str | None = None
        for item in items:
            if isinstance(item, tuple) and item[0] == "owner":
                owner = item[1]
            elif isinstance(item, dict):
                filt.update(item)
        kind = _TYPE[_token(items, "CARD_TYPE")]
        if kind is not None:
            filt = {"type": kind, **filt}
        return _Desc(owner, filt)

    def named_desc(self, items: list[Any]) -> _Desc:
        """《name》: cards of that name (5.2.2.1), whatever their type."""
        desc = self.card_desc([*items, Token("CARD_TYPE", "カード")])
        return _Desc(desc.owner, {**desc.filter, "name": _token(items, "NAME_REF")[1:-1]})

    def dejon_line(self, items: list[Any]) -> Data:
        cost = dict(_dicts(items)[0])
        if cost.pop("special", False) or "x" in cost:
            raise _Unread(reason("cards.reason.ff.s_icon_x_dejon"))
        return {"dejon": {"counters": _num(items), "cost": cost}}

    def d_owner(self, items: list[Any]) -> tuple[str, str]:
        return ("owner", _who(items))

    def d_cost_at_most(self, items: list[Any]) -> Data:
        return {"cost_at_most": _num(items)}

    def d_cost_at_least(self, items: list[Any]) -> Data:
        return {"cost_at_least": _num(items)}

    def d_power_at_most(self, items: list[Any]) -> Data:
        return {"power_at_most": _num(items)}

    def d_power_at_least(self, items: list[Any]) -> Data:
        return {"power_at_least": _num(items)}

    def d_dull(self, items: list[Any]) -> Data:
        return {"dull": True}

    def d_active(self, items: list[Any]) -> Data:
        return {"dull": False}

    def d_attacking(self, items: list[Any]) -> Data:
        return {"attacking": True}

    def d_blocking(self, items: list[Any]) -> Data:
        return {"blocking": True}

    def d_element(self, items: list[Any]) -> Data:
        return {"element": _ELEMENT[_token(items, "ELEMENT")]}

    def d_job(self, items: list[Any]) -> Data:
        return {"job": _token(items, "JOB")[len("ジョブ") :]}

    def d_other(self, items: list[Any]) -> Data:
        return {"other": True}

    def t_it(self, items: list[Any]) -> _Target:
        return _Target(IT)

    def t_self(self, items: list[Any]) -> _Target:
        return _Target("self")

    def t_all(self, items: list[Any]) -> _Target:
        desc = next(i for i in items if isinstance(i, _Desc))
        return _plural(desc)

    def t_every(self, items: list[Any]) -> _Target:
        target = self.t_all(items)
        return _Target(target.selector, target.filter, every=True)

    # ------------------------------------------------------------ effects
    def damage(self, items: list[Any]) -> Data:
        return {"op": "damage", "target": _effect_target(items), "amount": _num(items)}

    def damage_x(self, items: list[Any]) -> Data:
        return {"op": "damage", "target": _effect_target(items), "amount": 0, "per_x": _num(items)}

    def damage_it(self, items: list[Any]) -> Data:
        return {"op": "damage", "target": IT, "amount": _num(items)}

    def distribute(self, items: list[Any]) -> Data:
        return {"op": "distribute", "target": IT, "amount": _num(items)}

    def damage_player(self, items: list[Any]) -> Data:
        player = _who(items)
        if player == "self_side":
            raise _Unread(reason("cards.reason.ff.self_as_player_dealt"))
        return {"op": "damage_player", "player": player, "amount": _num(items)}

    def _on(self, op: str, items: list[Any]) -> Data:
        return {"op": op, "target": _effect_target(items)}

    def break_(self, items: list[Any]) -> Data:
        return self._on("break", items)

    def break_it(self, items: list[Any]) -> Data:
        return {"op": "break", "target": ""}

    def dull(self, items: list[Any]) -> Data:
        return self._on("dull", items)

    def activate(self, items: list[Any]) -> Data:
        return self._on("activate", items)

    def freeze(self, items: list[Any]) -> Data:
        return (
            self._on("freeze", items) if any(isinstance(i, _Target) for i in items) else {"op": "freeze", "target": ""}
        )

    def remove(self, items: list[Any]) -> Data:
        return (
            self._on("remove", items) if any(isinstance(i, _Target) for i in items) else {"op": "remove", "target": ""}
        )

    def return_(self, items: list[Any]) -> Data:
        return self._on("return_to_hand", items)

    def add_to_hand(self, items: list[Any]) -> Data:
        return self._on("add_to_hand", items)

    def to_break_zone(self, items: list[Any]) -> Data:
        return self._on("put_in_break_zone", items)

    def put_onto_field(self, items: list[Any]) -> Data:
        target = _effect_target(items)
        if target == IT:
            return {"op": "put_onto_field", "target": IT}  # それ: cards chosen in a zone (_zone_targets checks)
        if target != "self":
            raise _Unread(reason("cards.reason.ff.card_other_than_this"))
        return {"op": "put_onto_field"}

    def draw(self, items: list[Any]) -> Data:
        return {"op": "draw", "count": _num(items)}

    def draw_x(self, items: list[Any]) -> Data:
        return {"op": "draw", "count": 0, "per_x": 1}

    def draw_half(self, items: list[Any]) -> Data:
        who = _who(items)
        if who == "self_side":
            raise _Unread(reason("cards.reason.ff.damage_one_has_taken"))
        return {"op": "draw", "half_of": f"{who}.damage"}

    def discard(self, items: list[Any]) -> Data:
        return {"op": "discard", "count": _num(items)}

    def search(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.search_names_whose_deck"))
        where = _token(items, "SEARCH_TO")
        out: Data = {"op": "search", "filter": desc.filter, "count": _num(items), "to": "hand"}
        if where.endswith("フィールドに出す"):
            out["to"] = "field"
        if where.startswith("ダル状態で"):
            out["dull"] = True
        return out

    def from_outside(self, items: list[Any]) -> Data:
        """ゲームの外部から《name》1枚を…: the card by its printed name, which the scenario resolves to its key
        (:meth:`judgekit.cards.card_names.CardNames.resolve`)."""
        if _num(items) != 1:
            raise _Unread(reason("cards.reason.ff.more_than_one_card"))
        if _tokens(items, "WHO") and _who(items) == "opponent":
            raise _Unread(reason("cards.reason.ff.card_from_outside_game"))
        to = "field" if _token(items, "OUTSIDE_TO") == "フィールドに出す" else "hand"
        return {"op": "from_outside", "card": _token(items, "NAME_REF"), "to": to}

    def cast(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.card_cast_named_owner"))
        if _num(items) != 1:
            raise _Unread(reason("cards.reason.ff.casting_more_than_one"))
        return {"op": "cast", "filter": desc.filter}

    def control(self, items: list[Any]) -> Data:
        return {"op": "gain_control", "target": _effect_target(items)}

    def power_signed(self, items: list[Any]) -> Data:
        out: Data = {"op": "power", "target": _effect_target(items), "by": _signed(items)}
        if _tokens(items, "DURATION"):
            out["_turn"] = _duration(items)  # それはターン終了時までパワー+2000される
        return out

    def power_x(self, items: list[Any]) -> Data:
        raw = _token(items, "X_SIGNED")
        each = int(raw.split("×")[1]) * (-1 if raw.startswith("-") else 1)
        return {"op": "power", "target": _effect_target(items), "by": 0, "per_x": each}

    def lose_abilities(self, items: list[Any]) -> Data:
        target = _effect_target(items)
        return {"op": "continuous", "effect": {"op": "text", "target": target, "lose_abilities": True}}

    def keyword_list(self, items: list[Any]) -> list[str]:
        return [_KEYWORD[t] for t in _tokens(items, "KEYWORD")]

    def gain(self, items: list[Any]) -> Data:
        keywords = next(i for i in items if isinstance(i, list))
        return {"op": "gain", "target": _effect_target(items), "keywords": keywords}

    def gain_it(self, items: list[Any]) -> Data:
        """「…はパワー+1000され、ヘイストを得る」: the cards of the step before."""
        keywords = next(i for i in items if isinstance(i, list))
        return {"op": "gain", "target": "", "keywords": keywords}

    def crystals(self, items: list[Any]) -> Data:
        return {"op": "crystals", "count": _num(items)}

    def counters_put(self, items: list[Any]) -> Data:
        return {
            "op": "counters",
            "target": _effect_target(items),
            "name": _token(items, "COUNTER"),
            "count": _num(items),
        }

    def counters_remove(self, items: list[Any]) -> Data:
        name, count = _token(items, "COUNTER"), -_num(items)
        return {"op": "counters", "target": _effect_target(items), "name": name, "count": count}

    def cannot_for_a_while(self, items: list[Any]) -> Data:
        action = "attack" if _token(items, "CANNOT_DO").startswith("アタック") else "block"
        return {"op": "continuous", "effect": {"op": "cannot", "action": action, "target": _effect_target(items)}}

    def cannot_it_for_a_while(self, items: list[Any]) -> Data:
        """「…はアタックできず、ブロックできない」: the cards of the step before."""
        action = "attack" if _token(items, "CANNOT_DO").startswith("アタック") else "block"
        return {"op": "continuous", "effect": {"op": "cannot", "action": action, "target": ""}}

    def cannot_both_for_a_while(self, items: list[Any]) -> list[Data]:
        target = _effect_target(items)
        return [
            {"op": "continuous", "effect": {"op": "cannot", "action": action, "target": target}}
            for action in ("attack", "block")
        ]

    def split(self, items: list[Any]) -> Data:
        whose, picker = _tokens(items, "WHO")
        if _WHO[whose] == "self_side" or _WHO[picker] == "self_side":
            raise _Unread(reason("cards.reason.ff.self_in_split"))
        return {
            "op": "split",
            "zone": "break",
            "player": _WHO[whose],
            "groups": _num(items),
            "by": "own",
            "picker": _WHO[picker],
            "others_to": "removed",
        }

    # ------------------------------------------------------------ sentences
    def chain(self, items: list[Any]) -> tuple[list[Data], bool]:
        steps: list[Data] = []
        for item in items:
            steps.extend(item if isinstance(item, list) else _dicts([item]))
        for before, step in itertools.pairwise(steps):
            if step.get("target") == "":
                step["target"] = _step_target(before)  # それをダルにし、凍結する: the same cards
            elif step["op"] == "continuous" and step["effect"].get("target") == "":
                step["effect"]["target"] = _step_target(before)
        for step in steps:
            if step.get("target") == "":
                step["target"] = IT
            elif step["op"] == "continuous" and step["effect"].get("target") == "":
                step["effect"]["target"] = IT
        return steps, bool(_tokens(items, "MAY"))

    def plain(self, items: list[Any]) -> Sentence:
        steps, may = next(i for i in items if isinstance(i, tuple))
        turn = _duration(items) if _tokens(items, "DURATION") else ""
        who = _WHO[_tokens(items, "SUBJ")[0][:-1]] if _tokens(items, "SUBJ") else "own"
        if who == "self_side":
            raise _Unread(reason("cards.reason.ff.self_as_subject"))
        out: list[Data] = []
        for step in steps:
            step = dict(step)
            if who == "opponent":
                if step["op"] not in ("discard", "draw", "crystals"):
                    raise _Unread(reason("cards.reason.ff.op_opponent_doing", op=step["op"]))
                step["player"] = "opponent"
            own = step.pop("_turn", "")
            if step["op"] == "gain_control":
                step["player"] = who
                if turn == "this_turn":
                    raise _Unread(reason("cards.reason.ff.this_turn_gain_control"))
                if turn:
                    step["duration"] = "turn"
            elif turn and step["op"] not in ("power", "continuous", "gain"):
                raise _Unread(reason("cards.reason.ff.until_end_of_turn_with_op", op=step["op"]))
            elif step["op"] in ("power", "continuous", "gain"):
                if not (turn or own):
                    # the vocabulary's default is the end of the turn: a text that does not say so is not guessed
                    raise _Unread(reason("cards.reason.ff.op_without_how_long", op=step["op"]))
                if "this_turn" in (turn, own):
                    step["duration"] = "this_turn"
            out.append(step)
        return ("effects", out, may)

    def delayed_end(self, items: list[Any]) -> Sentence:
        steps, may = next(i for i in items if isinstance(i, tuple))
        if may:
            raise _Unread(reason("cards.reason.ff.may_in_delayed"))
        # このターンの: the end phase of this turn, whoever's turn it is (the next one to start)
        entry = {"op": "delayed", "on": "end_phase_start", "about": IT, "effects": steps}
        return ("effects", [entry], False)

    def delayed_next(self, items: list[Any]) -> Sentence:
        steps, may = next(i for i in items if isinstance(i, tuple))
        if may:
            raise _Unread(reason("cards.reason.ff.may_in_delayed"))
        subject = _subject(next(i for i in items if isinstance(i, _Target | _Desc)))
        entry = {"op": "delayed", "on": _CARD_EVENT[_token(items, "CARD_EVENT")], "subject": subject, "effects": steps}
        return ("effects", [entry], False)

    def delayed_turn(self, items: list[Any]) -> Sentence:
        """「このターンの間、…たび、」: a delayed ability that triggers every time this turn (11.8.17.2)."""
        steps, may = next(i for i in items if isinstance(i, tuple))
        if may:
            raise _Unread(reason("cards.reason.ff.may_in_delayed"))
        subject = _subject(next(i for i in items if isinstance(i, _Target | _Desc)))
        on = _CARD_EVENT[_token(items, "CARD_EVENT")]
        entry = {"op": "delayed", "on": on, "subject": subject, "period": "turn", "effects": steps}
        return ("effects", [entry], False)

    def choose(self, items: list[Any]) -> Sentence:
        desc = next(i for i in items if isinstance(i, _Desc))
        out: Data = {"what": desc.filter, "whose": _side(desc.owner)}
        if _num(items) != 1:
            out["count"] = _num(items)
        if _tokens(items, "UP_TO"):
            out["up_to"] = True
        return ("choose", out, False)

    def choose_in_zone(self, items: list[Any]) -> Sentence:
        """「あなたのブレイクゾーンにある…を1枚選ぶ」: a choice of cards in a break zone or the removed zone."""
        where = _token(items, "ZONE_IN")
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.owner_both_zone_cards"))
        owner = next((w for w in _WHO if where.startswith(w + "の")), None)
        out: Data = {"what": desc.filter, "whose": _side(None if owner is None else _WHO[owner])}
        if _num(items) != 1:
            out["count"] = _num(items)
        if _tokens(items, "UP_TO"):
            out["up_to"] = True
        out["zone"] = "break" if "ブレイクゾーン" in where else "removed"
        return ("choose", out, False)

    def pick(self, items: list[Any]) -> Sentence:
        subject = _token(items, "SUBJ")[:-1]
        chooser = "each" if subject == "各プレイヤー" else _WHO[subject]
        if chooser == "self_side":
            raise _Unread(reason("cards.reason.ff.self_as_chooser"))
        desc = next(i for i in items if isinstance(i, _Desc))
        whose = _side(desc.owner, "own" if chooser == "each" else chooser)
        out: Data = {"op": "pick", "chooser": chooser, "what": desc.filter, "whose": whose}
        if _num(items) != 1:
            out["count"] = _num(items)
        return ("pick", out, False)

    def x_sentence(self, items: list[Any]) -> Sentence:
        return ("x", {"count": f"{_who(items)}.{_COUNTED[_token(items, 'COUNTED')]}"}, False)

    def x_in_cost(self, items: list[Any]) -> Sentence:
        return ("x_cost", _num(items), False)

    def per_turn(self, items: list[Any]) -> Sentence:
        return ("per_turn", 1, False)

    def self_replace(self, items: list[Any]) -> Sentence:
        return ("replaces", {"to_zone": "removed"}, False)

    # ------------------------------------------------------------ costs
    def cost_icons(self, items: list[Any]) -> Data:
        return _icons(_icon_tokens(items))

    def x_icons(self, items: list[Any]) -> Data:
        mark = next(i for i, t in enumerate(items) if isinstance(t, Token) and t.type == "X_MARK")
        cost = _icons(_icon_tokens(items[:mark]))
        after = _icons(_icon_tokens(items[mark + 1 :]))
        if set(after) != {"cp"} or len(after["cp"]) != 1 or next(iter(after["cp"].values())) != 1:
            raise _Unread(reason("cards.reason.ff.x_followed_anything_but"))
        if "cp" in cost:
            raise _Unread(reason("cards.reason.ff.cp_beside_x_cost"))
        cost["x"] = next(iter(after["cp"]))
        return cost

    def cost_characters(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner not in (None, "own"):
            raise _Unread(reason("cards.reason.ff.cost_paid_opponent_s"))
        out: Data = {"do": _COST_VERB[_token(items, "COST_VERB")], "what": desc.filter}
        if _num(items) != 1:
            out["count"] = _num(items)
        return {"characters": out}

    def cost_counters(self, items: list[Any]) -> Data:
        return {"remove_counters": {_token(items, "COUNTER"): _num(items)}}

    def cost_break_self(self, items: list[Any]) -> Data:
        return {"break_self": True}

    def cost_discard(self, items: list[Any]) -> Data:
        return {"discard": _num(items)}

    def pay_cp(self, items: list[Any]) -> Data:
        return _icons(_icon_tokens(items))

    def pay_x(self, items: list[Any]) -> Data:
        return {"x": "any"}

    def opay_crystals(self, items: list[Any]) -> Data:
        return {"crystals": _num(items)}

    def opay_discard(self, items: list[Any]) -> Data:
        return {"discard": _num(items)}

    def opay_counters(self, items: list[Any]) -> Data:
        return {"remove_counters": {_token(items, "COUNTER"): _num(items)}}

    def _option(self, cost: Data, alternative: bool, effects: list[Data]) -> Sentence:
        if "x" in cost or cost.get("dull"):
            raise _Unread(reason("cards.reason.ff.x_dull_icon_additional"))
        out: Data = {"name": _cost_name(cost), "cost": cost}
        if alternative:
            out["alternative"] = True
        if effects:
            out["effects"] = effects
        return ("option", out, False)

    def option_add(self, items: list[Any]) -> Sentence:
        steps, may = next(i for i in items if isinstance(i, tuple))
        if may:
            raise _Unread(reason("cards.reason.ff.may_after_if_done"))
        return self._option(_dicts(items)[0], False, steps)

    option_add_cp = option_add

    def option_alt(self, items: list[Any]) -> Sentence:
        return self._option(_dicts(items)[0], True, [])

    option_alt_cp = option_alt

    def per_hand(self, items: list[Any]) -> Data:
        return {"per": f"{_own(_who(items))}.hand"}

    def per_damage(self, items: list[Any]) -> Data:
        return {"per": f"{_own(_who(items))}.damage"}

    def per_characters(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner not in ("own", None):
            raise _Unread(reason("cards.reason.ff.counting_opponent_s_characters"))
        return {"for_each": desc.filter}

    def reads_sentence(self, items: list[Any]) -> Sentence:
        by = _nums(items)[-1] * (-1 if _token(items, "CHANGE") == "少なくなる" else 1)
        head = _token(items, "READS_HEAD")
        return ("reads", {"by": by, **_dicts(items)[0], "_head": head}, False)

    # ------------------------------------------------------------ modes
    def mode_n(self, items: list[Any]) -> Data:
        return {"count": _num(items)}

    def mode_up_to(self, items: list[Any]) -> Data:
        return {"count": _num(items), "up_to": True}

    def mode_x(self, items: list[Any]) -> Data:
        return {"per": IT, "up_to": True}

    def more_damage(self, items: list[Any]) -> Data:
        who = _own(_who(items))
        at_least, instead = _nums(items)
        return {"condition": {"count": f"{who}.damage", "at_least": at_least}, "instead": instead, "up_to": True}

    def more_controls(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if _who(items) != "own" or desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.condition_what_another_player"))
        return {"condition": {"controls": desc.filter}, "instead": _num(items), "up_to": True}

    def more_x(self, items: list[Any]) -> Data:
        return {"per": f"{_own(_who(items))}.{_COUNTED[_token(items, 'COUNTED')]}"}

    def mode(self, items: list[Any]) -> Data:
        body: Data = items[0]
        return body

    def modes_sentence(self, items: list[Any]) -> Sentence:
        pick: Data = {}
        modes: list[Data] = []
        for item in items:
            if isinstance(item, dict) and ("effects" in item or "choose" in item or "_body" in item):
                modes.append(item)
            elif isinstance(item, dict):
                pick.update(item)
        if pick.get("per") == IT:
            raise _Unread(reason("cards.reason.ff.x_number_modes_x"))
        if "condition" in pick:
            pick["up_to"] = True
        out: list[Data] = []
        for n, body in enumerate(modes, 1):
            read = _finish(body, IT)
            if read.pop("_may", False):
                raise _Unread(reason("cards.reason.ff.may_in_mode"))
            extra = sorted(k for k in read if k not in ("choose", "effects"))
            if extra:
                raise _Unread(reason("cards.reason.ff.mode_extra", extra=tuple(extra)))
            mode: Data = {"name": str(n)}
            if read.get("choose"):
                mode["choose"] = read["choose"]
            mode["effects"] = read.get("effects", [])
            out.append(mode)
        return ("modes", {"pick": pick, "modes": out}, False)

    # ------------------------------------------------------------ a body
    def body(self, items: list[Any]) -> Data:
        return _assemble(items)

    def summon(self, items: list[Any]) -> Data:
        out = dict(next(i for i in items if isinstance(i, dict) and "_body" in i))
        for item in items:
            if isinstance(item, tuple) and item[0] == "damage_n":
                out["ex_burst_damage"] = item[1]
            if isinstance(item, tuple) and item[0] == "x_cost":
                out["x"] = {"cost": "any"}
            if item == "ex_burst":
                out["ex_burst"] = True
        return out

    def ex_burst(self, items: list[Any]) -> str:
        return "ex_burst"

    def damage_n(self, items: list[Any]) -> tuple[str, int]:
        return ("damage_n", _num(items))

    # ------------------------------------------------------------ triggers
    def trig_card(self, items: list[Any]) -> Data:
        what = next(i for i in items if isinstance(i, _Target | _Desc))
        return _trigger(_CARD_EVENT[_token(items, "CARD_EVENT")], what)

    def trig_attacks(self, items: list[Any]) -> Data:
        on = "attacks" if _token(items, "EACH_TIME").startswith("アタック") else "blocks"
        return _trigger(on, next(i for i in items if isinstance(i, _Target | _Desc)))

    def trig_enters_side(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.whose_card_twice"))
        return _trigger("enters_field", _Desc(_who(items), desc.filter))

    def trig_party_damage(self, items: list[Any]) -> Data:
        who = _who(items)
        if who != "own":
            raise _Unread(reason("cards.reason.ff.party_opponent_controls"))
        return {"on": "deals_damage_to_player", "subject": "own.party"}

    def trig_damaged(self, items: list[Any]) -> Data:
        return {"on": "receives_damage", "whose": _own(_who(items))}

    def trig_summon_cast(self, items: list[Any]) -> Data:
        return {"on": "summon_cast", "whose": _own(_who(items))}

    def trig_phase(self, items: list[Any]) -> Data:
        whose = _own(_who(items)) if _tokens(items, "WHO") else "any"
        return {"on": _PHASE[_token(items, "PHASE")], "whose": whose}

    def trig_turn_end(self, items: list[Any]) -> Data:
        whose = _own(_who(items)) if _tokens(items, "WHO") else "any"
        return {"on": "turn_end", "whose": whose}

    # ------------------------------------------------------------ abilities
    def action_icons(self, items: list[Any]) -> Data:
        cost, body = _dicts(items)
        return _action(cost, body)

    action_x = action_icons

    def action_text(self, items: list[Any]) -> Data:
        *costs, body = _dicts(items)
        cost: Data = {}
        for part in costs:
            if set(part) & set(cost):
                raise _Unread(reason("cards.reason.ff.keys_twice_one_cost", keys=tuple(sorted(set(part) & set(cost)))))
            cost.update(part)
        return _action(cost, body)

    def auto_cost_optional(self, items: list[Any]) -> Data:
        cost = dict(_dicts(items)[0])
        for item in items:
            if isinstance(item, tuple) and item[0] == "reads":
                reads = dict(item[1])
                if reads.pop("_head") != "このコストは":
                    raise _Unread(reason("cards.reason.ff.cost_change_card_ability"))
                cost["reads"] = reads
        return {"optional": True, "cost": cost}

    def auto_cost_discard(self, items: list[Any]) -> Data:
        """「手札をN枚捨ててもよい。そうしたなら、」: an optional cost paid as it resolves (11.8.14)."""
        return {"optional": True, "cost": {"discard": _num(items)}}

    def auto_cost_paid(self, items: list[Any]) -> Data:
        return {"cost": _dicts(items)[0]}

    def count_zone(self, items: list[Any]) -> Data:
        what = _ZONE_COUNT[_token(items, "ZONE_COUNT")]
        bound = "at_least" if _token(items, "BOUND") == "以上" else "at_most"
        return {"count": f"{_own(_who(items))}.{what}", bound: _num(items)}

    def count_characters(self, items: list[Any]) -> Data:
        """「あなたのフォワードが3体以上」: the characters a player controls (Count: forwards or backups)."""
        what = _subject_target(items)
        if what.filter or what.selector not in ("own.forwards", "opponent.forwards", "own.backups", "opponent.backups"):
            raise _Unread(reason("cards.reason.ff.count_characters_like_filter"))
        bound = "at_least" if _token(items, "BOUND") == "以上" else "at_most"
        return {"count": what.selector, bound: _num(items)}

    def if_count(self, items: list[Any]) -> tuple[str, Data]:
        return ("if", _dicts(items)[0])

    def if_controls(self, items: list[Any]) -> tuple[str, Data]:
        return ("if", _controls(items))

    def auto_ability(self, items: list[Any]) -> Data:
        found = _dicts(items)
        trigger, body = found[0], found[-1]
        paid = found[1] if len(found) == 3 else {}
        out: Data = {"kind": "auto", **trigger}
        conditions = [i[1] for i in items if isinstance(i, tuple) and i[0] == "if"]
        if conditions:
            out["condition"] = conditions[0]
        cost = dict(paid.get("cost", {}))
        if "x" in cost:
            out["x"] = {"cost": cost.pop("x")}
        if paid.get("optional"):
            out["optional"] = True
        if cost:
            out["cost"] = cost
        it = "event.subject" if trigger.get("subject", "self") != "self" else IT
        rest = _finish(body, it)
        if rest.pop("_may", False):
            if out.get("optional"):
                raise _Unread(reason("cards.reason.ff.may_twice"))
            out["optional"] = True
        for key in ("options", "reads", "replaces"):
            if key in rest:
                raise _Unread(reason("cards.reason.ff.key_auto_ability", key=key))
        if "per_turn" in rest:
            raise _Unread(reason("cards.reason.ff.once_per_turn_auto_ability"))
        if "x" in rest:
            if "x" in out:
                raise _Unread(reason("cards.reason.ff.x_twice"))
            out["x"] = rest.pop("x")
        out.update(rest)
        _x_defined(out)
        return out

    def field_ability(self, items: list[Any]) -> Data:
        first = items[0]
        more = [i for i in items[1:] if isinstance(i, tuple)]
        if more:
            statics = first["statics"]
            if len(statics) != 1 or statics[0]["op"] != "replace" or "to_zone" in statics[0]:
                raise _Unread(reason("cards.reason.ff.sentences_after_field_ability"))
            for kind, value, optional in _assemble(more)["_steps"]:
                if kind != "effects" or optional:
                    raise _Unread(reason("cards.reason.ff.choice_after_replacement"))
                statics[0]["instead"] = [*statics[0]["instead"], *value]
        for static in first["statics"]:
            if static["op"] == "replace":
                static["instead"] = _settle(static.get("instead", []), "event.subject")
                if not static["instead"]:
                    del static["instead"]
        return {"kind": "field", **first}

    def static_sentence(self, items: list[Any]) -> Data:
        statics = next(i for i in items if isinstance(i, list))
        out: Data = {"statics": statics}
        conds = [i for i in items if isinstance(i, dict)]
        if conds:
            out = {"condition": conds[0], **out}
        return out

    def replace_break(self, items: list[Any]) -> Data:
        target = next(i for i in items if isinstance(i, _Target))
        steps, may = next(i for i in items if isinstance(i, tuple))
        out: Data = {"op": "replace", "event": "break"}
        if target.selector != "self":
            out["target"] = target.selector
        if target.filter:
            out["filter"] = target.filter
        # 「それを除外する」, or the card named again (このカードがブレイクされる場合、代わりにこのカードを除外する)
        same = (IT, "self") if target.selector == "self" else (IT,)
        if len(steps) == 1 and steps[0]["op"] in ("remove", "return_to_hand") and steps[0]["target"] in same:
            out["to_zone"] = "removed" if steps[0]["op"] == "remove" else "hand"
        else:
            out["instead"] = steps
        if may:
            out["optional"] = True
        return {"statics": [out]}

    def replacement(self, items: list[Any]) -> tuple[list[Data], bool]:
        result: tuple[list[Data], bool] = items[0]
        return result

    def cond_count(self, items: list[Any]) -> Data:
        return _dicts(items)[0]

    def cond_controls(self, items: list[Any]) -> Data:
        return _controls(items)

    def cond_turn(self, items: list[Any]) -> Data:
        """「あなたのターンの間、」: while it is that player's turn (Condition.turn)."""
        return {"turn": _own(_who(items))}

    def statics(self, items: list[Any]) -> list[Data]:
        out: list[Data] = []
        for item in items:
            out.extend(item if isinstance(item, list) else [item])
        return out

    def static(self, items: list[Any]) -> list[Data]:
        target = next(i for i in items if isinstance(i, _Target))
        made = [i for i in items if isinstance(i, dict | list)]
        ops: list[Data] = []
        for m in made:
            ops.extend(m if isinstance(m, list) else [m])
        return [_aim(op, target) for op in ops]

    def s_power(self, items: list[Any]) -> list[Data]:
        return [_aim({"op": "power", "by": _signed(items)}, _subject_target(items))]

    def s_power_set(self, items: list[Any]) -> list[Data]:
        return [_aim({"op": "power", "set": _num(items)}, _subject_target(items))]

    def s_jobs(self, items: list[Any]) -> list[Data]:
        return [_aim({"op": "become", "jobs": [_token(items, "JOB_NAME")]}, _subject_target(items))]

    def p_not_returned(self, items: list[Any]) -> Data:
        return {"op": "cannot", "action": "be_returned"}

    def p_not_removed(self, items: list[Any]) -> Data:
        return {"op": "cannot", "action": "be_removed"}

    def p_not_chosen(self, items: list[Any]) -> Data:
        return {"op": "cannot", "action": "be_chosen"}

    def p_cannot(self, items: list[Any]) -> Data:
        return {"op": "cannot", "action": "attack" if _token(items, "CANNOT_DO").startswith("アタック") else "block"}

    def p_cannot_both(self, items: list[Any]) -> list[Data]:
        return [{"op": "cannot", "action": "attack"}, {"op": "cannot", "action": "block"}]

    def p_unblockable_any(self, items: list[Any]) -> Data:
        return {"op": "unblockable_by", "blockers": {}}

    def p_must_chosen(self, items: list[Any]) -> Data:
        return {"op": "must", "action": "be_chosen"}

    def p_must(self, items: list[Any]) -> Data:
        action = "attack" if _token(items, "MUST_DO").startswith("アタック") else "block"
        return {"op": "must", "action": action}

    def p_cost_to(self, items: list[Any]) -> Data:
        action = "attack" if _token(items, "ACT_FOR") == "アタックする" else "block"
        element = _tokens(items, "COST_ELEMENT")
        key = _ELEMENT[element[0][0]] if element else "any"
        return {"op": "cost_to", "action": action, "cp": {key: _num(items)}}

    def p_power(self, items: list[Any]) -> Data:
        return {"op": "power", "by": _signed(items)}

    def p_become_forward(self, items: list[Any]) -> Data:
        return {"op": "become", "type": "forward", "power": _num(items)}

    def p_add_job(self, items: list[Any]) -> Data:
        return {"op": "become", "add_jobs": [_token(items, "JOB")[len("ジョブ") :]]}

    def p_gain(self, items: list[Any]) -> Data:
        return {"op": "gain", "keywords": next(i for i in items if isinstance(i, list))}

    def p_deck_copies(self, items: list[Any]) -> Data:
        return {"op": "deck_copies", "_no_target": True}

    def p_unblockable(self, items: list[Any]) -> Data:
        desc = next(i for i in items if isinstance(i, _Desc))
        if desc.owner is not None:
            raise _Unread(reason("cards.reason.ff.whose_forwards_cannot_block"))
        blockers = dict(desc.filter)
        if blockers.pop("type", "forward") != "forward":
            raise _Unread(reason("cards.reason.ff.blocked_card_not_forward"))
        return {"op": "unblockable_by", "blockers": blockers}

    def keywords(self, items: list[Any]) -> Data:
        return {"keywords": [_KEYWORD[t] for t in _tokens(items, "KEYWORD")]}

    def ability(self, items: list[Any]) -> Data:
        out = dict(next(i for i in items if isinstance(i, dict)))
        if "ex_burst" in items:
            if out["kind"] != "auto":
                raise _Unread(reason("cards.reason.ff.ex_burst_ability_not"))
            out["ex_burst"] = True
        for item in items:
            if isinstance(item, tuple) and item[0] == "damage_n":
                out["damage"] = item[1]
        return out


# the grammar's rule names `break` and `return` are Python keywords
setattr(_Build, "break", _Build.break_)
setattr(_Build, "return", _Build.return_)


def _icon_tokens(items: list[Any]) -> list[str]:
    return [str(t) for t in items if isinstance(t, Token) and t.type in ("COST_ICON", "NUMBER")]


def _step_target(step: Data) -> str:
    """The cards a step acts on, for the next step that names none."""
    if step["op"] == "continuous":
        target: str = step["effect"].get("target", IT)
        return target
    return str(step.get("target", IT))


def _controls(items: list[Any]) -> Data:
    """あなたが…をコントロールしている: a condition on the controller's own field (Condition.controls)."""
    desc = next(i for i in items if isinstance(i, _Desc))
    if _who(items) != "own" or desc.owner is not None:
        raise _Unread(reason("cards.reason.ff.condition_what_another_player"))
    return {"controls": desc.filter}


def _own(who: str) -> str:
    return "own" if who == "self_side" else who


def _icons(icons: list[str]) -> Data:
    cost: Data = {}
    cp: dict[str, int] = {}
    for icon in icons:
        if icon == "《ダル》":
            cost["dull"] = True
        elif icon == "《S》":
            cost["special"] = True
        elif icon == "《クリスタル》":
            cost["crystals"] = cost.get("crystals", 0) + 1
        elif icon.isdigit():
            cp["any"] = cp.get("any", 0) + int(icon)
        else:
            element = _ELEMENT[icon[1:-1]]
            cp[element] = cp.get(element, 0) + 1
    if cp:
        cost["cp"] = cp
    return cost


def _cost_name(cost: Data) -> str:
    """An option's name from its printed cost: ③を支払う, 手札を1枚捨てる, クリスタルを1つ支払う."""
    if cost.get("discard"):
        return f"手札を{cost['discard']}枚捨てる"
    if cost.get("crystals"):
        return f"クリスタルを{cost['crystals']}つ支払う"
    if cost.get("remove_counters"):
        ((name, n),) = cost["remove_counters"].items()
        return f"{name}カウンターを{n}つ取り除く"
    cp = cost.get("cp", {})
    words = []
    for element, n in cp.items():
        if element == "any":
            words.append(_CIRCLED[n - 1] if 0 < n <= len(_CIRCLED) else str(n))
        else:
            words.append(f"《{next(k for k, v in _ELEMENT.items() if v == element)}》" * n)
    return "".join(words) + "を支払う"


def _subject(what: _Target | _Desc) -> str:
    """The subject of a card event: this card, or whose cards of what type (8 Subject values)."""
    if isinstance(what, _Target) and what.every:
        raise _Unread(reason("cards.reason.ff.trigger_s_subject_each"))
    if isinstance(what, _Target):
        if what.selector == "self":
            return "self"
        side, _, kinds = what.selector.partition(".")
        if what.filter:
            raise _Unread(reason("cards.reason.ff.trigger_cards_like_filter"))
        return f"{'any' if side == 'all' else side}.{kinds.rstrip('s')}"
    rest = dict(what.filter)
    kind = rest.pop("type", None)
    if rest or kind not in ("forward", "backup", "character"):
        raise _Unread(reason("cards.reason.ff.trigger_cards_like_filter"))
    return f"{_side(what.owner)}.{kind}"


_ON_FIELD_EVENTS = (
    "enters_field",
    "attacks",
    "blocks",
    "is_blocked",
    "deals_damage_to_player",
    "deals_damage_to_forward",
)
"""Card events whose card is on the field as they happen: a trigger's subject may be filtered there."""


def _trigger(on: str, what: _Target | _Desc) -> Data:
    """A card event's trigger: 「[ジョブ]のフォワードがフィールドに出たとき」 (11.8.16.2.1) filters its subject."""
    out: Data = {"on": on}
    base: _Target | _Desc = what
    rest: Data = {}
    if isinstance(what, _Desc):
        rest = dict(what.filter)
        kind = rest.pop("type", None)
        if kind is None and "name" in rest:
            kind = "character"  # 《クラウド》 entering the field: a character (7.7.1)
        base = _Desc(what.owner, {"type": kind} if kind else {})
    elif what.filter:
        rest, base = dict(what.filter), _Target(what.selector, every=what.every)
    out["subject"] = _subject(base)
    if rest:
        if on not in _ON_FIELD_EVENTS:
            raise _Unread(reason("cards.reason.ff.trigger_cards_like_filter_2"))
        out["subject_filter"] = rest
    return out


def _subject_target(items: list[Any]) -> _Target:
    return next(i for i in items if isinstance(i, _Target))


def _aim(op: Data, target: _Target) -> Data:
    """A static op with its subject as ``target`` (and ``filter``)."""
    op = dict(op)
    if op.pop("_no_target", False):
        if target.selector != "self":
            raise _Unread(reason("cards.reason.ff.deck_building_ability_other"))
        return op
    if op["op"] == "unblockable_by" and target.filter:
        raise _Unread(reason("cards.reason.ff.unblockable_forwards_like_filter"))
    if target.selector != "self":
        op["target"] = target.selector
    if target.filter:
        op["filter"] = target.filter
    return op


def _action(cost: Data, body: Data) -> Data:
    cost = dict(cost)
    special = cost.pop("special", False)
    out: Data = {"kind": "special" if special else "action"}
    if "x" in cost:
        out["x"] = {"cost": cost.pop("x")}
    rest = _finish(body, IT)
    if rest.pop("_may", False):
        raise _Unread(reason("cards.reason.ff.may_in_action_ability"))
    reads = rest.pop("reads", None)
    if reads is not None:
        if reads.pop("_head") != "このアビリティを使用するためのコストは":
            raise _Unread(reason("cards.reason.ff.cost_change_not_this"))
        cost["reads"] = reads
    if cost:
        out["cost"] = cost
    if "per_turn" in rest:
        out["per_turn"] = rest.pop("per_turn")
    if "x" in rest:
        if "x" in out:
            raise _Unread(reason("cards.reason.ff.x_twice"))
        out["x"] = rest.pop("x")
    if "replaces" in rest:
        raise _Unread(reason("cards.reason.ff.self_replacement_ability"))
    out.update(rest)
    _x_defined(out)
    return out


def _assemble(items: list[Any]) -> Data:
    """A body's sentences, in order, as the table keys they make (targets still IT where それ stands)."""
    out: Data = {"_body": True, "_steps": []}
    for item in items:
        kind, value, *rest = item
        if kind == "effects":
            out["_steps"].append(("effects", value, rest[0] if rest else False))
        elif kind in ("choose", "pick"):
            out["_steps"].append((kind, value, False))
        elif kind == "x":
            if "x" in out:
                raise _Unread(reason("cards.reason.ff.x_defined_twice"))
            out["x"] = value
        elif kind == "x_cost":
            out["x"] = {"cost": "any"}
        elif kind == "option":
            out.setdefault("options", []).append(value)
        elif kind == "reads":
            out["reads"] = value
        elif kind == "replaces":
            out.setdefault("_replaces", []).append(value)
        elif kind == "modes":
            if "modes" in out:
                raise _Unread(reason("cards.reason.ff.modes_twice"))
            out["modes"] = value["modes"]
            if value["pick"] != {"count": 1}:
                out["pick"] = value["pick"]
        elif kind == "per_turn":
            out["per_turn"] = 1
    return out


def _settle(ops: list[Data], it: str) -> list[Data]:
    """Put ``it`` where a step still says それ (IT), inside delayed abilities ``about``."""
    out: list[Data] = []
    for op in ops:
        op = dict(op)
        if op.get("target") == IT:
            op["target"] = it
        if op["op"] == "continuous" and op["effect"].get("target") == IT:
            op["effect"] = {**op["effect"], "target": it}
        if op["op"] == "delayed":
            if op.get("about") == IT:
                if it == IT:
                    raise _Unread(reason("cards.reason.ff.end_phase_forward_no_card"))
                op["about"] = it
            # それ in a delayed ability: the cards it is about, else the card of its event (「次にあなたのフォワードが
            # フィールドに出たとき、それに…」)
            inner = "about" if "about" in op else ("event.subject" if op.get("subject", "self") != "self" else IT)
            op["effects"] = _settle(op["effects"], inner)
            _no_it(op["effects"])
        out.append(op)
    return out


def _no_it(ops: list[Data]) -> None:
    for op in ops:
        if op.get("target") == IT or (op["op"] == "continuous" and op["effect"].get("target") == IT):
            raise _Unread(reason("cards.reason.ff.op_no_card_named", op=op["op"]))


def _uses_x(data: Any) -> bool:
    """Whether an effect among ``data`` (effects, modes, options, delayed abilities) counts X (per_x)."""
    if isinstance(data, dict):
        return bool(data.get("per_x")) or any(_uses_x(v) for v in data.values())
    if isinstance(data, list):
        return any(_uses_x(v) for v in data)
    return False


def _x_defined(out: Data) -> None:
    """X in an effect needs its value from the text: a cost's X or 「Xは…である」 (4.5)."""
    if "x" not in out and _uses_x({k: v for k, v in out.items() if k != "cost"}):
        raise _Unread(reason("cards.reason.ff.x_no_value_text"))


_CHARACTER_TYPES = ("forward", "backup", "monster", "character")


def _zone_targets(chosen: list[Data], effects: list[Data]) -> None:
    """A card chosen in a zone is added to the hand or removed, nothing else; 手札に加える only such a card."""
    for step in effects:
        target = str(step.get("target", ""))
        if not target.startswith("chosen"):
            continue
        n = 0 if target == "chosen" else int(target.split(".")[1])
        zone = chosen[n].get("zone", "field") if n < len(chosen) else "field"
        if step["op"] in ("add_to_hand", "put_onto_field") and zone == "field":
            raise _Unread(reason("cards.reason.ff.op_no_card_chosen", op=step["op"]))
        if step["op"] == "put_onto_field" and chosen[n].get("what", {}).get("type") not in _CHARACTER_TYPES:
            raise _Unread(reason("cards.reason.ff.put_onto_field_not_character"))
        if zone != "field" and step["op"] not in ("add_to_hand", "remove", "put_onto_field"):
            raise _Unread(reason("cards.reason.ff.card_chosen_zone_zone", zone=zone, op=step["op"]))


def _finish(body: Data, it_default: str) -> Data:
    """A body's keys with every それ settled: the last declared choice, the last pick, or ``it_default``."""
    out: Data = {k: v for k, v in body.items() if k not in ("_body", "_steps", "_replaces")}
    chosen: list[Data] = []
    effects: list[Data] = []
    it = it_default
    may = False
    for kind, value, optional in body["_steps"]:
        if kind == "choose":
            if effects:
                raise _Unread(reason("cards.reason.ff.choice_after_effects_began"))
            chosen.append(value)
            it = "chosen" if len(chosen) == 1 else f"chosen.{len(chosen) - 1}"
        elif kind == "pick":
            effects.append(value)
            it = "picked"
        else:
            steps = _settle(value, it)
            if optional:
                if len(steps) == 1 and steps[0]["op"] == "cast":
                    steps[0]["optional"] = True
                else:
                    may = True
            effects.extend(steps)
    _no_it(effects)
    _zone_targets(chosen, effects)
    if may:
        out["_may"] = True
    if chosen:
        out["choose"] = chosen
    if effects:
        out["effects"] = effects
    for option in out.get("options", []):
        if "effects" in option:
            option["effects"] = _settle(option["effects"], it)
            _no_it(option["effects"])
    if body.get("_replaces"):
        if not effects:
            raise _Unread(reason("cards.reason.ff.this_effect_no_effect_before"))
        event = effects[-1]["op"]
        if event not in ("break", "put_in_break_zone"):
            raise _Unread(reason("cards.reason.ff.put_in_break_zone_after_other"))
        out["replaces"] = [{"event": event, **r} for r in body["_replaces"]]
    if "modes" in out and (chosen or effects):
        raise _Unread(reason("cards.reason.ff.modes_beside_other_effects"))
    return out


def normalize(text: str, name: str = "") -> str:
    """The text as the grammar reads it: NFKC (full-width digits, ①), no spaces around punctuation, the
    dash of ダメージN as —, and the card's own name as このカード (not a 《name》 of another card)."""
    out = unicodedata.normalize("NFKC", text).strip()
    out = re.sub(r"\s+", "", out)
    out = re.sub(r"^EXバースト", "EXBURST", out)  # the rulebook's own spelling (5.2.2.1, 6.5.2.1)
    out = re.sub(r"^((?:EXBURST)?)(?i:damage)(?=[0-9])", r"\1ダメージ", out)  # 15.2.6 writes it Damage
    out = out.replace(":", "：")
    out = re.sub(r"^((?:EXBURST)?ダメージ[0-9]+)[—―–\-：]?", r"\1—", out)
    out = re.sub(r"《([0-9]+)》", r"\1", out)  # 《3》 for ③: CP of any element
    if name:
        plain = unicodedata.normalize("NFKC", name).strip()
        out = re.sub(rf"(?<!《){re.escape(plain)}(?!》)", "このカード", out)
    return out


_fail = unread_at


def _parse(text: str, start: str, card: str) -> Any:
    """Parse normalised ``text`` from rule ``start`` and build its vocabulary; UnreadText on failure."""
    return parse_text(parser(), _Build().transform, text, start, card, "。、「：")


# --------------------------------------------------------------------------- reading a card

_NAME = re.compile(r"^(?P<pre>(?:EXBURST)?(?:ダメージ[0-9]+—)?)「(?P<name>[^」]+)」")
_CARD_LEVEL = (
    "キャストする時",
    "キャストするに際し",
    "このカードをキャストするに際し",
    "このカードのコストを支払う代わりに",
    "(コスト：",
    "以下から",
    "デジョン",
)
_KEYWORD_LINE = re.compile(r"^(?:(?:ヘイスト|ブレイブ|先制攻撃|バックアタック)[、\s]*)+$")


def _finished(body: Data, text: str, card: str) -> Data:
    """A body's keys once the whole text is read (:func:`_finish`); what they cannot hold as UnreadText."""
    try:
        return _finish(body, IT)
    except _Unread as exc:
        raise UnreadText(text, 0, text, card, exc.what) from None


def _summon_keys(read: Data, card: str, text: str) -> Data:
    out = _finished(read, text, card)
    if out.pop("_may", False):
        raise UnreadText(text, 0, text, card, reason("cards.reason.ff.may_in_summon"))
    reads = out.pop("reads", None)
    if reads is not None:
        if reads.pop("_head") != "このカードをキャストするためのコストは":
            raise UnreadText(text, 0, text, card, reason("cards.reason.ff.cost_change_not_this_card"))
        out["reads"] = reads
    if "per_turn" in out:
        raise UnreadText(text, 0, text, card, reason("cards.reason.ff.once_per_turn_summon"))
    if "x" not in out and _uses_x(out):
        raise UnreadText(text, 0, text, card, reason("cards.reason.ff.x_no_value_text"))
    for flag in ("ex_burst", "ex_burst_damage"):
        if flag in read:
            out[flag] = read[flag]
    return out


def read_summon(text: str, name: str = "", card: str = "") -> Data:
    """A summon's whole text as the keys of its card table (``choose``, ``effects``, ``modes``, ``options``, …)."""
    body = normalize(text, name)
    return _summon_keys(_parse(body, "summon", card or name), card or name, body)


def read_ability(text: str, name: str = "", card: str = "") -> Data:
    """One ability of a character, as an ``abilities`` entry; its ``name`` only when printed (「名前」)."""
    body = normalize(text, name)
    printed = _NAME.match(body)
    ability_name = ""
    if printed:
        ability_name = printed["name"]
        body = printed["pre"] + body[printed.end() :]
    try:
        result: Data = _parse(body, "ability", card or name)
    except UnreadText as exc:
        if name or exc.position != 0:
            raise
        hint = both(exc.why, name_hint()) if exc.why else name_hint()
        raise UnreadText(exc.text, exc.position, exc.phrase, exc.card, hint) from None
    if ability_name:
        result = {"kind": result["kind"], "name": ability_name, **{k: v for k, v in result.items() if k != "kind"}}
    elif result["kind"] == "special":
        raise UnreadText(body, 0, body, card or name, reason("cards.reason.ff.special_ability_without_name"))
    return result


def read_mode(text: str, name: str = "", card: str = "") -> Data:
    """One mode's text (what is between 「」 after 以下から…選ぶ): its ``choose`` and ``effects``."""
    body = normalize(text, name)
    out = _finished(_parse(body, "body", card or name), body, card or name)
    extra = sorted(k for k in out if k not in ("choose", "effects"))
    if extra:
        raise UnreadText(body, 0, body, card or name, reason("cards.reason.ff.mode_extra", extra=tuple(extra)))
    return out


def _card_level(text: str, name: str, card: str) -> Data:
    """A character's sentences about casting it: modes, additional or alternative costs, X in its cost."""
    body = normalize(text, name)
    if body.startswith("デジョン"):
        dejon: Data = _parse(body, "dejon_line", card or name)
        return dejon
    out = _finished(_parse(body, "body", card or name), body, card or name)
    for key in ("choose", "effects", "_may", "reads", "replaces", "per_turn"):
        if key in out:
            raise UnreadText(body, 0, body, card or name, reason("cards.reason.ff.key_character_s_own", key=key))
    return out


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a card's printed text, read or not: a line of keywords, an ability, or the card's own keys."""

    section: Literal["keywords", "abilities", "card"]
    """``abilities`` (one entry), ``keywords``, or ``card`` (a summon's effects, a character's casting sentences)."""
    index: int
    """Its place among the card's abilities (0 otherwise)."""
    text: str
    """The part's printed text."""
    reading: Data | None
    """What the reader read (an ability's table, or the card keys); None when unread."""
    unread: UnreadText | None
    """Why the part is unread, else None."""


def split_parts(text: str) -> list[str]:
    """A card's text box as its parts: one ability (or keyword line) a line; `` / `` separates them on one line."""
    parts: list[str] = []
    for line in text.splitlines():
        parts.extend(p.strip() for p in line.split(" / ") if p.strip())
    return parts


def read_card_parts(text: str, card_type: CardType, name: str = "", card: str = "") -> list[Part]:
    """A card's whole printed text part by part: what one part does not read leaves the others read."""
    label = card or name
    if card_type == "summon":
        try:
            return [Part("card", 0, text.strip(), read_summon(text, name, label), None)]
        except UnreadText as exc:
            return [Part("card", 0, text.strip(), None, exc)]
    out: list[Part] = []
    index = 0
    for part in split_parts(text):
        norm = normalize(part, name)
        try:
            if _KEYWORD_LINE.match(norm):
                out.append(Part("keywords", 0, part, _parse(norm, "keywords", label), None))
            elif norm.startswith(_CARD_LEVEL):
                out.append(Part("card", 0, part, _card_level(part, name, label), None))
            else:
                out.append(Part("abilities", index, part, read_ability(part, name, label), None))
                index += 1
        except UnreadText as exc:
            section: Literal["keywords", "abilities", "card"] = "card" if norm.startswith(_CARD_LEVEL) else "abilities"
            out.append(Part(section, index, part, None, exc))
            if section == "abilities":
                index += 1
    return out


def read_card(text: str, card_type: CardType, name: str = "", card: str = "") -> Data:
    """A card's whole printed text as the keys of its ``[cards.KEY]`` table; UnreadText for the first unread part."""
    out: Data = {}
    for part in read_card_parts(text, card_type, name, card):
        if part.unread is not None:
            raise part.unread
        assert part.reading is not None
        if part.section == "keywords":
            out["keywords"] = [*out.get("keywords", []), *part.reading["keywords"]]
        elif part.section == "abilities":
            out.setdefault("abilities", []).append(part.reading)
        else:
            out.update(part.reading)
    return out


def guess_type(text: str) -> CardType:
    """What a text is printed on, as far as the text shows: a character when it has an ability's shape (a
    trigger, a cost and a colon, a keyword line), else a summon."""
    body = normalize(text)
    if re.search(r"(とき|時|たび)、|：|^(ヘイスト|ブレイブ|先制攻撃|バックアタック)|は.*(される|ない|得る)。", body):
        return "forward"
    return "summon"
