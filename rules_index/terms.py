"""Defined terms of a rulebook, and where each one is used.

A term is a word the text itself defines, in one of these printed forms (first found wins,
structural forms before running text):

- a bold name opening a rule: ``**プレイヤー**: …`` (Divine Cross 105);
- a heading under a glossary heading — one whose name has ``用語`` or starts with
  ``キーワード`` (Divine Cross 900 ゲーム上の用語, FFTCG 15.1 キーワード行動 / 15.2
  キーワードアビリティ, Code of Joker 用語 and キーワード能力/アイコン);
- a table whose first row names states and whose next row describes each (the beginner
  sheet's ユニットの状態);
- in running text: ``…をXと呼ぶ`` / ``Xと呼ばれる`` / ``Xと呼びます`` (pairs such as
  ``…をA、…をBと呼ぶ`` give both), ``…をXという。`` at the end of a sentence, a rule that opens
  with ``Xとは`` (optionally ``カードのXとは``), and a word glossed by its own expansion
  (``攻撃権(攻撃できる権利)``).

Heading names are cleaned as printed conventions require: a leading qualifier in parentheses
is dropped (``(ユニットに)チャージする`` → ``チャージする``), alternatives split on ``/``
(``選ぶ/探す`` → ``選ぶ`` and ``探す``), a part holding a placeholder is dropped
(``次元干渉/コスト(※)`` → ``次元干渉``), and a trailing gloss in parentheses becomes an alias
(``ドロー (カードを引く)``).

Uses are found on the :func:`rules_index.normalize.search_key` form of each text (NFKC, lower
case, no whitespace) and reported with offsets in the original text. The longest term wins at
each place (``非ターンプレイヤー`` is not also ``プレイヤー``); a term never matches inside a
longer word of its own script — a katakana term inside a longer katakana word
(``グループ`` in ``グループタイプ``), an ASCII term inside a longer ASCII word, a one-kanji term
inside a kanji compound (``場`` in ``場合``). There is no fuzzy matching: a misprint such as
FFTCG 10.1.2.2's ``プレイブ`` (for ``ブレイブ``) is not a use.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from functools import cache

from rules_index.model import PartKind, Rule, RuleBook, RuleKind
from rules_index.model import Term as Term  # defined with the other value types; still importable here
from rules_index.model import TermUse as TermUse
from rules_index.normalize import nfkc, search_key

_KANJI = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ"
_KATAKANA = "\u30a1-\u30ff\uff66-\uff9f"
_ALNUM = "A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a"
_HIRAGANA = "\u3041-\u309f"
_HIRAGANA_SET = frozenset(chr(c) for c in range(0x3041, 0x30A0))
_NAME_CHARS = f"{_KANJI}{_KATAKANA}{_ALNUM}"
"""Characters a defined name is made of (plus single hiragana inside, ``自分の場``)."""

_TRAILING_NAME = re.compile(f"[{_NAME_CHARS}]+$")
_NAME_PHRASE = re.compile(f"[{_NAME_CHARS}](?:[{_NAME_CHARS}]|(?<![{_HIRAGANA}])[{_HIRAGANA}](?![{_HIRAGANA}]))*")
"""A name that may hold lone hiragana between name characters: ``自分の場``, ``条件付きオートアビリティ``."""
_ALL_NAME = re.compile(f"[{_NAME_CHARS}]+")

_CALLED = re.compile(r"と呼(?:ぶ|び|ば|べ|ん)|とい(?:う|える|えます)(?=\s*(?:。|$))")
"""``Xと呼ぶ`` and its forms; ``Xという。`` / ``Xといえます。`` only at the end of a sentence."""
_IS_DEFINED_AS = re.compile(r"とは")
_DEFINITION_END = re.compile(r"(?:指す|指します|こと|である|です|意味する|意味します|という|をいう)\s*$")
"""How a sentence opening ``Xとは`` ends when it defines X (not ``Xとは異なる``)."""
_BOLD = re.compile(r"^\s*\*\*(?P<name>[^*]+)\*\*\s*[:：]")
_GLOSS = re.compile(f"(?P<name>[{_KANJI}]{{2,}})[(（](?P<gloss>[^()（）]+)[)）]")

_DELIMITERS = "を、。は,，:：\n"
"""What ends the words before a defined name (``…場所を`` ``ユニットゾーン``)."""
_CLOSE_QUOTE = {"」": "「", "』": "『", "’": "‘", "”": "“", "'": "'"}
_PLACEHOLDERS = ("※", "＊", "(数値)", "（数値）")
_NOT_TERMS = frozenset({"概要"})
"""Headings under a glossary heading that introduce it rather than define a word."""
_HEADING_TEXT_LIMIT = 30
"""A childful rule whose whole text is shorter than this (and has no 。) is a heading."""


@dataclass(frozen=True, slots=True)
class _Definition:
    """A name found defined somewhere, before keys are made unique."""

    name: str
    """The name as printed."""
    aliases: tuple[str, ...]
    """Other printed forms."""
    rule: Rule
    """The defining rule."""
    position: int
    """Where in the rule's text the name stands (0 for headings), for ordering."""


