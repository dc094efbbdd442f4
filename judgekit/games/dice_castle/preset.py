"""The dice-and-castle preset: every rule function of the engine, in rulebook order."""

from __future__ import annotations

from judgekit.engine import Preset
from judgekit.games.dice_castle import actions, battle, checks, flow, processing, terms  # noqa: F401
from judgekit.games.dice_castle.registry import REGISTRY

ORDER: list[str] = [
    "lay_out",  # 場について/1
    "set_counter",  # 場について/2
    "enter",  # 場について/4
    "look",  # 公開情報と非公開情報/4
    "next_effect",  # 効果処理の優先順位について/1
    "counter_timing",  # 効果処理の優先順位について/2
    "counter_out_of_time",  # 効果処理の優先順位について/2
    "win_check",  # 勝敗のチェック/1
    "turn",  # フェイズ規定処理について/1
    "dice_phase",  # フェイズ規定処理について/ダイスフェイズ/1
    "die_makes_all",  # フェイズ規定処理について/ダイスフェイズ/4
    "draw",  # フェイズ規定処理について/ドローフェイズ/1
    "draw_phase",  # フェイズ規定処理について/ドローフェイズ/1
    "set_phase",  # フェイズ規定処理について/セットフェイズ/1
    "attack",  # フェイズ規定処理について/バトルフェイズ/1
    "battle_phase",  # フェイズ規定処理について/バトルフェイズ/1
    "to_discard",  # フェイズ規定処理について/バトルフェイズ/5
    "damage_units",  # フェイズ規定処理について/バトルフェイズ/5
    "attack_process",  # フェイズ規定処理について/バトルフェイズ/5
    "take_damage",  # フェイズ規定処理について/バトルフェイズ/5
    "damage_castle",  # フェイズ規定処理について/バトルフェイズ/7
    "damage_castle_effect",  # フェイズ規定処理について/バトルフェイズ/7
    "activate_timing_all",  # フェイズ規定処理について/バトルフェイズ/7
    "boost",  # フェイズ規定処理について/エンドフェイズ/1
    "end_phase",  # フェイズ規定処理について/エンドフェイズ/1
    "in_end_phase",  # フェイズ規定処理について/エンドフェイズ/2
    "gain_energy",  # エネルギーの上限/1
    "add_die",  # サイコロの追加について/1
    "heal",  # 城壁が増える能力について/1
    "gain_walls",  # 城壁が増える能力について/1
    "gain_walls_effect",  # 城壁が増える能力について/1
    "deck_check",  # サポートデッキについて/1
    "start_check",  # サポートデッキについて/1
    "play_from_support",  # サポートデッキについて/5
    "bounce",  # サポートデッキについて/7
    "evolve",  # キングカードの進化について/1
    "play",  # プレイの範囲/1
    "while_unresolved",  # プレイの開始/1
    "play_card",  # プレイ中のカード/1
    "shuffle_into",  # プレイ中のカード/4
    "negate",  # プレイ中のカード/4
    "choose",  # 又はで区切られたカード/1
    "if_",  # 場合で区切られたカード/1
    "destroy",  # カードの効果について/1
    "draw_effect",  # カードの効果について/1
    "move_all",  # カードの効果について/1
    "resolve",  # カードの効果について/1
    "may",  # カードの効果について/4
    "pay_energy",  # コスト能力の使用について/1
    "use",  # コスト能力の使用について/1
    "search",  # 数字指定が無い効果/1
    "pay_cost",  # コスト能力の空打ち/2
    "additional",  # 追加効果の空打ち/1
    "summon",  # プレイ以外で場に出るカード/1
    "activate_timing",  # 複数のカウンターを同じタイミングで発動させたい場合/3
    "match_check",  # 勝敗/1
    "foul_check",  # 反則/1
]
"""The rule functions' names, in the order of the rules they are filed under (the comment: the first id)."""

PRESET = Preset.from_registry("dice-castle", REGISTRY, ORDER)
"""The dice-and-castle engine: its pinned rulebook and rule functions."""
