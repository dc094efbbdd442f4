"""dice-and-castle card text, as printed, to the effect vocabulary of the scenario files.

The grammar is ``dice_castle.lark`` (over ``grammar_common.lark``); :class:`_Build` turns its trees into
the plain dicts a scenario file writes (``{"op": "destroy", "target": "opponent.unit"}``), which
:mod:`judgekit.games.dice_castle.cards` validates. What the grammar does not cover is never guessed:
:class:`~judgekit.cards.errors.UnreadText` names the phrase, its position and the card.

A normal or field magic chooses its targets when it is played (複数対象のカード, 単体、全体対象のカード):
a sentence of its own that acts on 「相手の(自分の)ユニットN体」, on all of them (「相手の全てのユニット」,
「相手のユニットを全て」, 「全てのユニット」: ``all``) or on 「相手の城」 gives the card a ``targets`` entry and acts
on the ``chosen`` units; a unit named in a condition's sentence (場合), an option (又は), a counter or an
ability is one chosen on resolution instead — so there 「ユニット2体に…ダメージ」 is not read (the vocabulary
chooses one unit on resolution for damage, a boost or a return).

A verb ends its sentence (破壊する), joins the next step (破壊し、, 与え、, 得、) or takes してもよい / てもよい
after its stem (~してもよい: optional); その後、 starts a sentence the steps would follow anyway.

A unit's text is read line by line in :mod:`judgekit.cards.dice_castle_unit`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, Literal

from lark import Lark, Token, Transformer, UnexpectedInput

from judgekit.cards.errors import UnreadText, reason
from judgekit.cards.lalr import Unread, cached_parser, parse_text, tokens, unread_at

Data = dict[str, Any]
"""One piece of the vocabulary as a scenario file writes it."""

Printed = Literal["unit", "king", "magic", "counter"]
"""What the text is printed on: a unit, a king, a normal or field magic, a counter."""

_WHO = {"自分": "own", "相手": "opponent"}
_ATTR = {"火": "fire", "水": "water", "風": "wind", "土": "earth", "光": "light", "闇": "dark", "全": "all"}
_ZONE = {"城": "castle", "ダメージ札": "damage", "捨て札": "discard", "手札": "hand", "サポート城": "support"}
_KIND = {"ユニット": "unit", "マジック": "magic"}
_MAGIC = {"通常": "normal", "場": "field", "カウンター": "counter"}
_UNIT_EVENT = {"場に出た": "enters", "攻撃した": "attacks", "破壊された": "destroyed"}
_NEGATE = {
    "コスト能力": ("cost_ability", "cost"),
    "IN能力の発動": ("in_ability", "in"),
    "OUT能力の発動": ("out_ability", "out"),
}
_STARTS = ["magic_text", "counter_text", "ability", "unit_card", "king_text", "cost_line"]


_Unread = Unread


@cache
def parser() -> Lark:
    """The dice-and-castle card-text parser (LALR(1), contextual lexer, cached between runs)."""
    return cached_parser("dice_castle.lark", "dice-castle", _STARTS)


_tokens = tokens


def _token(items: list[Any], kind: str) -> str:
    return _tokens(items, kind)[0]


def _num(items: list[Any]) -> int:
    return int(_token(items, "NUMBER"))


def _who(items: list[Any], default: str = "own") -> str:
    found = _tokens(items, "PLAYER")
    return _WHO[found[0]] if found else default


def _dicts(items: list[Any]) -> list[Data]:
    return [i for i in items if isinstance(i, dict)]


class _Unit(str):
    """A unit selector as read, with the count printed (ユニット2体)."""

    many: int = 1


def _unit(selector: str, count: int = 1) -> _Unit:
    out = _Unit(selector)
    out.many = count
    return out


def _many(step: Data, unit: _Unit) -> Data:
    """``step`` marked as acting on several units chosen one by one (相手のユニット2体に…): only a magic's own
    sentence can, by its targets (:func:`_targeted`); :func:`_one_each` refuses it anywhere else."""
    return {**step, _MANY: unit.many} if unit.many > 1 else step


class _Build(Transformer[Token, Any]):
    """Turns a parse tree into vocabulary dicts."""

    # ------------------------------------------------------------ units, energy
    def u_self(self, items: list[Any]) -> _Unit:
        return _unit("self")

    def u_event(self, items: list[Any]) -> _Unit:
        return _unit("event")

    def u_player_count(self, items: list[Any]) -> _Unit:
        return _unit(f"{_who(items)}.unit", _num(items))

    def u_player(self, items: list[Any]) -> _Unit:
        return _unit(f"{_who(items)}.unit")

    def u_any(self, items: list[Any]) -> _Unit:
        return _unit("any.unit", _num(items))

    def u_all_units(self, items: list[Any]) -> _Unit:
        """全てのユニット: every player's units (キングカードのルール変更能力について/5)."""
        return _unit("all_units", 0)

    def u_player_all(self, items: list[Any]) -> _Unit:
        return _unit(f"{_who(items)}.all", 0)

    def energy(self, items: list[Any]) -> Data:
        out: Data = {}
        attrs, numbers = _tokens(items, "ATTR"), _tokens(items, "NUMBER")
        for attr, n in zip(attrs, numbers, strict=True):
            key = _ATTR[attr]
            if key in out:
                raise _Unread(reason("cards.reason.dice.attribute_attr_twice_one", attr=attr))
            out[key] = int(n)
        return out

    def cost_line(self, items: list[Any]) -> Data:
        return dict(_dicts(items)[0])

    # ------------------------------------------------------------ instructions
    def _target(self, items: list[Any]) -> _Unit:
        return next(i for i in items if isinstance(i, _Unit))

    def draw(self, items: list[Any]) -> Data:
        if _tokens(items, "ZONE") and _ZONE[_token(items, "ZONE")] != "castle":
            raise _Unread(reason("cards.reason.dice.drawing_from_zone_other"))
        out: Data = {"op": "draw", "count": _num(items)}
        if _who(items) != "own":  # 相手は1ドローする
            out["player"] = "opponent"
        return out

    def destroy(self, items: list[Any]) -> Data:
        unit = self._target(items)
        out: Data = {"op": "destroy", "target": str(unit)}
        if unit.many > 1:
            out["count"] = unit.many
        return out

    def destroyed_self(self, items: list[Any]) -> Data:
        """(このユニットは)破壊される: the unit with the ability (フェイズ規定処理について/エンドフェイズ/3's
        「ターン終了時に破壊される、のタイミング能力」)."""
        return {"op": "destroy", "target": "self"}

    def destroy_all(self, items: list[Any]) -> Data:
        """相手のユニットを全て破壊する: every unit of that player."""
        unit = self._target(items)
        if unit.many != 1 or not unit.endswith(".unit") or unit.startswith("any"):
            raise _Unread(reason("cards.reason.dice.all_after_unit_not_player"))
        return {"op": "destroy", "target": unit.replace(".unit", ".all")}

    def damage(self, items: list[Any]) -> Data:
        unit = self._target(items)
        return _many({"op": "damage", "target": str(unit), "amount": _num(items)}, unit)

    def damage_castle(self, items: list[Any]) -> Data:
        return {"op": "damage_castle", "amount": _num(items), "player": _who(items)}

    def sword(self, items: list[Any]) -> Data:
        return {"op": "damage_castle", "amount": _num(items)}

    def damage_joined(self, items: list[Any]) -> Data:
        if _who(items) != "opponent":
            raise _Unread(reason("cards.reason.dice.damage_one_s_own"))
        return {"op": "joined", "amount": _num(items)}

    def heal(self, items: list[Any]) -> Data:
        return {"op": "heal", "amount": _num(items)}

    def gain_walls(self, items: list[Any]) -> Data:
        return {"op": "gain_walls", "amount": _num(items)}

    def gain_energy(self, items: list[Any]) -> Data:
        return {"op": "gain_energy", "amount": _num(items), "attribute": _ATTR[_token(items, "ATTR")]}

    def add_die(self, items: list[Any]) -> Data:
        return {"op": "add_die"}

    def die_makes_all(self, items: list[Any]) -> Data:
        return {"op": "die_makes_all"}

    def evolve(self, items: list[Any]) -> Data:
        return {"op": "evolve"}

    def summon(self, items: list[Any]) -> Data:
        out: Data = {"op": "summon", "zone": _ZONE[_token(items, "ZONE")]}
        if _tokens(items, "NUMBER") and _num(items) != 1:
            out["count"] = _num(items)
        if _tokens(items, "ALL"):
            out["all_players"] = True
        if _KIND[_token(items, "PLAY_KIND")] != "unit":
            out["card_type"] = "magic"
        return out

    def look(self, items: list[Any]) -> Data:
        zone = _ZONE[_token(items, "ZONE")]
        if zone not in ("castle", "damage"):
            raise _Unread(reason("cards.reason.dice.looking_open_zone"))
        return {"op": "look", "zone": zone, "player": _who(items), "count": _num(items)}

    def look_all(self, items: list[Any]) -> Data:
        zone = _ZONE[_token(items, "ZONE")]
        if zone not in ("castle", "damage"):
            raise _Unread(reason("cards.reason.dice.looking_open_zone"))
        return {"op": "look", "zone": zone, "player": _who(items)}

    def shuffle(self, items: list[Any]) -> Data:
        return {"op": "shuffle_into_castle", "source": "discard"}

    def move_all(self, items: list[Any]) -> Data:
        source, to = (_ZONE[z] for z in _tokens(items, "ZONE"))
        return {"op": "move_all", "source": source, "to": to, "player": _who(items)}

    def play_from_support(self, items: list[Any]) -> Data:
        if _ZONE[_token(items, "ZONE")] != "support":
            raise _Unread(reason("cards.reason.dice.playing_card_from_zone"))
        return {"op": "play_from_support", "card_type": _KIND[_token(items, "PLAY_KIND")], "free": True}

    def bounce(self, items: list[Any]) -> Data:
        unit = self._target(items)
        if unit.endswith("all") or unit == "all_units":
            raise _Unread(reason("cards.reason.dice.returning_every_unit"))
        return _many({"op": "bounce", "target": str(unit)}, unit)

    def boost(self, items: list[Any]) -> Data:
        unit = self._target(items)
        return _many({"op": "boost", "target": str(unit), "attack": int(_token(items, "SIGNED"))}, unit)

    def negate_play(self, items: list[Any]) -> Data:
        return {"op": "negate", "what": "play"}

    def search(self, items: list[Any]) -> list[Data]:
        return [{"op": "search", **_dicts(items)[0]}]

    def k_unit(self, items: list[Any]) -> Data:
        return {"card_type": "unit"}

    def k_magic(self, items: list[Any]) -> Data:
        out: Data = {"card_type": "magic"}
        if _tokens(items, "MAGIC_KIND"):
            out["magic"] = _MAGIC[_token(items, "MAGIC_KIND")]
        return out

    # ------------------------------------------------------------ sentences
    def chain(self, items: list[Any]) -> list[Data]:
        steps = _dicts(items)
        if _tokens(items, "MAY"):
            return [{"op": "may", "effects": steps}]
        return steps

    def plain(self, items: list[Any]) -> tuple[str, Any]:
        return ("plain", items[-1])  # after その後、 (the steps are done in order anyway)

    def or_choice(self, items: list[Any]) -> tuple[str, Any]:
        return ("fixed", [{"op": "choose", "options": [_one_each(items[0]), _one_each(items[1])]}])

    def _bound(self, items: list[Any]) -> Data:
        if not _tokens(items, "BOUND"):  # 城壁が0の場合: exactly that many
            if _tokens(items, "COND_END") and _token(items, "COND_END") != "の":
                raise _Unread(reason("cards.reason.dice.count_without_bound"))
            return {"at_least": _num(items), "at_most": _num(items)}
        return {"at_least" if _token(items, "BOUND") == "以上" else "at_most": _num(items)}

    def cond_units(self, items: list[Any]) -> Data:
        return {"count": f"{_who(items)}.units", **self._bound(items)}

    def cond_cards(self, items: list[Any]) -> Data:
        zone = _ZONE[_token(items, "ZONE")]
        if zone not in ("castle", "hand", "discard"):
            raise _Unread(reason("cards.reason.dice.condition_counting_zone", zone=zone))
        return {"count": f"{_who(items)}.{zone}", **self._bound(items)}

    def cond_walls(self, items: list[Any]) -> Data:
        return {"count": f"{_who(items)}.walls", **self._bound(items)}

    def cond_no_walls(self, items: list[Any]) -> Data:
        return {"count": f"{_who(items)}.walls", "at_most": 0}

    def cond_no_units(self, items: list[Any]) -> Data:
        return {"count": f"{_who(items)}.units", "at_most": 0}

    def if_then(self, items: list[Any]) -> tuple[str, Any]:
        return ("fixed", [{"op": "if", "condition": items[0], "then": _one_each(items[1])}])

    def additional(self, items: list[Any]) -> tuple[str, Any]:
        return ("additional", {"op": "additional", "condition": items[0], "effects": _one_each(items[1])})

    def effects(self, items: list[Any]) -> list[tuple[str, Any]]:
        return list(items)

    def magic_text(self, items: list[Any]) -> Any:
        return items[0]

    # ------------------------------------------------------------ counters
    def ce_unit(self, items: list[Any]) -> Data:
        on = _UNIT_EVENT[_token(items, "UNIT_EVENT")]
        out: Data = {"on": on, "whose": _who(items, "any")}
        if on == "enters":
            out["card_type"] = "unit"
        return out

    def ce_played(self, items: list[Any]) -> Data:
        return {"on": "played", "whose": _who(items), "card_type": _KIND[_token(items, "PLAY_KIND")]}

    def ce_wall(self, items: list[Any]) -> Data:
        return {"on": "wall_destroyed", "whose": _who(items)}

    def ce_cost_ability(self, items: list[Any]) -> Data:
        return {"on": "cost_ability", "whose": _who(items)}

    def ce_timing_ability(self, items: list[Any]) -> Data:
        timing = _token(items, "ABILITY_FIRED").split("能力")[0].lower()
        return {"on": f"{timing}_ability", "whose": _who(items)}

    def counter_text(self, items: list[Any]) -> Data:
        return {"counter": {**items[0], "effects": _resolved(items[1])}}

    def counter_negate(self, items: list[Any]) -> Data:
        on, what = _NEGATE[_token(items, "NEGATABLE")]
        return {"counter": {"on": on, "whose": _who(items), "effects": [{"op": "negate", "what": what}]}}

    # ------------------------------------------------------------ abilities
    def take_self(self, items: list[Any]) -> str:
        return "self"

    def take_unit(self, items: list[Any]) -> str:
        return "own.unit"

    def take_cost(self, items: list[Any]) -> Data:
        return {"name": "テイク", "take": items[0]}

    def named_cost(self, items: list[Any]) -> Data:
        return {"name": _token(items, "COST_NAME"), "energy": _dicts(items)[0]}

    def timed(self, items: list[Any]) -> Data:
        out: Data = {"timing": _token(items, "TIMING").lower()}
        costs = _dicts(items)
        if costs:
            out["cost"] = costs[0]
        out["effects"] = _resolved(items[-1])
        return out

    def at_turn_end(self, items: list[Any]) -> Data:
        return {"timing": "turn_end", "effects": _resolved(items[-1])}

    def at_wall_destroyed(self, items: list[Any]) -> Data:
        return {"timing": "wall_destroyed", "effects": _resolved(items[-1])}

    def cost_ability(self, items: list[Any]) -> Data:
        return {"cost": {"energy": {}}, "effects": _resolved(items[-1])}

    def once_per_turn(self, items: list[Any]) -> Data:
        energy = _dicts(items)
        return {"once_per_turn": True, "cost": {"energy": energy[0] if energy else {}}, "effects": _resolved(items[-1])}

    def with_cost(self, items: list[Any]) -> Data:
        return {"cost": _dicts(items)[0], "effects": _resolved(items[-1])}

    # ------------------------------------------------------------ units and kings
    def extra_cost(self, items: list[Any]) -> tuple[str, Any]:
        return ("extra_cost", _dicts(items)[0])

    def optional_cost(self, items: list[Any]) -> tuple[str, Any]:
        return ("optional", (_dicts(items)[0], _resolved(items[-1])))

    def reduce(self, items: list[Any]) -> tuple[str, Any]:
        return ("static", {"kind": "reduce", "by": _num(items)})

    def avoid(self, items: list[Any]) -> tuple[str, Any]:
        return ("static", {"kind": "avoid"})

    def attacks(self, items: list[Any]) -> tuple[str, Any]:
        return ("attacks", _num(items))

    def limited(self, items: list[Any]) -> tuple[str, Any]:
        return ("limited", True)

    def printed_cost(self, items: list[Any]) -> tuple[str, Any]:
        return ("cost", _dicts(items)[0])

    def stat_attack(self, items: list[Any]) -> tuple[str, Any]:
        return ("attack", _num(items))

    def stat_hp(self, items: list[Any]) -> tuple[str, Any]:
        return ("hp", _num(items))

    def stat_attributes(self, items: list[Any]) -> tuple[str, Any]:
        found = [_ATTR[a] for a in _tokens(items, "ATTR")]
        if "all" in found or len(set(found)) != len(found):
            raise _Unread(reason("cards.reason.dice.attribute_list_attribute_twice"))
        return ("attributes", found)

    def unit_ability(self, items: list[Any]) -> tuple[str, Any]:
        return ("ability", items[0])

    def unit_card(self, items: list[Any]) -> Data:
        out: Data = {}
        for kind, value in items:
            if kind == "extra_cost" or kind in ("cost", "attack", "hp", "attributes", "attacks", "limited"):
                if kind in out:
                    raise _Unread(reason("cards.reason.dice.second_kind_one_unit", kind=kind))
                out[kind] = value
            elif kind == "optional":
                if "optional_cost" in out:
                    raise _Unread(reason("cards.reason.dice.second_optional_cost_one"))
                out["optional_cost"], out["optional_effects"] = value
            elif kind == "ability":
                out.setdefault("abilities", []).append(value)
            else:
                out.setdefault("statics", []).append(value)
        return out

    def _limit(self, kind: str, items: list[Any]) -> tuple[str, Any]:
        out: Data = {"kind": kind, "by": int(_token(items, "SIGNED"))}
        if _tokens(items, "ALL_PLAYERS") or kind in ("unit_attack", "magic_cost"):
            out["players"] = "all"
        return ("static", out)

    def unit_limit(self, items: list[Any]) -> tuple[str, Any]:
        return self._limit("unit_limit", items)

    def dice_limit(self, items: list[Any]) -> tuple[str, Any]:
        return self._limit("dice_limit", items)

    def unit_attack(self, items: list[Any]) -> tuple[str, Any]:
        return self._limit("unit_attack", items)

    def magic_cost(self, items: list[Any]) -> tuple[str, Any]:
        return self._limit("magic_cost", items)

    def counter_attribute_free(self, items: list[Any]) -> tuple[str, Any]:
        return ("static", {"kind": "counter_attribute_free"})

    def evolution(self, items: list[Any]) -> tuple[str, Any]:
        return ("evolution", int(_token(items, "SIGNED")))

    def king_text(self, items: list[Any]) -> Data:
        out: Data = {}
        for kind, value in items:
            if kind == "evolution":
                out.update({"evolution": True, "walls": value})
            elif kind in ("limited", "in_deck"):
                out[kind] = True
            else:
                out.setdefault("statics", []).append(value)
        return out

    def in_deck(self, items: list[Any]) -> tuple[str, Any]:
        """キングカード(進化) with 特別な記述 letting it into the normal deck (キングカードの進化について/3)."""
        return ("in_deck", True)


