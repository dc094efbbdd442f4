"""The site's interface in both languages on every page, and the switch between them.

Every page carries each interface string in Japanese and in English, as two spans
(``<span class="l-ja" lang="ja">…</span><span class="l-en" lang="en">…</span>``); the ``html``
element's ``data-ui`` says which is shown (the stylesheet hides the other), so the switch in
the header changes the language without leaving the page: the reader stays on the same rule,
at the same scroll position, on the same step of a trace. Without scripts the page's own
language shows: Japanese for a Japanese rulebook, English for an English one (the reader's
choice is remembered in ``localStorage`` and wins over it).

Attributes cannot hold two spans: :func:`attr` writes the page's language and keeps both in
``data-ja-*``/``data-en-*`` for the switch. The scripts' own strings (search results, the
stepper) are a JSON table in the page (:func:`script_messages`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup, escape

from judgekit.i18n import LANGUAGES, N_, Language, translations
from judgekit.render.html import has_japanese, ja, ja_runs

if TYPE_CHECKING:
    from rules_index.graph import BookIndex


class UiText(Markup):
    """An interface string in both languages, drawn as two spans; ``.ja`` and ``.en`` hold each."""

    ja: str
    en: str

    def __new__(cls, ja_text: str, en_text: str) -> UiText:
        if ja_text == en_text:
            html = str(_lang_span(ja_text, "ja" if has_japanese(ja_text) else ""))
        else:
            html = str(_two(escape(ja_text), ja_runs(en_text)))
        obj = super().__new__(cls, html)
        obj.ja = ja_text
        obj.en = en_text
        return obj

    def get(self, language: str) -> str:
        """The text in ``language``."""
        return self.ja if language == "ja" else self.en

    def __reduce__(self) -> tuple[type[UiText], tuple[str, str]]:
        """Pickled as its two texts (Markup's own pickling would make it again from its HTML alone): pages kept
        in the cache and sent back from the build's workers hold these."""
        return (UiText, (self.ja, self.en))


def both_html(html: Callable[[Callable[[str], str]], Markup]) -> Markup:
    """Markup a renderer writes in one language at a time (given the language's gettext), in both
    languages as two spans: :func:`ui` for words that hold markup (a link)."""
    return _two(html(translations("ja").gettext), html(translations("en").gettext))


def _lang_span(text: str, language: str) -> Markup:
    return Markup('<span lang="{}">{}</span>').format(language, text) if language else Markup(escape(text))


def ui(message: str, **values: object) -> UiText:
    """``message`` (an English message id, ``{name}`` placeholders filled with ``values``) in both languages."""
    if not values:
        return _ui(message)
    ja_text = translations("ja").gettext(message)
    en_text = translations("en").gettext(message)
    if values:
        ja_text = ja_text.format(**{k: v.ja if isinstance(v, UiText) else v for k, v in values.items()})
        en_text = en_text.format(**{k: v.en if isinstance(v, UiText) else v for k, v in values.items()})
    return UiText(ja_text, en_text)


@functools.lru_cache(maxsize=4096)
def _ui(message: str) -> UiText:
    """A message without values in both languages, made once (the board names every card's numbers with one)."""
    return UiText(translations("ja").gettext(message), translations("en").gettext(message))


@functools.lru_cache(maxsize=4096)
def _both(message: str) -> Markup:
    """The gettext the templates call: the message in both languages (``%(x)s`` kept for jinja2).

    Catalog strings are trusted markup, as jinja2's own gettext treats them (a message may hold
    ``<code>``); the values put into them are escaped.
    """
    return _two(translations("ja").gettext(message), translations("en").gettext(message))


@functools.lru_cache(maxsize=4096)
def _nboth(singular: str, plural: str, n: int) -> Markup:
    return _two(translations("ja").ngettext(singular, plural, n), translations("en").ngettext(singular, plural, n))


def _gettext(message: str, /, **variables: object) -> Markup:
    """The templates' ``_()`` and ``gettext`` (``{% trans %}``): jinja2's newstyle gettext with autoescape on (the
    message in both languages, as markup, ``%(name)s`` filled with ``variables`` escaped)."""
    if not variables:
        return _gettext_plain(message)
    return Markup(_both(message)) % variables


@functools.lru_cache(maxsize=4096)
def _gettext_plain(message: str) -> Markup:
    return Markup(_both(message)) % {}


def _ngettext(singular: str, plural: str, num: int, /, **variables: object) -> Markup:
    """The templates' ``ngettext``: jinja2's newstyle ngettext with autoescape on (``num`` given as ``%(num)d``)."""
    variables.setdefault("num", num)
    return Markup(_nboth(singular, plural, num)) % variables


def _two(ja_text: str, en_text: str) -> Markup:
    if ja_text == en_text:
        return Markup(ja_text)
    return Markup(f'<span class="l-ja" lang="ja">{ja_text}</span><span class="l-en" lang="en">{en_text}</span>')


@jinja2.pass_context
def attr(context: jinja2.runtime.Context, name: str, message: str, **values: object) -> Markup:
    """An attribute holding an interface string: the page's language, both kept for the switch.

    ``{{ attr("aria-label", "Games") }}`` → ``aria-label="ゲーム" data-ja-aria-label="ゲーム"
    data-en-aria-label="Games"``. ``values`` fill ``%(name)s`` placeholders.
    """
    key = (name, message, page_language(context), tuple((k, type(v), v) for k, v in values.items()))
    try:
        hash(key)
    except TypeError:  # a value that cannot be a key: made each time
        return _attr.__wrapped__(*key)
    return _attr(*key)


@functools.lru_cache(maxsize=16384)
def _attr(name: str, message: str, language: Language, values: tuple[tuple[str, type, object], ...]) -> Markup:
    """:func:`attr` in ``language``, made once for each message and values."""
    texts = {}
    for language_ in LANGUAGES:
        text = translations(language_).gettext(message)
        texts[language_] = text % {k: _plain(v, language_) for k, _t, v in values} if values else text
    shown = escape(texts[language])
    if texts["ja"] == texts["en"]:
        return Markup(f'{name}="{shown}"')
    ja_text, en_text = escape(texts["ja"]), escape(texts["en"])
    return Markup(f'{name}="{shown}" data-i18n="{name}" data-ja-{name}="{ja_text}" data-en-{name}="{en_text}"')


@jinja2.pass_context
def translate(context: jinja2.runtime.Context, message: str) -> str:
    """``message`` as plain text in the page's language (where markup cannot go: ``<option>``)."""
    return translations(page_language(context)).gettext(message)


def _plain(value: object, language: str) -> str:
    return value.get(language) if isinstance(value, UiText) else str(value)


def page_language(context: Mapping[str, Any] | jinja2.runtime.Context) -> Language:
    """The language a page shows first (``ui_lang`` in its context; Japanese when none is set)."""
    value = context.get("ui_lang")
    return "en" if value == "en" else "ja"


@jinja2.pass_context
def in_language(context: jinja2.runtime.Context, value: object, language: str | None = None) -> str:
    """A :class:`UiText` as plain text in ``language`` (the page's by default; for ``<title>``);
    other values as they are."""
    return _plain(value, language or page_language(context))


def site_ja(text: object) -> Markup:
    """The ``ja`` filter, passing a bilingual string through as it is."""
    return text if isinstance(text, UiText) else ja(text)


def site_ja_runs(text: object) -> Markup:
    """The ``ja_runs`` filter, passing a bilingual string through as it is."""
    return text if isinstance(text, UiText) else ja_runs(text)


SCRIPT_MESSAGES = (
    N_("No rule matches."),
    N_("{n} rules match; {shown} shown."),
    N_("{n} rule matches."),
    N_("{n} rules match."),
    N_("Show {n} more"),
    N_("Did you mean"),
    N_("No scenario matches."),
    N_("{n} scenarios match."),
    N_("Scenarios"),
    N_("Rules"),
    N_("also as"),
    N_("exact id"),
    N_("id prefix"),
    N_("term"),
    N_("title"),
    N_("text"),
    N_("term table"),
    N_("similar"),
    N_("Copy link"),
    N_("Link copied: "),
    N_("Copy failed; the link is "),
    N_("Step {n} of {total}"),
)
TEMPLATE_MESSAGES = (N_("Sections"), N_("Rules"))
"""Strings the templates pass to a macro by value (the extractor sees only literal gettext calls)."""
"""The strings the site's scripts show, looked up in the page's table by their English."""


def script_messages() -> dict[str, dict[str, str]]:
    """The scripts' strings in each language: ``{"ja": {id: text}, "en": {id: text}}``."""
    return {language: {m: translations(language).gettext(m) for m in SCRIPT_MESSAGES} for language in LANGUAGES}


def install(env: jinja2.Environment) -> None:
    """Give ``env`` the i18n extension with both-language callables, and the helpers above."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(_both, _nboth, newstyle=True)  # type: ignore[attr-defined]
    # the same as what jinja2 installs (its newstyle gettext with autoescape on), without its two layers of
    # context calls for every ``_()``: a page calls them some twenty times, the build 60,000
    env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)
    env.globals["attr"] = attr
    env.globals["ui"] = ui
    env.globals["script_messages"] = script_messages
    env.filters["ja"] = site_ja
    env.filters["ja_runs"] = site_ja_runs
    env.filters["in_language"] = in_language
    env.filters["translate"] = translate
    env.policies["ext.i18n.trimmed"] = True


def book_language(bi: BookIndex) -> Language:
    """The language a rulebook is written in: Japanese when most of its first rules are, else English."""
    rules = bi.book.rules[:200]
    texts = [r.title or r.text for r in rules if r.title or r.text]
    japanese = sum(1 for text in texts if has_japanese(text))
    return "ja" if texts and japanese * 2 >= len(texts) else ("ja" if not texts else "en")