@dataclass(slots=True)
class _Matcher:
    """Every term form compiled into one longest-first pattern over normalised text."""

    pattern: re.Pattern[str]
    """The alternation, longest form first, each with its word-boundary guards."""
    key_of: dict[str, str]
    """Normalised form → term key."""


def find_terms(book: RuleBook) -> list[Term]:
    """The terms ``book`` defines, in document order of their defining rule.

    Keys are unique: when a name is defined twice the first definition (structural forms
    before running text) wins and the later one only adds its aliases.
    """
    structural: list[_Definition] = []
    in_text: list[_Definition] = []
    by_id = book.by_id()
    parents = {rule.parent for rule in book.rules}
    glossaries = {part.rule_id for part in book.parts if part.kind is PartKind.GLOSSARY}
    for rule in book.rules:  # each form looked for only where it can be (a chain of editions does this per edition)
        if rule.kind is RuleKind.ENTRY and rule.parent in glossaries:
            structural.append(_glossary_entry_term(rule))
            continue
        if "**" in rule.text:
            structural.extend(_bold_terms(rule))
        if rule.title or rule.id in parents:  # else it is no heading
            structural.extend(_glossary_heading_terms(rule, by_id, parents))
        if rule.kind is RuleKind.TABLE:
            structural.extend(_table_terms(rule))
        if _names_defined_in(rule.text):
            in_text.extend(_text_terms(rule))
    return _unique_terms([*structural, *in_text])


def _glossary_entry_term(rule: Rule) -> _Definition:
    """A glossary entry defines its term; ``A, B, C`` names one term printed three ways."""
    names = [name.strip() for name in rule.title.split(", ") if name.strip()] or [rule.title]
    return _Definition(names[0], tuple(names[1:]), rule, 0)


def is_english(book: RuleBook) -> bool:
    """Whether ``book`` is written in English (letters mostly ASCII): words are then matched whole."""
    return _mostly_ascii("".join(rule.text for rule in book.rules[:200]))


@functools.lru_cache(maxsize=64)
def _mostly_ascii(sample: str) -> bool:
    """Whether nine letters in ten of ``sample`` are ASCII (kept: editions of a book share their start)."""
    letters = [ch for ch in sample if ch.isalpha()]
    return bool(letters) and sum(1 for ch in letters if ch.isascii()) >= 0.9 * len(letters)


def find_uses(book: RuleBook, terms: list[Term]) -> list[TermUse]:
    """Every use of ``terms`` in ``book``'s rule texts and examples, in document order.

    The defining rule itself (its text and examples) is not searched for its own term. In an
    English book spaces are kept, so that a term matches whole words only (``ability`` is
    not found in ``activatedability``), case-insensitively.
    """
    spaced = is_english(book)
    defined_by = {term.key: term.rule_id for term in terms}
    if spaced:
        return _word_uses(book, terms, defined_by)
    matcher = _matcher(terms, spaced)
    if matcher is None:
        return []
    uses: list[TermUse] = []
    for rule in book.rules:
        uses.extend(_uses_in(rule.text, rule.id, None, matcher, defined_by, spaced))
        for index, example in enumerate(rule.examples):
            uses.extend(_uses_in(example.text, rule.id, index, matcher, defined_by, spaced))
    return uses


