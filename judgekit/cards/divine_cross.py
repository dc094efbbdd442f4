"""Divine Cross card text, as printed, to the effect vocabulary of the scenario files.

The grammar is ``divine_cross.lark`` (over ``grammar_common.lark``); :class:`_Build` turns its
trees into the plain dicts a scenario file writes (``{"op": "draw", "count": 1}``), which
:mod:`judgekit.games.divine_cross.cards` validates. What the grammar does not cover is never
guessed: :class:`~judgekit.cards.errors.UnreadText` names the phrase, its position and the card.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import lark
from lark import Lark, Token, Transformer, Tree, UnexpectedInput
from lark.exceptions import VisitError

from judgekit.cards.errors import UnreadText, reason, stopped_at

Data = dict[str, Any]
"""One piece of the vocabulary as a scenario file writes it."""

CardKind = Literal["unit", "event", "action", "assist"]
"""What the text is printed on: a unit, or a command of one class (201.2b)."""

_ATTR = {"赤": "red", "緑": "green", "青": "blue", "無": "colorless"}
_PLAYER = {"自分": "own", "相手": "opponent"}
_ZONE = {"手札": "hand", "デッキ": "deck", "捨て札": "discard", "KO置き場": "ko"}
_MARKER = {"気絶": "stun", "ダメージ": "damage"}
"""Markers the rules name (907): their vocabulary names. Any other marker keeps its printed name (907.3b)."""
_PHASE = {
    "ゲーム開始": "game_start",
    "ターン開始": "turn_start",
    "ドローフェイズ開始": "draw_phase_start",
    "メインフェイズ開始": "main_phase_start",
    "バトルフェイズ開始": "battle_start",
    "バトルフェイズ終了": "battle_end",
    "ターン終了": "turn_end",
}
_NOUN: dict[str, Data] = {"カード": {}, "ユニット": {"type": "unit"}, "コマンド": {"type": "command"}}


class _Unread(Exception):
    """A phrase the grammar parsed but the vocabulary cannot hold (raised while building)."""

    def __init__(self, what: str, part: int | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.part = part
        """Which child of the rule being built holds the phrase (a sentence of ``effects``), when known."""


_GRAMMARS = ("divine_cross.lark", "grammar_common.lark")


def _cache_file() -> Path | None:
    """Where the built parser is kept between runs: beside the rules index cache (``$JUDGEKIT_CACHE``, else
    ``$XDG_CACHE_HOME/judgekit``, else ``~/.cache/judgekit``), named by the grammars' content and lark's version."""
    env = os.environ.get("JUDGEKIT_CACHE")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judgekit"
    digest = hashlib.sha256(lark.__version__.encode())
    for name in _GRAMMARS:
        digest.update(Path(__file__).with_name(name).read_bytes())
    try:
        (base / "cards").mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # no writable cache: build the parser each time
    return base / "cards" / f"divine-cross-{digest.hexdigest()[:16]}.lark-cache"


@cache
def parser() -> Lark:
    """The Divine Cross card-text parser: LALR(1) with the contextual lexer, so a text reads in about a
    millisecond (literal phrases win over the multi-word terminals, which have priority -1)."""
    where = _cache_file()
    return Lark.open(
        str(Path(__file__).with_name(_GRAMMARS[0])),
        start=["effects", "ex_body", "skill_body", "assist_body"],
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        cache=str(where) if where else False,
    )


def _tokens(items: list[Any], kind: str) -> list[str]:
    return [str(t) for t in items if isinstance(t, Token) and t.type == kind]


def _token(items: list[Any], kind: str, default: str | None = None) -> str:
    found = _tokens(items, kind)
    if found:
        return found[0]
    if default is None:
        raise AssertionError(f"no {kind} in {items!r}")
    return default


def _num(items: list[Any]) -> int:
    return int(_token(items, "NUMBER"))


def _signed(items: list[Any]) -> int:
    return int(_token(items, "SIGNED"))


def _player(items: list[Any], default: str = "自分") -> str:
    return _PLAYER[_token(items, "PLAYER", default)]


def _dicts(items: list[Any]) -> list[Data]:
    return [i for i in items if isinstance(i, dict)]


def _lists(items: list[Any]) -> list[list[Data]]:
    return [i for i in items if isinstance(i, list)]


def _unit(items: list[Any]) -> str:
    for i in items:
        if isinstance(i, _Target):
            return i.selector
    raise AssertionError(f"no unit in {items!r}")


@dataclass(frozen=True, slots=True)
class _Target:
    """A unit phrase as read: its selector, and whether it names every unit of a player without すべて."""

    selector: str
    """The vocabulary selector (``own.main``)."""
    bare: bool = False
    """「相手のユニット」 without すべて: every unit in a static ability, unclear as an effect's target."""


def _effect_target(items: list[Any], phrase: str) -> str:
    for i in items:
        if isinstance(i, _Target):
            if i.bare:
                raise _Unread(reason("cards.reason.dc.phrase_target_effect_one", phrase=phrase))
            return i.selector
    raise AssertionError(f"no unit in {items!r}")


