"""Divine Cross terms as messages, for the trace's sentences (catalog ``engine-dc``).

A sentence names a game term by one of these messages, so it reads in the rulebook's own words in
Japanese (``バトルフェイズ``, ``スキルダメージ``) and in the term table's in English. Keys the
scenario writes (an op, a selector, a count) are shown as they are written.
"""

from __future__ import annotations

from judgekit.message import Message, msg

PHASE: dict[str, Message] = {
    "setup": msg("dc.phase.setup"),
    "draw": msg("dc.phase.draw"),
    "main": msg("dc.phase.main"),
    "battle": msg("dc.phase.battle"),
    "end": msg("dc.phase.end"),
}
"""The phases of a turn (501.1), and the game's set-up (403)."""

ATTRIBUTE: dict[str, Message] = {
    "red": msg("dc.attr.red"),
    "green": msg("dc.attr.green"),
    "blue": msg("dc.attr.blue"),
    "colorless": msg("dc.attr.colorless"),
}
"""The attributes (204.2)."""

COMMAND: dict[str, Message] = {
    "event": msg("dc.command.event"),
    "action": msg("dc.command.action"),
    "assist": msg("dc.command.assist"),
}
"""The command classes (201.2b)."""

DAMAGE: dict[str, Message] = {
    "skill": msg("dc.damage.skill"),
    "effect": msg("dc.damage.effect"),
    "rule": msg("dc.damage.rule"),
}
"""The kinds of damage (914.1a–914.1c)."""

REPLACED: dict[str, Message] = {
    "damage": msg("dc.replaced.damage"),
    "ko": msg("dc.replaced.ko"),
}
"""The events a replacement effect replaces (810)."""

ROLE: dict[str, Message] = {
    "energy": msg("dc.role.energy"),
    "assist": msg("dc.role.assist"),
    "card": msg("dc.role.card"),
}
"""What a card in an area is to its unit (905.2, 905.3), or a plain card."""

LASTING: dict[str, Message] = {
    "turn": msg("dc.lasting.turn"),
    "game": msg("dc.lasting.game"),
    "while": msg("dc.lasting.while"),
}
"""How long a ``continuous`` op's effect lasts."""

TRIGGER: dict[str, Message] = {
    "game_start": msg("dc.on.game_start"),
    "turn_start": msg("dc.on.turn_start"),
    "draw_phase_start": msg("dc.on.draw_phase_start"),
    "main_phase_start": msg("dc.on.main_phase_start"),
    "battle_start": msg("dc.on.battle_start"),
    "skill_use": msg("dc.on.skill_use"),
    "skill_used": msg("dc.on.skill_used"),
    "battle_end": msg("dc.on.battle_end"),
    "turn_end": msg("dc.on.turn_end"),
    "skill_damage_taken": msg("dc.on.skill_damage_taken"),
    "ko": msg("dc.on.ko"),
    "kos_unit": msg("dc.on.kos_unit"),
    "played": msg("dc.on.played"),
    "discarded": msg("dc.on.discarded"),
    "put_in_ko": msg("dc.on.put_in_ko"),
    "command_played": msg("dc.on.command_played"),
    "state": msg("dc.on.state"),
}
"""The trigger conditions (the vocabulary's ``on``): the cards' words in Japanese, the scenario's key in English."""

SELECTOR: dict[str, Message] = {
    "self": msg("dc.selector.self"),
    "own.main": msg("dc.selector.own_main"),
    "opponent.main": msg("dc.selector.opponent_main"),
    "own.standby": msg("dc.selector.own_standby"),
    "opponent.standby": msg("dc.selector.opponent_standby"),
    "own.unit": msg("dc.selector.own_unit"),
    "opponent.unit": msg("dc.selector.opponent_unit"),
    "own.all_standby": msg("dc.selector.own_all_standby"),
    "opponent.all_standby": msg("dc.selector.opponent_all_standby"),
    "own.all_units": msg("dc.selector.own_all_units"),
    "opponent.all_units": msg("dc.selector.opponent_all_units"),
    "all_units": msg("dc.selector.all_units"),
}
"""The units an effect acts on (the vocabulary's selectors): the cards' words in Japanese, the scenario's key in
English."""