def heading_names(heading: str) -> list[tuple[str, tuple[str, ...]]]:
    """The names a glossary heading defines, each with its aliases.

    ``選ぶ/探す`` → 選ぶ, 探す; ``(ユニットに)チャージする`` → チャージする;
    ``次元干渉/コスト(※)`` → 次元干渉; ``ドロー (カードを引く)`` → ドロー (alias カードを引く).
    """
    out = []
    for part in re.split(r"\s*[/／]\s*", heading.strip()):
        if not part or any(mark in part for mark in _PLACEHOLDERS):
            continue
        part = re.sub(r"^[(（][^()（）]*[)）]\s*", "", part)
        aliases: tuple[str, ...] = ()
        gloss = re.fullmatch(r"(?P<name>.+?)\s*[(（](?P<gloss>[^()（）]+)[)）]", part)
        if gloss:
            part, aliases = gloss["name"], (gloss["gloss"].strip(),)
        part = part.strip()
        if part and part not in _NOT_TERMS:
            out.append((part, aliases))
    return out


def _bold_terms(rule: Rule) -> list[_Definition]:
    """``**プレイヤー**: …`` at the start of a rule; ``**支配と支配者**`` also defines 支配 and 支配者."""
    match = _BOLD.match(rule.text)
    if match is None:
        return []
    name = match["name"].strip()
    parts = name.split("と")
    aliases = tuple(parts) if len(parts) == 2 and all(_ALL_NAME.fullmatch(p) for p in parts) else ()
    return [_Definition(name, aliases, rule, match.start("name"))]


def _glossary_heading_terms(rule: Rule, by_id: dict[str, Rule], parents: set[str | None]) -> list[_Definition]:
    """A heading whose nearest heading ancestor is a glossary heading defines its name(s)."""
    heading = _heading_of(rule, parents)
    if heading is None or _is_glossary(heading):
        return []
    ancestor = by_id.get(rule.parent) if rule.parent is not None else None
    while ancestor is not None and _heading_of(ancestor, parents) is None:
        ancestor = by_id.get(ancestor.parent) if ancestor.parent is not None else None
    if ancestor is None:
        return []
    ancestor_heading = _heading_of(ancestor, parents)
    if ancestor_heading is None or not _is_glossary(ancestor_heading):
        return []
    return [_Definition(name, aliases, rule, 0) for name, aliases in heading_names(heading)]


def _heading_of(rule: Rule, parents: set[str | None]) -> str | None:
    """The heading a node stands for: its title, or the whole short text of a rule with children."""
    if rule.title:
        return rule.title
    text = rule.text.strip()
    if (
        text
        and rule.id in parents
        and len(text) < _HEADING_TEXT_LIMIT
        and "。" not in text
        and rule.kind in (RuleKind.RULE, RuleKind.PARAGRAPH, RuleKind.HEADING)
    ):
        return text
    return None


def _is_glossary(heading: str) -> bool:
    """Whether a heading gathers defined words (``ゲーム上の用語``, ``キーワード行動``)."""
    return "用語" in heading or heading.startswith("キーワード")


def _table_terms(rule: Rule) -> list[_Definition]:
    """A table whose first row is short names and whose next full row describes each one."""
    if rule.kind is not RuleKind.TABLE:
        return []
    rows = [_cells(line) for line in rule.text.splitlines()]
    rows = [row for row in rows if row]
    if len(rows) < 2:
        return []
    names, descriptions = rows[0], rows[1]
    if (
        len(names) < 2
        or len(descriptions) != len(names)
        or not all(_ALL_NAME.fullmatch(name) and len(name) <= 6 for name in names)
        or not all("。" in cell for cell in descriptions)
    ):
        return []
    return [_Definition(name, (), rule, rule.text.find(name)) for name in names]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split(r"\t|\s*\|\s*", line) if cell.strip()]


def _text_terms(rule: Rule) -> list[_Definition]:
    """Names defined in a rule's running text (と呼ぶ, という。, opening とは, expansion gloss)."""
    return [_Definition(name, aliases, rule, start) for name, aliases, start in _names_defined_in(rule.text)]


