"""Divine Cross terms as messages, for the trace's sentences (catalog ``engine-dc``).

A sentence names a game term by one of these messages, so it reads in the rulebook's own words in
Japanese (``バトルフェイズ``, ``スキルダメージ``) and in the term table's in English. Keys the
scenario writes (an op, a selector, a count) are shown as they are written.
"""

from __future__ import annotations

from collections.abc import Sequence

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

OP: dict[str, Message] = {
    "damage": msg("dc.op.damage"),
    "damage_base": msg("dc.op.damage_base"),
    "modify_damage": msg("dc.op.modify_damage"),
    "heal": msg("dc.op.heal"),
    "draw": msg("dc.op.draw"),
    "discard": msg("dc.op.discard"),
    "stun": msg("dc.op.stun"),
    "place_marker": msg("dc.op.place_marker"),
    "remove_marker": msg("dc.op.remove_marker"),
    "ko": msg("dc.op.ko"),
    "put_in_ko": msg("dc.op.put_in_ko"),
    "charge": msg("dc.op.charge"),
    "attach_energy": msg("dc.op.attach_energy"),
    "reveal": msg("dc.op.reveal"),
    "search": msg("dc.op.search"),
    "shuffle": msg("dc.op.shuffle"),
    "swap": msg("dc.op.swap"),
    "retreat": msg("dc.op.retreat"),
    "janken": msg("dc.op.janken"),
    "winning_ticket": msg("dc.op.winning_ticket"),
    "if_done": msg("dc.op.if_done"),
    "if": msg("dc.op.if"),
    "and_then": msg("dc.op.and_then"),
    "continuous": msg("dc.op.continuous"),
    "delayed": msg("dc.op.delayed"),
    "hp": msg("dc.op.hp"),
    "skill_cost": msg("dc.op.skill_cost"),
    "retreat_cost": msg("dc.op.retreat_cost"),
    "no_skill_damage": msg("dc.op.no_skill_damage"),
    "skill_fails": msg("dc.op.skill_fails"),
    "forbid_skill": msg("dc.op.forbid_skill"),
    "forbid": msg("dc.op.forbid"),
    "gain_advantage": msg("dc.op.gain_advantage"),
    "lose_advantage": msg("dc.op.lose_advantage"),
    "gain_attribute": msg("dc.op.gain_attribute"),
    "set_attribute": msg("dc.op.set_attribute"),
    "replace": msg("dc.op.replace"),
    "use_again": msg("dc.op.use_again"),
    "gain_ability": msg("dc.op.gain_ability"),
    "lose_ability": msg("dc.op.lose_ability"),
    "deck_copies": msg("dc.op.deck_copies"),
    "zone_attribute": msg("dc.op.zone_attribute"),
    "base_attribute": msg("dc.op.base_attribute"),
}
"""What an effect does (the vocabulary's ops): the cards' words in Japanese, the scenario's key in English."""

COUNT: dict[str, Message] = {
    "self.energy": msg("dc.count.self_energy"),
    "own.main.energy": msg("dc.count.own_main_energy"),
    "opponent.main.energy": msg("dc.count.opponent_main_energy"),
    "self.damage": msg("dc.count.self_damage"),
    "self.hp": msg("dc.count.self_hp"),
    "own.main.hp": msg("dc.count.own_main_hp"),
    "opponent.main.hp": msg("dc.count.opponent_main_hp"),
    "own.hand": msg("dc.count.own_hand"),
    "opponent.hand": msg("dc.count.opponent_hand"),
    "own.deck": msg("dc.count.own_deck"),
    "opponent.deck": msg("dc.count.opponent_deck"),
    "own.ko": msg("dc.count.own_ko"),
    "opponent.ko": msg("dc.count.opponent_ko"),
    "own.ko_units": msg("dc.count.own_ko_units"),
    "opponent.ko_units": msg("dc.count.opponent_ko_units"),
    "own.discard": msg("dc.count.own_discard"),
    "opponent.discard": msg("dc.count.opponent_discard"),
    "own.standby_units": msg("dc.count.own_standby_units"),
    "opponent.standby_units": msg("dc.count.opponent_standby_units"),
    "janken_wins": msg("dc.count.janken_wins"),
    "drawn": msg("dc.count.drawn"),
    "discarded": msg("dc.count.discarded"),
    "chosen_number": msg("dc.count.chosen_number"),
}
"""What an amount is counted by (the vocabulary's counts): the cards' words in Japanese, the scenario's key in
English."""


def op_names(ops: Sequence[str]) -> Message:
    """Several ops of one effect, as a card reads them (``hp + gain_attribute``)."""
    out = OP[ops[0]]
    for op in ops[1:]:
        out = msg("dc.op.plus", a=out, b=OP[op])
    return out
