"""Words that can be said in another language later, while the engines stay pure and English.

An engine writes every sentence a player may read (errors, ``describe``, ``prompt``, the
summary, words in ``result_lines`` ...) through its own translator::

    from text import translator
    _ = translator("kahuna")            # the catalog domain of this game
    raise IllegalMove(_("{line} is taken", line=line))
    _n("{n} card", "{n} cards", count)  # plural forms: ``_n = plural(translator)``

The result is a :class:`Text`: a ``str`` that *is* the English sentence (so everything that
prints, logs or compares strings keeps working), and that also remembers its template and
parameters, so the bot can translate it with the catalog of the reader's language
(``bot/i18n.py``). Parameters may be Texts themselves (``_("red")`` inside a sentence) and
are translated too. Never build a sentence with ``+`` or an f-string from Texts: that keeps
only the English; put the parts into a template instead.

Slash commands and their options are never written out in a message: ``{cmd:move}``,
``{cmd:game new options:}`` or ``{cmd:seat:}`` name them, and each language fills in the names
its Discord client shows (``/zug``, ``/spiel neu optionen:``, ``platz:``), looked up word by
word in the ``commands`` catalog (:data:`COMMANDS`). A word ending in ``:`` is an option; a
path that starts with a command gets its ``/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Looks up a translation: (domain, msgid, plural or None, n or None) -> template.
Lookup = Callable[[str, str, "str | None", "int | None"], str]
#: The catalog domain of command and option names (one msgid per English name).
COMMANDS = "commands"
#: The field that names a command in a message: ``{cmd:game new options:}``.
COMMAND_FIELD = "cmd"
#: The attribute of a :data:`Lookup` that shows a game's move in its language's words,
#: ``move_words(game_id, text) -> str``, and any text that is no move of that game as it is
#: (``catalogs.lookup`` sets it; without it moves stay English).
MOVE_WORDS = "move_words"
#: The attribute of a :data:`Lookup` that shows one word of a game's notation in its language,
#: ``notation_word(game_id, word) -> str`` (:class:`NotationWord`; ``catalogs.lookup`` sets it).
NOTATION_WORD = "notation_word"
#: What joins a message's context to its id in a compiled catalog (gettext's ``pgettext``).
CONTEXT_SEP = "\x04"


def command_path(spec: str, name: Callable[[str], str] = str) -> str:
    """``game new options:`` -> ``/game new options:``, each word through ``name``."""
    words = spec.split()
    shown = [name(w[:-1]) + ":" if w.endswith(":") else name(w) for w in words]
    text = " ".join(shown)
    return text if not words or words[0].endswith(":") else "/" + text


class _Commands:
    """The value of ``{cmd:...}``: its format spec is the command path to show."""

    __slots__ = ("name",)

    def __init__(self, name: Callable[[str], str]) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return command_path(spec, self.name)


_ENGLISH = _Commands(str)


class Text(str):
    """An English sentence that can be translated: ``str(text)`` is the English.

    A ``context`` (gettext's ``msgctxt``, :func:`contextual`) tells two entries with the same
    English apart where another language needs two words: Krasserfall's colour ``red`` on its
    own (Danish ``rød``) and the boat named by it (``den røde båd``)."""

    __slots__ = ("domain", "msgid", "plural", "n", "params", "context")

    domain: str
    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, Any]
    context: str | None

    def __new__(cls, domain: str, msgid: str, params: Mapping[str, Any] | None = None,
                plural: str | None = None, n: int | None = None,
                context: str | None = None) -> Text:
        values = dict(params or {})
        if n is not None:
            values.setdefault("n", n)
        template = plural if plural is not None and n != 1 else msgid
        self = super().__new__(cls, _fill(template, values, str, commands=_ENGLISH))
        self.domain = domain
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.params = values
        self.context = context
        return self

    def with_params(self, params: Mapping[str, Any]) -> Text:
        """The same entry (domain, id, plural, context) with other parameters."""
        return Text(self.domain, self.msgid, params, self.plural, self.n, self.context)

    # A sentence translates into a language, not through a table as str.translate does.
    def translate(self, lookup: Lookup) -> str:  # type: ignore[override]
        """This sentence in the language of ``lookup`` (English where it has no translation)."""
        if self.context is None:
            template = lookup(self.domain, self.msgid, self.plural, self.n)
        else:  # found as gettext stores it, "context\x04id"; not found: the English
            key = self.context + CONTEXT_SEP + self.msgid
            template = lookup(self.domain, key, self.plural, self.n)
            if template == key:
                template = self.msgid
        names = _Commands(lambda word: lookup(COMMANDS, word, None, None))
        said = _fill(template, self.params, _shown(lookup), fallback=str(self), commands=names)
        words = getattr(lookup, MOVE_WORDS, None)
        if words is None or "`" not in said:
            return said
        # a game's moves in backticks (`/zug setzen groß rot`, `schieben`) read in the reader's words
        return _local_moves(self.domain, words, said, command_path("move", names.name))

    def dump(self) -> dict[str, Any]:
        """JSON-able form, to store a sentence and translate it later."""
        data: dict[str, Any] = {"d": self.domain, "m": self.msgid, "pl": self.plural, "n": self.n,
                                 "p": {k: v.dump() if isinstance(v, (Text, Notation)) else v
                                       for k, v in self.params.items()}}
        if self.context is not None:
            data["c"] = self.context
        return data

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> Text:
        params = {k: _loaded(v) for k, v in data["p"].items()}
        return cls(data["d"], data["m"], params, data.get("pl"), data.get("n"), data.get("c"))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.domain, self.msgid, self.params, self.plural, self.n, self.context))


class Notation(str):
    """A move in a game's notation inside a sentence: ``str`` is the English notation, and
    a reader of German or Danish sees the game's words for it (``setzen groß rot`` for
    ``place big red``, see :meth:`games.notation.Aliases.local`), which the parser reads
    back as the same move. For a move a sentence of another domain than the game's shows
    (the bot's "your turn: `/move …`"); a game's own sentences need none (``_local_moves``)."""

    __slots__ = ("game",)

    game: str

    def __new__(cls, game: str, move: str) -> Notation:
        self = super().__new__(cls, move)
        self.game = game
        return self

    def translate(self, lookup: Lookup) -> str:  # type: ignore[override]
        """The move in the words of ``lookup``'s language (English if it has none)."""
        words = getattr(lookup, MOVE_WORDS, None)
        return str(self) if words is None else words(self.game, str(self))

    def dump(self) -> dict[str, Any]:
        return {"g": self.game, "mv": str(self)}

    def __reduce__(self) -> tuple[Any, ...]:
        return (Notation, (self.game, str(self)))


class NotationWord(Notation):
    """One word of a game's notation that is no move of its own, inside a sentence: the kind
    a refusal names (``nach stab fehlt noch etwas`` for "nothing follows ``bridge``"). A reader
    of German or Danish sees the game's word for it, as :class:`Notation` shows a whole move."""

    __slots__ = ()

    def translate(self, lookup: Lookup) -> str:  # type: ignore[override]
        words = getattr(lookup, NOTATION_WORD, None)
        return str(self) if words is None else words(self.game, str(self))

    def dump(self) -> dict[str, Any]:
        return {"g": self.game, "w": str(self)}

    def __reduce__(self) -> tuple[Any, ...]:
        return (NotationWord, (self.game, str(self)))


def _local_moves(game: str, words: Callable[[str, str], str], said: str, command: str) -> str:
    """``said`` with ``game``'s moves in the reader's ``words`` wherever a sentence shows one in
    backticks, as a command (`` `/zug place big red` ``) or alone (`` `push half` ``), so every
    example a game's sentence gives, written in its template or passed in, is one the reader
    types in their words. ``words`` leaves alone what is no move (an option, a tile code)."""
    pattern = re.compile("`(" + re.escape(command) + r" )?([^`\n]+)`")
    return pattern.sub(lambda m: f"`{m[1] or ''}{words(game, m[2])}`", said)


#: The format spec of a name's genitive in a translation: ``{player:gen} område``.
GENITIVE = "gen"
#: Endings after which German and Danish mark the genitive by an apostrophe alone ("Lars'").
_SIBILANTS = ("s", "x", "z", "ß")


class _Said(str):
    """A parameter as a sentence shows it. ``{name:gen}`` in a translation is the name's
    genitive as German and Danish write it: ``Annas``, ``Lars'`` (the review's "Larss område").
    English templates write ``'s`` themselves."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == GENITIVE:
            return self + ("'" if self.lower().endswith(_SIBILANTS) else "s")
        return str.__format__(self, spec)


def _shown(lookup: Lookup) -> Callable[[Any], str]:
    """How a parameter reads in ``lookup``'s language: Texts and moves translated."""
    return lambda v: _Said(v.translate(lookup) if isinstance(v, (Text, Notation)) else str(v))


def _loaded(value: Any) -> Any:
    if isinstance(value, Mapping) and "w" in value and "g" in value:
        return NotationWord(value["g"], value["w"])
    if isinstance(value, Mapping) and "mv" in value:
        return Notation(value["g"], value["mv"])
    if isinstance(value, Mapping) and "m" in value:
        return Text.load(value)
    return value


def _fill(template: str, values: Mapping[str, Any], show: Callable[[Any], str],
          fallback: str | None = None, commands: _Commands = _ENGLISH) -> str:
    if not values and "{" not in template:
        return template
    try:
        return template.format_map({COMMAND_FIELD: commands, **{k: show(v) for k, v in values.items()}})
    except (KeyError, IndexError, ValueError):
        # A broken translation must never break a message: say it in English instead.
        if fallback is not None:
            return fallback
        raise


def translator(domain: str) -> Callable[..., Text]:
    """``_`` for one catalog domain: ``_("{square} is occupied", square="d4")``."""

    def _(msgid: str, /, **params: Any) -> Text:
        return Text(domain, msgid, params)

    _.domain = domain  # type: ignore[attr-defined]
    return _


def contextual(gettext: Callable[..., Text]) -> Callable[..., Text]:
    """``_p`` for the same domain: ``_p("boat", "red")``, an entry of its own beside ``red``
    (gettext's ``msgctxt``), for a language that says it otherwise there."""
    domain = gettext.domain  # type: ignore[attr-defined]

    def _p(context: str, msgid: str, /, **params: Any) -> Text:
        return Text(domain, msgid, params, context=context)

    return _p


def plural(gettext: Callable[..., Text]) -> Callable[..., Text]:
    """``_n`` for the same domain: ``_n("{n} card", "{n} cards", n, ...)``."""
    domain = gettext.domain  # type: ignore[attr-defined]

    def _n(singular: str, plural_: str, n: int, /, **params: Any) -> Text:
        return Text(domain, singular, params, plural_, n)

    return _n


_ = translator("common")


def join(parts: list[Any]) -> Text:
    """``a, b and c``, with the joining words of the reader's language."""
    if not parts:
        return _("nothing")
    return _listing(list(parts), last=lambda a, b: _("{a} and {b}", a=a, b=b))


def either(parts: list[Any]) -> Text:
    """``a, b or c``: the ways to do one thing (at least one)."""
    return _listing(list(parts), last=lambda a, b: _("{a} or {b}", a=a, b=b))


def chain(parts: Sequence[Any], pair: Callable[[Any, Any], Text]) -> Text:
    """``parts`` (at least one) joined left to right by ``pair``, a template of the caller's
    catalog: ``chain(parts, lambda a, b: _("{a}; {b}", a=a, b=b))`` is ``a; b; c``. Each
    language translates the joining template; a first part that is no Text becomes one."""
    text = parts[0] if isinstance(parts[0], Text) else _("{item}", item=parts[0])
    for part in parts[1:]:
        text = pair(text, part)
    return text


def _listing(items: list[Any], last: Callable[[Any, Any], Text]) -> Text:
    if len(items) == 1:
        return chain(items, last)
    return last(chain(items[:-1], lambda a, b: _("{a}, {b}", a=a, b=b)), items[-1])


def lines(parts: list[Any]) -> Text:
    """Several sentences, one per line (each translated on its own)."""
    items = [p for p in parts if p is not None and str(p) != ""]
    if not items:
        return _("{item}", item="")
    return chain(items, lambda a, b: _("{a}\n{b}", a=a, b=b))


def sentence(*parts: Any) -> Text:
    """Parts side by side with a space (a headline followed by what comes next)."""
    return chain(parts, lambda a, b: _("{a} {b}", a=a, b=b))