@functools.lru_cache(maxsize=1 << 16)
def _names_defined_in(text: str) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """:func:`_text_terms` of a text: (name, aliases, offset), in text order (kept per text,
    since consecutive editions share almost all their texts)."""
    found: list[tuple[str, tuple[str, ...], int]] = []
    for match in _CALLED.finditer(text):
        for name, start, aliases in _called_names(text, match.start()):
            found.append((name, aliases, start))
    opening = _opening_definition(text)
    if opening is not None:
        found.append((opening[0], (), opening[1]))
    for match in _GLOSS.finditer(text):
        if _is_expansion(match["name"], match["gloss"]):
            found.append((match["name"], (), match.start()))
    return tuple(sorted(found, key=lambda d: d[2]))


def _called_names(text: str, cue: int) -> list[tuple[str, int, tuple[str, ...]]]:
    """The name(s) before ``と呼ぶ`` at ``cue``: ``…をA、…をBと呼ぶ`` gives A and B."""
    sentence_start = text.rfind("。", 0, cue) + 1
    first = _name_before(text, cue, sentence_start)
    if first is None:
        return []
    names = [first]
    start = first[1]
    # Pairs: "…をA、…をB" — walk back while the previous clause ends "をA、".
    while text[sentence_start:start].endswith("を"):
        comma = text.rfind("、", sentence_start, start)
        if comma < 0:
            break
        previous = _name_before(text, comma, sentence_start)
        if previous is None or not text[sentence_start : previous[1]].endswith("を"):
            break
        names.append(previous)
        start = previous[1]
    return sorted(names, key=lambda n: n[1])


def _name_before(text: str, end: int, floor: int) -> tuple[str, int, tuple[str, ...]] | None:
    """The name printed just before ``end``: quoted, a name phrase after a particle, or a word."""
    aliases: tuple[str, ...] = ()
    if end > floor and text[end - 1] in ")）":
        opening = max(text.rfind("(", floor, end), text.rfind("（", floor, end))
        inner = text[opening + 1 : end - 1].strip()
        if opening > floor and _ALL_NAME.fullmatch(inner):
            aliases, end = (inner,), opening
    quoted = _quoted_before(text, end, floor)
    if quoted is not None:
        return quoted[0], quoted[1], aliases
    cut = max(text.rfind(d, floor, end) for d in _DELIMITERS)
    phrase_start = max(cut + 1, floor)
    phrase = text[phrase_start:end]
    if phrase and _NAME_PHRASE.fullmatch(phrase) and phrase[-1] not in _HIRAGANA_SET:
        return phrase, phrase_start, aliases
    word = _TRAILING_NAME.search(text, floor, end)
    if word is None:
        return None
    quoted = _quoted_before(text, word.start(), floor)
    if quoted is not None:  # 「行動済み」ユニット: the quotes mark the defined word
        return quoted[0], quoted[1], aliases
    return word.group(), word.start(), aliases


def _quoted_before(text: str, end: int, floor: int) -> tuple[str, int] | None:
    """``「アクティブにする」`` ending at ``end``: its content and the opening quote's offset."""
    if end <= floor or text[end - 1] not in _CLOSE_QUOTE:
        return None
    opening = text.rfind(_CLOSE_QUOTE[text[end - 1]], floor, end - 1)
    if opening < 0:
        return None
    inner = text[opening + 1 : end - 1].strip()
    return (inner, opening) if inner else None


def _opening_definition(text: str) -> tuple[str, int] | None:
    """``Xとは、…`` (or ``カードのXとは``) opening a rule's text."""
    body = _BOLD.sub("", text, count=1)
    offset = len(text) - len(body)
    match = _IS_DEFINED_AS.search(body)
    if match is None or "。" in body[: match.start()] or "、" in body[: match.start()]:
        return None
    sentence_end = body.find("。", match.end())
    sentence = body[: sentence_end if sentence_end >= 0 else len(body)]
    if not _DEFINITION_END.search(sentence):
        return None
    word = _TRAILING_NAME.search(body, 0, match.start())
    if word is None:
        return None
    prefix = body[: word.start()].strip()
    if prefix and not (prefix.endswith("の") and _ALL_NAME.fullmatch(prefix[:-1])):
        return None
    return word.group(), offset + word.start()