_MANY = "_many"
"""A step acting on more units than one chosen on resolution can be (相手のユニット2体に…ダメージ): only a normal or
field magic's own sentence can, by the targets it chooses when played; anywhere else it is not read."""


def _one_each(steps: list[Data]) -> list[Data]:
    """Steps where units are chosen on resolution: none may act on several chosen units (:data:`_MANY`)."""
    for step in steps:
        if _MANY in step:
            raise _Unread(reason("cards.reason.dice.op_many_units_chosen", op=step["op"], many=str(step[_MANY])))
    return steps


def _resolved(sentences: list[tuple[str, Any]]) -> list[Data]:
    """A counter's or ability's effects: units are chosen on resolution, so nothing is a play-time target."""
    out: list[Data] = []
    for kind, value in sentences:
        if kind == "additional":
            out.append(value)
        else:
            out += _one_each(value)
    if any(e.get("op") == "joined" for e in out):
        raise _Unread(reason("cards.reason.dice.castle_and_unit_outside_magic"))
    return out


def _targeted(sentences: list[tuple[str, Any]]) -> Data:
    """A normal or field magic's effects, with the targets it chooses when played."""
    targets: list[Data] = []
    effects: list[Data] = []
    joined = False
    for kind, value in sentences:
        if kind == "additional":
            for e in value["effects"]:
                if str(e.get("target", "")).endswith(".unit") and not e["target"].startswith("any"):
                    targets.append(_spec(e["target"], e.get("count", 1), additional=True))
            effects.append(value)
            continue
        if kind == "fixed":
            effects += value
            continue
        for e in value:
            target = str(e.get("target", ""))
            if e["op"] == "joined":
                joined = True
                targets += [{"what": "castle"}, {"what": "unit"}]
                effects += [
                    {"op": "damage_castle", "amount": e["amount"]},
                    {"op": "damage", "target": "chosen", "amount": e["amount"]},
                ]
            elif e["op"] == "damage_castle" and e.get("player", "opponent") == "opponent":
                targets.append({"what": "castle"})
                effects.append({"op": "damage_castle", "amount": e["amount"]})
            elif target in ("own.unit", "opponent.unit"):
                many = e.get(_MANY, e.get("count", 1))
                targets.append(_spec(target, many))
                effects.append({k: v for k, v in {**e, "target": "chosen"}.items() if k != _MANY})
            elif target in ("own.all", "opponent.all", "all_units"):  # 全体対象: all of them, one at least
                whose = {"own.all": "own", "opponent.all": "opponent", "all_units": "any"}[target]
                spec: Data = {"what": "unit", "all": True}
                if whose != "opponent":
                    spec["whose"] = whose
                targets.append(spec)
                effects.append({**e, "target": "chosen"})
            else:
                effects += _one_each([e])
    out: Data = {}
    if targets:
        out["targets"] = targets
    if joined:
        out["joined"] = True
    out["effects"] = effects
    return out


