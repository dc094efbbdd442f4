"""The Code of Joker preset: every rule function of the engine, in the order of the rules page."""

from __future__ import annotations

from judgekit.engine import Preset
from judgekit.games.code_of_joker import actions, battle, effects, flow, terms, timing  # noqa: F401
from judgekit.games.code_of_joker.registry import REGISTRY

ORDER: list[str] = [
    "deck_check",  # デッキ構成/1
    "change_cp",  # カード∕CPに関するルール/CP(キャパシティポイント)/1
    "cp_effect",  # カード∕CPに関するルール/CP(キャパシティポイント)/2/1
    "drive",  # カード∕CPに関するルール/カードの種類/ユニットカード/1
    "overdrive",  # カード∕CPに関するルール/カードの種類/進化ユニットカード/1
    "raise_gauge",  # カード∕CPに関するルール/カードの種類/ジョーカーカード/3
    "use_joker",  # カード∕CPに関するルール/カードの種類/ジョーカーカード/4
    "withdraw",  # 用語/フィールド/3
    "consume_effect",  # 用語/行動権/5
    "recover_effect",  # 用語/行動権/6
    "release_effect",  # 用語/アタック制限/3
    "change_level",  # 用語/クロックレベル∕クロックアップ/1
    "level_effect",  # 用語/クロックレベル∕クロックアップ/3/3
    "bp_effect",  # 用語/クロックレベル∕クロックアップ/4
    "leave_field",  # 用語/クロックレベル∕クロックアップ/6
    "override",  # 用語/オーバーライド/1
    "overclock",  # 用語/オーバークロック/1
    "set_card",  # 用語/トリガーゾーン/1
    "unset_card",  # 用語/トリガーゾーン/3
    "break_set",  # 用語/トリガーゾーン/4
    "reducer",  # 用語/ユニットコストの軽減/1
    "to_discard",  # 用語/捨札/1
    "discard_effect",  # 用語/捨札/1
    "delete",  # 用語/捨札/5
    "delete_effect",  # 用語/捨札/5
    "delete_discard",  # 用語/捨札/5
    "salvage",  # 用語/捨札/5
    "draw",  # 用語/ドロー(カードを引く)/1
    "draw_effect",  # 用語/ドロー(カードを引く)/1
    "grant_effect",  # キーワード能力∕アイコン/3
    "bounce_effect",  # キーワード能力∕アイコン/固着
    "deal_damage",  # キーワード能力∕アイコン/不滅
    "silenced_field_check",  # キーワード能力∕アイコン/沈黙
    "run",  # カード効果について/1
    "if_effect",  # カード効果について/2: 「…なら、…」
    "if_done",  # カード効果について/3
    "damage_effect",  # カード効果について/8
    "destroy_effect",  # カード効果について/8
    "setup",  # ゲームの開始/1
    "life_damage",  # ゲームの勝敗/1
    "life_effect",  # ゲームの勝敗/2
    "round_ten",  # ゲームの勝敗/3
    "turn_start",  # バトルの流れ/ターン開始/1
    "recover_step",  # バトルの流れ/ターン開始/行動権の回復、アタック制限の解除/1
    "cp_step",  # バトルの流れ/ターン開始/CPのセット/1
    "draw_step",  # バトルの流れ/ターン開始/カードのドロー/1
    "joker_step",  # バトルの流れ/ターン開始/ジョーカーカードの配布/1
    "deliver_waiting_joker",  # バトルの流れ/ターン開始/ジョーカーカードの配布/2
    "start_effects",  # バトルの流れ/ターン開始/「ターン開始時」効果の発動/1
    "action_phase",  # バトルの流れ/行動開始(ユニットの配置、アタック)行動時間:60秒/1
    "attack",  # バトルの流れ/行動開始(ユニットの配置、アタック)行動時間:60秒/4
    "discard_card",  # バトルの流れ/行動開始(ユニットの配置、アタック)行動時間:60秒/8
    "turn_end",  # バトルの流れ/ターン終了/2
    "reset_step",  # バトルの流れ/ターン終了/ダメージのリセット/1
    "turn",  # バトルの流れ/ターン終了/相手プレイヤーのターン開始/1
    "block_step",  # バトルの流れ/アタック・ブロック/ブロック選択/1
    "battle_flow",  # バトルの流れ/アタック・ブロック/ブロック選択/2
    "damage_step",  # バトルの流れ/アタック・ブロック/戦闘ダメージ/1
    "destroy",  # バトルの流れ/アタック・ブロック/戦闘ダメージ/2
    "zero_bp",  # バトルの流れ/アタック・ブロック/戦闘ダメージ/2
    "life_step",  # バトルの流れ/アタック・ブロック/ライフダメージ/1
    "battle_end",  # バトルの流れ/アタック・ブロック/戦闘終了/1
    "process",  # 各種効果の発動優先度/1
    "flush_destroyed",  # 各種効果の発動優先度/3
    "flush_oc",  # 各種効果の発動優先度/7
]
"""The rule functions' names, in the order of the rules they are filed under."""

PRESET = Preset.from_registry("code-of-joker", REGISTRY, ORDER)
"""The Code of Joker engine: its pinned rules page and rule functions."""