def _is_expansion(name: str, gloss: str) -> bool:
    """Whether ``gloss`` spells ``name`` out: ``攻撃権(攻撃できる権利)``."""
    return (
        any("\u3041" <= ch <= "\u309f" for ch in gloss)
        and gloss.startswith(name[:-1])
        and name[-1] in gloss[len(name) - 1 :]
    )


def _unique_terms(definitions: list[_Definition]) -> list[Term]:
    """One term per key, first definition winning; later ones contribute their aliases.

    A name already printed as another term's alias is that term (``支配者`` after
    ``**支配と支配者**``), not a new one.
    """
    firsts: dict[str, _Definition] = {}
    forms: dict[str, str] = {}
    """Key of every name and alias seen → key of the term it belongs to."""
    aliases: dict[str, list[str]] = {}
    for definition in definitions:
        key = search_key(definition.name)
        if not key:
            continue
        owner = forms.get(key)
        if owner is None:
            owner = key
            firsts[key] = definition
            aliases[key] = []
            forms[key] = key
        for alias in definition.aliases:
            alias_key = search_key(alias)
            if alias_key and alias_key not in forms:
                forms[alias_key] = owner
                aliases[owner].append(alias)
    ordered = sorted(firsts.items(), key=lambda item: (item[1].rule.order, item[1].position))
    return [Term(key, definition.name, definition.rule.id, tuple(aliases[key])) for key, definition in ordered]


def _matcher(terms: list[Term], spaced: bool = False) -> _Matcher | None:
    """One pattern for every name and alias, longest first, each guarded at its word edges."""
    key_of: dict[str, str] = {}
    for term in terms:
        for form in (term.name, *term.aliases):
            normal = _normalised(form, spaced)[0]
            if normal and normal not in key_of:
                key_of[normal] = term.key
    if not key_of:
        return None
    forms = sorted(key_of, key=lambda f: (-len(f), f))
    first_chars = "".join(sorted({re.escape(form[0]) for form in forms}))
    # The look-ahead on first characters lets the scan skip most places at once.
    pattern = re.compile(f"(?=[{first_chars}])(?:" + "|".join(_guarded(form) for form in forms) + ")")
    return _Matcher(pattern, key_of)


def _guarded(form: str) -> str:
    """``form`` as a pattern that does not match inside a longer word of its own script."""
    before = after = ""
    kata = f"[{_KATAKANA}]"
    if re.match(kata, form[0]):
        before = f"(?<!{kata})"
    if re.match(kata, form[-1]):
        after = f"(?!{kata})"
    if re.match("[a-z0-9]", form[0]):
        before = "(?<![a-z0-9])"
    if re.match("[a-z0-9]", form[-1]):
        after = "(?![a-z0-9])"
    if len(form) == 1 and re.match(f"[{_KANJI}]", form):
        before, after = f"(?<![{_KANJI}])", f"(?![{_KANJI}])"
    return before + re.escape(form) + after


def _normalised(text: str, spaced: bool = False) -> tuple[str, list[int]]:
    """``text`` in search-key form, with the original offset of every character kept.

    With ``spaced`` a run of whitespace stays one space (English words keep their edges).
    """
    if not spaced:  # the common case, without a Python step per character where every one folds to one
        pieces = list(map(_fold_char, text))
        normal = "".join(pieces)
        if len(normal) == len(text) and "" not in pieces:
            return normal, list(range(len(text)))
        return normal, [index for index, piece in enumerate(pieces) for _ in piece]
    out: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        if spaced and ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
                origin.append(index)
            continue
        folded = _fold_char(ch)
        out.append(folded)
        origin.extend([index] * len(folded))
    return "".join(out), origin


@cache
def _fold_char(ch: str) -> str:
    """One character in search-key form (NFKC, lower case; whitespace gives nothing)."""
    return "".join(c for c in nfkc(ch).lower() if not c.isspace())


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")