def _spec(selector: str, count: int, *, additional: bool = False) -> Data:
    spec: Data = {"what": "unit"}
    if selector.startswith("own."):
        spec["whose"] = "own"
    if count != 1:
        spec["count"] = count
    if additional:
        spec["additional"] = True
    return spec


def normalize(text: str) -> str:
    """The text as the grammar reads it: NFKC (full-width digits, colons, brackets), no spaces."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).strip())


_fail = unread_at


def _parse(text: str, start: str, card: str) -> Any:
    """Parse normalised ``text`` from rule ``start`` and build its vocabulary; UnreadText on failure. A text
    whose last sentence leaves out its 。 (1ドロー, as the detailed rules write it in prose) is read as if it
    had it; what cannot be read either way is reported as written."""
    try:
        return parse_text(parser(), _Build().transform, text, start, card, "。、:")
    except UnreadText:
        if text.endswith("。"):
            raise
        try:
            return parse_text(parser(), _Build().transform, text + "。", start, card, "。、:")
        except UnreadText:
            pass
        raise


def read_ability(text: str, card: str = "") -> Data:
    """One timing, cost or composite ability: ``timing``, ``cost``, ``once_per_turn``, ``effects`` (its name
    is not printed, but a composite ability's cost name is)."""
    result: Data = _parse(normalize(text), "ability", card)
    return result


def read_cost_line(text: str, card: str = "") -> dict[str, int]:
    """A printed cost line (``火2水1``, ``コスト:火3``) as the ``cost`` table: attribute → energy."""
    result: dict[str, int] = _parse(normalize(text), "cost_line", card)
    return result


def read_card(text: str, printed: Printed, card: str = "") -> Data:
    """A card's own printed text as the keys of its ``[cards.KEY]`` table.

    A magic's: ``targets`` (and ``joined``) and ``effects``; a counter's: ``counter``; a unit's: what it prints
    of ``cost``, ``attack``, ``hp``, ``abilities`` (named by :func:`ability_name`), ``extra_cost``,
    ``optional_cost``, ``optional_effects``, ``statics``, ``attacks``, ``limited``; a king's: ``statics``, or
    ``evolution`` and ``walls``.
    """
    if printed == "unit":
        from judgekit.cards.dice_castle_unit import merge_unit, read_unit_parts

        parts = read_unit_parts(text, card)
        unread = next((p.unread for p in parts if p.unread is not None), None)
        if unread is not None:
            raise unread
        return merge_unit([p.reading for p in parts if p.reading is not None])
    body = normalize(text)
    if printed == "magic":
        found = _parse(body, "magic_text", card)
        if found and isinstance(found[0], dict):  # (サーチ城)…
            return {"effects": found}
        try:
            return _targeted(found)
        except Unread as exc:  # a step on several units of either side (ユニット2体に…): chosen one by one
            raise UnreadText(body, 0, body, card, exc.what) from None
    start = {"counter": "counter_text", "king": "king_text"}[printed]
    result: Data = _parse(body, start, card)
    return result


def printed_kind(card: Data) -> Printed:
    """What a card table's text is printed on (its ``type``, and for a magic whether it is a counter)."""
    if card.get("type") == "magic":
        return "counter" if card.get("magic") == "counter" else "magic"
    return "king" if card.get("type") == "king" else "unit"


Guess = Literal["unit", "king", "magic", "counter", "ability", "cost"]
"""What a text given alone may be: a card's own text (by what it is printed on), an ability's, a cost line."""

_GUESS_ORDER: tuple[tuple[Guess, str], ...] = (
    ("counter", "counter_text"),
    ("ability", "ability"),
    ("king", "king_text"),
    ("cost", "cost_line"),
    ("unit", "unit_card"),
    ("magic", "magic_text"),
)


def guess_printed(text: str) -> Guess:
    """What a text is, as far as the grammar tells: the first kind of text it parses as (a magic otherwise,
    so that what does not parse is reported as a magic's text)."""
    body = normalize(text)
    for kind, start in _GUESS_ORDER:
        # a unit is read line by line (HP4 and 2回攻撃 on two lines, not HP42回攻撃)
        pieces = [normalize(line) for line in text.splitlines()] if kind == "unit" else [body]
        if all(_parses(piece, start) for piece in pieces if piece):
            return kind
    return "magic"


def _parses(body: str, start: str) -> bool:
    """Whether normalised ``body`` parses from ``start`` (its last 。 left out or not, as :func:`_parse` reads)."""
    for candidate in (body, body + "。") if not body.endswith("。") else (body,):
        try:
            parser().parse(candidate, start=start)
        except UnexpectedInput:
            continue
        return True
    return False


def read_any(text: str, kind: Guess, card: str = "") -> Data:
    """A text given alone: an ability's table, a cost line as ``{"cost": …}``, or a card's own keys."""
    if kind == "ability":
        return read_ability(text, card)
    if kind == "cost":
        return {"cost": read_cost_line(text, card)}
    return read_card(text, kind, card)
