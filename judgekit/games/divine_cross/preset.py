"""The Divine Cross preset: every rule function of the engine, in rulebook order."""

from __future__ import annotations

from judgekit.engine import Preset
from judgekit.games.divine_cross import abilities, actions, battle, flow, processing, terms  # noqa: F401
from judgekit.games.divine_cross.registry import REGISTRY

ORDER: list[str] = [
    "declare_losers",  # 103
    "concede",  # 103.4
    "forbidden",  # 104.4
    "ko_units",  # 309.3
    "to_discard",  # 310
    "deck_check",  # 402
    "setup",  # 403
    "turn",  # 501
    "draw_phase",  # 502
    "main_phase",  # 503
    "battle_phase",  # 504, 701–702
    "end_phase",  # 505
    "charge",  # 602
    "play_unit",  # 603
    "play_command",  # 604
    "retreat",  # 605
    "ex_power",  # 606
    "skill_step",  # 703
    "declare_skill",  # 703.1a
    "damage_step",  # 704
    "battle_end_step",  # 705
    "use_again",  # 801.1a
    "conditional",  # 801.2
    "make_continuous",  # 801.2b
    "resolve_ability",  # 804.2
    "trigger",  # 807.1–807.6
    "play_triggered",  # 807.3
    "make_delayed",  # 807.6
    "state_triggers",  # 807.7
    "start_scheduled",  # 809.8
    "replacement",  # 810
    "rule_check",  # 811
    "reveal",  # 903
    "draw",  # 904
    "draw_effect",  # 904.3
    "attach_energy",  # 905.1
    "attach_this",  # 905.1
    "attach_as_energy",  # 905.2
    "charge_effect",  # 906
    "markers",  # 907
    "abnormal",  # 907.8
    "knock_out",  # 908
    "ko_effect",  # 908
    "choose_units",  # 909.1
    "search",  # 909.2
    "discard",  # 910
    "discard_this",  # 910.1
    "shuffle",  # 911
    "shuffle_effect",  # 911
    "swap_units",  # 912
    "swap",  # 912
    "retreat_effect",  # 913
    "deal_damage",  # 914
    "damage_effect",  # 914.3
    "modify_damage",  # 914.3
    "heal",  # 915
    "janken",  # 916
    "janken_effect",  # 916
    "skill_success",  # 917
    "stun",  # 918
    "put_in_ko",  # 920
    "put_in_ko_this",  # 920.1
    "text_hp",  # 921.1
    "if_done",  # 925
    "winning_ticket",  # 926
    "loss_process",  # 1002
    "ko_process",  # 1003
    "promotion_process",  # 1004
    "illegal_card_process",  # 1005
]
"""The rule functions' names, in the order of the rules they are filed under."""

PRESET = Preset.from_registry("divine-cross", REGISTRY, ORDER)
"""The Divine Cross engine: its pinned rulebook and rule functions."""