def _word_uses(book: RuleBook, terms: list[Term], defined_by: dict[str, str]) -> list[TermUse]:
    """Uses in an English book: whole words, case-insensitive, the longest term at each word."""
    forms: dict[tuple[str, ...], str] = {}
    for term in terms:
        for form in (term.name, *term.aliases):
            words = tuple(w.lower() for w in _WORD.findall(nfkc(form)))
            if words and words not in forms:
                forms[words] = term.key
    matcher = _word_matcher(tuple(forms.items()))
    defining = set(defined_by.values())
    uses: list[TermUse] = []
    for rule in book.rules:
        texts = [(rule.text, None), *((example.text, number) for number, example in enumerate(rule.examples))]
        for text, example in texts:
            found = matcher.uses(text, rule.id, example)
            if rule.id in defining:  # a rule is not a use of the term it defines
                uses.extend(use for use in found if defined_by[use.key] != rule.id)
            else:
                uses.extend(found)
    return uses


class _WordMatcher:
    """The terms of an English book as word sequences, and the places found in each text so far.

    Consecutive editions of a book define the same terms and share almost all their texts,
    so one matcher serves them all and reads each text once.
    """

    __slots__ = ("_found", "_key_of", "_sizes", "_uses")

    _LIMIT = 1 << 16
    """Texts kept; past this the places found are forgotten and found again as needed."""

    def __init__(self, forms: tuple[tuple[tuple[str, ...], str], ...]) -> None:
        self._key_of = dict(forms)
        sizes: dict[str, list[int]] = {}
        for words in self._key_of:
            sizes.setdefault(words[0], []).append(len(words))
        for lengths in sizes.values():
            lengths.sort(reverse=True)
        self._sizes = sizes
        """First word of a term → the lengths (in words) of the terms it starts, longest first."""
        self._found: dict[str, tuple[tuple[str, int, int], ...]] = {}
        self._uses: dict[tuple[str, str, int | None], tuple[TermUse, ...]] = {}

    def uses(self, text: str, rule_id: str, example: int | None) -> tuple[TermUse, ...]:
        """The uses of every term in ``text``, a text of rule ``rule_id`` (or of its ``example``)."""
        place = (text, rule_id, example)
        found = self._uses.get(place)
        if found is None:
            if len(self._uses) >= self._LIMIT:
                self._uses.clear()
            spans = self.spans(text)
            found = self._uses[place] = tuple(TermUse(key, rule_id, start, end, example) for key, start, end in spans)
        return found

    def spans(self, text: str) -> tuple[tuple[str, int, int], ...]:
        """Every term found in ``text``: (key, start, end), the longest term at each word."""
        found = self._found.get(text)
        if found is None:
            if len(self._found) >= self._LIMIT:
                self._found.clear()
            found = self._found[text] = self._scan(text)
        return found

    def _scan(self, text: str) -> tuple[tuple[str, int, int], ...]:
        lowered = text.lower()
        if len(lowered) != len(text):  # a letter whose lower case is longer: keep offsets exact
            lowered = "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)
        words = _WORD.findall(lowered)
        offsets: list[tuple[int, int]] = []
        out: list[tuple[str, int, int]] = []
        index = 0
        while index < len(words):
            for size in self._sizes.get(words[index], ()):
                key = self._key_of.get(tuple(words[index : index + size])) if index + size <= len(words) else None
                if key is not None:
                    if not offsets:
                        offsets = [m.span() for m in _WORD.finditer(lowered)]
                    out.append((key, offsets[index][0], offsets[index + size - 1][1]))
                    index += size
                    break
            else:
                index += 1
        return tuple(out)


@functools.lru_cache(maxsize=16)
def _word_matcher(forms: tuple[tuple[tuple[str, ...], str], ...]) -> _WordMatcher:
    """The matcher of a set of term forms (word sequence → term key), shared by the books that define them."""
    return _WordMatcher(forms)


def _uses_in(
    text: str,
    rule_id: str,
    example: int | None,
    matcher: _Matcher,
    defined_by: dict[str, str],
    spaced: bool = False,
) -> list[TermUse]:
    normal, origin = _normalised(text, spaced)
    uses = []
    for match in matcher.pattern.finditer(normal):
        key = matcher.key_of[match.group()]
        if defined_by[key] == rule_id:
            continue
        start, end = origin[match.start()], origin[match.end() - 1] + 1
        uses.append(TermUse(key, rule_id, start, end, example))
    return uses