def _static_target(items: list[Any]) -> str:
    return _unit(items)


def _flip(data: Any) -> Any:
    """The same effects seen from the opponent (「相手は自分の…」: 自分 is the opponent)."""
    swap = {"own": "opponent", "opponent": "own"}
    if isinstance(data, list):
        return [_flip(d) for d in data]
    if isinstance(data, dict):
        out: Data = {}
        for key, value in data.items():
            if key in ("player", "chooser") and value in swap:
                out[key] = swap[value]
            elif key in ("target", "per", "energy_of", "unit", "count") and isinstance(value, str) and "." in value:
                side, rest = value.split(".", 1)
                out[key] = f"{swap.get(side, side)}.{rest}"
            else:
                out[key] = _flip(value)
        return out
    return data


class _Build(Transformer[Token, Any]):
    """Turns a parse tree into vocabulary dicts."""

    # ------------------------------------------------------------ units and filters
    def u_self(self, items: list[Any]) -> _Target:
        return _Target("self")

    def u_main(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.main")

    def u_all_standby(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.all_standby")

    def u_all_units(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.all_units")

    def u_units(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.all_units", bare=True)

    def u_every_unit(self, items: list[Any]) -> _Target:
        return _Target("all_units")

    def f_attribute(self, items: list[Any]) -> Data:
        return {**_NOUN[_token(items, "CARD_NOUN")], "attribute": _ATTR[_token(items, "ATTR")]}

    def f_name(self, items: list[Any]) -> Data:
        return {**_NOUN[_token(items, "CARD_NOUN")], "name_contains": _token(items, "NAME_PART")[1:-1]}

    def f_noun(self, items: list[Any]) -> Data:
        return dict(_NOUN[_token(items, "CARD_NOUN")])

    # ------------------------------------------------------------ counts
    def per_energy(self, items: list[Any]) -> str:
        unit = _unit(items)
        if unit not in ("self", "own.main", "opponent.main"):
            raise _Unread(reason("cards.reason.dc.energy_more_than_one"))
        return f"{unit}.energy"

    def per_zone(self, items: list[Any]) -> str:
        zone = _ZONE[_token(items, "ZONE")]
        return f"{_player(items)}.{zone}"

    def per_ko_units(self, items: list[Any]) -> str:
        return f"{_player(items)}.ko_units"

    # ------------------------------------------------------------ effects
    def draw(self, items: list[Any]) -> Data:
        out: Data = {"op": "draw", "player": _player(items), "count": _num(items)}
        if _tokens(items, "UP_TO"):
            out["up_to"] = True
        return out

    def draw_per(self, items: list[Any]) -> Data:
        per = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return {"op": "draw", "player": _player(items), "count": _num(items), "per": per}

    def draw_until(self, items: list[Any]) -> Data:
        return {"op": "draw", "until_hand": _num(items)}

    def discard(self, items: list[Any]) -> Data:
        return {"op": "discard", "player": _player(items), "count": _num(items)}

    def discard_all(self, items: list[Any]) -> Data:
        return {"op": "discard", "player": _player(items), "all": True}

    def discard_energy(self, items: list[Any]) -> Data:
        return {
            "op": "discard",
            "player": "own",
            "count": _num(items),
            "energy_of": _effect_target(items, "エネルギー"),
        }

    def charge(self, items: list[Any]) -> Data:
        target = _effect_target(items, "チャージ")
        if target.startswith("opponent."):
            raise _Unread(reason("cards.reason.dc.charging_opponent_s_unit"))
        return {"op": "charge", "target": target}

    def _attach(self, items: list[Any], source: str) -> Data:
        if _player(items) != "own":
            raise _Unread(reason("cards.reason.dc.energy_from_opponent_s"))
        target = _effect_target(items, "エネルギーとして付ける")
        return {"op": "attach_energy", "target": target, "source": source, "count": _num(items)}

    def attach_from_deck(self, items: list[Any]) -> Data:
        return self._attach(items, "deck")

    def attach_from_hand(self, items: list[Any]) -> Data:
        return self._attach(items, "hand")

    def attach_from_discard(self, items: list[Any]) -> Data:
        return self._attach(items, "discard")

    def attach_this(self, items: list[Any]) -> Data:
        return {"op": "attach_energy", "target": _effect_target(items, "エネルギーとして付ける"), "card": "this"}

    def retreat(self, items: list[Any]) -> Data:
        target = _effect_target(items, "退却")
        if target not in ("own.main", "opponent.main"):
            raise _Unread(reason("cards.reason.dc.unit_other_than_main"))
        return {"op": "retreat", "player": target.split(".")[0]}

    def damage(self, items: list[Any]) -> Data:
        return {"op": "damage", "target": _effect_target(items, "ダメージ"), "amount": _num(items)}

    def damage_per(self, items: list[Any]) -> Data:
        per = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return {"op": "damage", "target": _effect_target(items, "ダメージ"), "amount": _num(items), "per": per}

    def damage_area_card(self, items: list[Any]) -> Data:
        return {"op": "damage", "target": f"{_player(items)}.unit", "area_card": True, "amount": _num(items)}

    def damage_targetless(self, items: list[Any]) -> Data:
        return {"op": "damage", "amount": _num(items)}

    def stun_targetless(self, items: list[Any]) -> Data:
        return {"op": "stun"}

    def ko_targetless(self, items: list[Any]) -> Data:
        return {"op": "ko"}

    def heal_points(self, items: list[Any]) -> Data:
        return {"amount": _num(items)}

    def heal_all(self, items: list[Any]) -> Data:
        return {"all": True}

    def heal(self, items: list[Any]) -> Data:
        return {"op": "heal", "target": _effect_target(items, "HPを回復"), **_dicts(items)[0]}

    def heal_per(self, items: list[Any]) -> Data:
        per = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return {"op": "heal", "target": _effect_target(items, "HPを回復"), "amount": _num(items), "per": per}

    def heal_targetless(self, items: list[Any]) -> Data:
        return {"op": "heal", **_dicts(items)[0]}

    def stun(self, items: list[Any]) -> Data:
        return {"op": "stun", "target": _effect_target(items, "気絶")}

    def place_marker(self, items: list[Any]) -> Data:
        marker = _token(items, "MARKER")
        return {
            "op": "place_marker",
            "target": _effect_target(items, "マーカー"),
            "marker": _MARKER.get(marker, marker),
            "count": _num(items) if _tokens(items, "NUMBER") else 1,  # (名称)マーカーを置く: one marker (907.3)
        }

    def remove_marker(self, items: list[Any]) -> Data:
        marker = _token(items, "MARKER")
        out: Data = {
            "op": "remove_marker",
            "target": _effect_target(items, "マーカー"),
            "marker": _MARKER.get(marker, marker),
        }
        if _tokens(items, "NUMBER"):
            out["count"] = _num(items)
        return out

    def ko(self, items: list[Any]) -> Data:
        return {"op": "ko", "target": _effect_target(items, "KO")}

    def discard_this(self, items: list[Any]) -> Data:
        return {"op": "discard", "card": "this"}

    def discard_unit(self, items: list[Any]) -> Data:
        if _unit(items) != "self":
            raise _Unread(reason("cards.reason.dc.unit_other_than_this"))
        return {"op": "discard", "card": "this"}

    def put_in_ko_this(self, items: list[Any]) -> Data:
        return {"op": "put_in_ko", "card": "this"}

    def put_in_ko_unit(self, items: list[Any]) -> Data:
        if _unit(items) != "self":
            raise _Unread(reason("cards.reason.dc.ko_unit_other_than"))
        return {"op": "put_in_ko", "card": "this"}

    def put_in_ko_hand(self, items: list[Any]) -> Data:
        return {"op": "put_in_ko", "player": _player(items), "source": "hand", "count": _num(items)}

    def put_in_ko_discard(self, items: list[Any]) -> Data:
        return {"op": "put_in_ko", "player": _player(items), "source": "discard", "count": _num(items)}

    def put_in_ko_deck(self, items: list[Any]) -> Data:
        return {"op": "put_in_ko", "player": _player(items), "source": "deck", "count": _num(items)}

    def search(self, items: list[Any]) -> Data:
        return {"op": "search", "player": _player(items), "filter": _dicts(items)[0], "count": _num(items)}

    def shuffle(self, items: list[Any]) -> Data:
        return {"op": "shuffle", "player": _player(items)}

    def reveal_hand(self, items: list[Any]) -> Data:
        return {"op": "reveal", "player": _player(items), "source": "hand"}

    def reveal_deck(self, items: list[Any]) -> Data:
        return {"op": "reveal", "player": _player(items), "source": "deck", "count": _num(items)}

    def swap(self, items: list[Any]) -> Data:
        return {"op": "swap", "player": _player(items)}

    def winning_ticket(self, items: list[Any]) -> Data:
        return {"op": "winning_ticket", "player": "own"}

    def use_again(self, items: list[Any]) -> Data:
        return {"op": "use_again"}

    def chosen_standby(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.standby")

    def chosen_unit(self, items: list[Any]) -> _Target:
        return _Target(f"{_player(items)}.unit")

    def choose_then(self, items: list[Any]) -> Data:
        target = next(i for i in items if isinstance(i, _Target)).selector
        action = _dicts(items)[0]
        return {"op": action["op"], "target": target, **{k: v for k, v in action.items() if k != "op"}}

    def modify_damage(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "UPDOWN").startswith("ダウン") else 1
        return {"op": "modify_damage", "by": sign * _num(items)}

    def modify_damage_per(self, items: list[Any]) -> Data:
        per = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        sign = -1 if _token(items, "UPDOWN").startswith("ダウン") else 1
        return {"op": "modify_damage", "by": sign * _num(items), "per": per}

    def multiply_damage(self, items: list[Any]) -> Data:
        return {"op": "modify_damage", "multiply": _num(items)}

    def per_drawn_modify(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "UPDOWN").startswith("ダウン") else 1
        first = _dicts(items)[0]
        return {
            "op": "and_then",
            "first": [first],
            "then": [{"op": "modify_damage", "by": sign * _num(items), "per": "drawn"}],
        }

    # ------------------------------------------------------------ sentences
    def chain(self, items: list[Any]) -> tuple[list[Data], bool]:
        return _dicts(items), bool(_tokens(items, "MAY"))

    def plain(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        return ("plain", steps, may)

    def if_done_then(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_after_if_done"))
        return ("then", steps, False)

    def if_done_otherwise(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_after_if_not_done"))
        return ("otherwise", steps, False)

    def opponent_does(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        flipped: list[Data] = _flip(steps)
        return ("plain", flipped, may) if not may else ("may_opponent", flipped, True)

    def this_turn(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        return ("plain", [items[-1]], False)

    def next_turn(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        """809.8: 「次の(自分の/相手の)ターン、…」 applies from the start of that turn until its end."""
        whose = _player(items) if _tokens(items, "PLAYER") else "any"
        return (
            "plain",
            [{**items[-1], "duration": "next_turn", **({"whose": whose} if whose != "any" else {})}],
            False,
        )

    def janken_win(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_after_janken"))
        return ("plain", [{"op": "janken", "on_win": steps}], False)

    def janken_per_win(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_after_per_win"))
        return ("plain", [{"op": "janken", "times": _num(items), "per_win": steps}], False)

    def delayed(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_in_delayed"))
        entry = {"op": "delayed", "on": _PHASE[_token(items, "PHASE_EVENT")], "whose": _player(items), "effects": steps}
        return ("plain", [entry], False)

    def conditional(self, items: list[Any]) -> tuple[str, list[Data], bool]:
        cond = _dicts(items)[0]
        if cond.get("unit", "self") not in ("self", "own.main", "opponent.main"):
            raise _Unread(reason("cards.reason.dc.condition_more_than_one"))
        steps, may = items[-1]
        return ("plain", [{"op": "if", "condition": cond, "then": self.effects([("plain", steps, may)])}], False)

    def _depends(self, out: list[Data], kind: str, steps: list[Data], part: int) -> None:
        """Attach a そうしたなら/そうしなかったなら sentence to the action before it (inside a なら: the action is
        the one under the condition, so nothing follows when the condition did not hold)."""
        if not out:
            raise _Unread(reason("cards.reason.dc.nothing_done_before"), part)
        last = out[-1]
        if last["op"] == "if":
            self._depends(last["then"], kind, steps, part)
        elif last["op"] == "if_done" and last.get("optional") and kind not in last:
            last[kind] = steps
        elif kind == "otherwise":
            raise _Unread(reason("cards.reason.dc.after_action_not"), part)
        else:
            out[-1] = {"op": "if_done", "do": [last], kind: steps}

    def effects(self, items: list[Any]) -> list[Data]:
        out: list[Data] = []
        for part, (kind, steps, may) in enumerate(items):
            if kind in ("then", "otherwise"):
                self._depends(out, kind, steps, part)
                continue
            if may:
                if len(steps) != 1:
                    raise _Unread(reason("cards.reason.dc.may_over_more_than_one"), part)
                entry: Data = {"op": "if_done", "optional": True, "do": steps}
                if kind == "may_opponent":
                    entry["chooser"] = "opponent"
                out.append(entry)
            else:
                out.extend(steps)
        # An optional action with nothing depending on it is still an optional action: keep the if_done.
        return out

    # ------------------------------------------------------------ continuous effects and statics
    def hp_short(self, items: list[Any]) -> int:
        return _signed(items)

    def s_damage_dealt(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "UPDOWN").startswith("ダウン") else 1
        return {"op": "modify_damage", "by": sign * _num(items), "applies": "dealt", "target": _static_target(items)}

    def s_damage_dealt_signed(self, items: list[Any]) -> Data:
        return {"op": "modify_damage", "by": _signed(items), "applies": "dealt", "target": _static_target(items)}

    def s_damage_taken(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "UPDOWN").startswith("ダウン") else 1
        return {"op": "modify_damage", "by": sign * _num(items), "applies": "taken", "target": _static_target(items)}

    def s_damage_taken_signed(self, items: list[Any]) -> Data:
        return {"op": "modify_damage", "by": _signed(items), "applies": "taken", "target": _static_target(items)}

    def s_gain_advantage(self, items: list[Any]) -> Data:
        return {"op": "gain_advantage", "attribute": _ATTR[_token(items, "ATTR")], "target": _static_target(items)}

    def s_lose_advantage(self, items: list[Any]) -> Data:
        return {"op": "lose_advantage", "target": _static_target(items)}

    def s_hp_short(self, items: list[Any]) -> Data:
        by = next(i for i in items if isinstance(i, int))
        return {"op": "hp", "by": by, "target": _static_target(items)}

    def s_hp_signed(self, items: list[Any]) -> Data:
        return {"op": "hp", "by": _signed(items), "target": _static_target(items)}

    def s_hp_verb(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "HP_VERB") == "減らす" else 1
        return {"op": "hp", "by": sign * _num(items), "target": _static_target(items)}

    def s_retreat_cost(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "COST_VERB") == "減らす" else 1
        return {"op": "retreat_cost", "by": sign * _num(items), "target": _static_target(items)}

    def s_skill_cost(self, items: list[Any]) -> Data:
        sign = -1 if _token(items, "COST_VERB") == "減らす" else 1
        return {"op": "skill_cost", "by": sign * _num(items), "target": _static_target(items)}

    def s_forbid_skill(self, items: list[Any]) -> Data:
        return {"op": "forbid_skill", "skill": _token(items, "QUOTED")[1:-1], "target": _static_target(items)}

    def s_forbid_heal(self, items: list[Any]) -> Data:
        return {"op": "forbid", "action": "heal", "target": _static_target(items)}

    def s_no_skill_damage(self, items: list[Any]) -> Data:
        return {"op": "no_skill_damage", "target": _static_target(items)}

    def s_skill_fails_janken(self, items: list[Any]) -> Data:
        return {"op": "skill_fails", "whose": _player(items), "janken": True}

    def s_skill_fails(self, items: list[Any]) -> Data:
        return {"op": "skill_fails", "whose": _player(items)}

    def s_deck_copies_any(self, items: list[Any]) -> Data:
        return {"op": "deck_copies"}

    def s_deck_copies(self, items: list[Any]) -> Data:
        return {"op": "deck_copies", "copies": _num(items)}

    def s_zone_attribute(self, items: list[Any]) -> Data:
        zone = _ZONE[_token(items, "ZONE")]
        if zone not in ("hand", "discard"):
            raise _Unread(reason("cards.reason.dc.cards_zone_having_attribute", zone=zone))
        return {
            "op": "zone_attribute",
            "zone": zone,
            "attribute": _ATTR[_token(items, "ATTR")],
            "player": _player(items),
        }

    def attr_list(self, items: list[Any]) -> list[str]:
        return [_ATTR[t] for t in _tokens(items, "ATTR")]

    def s_base_attribute(self, items: list[Any]) -> Data:
        return {"op": "base_attribute", "attributes": next(i for i in items if isinstance(i, list))}

    def s_gain_attribute(self, items: list[Any]) -> Data:
        return {"op": "gain_attribute", "attribute": _ATTR[_token(items, "ATTR")], "target": _static_target(items)}

    def s_set_attribute(self, items: list[Any]) -> Data:
        return {"op": "set_attribute", "attributes": [_ATTR[_token(items, "ATTR")]], "target": _static_target(items)}

    def s_lose_ex(self, items: list[Any]) -> Data:
        return {"op": "lose_ability", "ability": "ex", "target": _static_target(items)}

    def s_lose_skill(self, items: list[Any]) -> Data:
        return {"op": "lose_ability", "ability": "skill", "target": _static_target(items)}

    def s_gain_ex(self, items: list[Any]) -> Data:
        ex = {"name": _token(items, "QUOTED")[1:-1], **_dicts(items)[0]}
        return {"op": "gain_ability", "ex": ex, "target": _static_target(items)}

    def s_replace_ko(self, items: list[Any]) -> Data:
        steps, may = next(i for i in items if isinstance(i, tuple))
        out: Data = {"op": "replace", "event": "ko", "instead": steps}
        if may:
            out["optional"] = True
        return out

    def s_replace_damage(self, items: list[Any]) -> Data:
        return {"op": "replace", "event": "damage", "reduce": _num(items)}

    def statics(self, items: list[Any]) -> list[Data]:
        return _dicts(items)

    def gain_attribute_and_hp(self, items: list[Any]) -> Data:
        target = _unit(items)
        by = next(i for i in items if isinstance(i, int) and not isinstance(i, bool))
        return {
            "op": "continuous",
            "duration": "turn",
            "effect": {"op": "gain_attribute", "attribute": _ATTR[_token(items, "ATTR")], "target": target},
            "also": [{"op": "hp", "by": by, "target": target}],
        }

    def continuous(self, items: list[Any]) -> Data:
        statics = next(i for i in items if isinstance(i, list))
        return {
            "op": "continuous",
            "duration": "turn",
            "effect": statics[0],
            **({"also": statics[1:]} if statics[1:] else {}),
        }

    # ------------------------------------------------------------ conditions
    def cond_attribute(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "attribute": _ATTR[_token(items, "ATTR")]}

    def cond_printed_attribute(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "attribute": _ATTR[_token(items, "ATTR")], "printed": True}

    def _hp_count(self, items: list[Any]) -> str:
        unit = _unit(items)
        if unit not in ("self", "own.main", "opponent.main"):
            raise _Unread(reason("cards.reason.dc.hp_more_than_one"))
        return f"{unit}.hp"

    def cond_hp_at_most(self, items: list[Any]) -> Data:
        return {"count": self._hp_count(items), "at_most": _num(items)}

    def cond_hp_at_least(self, items: list[Any]) -> Data:
        return {"count": self._hp_count(items), "at_least": _num(items)}

    def cond_not_stunned(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "stunned": False}

    def cond_stunned(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "stunned": True}

    def cond_damaged(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "damaged": True}

    def cond_not_damaged(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "damaged": False}

    def cond_abnormal(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "abnormal": True}

    def cond_not_abnormal(self, items: list[Any]) -> Data:
        return {"unit": _unit(items), "abnormal": False}

    def cond_marker(self, items: list[Any]) -> Data:
        state = _token(items, "STATE")
        if state == "気絶":
            return {"unit": _unit(items), "stunned": True}
        if state == "ダメージ":
            raise _Unread(reason("cards.reason.dc.damage_marker_not_state"))
        return {"unit": _unit(items), "marker": state}

    def cond_ko_units_at_least(self, items: list[Any]) -> Data:
        return {"count": f"{_player(items)}.ko_units", "at_least": _num(items)}

    def cond_ko_units_at_most(self, items: list[Any]) -> Data:
        return {"count": f"{_player(items)}.ko_units", "at_most": _num(items)}

    def cond_standby_at_least(self, items: list[Any]) -> Data:
        return {"count": f"{_player(items)}.standby_units", "at_least": _num(items)}

    def cond_standby_at_most(self, items: list[Any]) -> Data:
        return {"count": f"{_player(items)}.standby_units", "at_most": _num(items)}

    def cond_turn(self, items: list[Any]) -> Data:
        return {"turn": _player(items)}

    def cond_winning_ticket(self, items: list[Any]) -> Data:
        return {"winning_ticket": _player(items)}

    def _zone_count(self, items: list[Any]) -> str:
        return f"{_player(items)}.{_ZONE[_token(items, 'ZONE')]}"

    def cond_zone_at_least(self, items: list[Any]) -> Data:
        return {"count": self._zone_count(items), "at_least": _num(items)}

    def cond_zone_at_most(self, items: list[Any]) -> Data:
        return {"count": self._zone_count(items), "at_most": _num(items)}

    def _energy_count(self, items: list[Any]) -> str:
        unit = _unit(items)
        if unit not in ("self", "own.main", "opponent.main"):
            raise _Unread(reason("cards.reason.dc.energy_more_than_one"))
        return f"{unit}.energy"

    def cond_energy_at_least(self, items: list[Any]) -> Data:
        return {"count": self._energy_count(items), "at_least": _num(items)}

    def cond_energy_at_most(self, items: list[Any]) -> Data:
        return {"count": self._energy_count(items), "at_most": _num(items)}

    # ------------------------------------------------------------ triggers
    def trig_phase(self, items: list[Any]) -> Data:
        whose = _PLAYER[_token(items, "PLAYER")] if _tokens(items, "PLAYER") else "any"
        return {"on": _PHASE[_token(items, "PHASE_EVENT")], "whose": whose}

    def trig_skill_use(self, items: list[Any]) -> Data:
        return {"on": "skill_use", "whose": _player(items)}

    def trig_skill_used(self, items: list[Any]) -> Data:
        return {"on": "skill_used", "whose": _player(items)}

    def trig_ko(self, items: list[Any]) -> Data:
        return {"on": "ko"}

    def trig_played(self, items: list[Any]) -> Data:
        return {"on": "played"}

    def trig_kos_unit(self, items: list[Any]) -> Data:
        return {"on": "kos_unit"}

    def trig_kos_side(self, items: list[Any]) -> Data:
        if not isinstance(items[0], _Target) or items[0].selector != "self":
            raise _Unread(reason("cards.reason.dc.kos_unit_other_than_this"))
        return {"on": "kos_unit", "whose": _player(items)}

    def trig_skill_damage_taken(self, items: list[Any]) -> Data:
        return {"on": "skill_damage_taken"}

    def trig_discarded(self, items: list[Any]) -> Data:
        return {"on": "discarded", "whose": _player(items), "condition": {"moved": _dicts(items)[0]}}

    def trig_command_played(self, items: list[Any]) -> Data:
        moved = dict(_dicts(items)[0])
        if moved.pop("type", "command") != "command":
            raise _Unread(reason("cards.reason.dc.playing_card_not_command"))
        out: Data = {"on": "command_played", "whose": _player(items)}
        if moved:
            out["condition"] = {"moved": moved}
        return out

    def trig_put_in_ko(self, items: list[Any]) -> Data:
        return {"on": "put_in_ko", "whose": _player(items), "condition": {"moved": _dicts(items)[0]}}

    # ------------------------------------------------------------ abilities
    def static_with_condition(self, items: list[Any]) -> Data:
        cond, statics = _dicts(items)[0], _lists(items)[0]
        return {"kind": "static", "condition": cond, "statics": statics}

    def static_plain(self, items: list[Any]) -> Data:
        return {"kind": "static", "statics": _lists(items)[0]}

    def static_sentence(self, items: list[Any]) -> list[Data]:
        return _lists(items)[0]

    def ex_static(self, items: list[Any]) -> Data:
        return _dicts(items)[0]

    def assist_body(self, items: list[Any]) -> Data:
        return _dicts(items)[0]

    def in_hand(self, items: list[Any]) -> str:
        return "hand"

    def non_cumulative(self, items: list[Any]) -> str:
        return "non_cumulative"

    def ex_activated(self, items: list[Any]) -> Data:
        out: Data = {"kind": "activated", "uses": _num(items)}
        if "hand" in items:
            out["zone"] = "hand"
        out["effects"] = _lists(items)[0]
        return out

    def ex_triggered(self, items: list[Any]) -> Data:
        trigger = _dicts(items)[0]
        out: Data = {"kind": "triggered", **trigger}
        if "non_cumulative" in items:
            out["cumulative"] = False
        out["effects"] = _lists(items)[0]
        return out

    # ------------------------------------------------------------ skills
    def damage_plain(self, items: list[Any]) -> Data:
        return {"damage": _num(items)}

    def damage_x(self, items: list[Any]) -> Data:
        return {"damage": _num(items), "x": True}

    def before_damage(self, items: list[Any]) -> tuple[str, Any]:
        steps, may = items[-1]
        if may:
            raise _Unread(reason("cards.reason.dc.may_before_damage"))
        return ("before_damage", steps)

    def before_damage_if(self, items: list[Any]) -> tuple[str, Any]:
        if items[-1][1]:
            raise _Unread(reason("cards.reason.dc.may_before_damage"))
        _, steps, _ = self.conditional(items)
        return ("before_damage", steps)

    def stunned_ok(self, items: list[Any]) -> tuple[str, Any]:
        return ("stunned_ok", True)

    def damage_base(self, items: list[Any]) -> tuple[str, Any]:
        per = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return ("effects", [{"op": "damage_base", "each": _num(items), "per": per}])

    def skill_while(self, items: list[Any]) -> tuple[str, Any]:
        cond, statics = _dicts(items)[0], _lists(items)[0]
        entry: Data = {"op": "continuous", "duration": "while", "condition": cond, "effect": statics[0]}
        if statics[1:]:
            entry["also"] = statics[1:]
        return ("effects", [entry])

    def skill_body(self, items: list[Any]) -> Data:
        out: Data = {}
        plain: list[Any] = []
        origin: list[int] = []
        """For each entry of ``plain``, its child index in the skill's tree (to place an unread phrase)."""
        for index, item in enumerate(items):
            if isinstance(item, dict):
                out.update(item)
            elif item[0] in ("plain", "then", "otherwise", "may_opponent"):
                plain.append(item)
                origin.append(index)
            elif item[0] == "effects":
                plain.append(("plain", item[1], False))
                origin.append(index)
            elif item[0] == "before_damage":
                out["before_damage"] = [*out.get("before_damage", []), *item[1]]
            else:
                out[item[0]] = item[1]
        try:
            effects = self.effects(plain) if plain else []
        except _Unread as exc:
            raise _Unread(exc.what, origin[exc.part] if exc.part is not None else None) from None
        if effects:
            out["effects"] = effects
        return out


def normalize(text: str) -> str:
    """The text as the grammar reads it: NFKC (full-width digits, ①), no spaces around Japanese punctuation."""
    out = unicodedata.normalize("NFKC", text).strip()
    out = re.sub(r"\s*([。、:：])\s*", r"\1", out)
    return out.replace(":", "：")


def _fail(text: str, position: int, card: str, why: str = "") -> UnreadText:
    end = text.find("。", position)
    phrase = text[position : end + 1 if end >= 0 else len(text)] or text[max(0, position - 10) :]
    return UnreadText(text, position, phrase, card, why)


def _parse(text: str, start: str, card: str) -> Any:
    """Parse normalised ``text`` from rule ``start`` and build its vocabulary; UnreadText on failure."""
    try:
        tree: Tree[Token] = parser().parse(text, start=start)
    except UnexpectedInput as exc:
        pos = exc.pos_in_stream if isinstance(exc.pos_in_stream, int) and exc.pos_in_stream >= 0 else len(text)
        pos = min(pos, max(len(text) - 1, 0))
        # The phrase is the clause the reading stopped in: from the last 。 or 、 before that point.
        clause = max(text.rfind("。", 0, pos), text.rfind("、", 0, pos)) + 1
        raise _fail(text, clause, card, stopped_at(text[pos : pos + 12])) from None
    try:
        return _Build().transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Unread):
            node = exc.obj
            part = exc.orig_exc.part
            if isinstance(node, Tree) and part is not None and isinstance(node.children[part], Tree):
                node = node.children[part]
            meta = node.meta if isinstance(node, Tree) else None
            start_pos = meta.start_pos if meta is not None and not meta.empty else 0
            end_pos = meta.end_pos if meta is not None and not meta.empty else len(text)
            raise UnreadText(text, start_pos, text[start_pos:end_pos], card, exc.orig_exc.what) from None
        raise


def read_effects(text: str, card: str = "") -> list[Data]:
    """An event's or action's text (801.1d) as a list of ops."""
    result: list[Data] = _parse(normalize(text), "effects", card)
    return result


def read_ex(text: str, card: str = "") -> Data:
    """One EX power's text (without its ``EX`` mark and without its name, which is not printed)."""
    body = normalize(text)
    body = re.sub(r"^EX\s*", "", body)
    result: Data = _parse(body, "ex_body", card)
    return result


def read_skill(text: str, card: str = "") -> Data:
    """A skill's text after its name and cost: its printed damage (if any) and its instructions.

    Only what the text prints is in the result: a text without a damage number gives no ``damage``.
    """
    body = normalize(text)
    body = re.sub(r"^([0-9]+×?)(?=\S)", r"\1", body)
    result: Data = _parse(body.replace(" ", ""), "skill_body", card) if body else {}
    return result


_SKILL_LINE = re.compile(r"^「(?P<name>[^」]+)」(?P<cost>[0-9]+)\s*(?P<rest>.*)$")
_EX_MARK = re.compile(r"(?:^|\s)EX\s+")


def guess_kind(text: str) -> CardKind:
    """What a text is printed on, as far as the text shows: EX powers or a skill line (a unit), an assist's
    「このアシストが付いている」, or else a command's effect (an event or an action read the same)."""
    body = normalize(text)
    if body.startswith(("EX", "「")):
        return "unit"
    if "このアシスト" in body:
        return "assist"
    return "event"


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a card's printed text, read or not: a skill line, an EX power, or a command's effect."""

    section: Literal["skills", "ex", "effects"]
    """Which key of the card table the part belongs to."""
    index: int
    """Its place among the card's parts of that section (0 for ``effects``)."""
    text: str
    """The part's printed text."""
    reading: Data | list[Data] | None
    """What the reader read (a skill's or EX power's table, or the list of effects); None when unread."""
    unread: UnreadText | None
    """Why the part is unread, else None."""


def read_card_parts(text: str, kind: CardKind, card: str = "") -> list[Part]:
    """A card's whole printed text part by part: what one part does not read leaves the others read
    (see :func:`read_card`, which stops at the first unread part)."""
    body = unicodedata.normalize("NFKC", text).strip()
    if kind in ("event", "action") and not body.startswith("EX"):
        try:
            return [Part("effects", 0, body, read_effects(body, card), None)]
        except UnreadText as exc:
            return [Part("effects", 0, body, None, exc)]
    out: list[Part] = []
    counts = {"skills": 0, "ex": 0}
    starts_with_ex = bool(_EX_MARK.match(body))
    for i, part in enumerate(p for p in _EX_MARK.split(body) if p.strip()):
        line = _SKILL_LINE.match(part.strip())
        section: Literal["skills", "ex"] = "skills" if line and not (starts_with_ex or i > 0) else "ex"
        try:
            reading = read_card(part if i == 0 and not starts_with_ex else f"EX {part}", kind, card)
            found = reading.get(section) or []
            out += [Part(section, counts[section] + n, part.strip(), r, None) for n, r in enumerate(found)]
            counts[section] += len(found)
        except UnreadText as exc:
            out.append(Part(section, counts[section], part.strip(), None, exc))
            counts[section] += 1
    return out


def read_card(text: str, kind: CardKind, card: str = "") -> Data:
    """A card's whole printed text: ``skills``, ``ex`` and ``effects`` as a ``[cards.KEY]`` table writes them.

    EX powers get no ``name``: it is not in the text. Raises UnreadText for the first part it cannot read.
    """
    body = unicodedata.normalize("NFKC", text).strip()
    out: Data = {}
    if kind in ("event", "action") and not body.startswith("EX"):
        out["effects"] = read_effects(body, card)
        return out
    parts = [p for p in _EX_MARK.split(body) if p.strip()]
    starts_with_ex = bool(_EX_MARK.match(body))
    for i, part in enumerate(parts):
        line = _SKILL_LINE.match(part.strip())
        if line and not (starts_with_ex or i > 0):
            skill: Data = {"name": line["name"], "cost": int(line["cost"])}
            rest = line["rest"].strip()
            if rest:
                skill.update(read_skill(rest, card))
            out.setdefault("skills", []).append(skill)
        elif starts_with_ex or i > 0:
            out.setdefault("ex", []).append(read_ex(part, card))
        elif kind == "assist":
            out.setdefault("ex", []).append(_parse(normalize(part), "assist_body", card))
        else:
            raise _fail(normalize(part), 0, card, reason("cards.reason.dc.ex_skill_line_name"))
    return out
