"""The engine contract every game implements (the engine layer: pure, no I/O).

A game is a stateless object with metadata and pure functions over a state value.
States are plain dataclasses that ``apply`` never mutates: it returns a new one.
Concrete games implement the underscored hooks; the public methods here do the
checks that are the same for every game (options, whose turn, game over), so the
error messages read the same everywhere.
"""

from __future__ import annotations

import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from .errors import BadOptions, CorruptState, GameError, GameOver, IllegalMove, NotYourTurn
from .notation import NO_ALIASES, Aliases
from .rng import seed_to_int
from .text import Text, chain, translator

_ = translator("common")

S = TypeVar("S")
M = TypeVar("M")


class Button(NamedTuple):
    """A choice offered as a button under the turn message (or in a private follow-up).

    A button either plays ``move``, or, with ``move`` empty, opens the next level of a menu
    (``buttons(state, player, path)`` with its ``path``), so a move of several parts (a market
    slot, then a position, then a rotation) never has to be typed. ``anytime`` buttons stay
    valid across turns (Krasserfall's stone); the others only until the game changes, so an
    old message cannot play a stale move.
    """

    label: str
    move: str = ""
    anytime: bool = False
    path: str = ""


class Option(NamedTuple):
    """One lobby option: the allowed values (as typed in ``key=value``), the default, a hint.

    ``name`` is the option as a sentence names it (``boat choice``; the key when empty), and
    ``words`` each value's word in the game's catalog (``_p("boat-choice", "free")``): a
    reader sees the option in their words (``Bootswahl: frei``), and may type the value in
    them too (``boat-choice=frei``), so each word is one typeable word. The key stays English:
    it is the syntax. A value without a word is shown and typed as it is (``2``)."""

    values: tuple[str, ...]
    default: str
    help: str = ""
    name: str = ""
    words: Mapping[str, str] = MappingProxyType({})

    def word(self, value: str) -> str:
        """``value`` as the reader sees it (a Text where the game gave one)."""
        return self.words.get(value) or value

    def choices(self) -> Text:
        """``die, free`` (the values, in the reader's words)."""
        return chain([self.word(v) for v in self.values],
                     lambda a, b: _("{a}, {b}", a=a, b=b))


class Chance(StrEnum):
    """Whether chance takes part in a game (OpenSpiel's ``GameType.chance_mode``)."""

    NONE = "none"  # deterministic: the seed changes nothing, every move's outcome is known
    SEEDED = "seeded"  # dice, shuffles, draws: from the game's seed, kept in the state (games/rng.py)


class Information(StrEnum):
    """What the players see of a state (OpenSpiel's ``GameType.information``).

    ``PERFECT``: every seat sees the whole state but chance's future (the order of a shuffled
    supply, the next roll, a face-down tile nobody has seen): each private view is the public
    view, and what is unseen is only what chance will bring. ``HIDDEN``: something already
    decided is kept from some seat, or from everybody, and play tells something about it: a
    hand of cards, a boat's secret tipping point.
    """

    PERFECT = "perfect"
    HIDDEN = "hidden"


@dataclass(frozen=True)
class Traits:
    """A game's kind, declared on its class line (``traits=Traits(Chance.NONE,
    Information.PERFECT)``): the contract tests branch on it, and the defaults of
    :meth:`Game.resample` and :meth:`Game.why_not_undo` follow from it."""

    chance: Chance
    information: Information

    @property
    def nothing_unseen(self) -> bool:
        """No chance and perfect information: every seat sees all there is and will be, so a
        state has one world only and every move may be taken back."""
        return self.chance == Chance.NONE and self.information == Information.PERFECT


class ResultOutcome(StrEnum):
    """How a cooperative game ended for the team (``Result.outcome``; stored in its JSON)."""

    WON = "won"
    ALMOST = "almost"  # the team came close (a game's own partial success)
    LOST = "lost"


@dataclass(frozen=True, eq=False)
class Result(Mapping[str, Any]):
    """How a game ended. Readable as attributes or as a mapping (``result["winners"]``).

    ``winners`` lists every player who shares first place (a draw lists all tied players,
    a lost cooperative game lists none). ``outcome`` is a :class:`ResultOutcome` for
    cooperative games and ``None`` otherwise: a game may pass the plain word, which becomes
    the member (equal to it, and written the same in JSON).
    """

    scores: dict[str, int]
    winners: tuple[str, ...]
    outcome: str | None = None
    reason: str = "end"  # "end", "resigned", "early end", ...
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.outcome is not None and self.outcome in ResultOutcome.__members__.values():
            object.__setattr__(self, "outcome", ResultOutcome(self.outcome))

    @property
    def draw(self) -> bool:
        return len(self.winners) > 1 and self.outcome is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "outcome": self.outcome,
            "reason": self.reason,
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Result:
        return cls(
            scores=dict(d["scores"]),
            winners=tuple(d["winners"]),
            outcome=d.get("outcome"),
            reason=d.get("reason", "end"),
            detail=dict(d.get("detail", {})),
        )

    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(("scores", "winners", "outcome", "reason", "detail"))

    def __len__(self) -> int:
        return 5


class Suggestions:
    """Ranked autocomplete entries, (value, label) pairs; ``pick`` keeps those whose value
    starts with the typed words (lower case, single spaces), in the ranked order."""

    def __init__(self, entries: Sequence[tuple[str, Any]]) -> None:
        self.entries = list(entries)

    def pick(self, typed: str, limit: int = 25) -> list[tuple[str, Any]]:
        words = " ".join(str(typed).lower().split())
        out = []
        for value, label in self.entries:
            if value.lower().startswith(words):
                out.append((value, label))
                if len(out) >= limit:
                    break
        return out


class Game(ABC, Generic[S, M]):
    """Metadata plus the pure functions of one game."""

    #: A game names these in its class line (:meth:`__init_subclass__`).
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Option]] = {}
    #: Players' summary of the rules, shown by ``/game rules`` (Markdown, under 2000 chars).
    summary: ClassVar[str | Text] = ""
    #: What the game's seed decides that no player may know yet, as the object of "the seed
    #: would give away …" (Krasserfall: "the boats' tipping points and the dice to come"):
    #: a running game's export is refused with it. Empty: the bot says it in general words.
    unseen: ClassVar[str | Text] = ""
    #: What the players' scores count, heading them in the result ("Medals: anna: 6 · …");
    #: empty: "Scores".
    scores_label: ClassVar[str | Text] = ""
    #: Bump when the dumped format changes incompatibly.
    format_version: ClassVar[int] = 1
    #: Whether one person may hold several seats (cooperative games).
    multi_seat: ClassVar[bool] = False
    #: Chance and information (:class:`Traits`), named in the class line. A game that says
    #: nothing is taken to have both, so that no check is skipped and undo stays careful.
    traits: ClassVar[Traits] = Traits(Chance.SEEDED, Information.HIDDEN)
    #: The German and Danish words players may type for the moves (the game's notation keeps
    #: the table; ``parse_move`` reads them, and the bot's autocomplete through
    #: :mod:`games.aliases`).
    aliases: ClassVar[Aliases] = NO_ALIASES

    def __init_subclass__(cls, *, id: str | None = None, title: str | None = None,
                          players: tuple[int, int] | None = None, traits: Traits | None = None,
                          **kwargs: Any) -> None:
        """A game's identity in one line, ``class Fifteen(Game[...], id="fifteen",
        title="Fifteen", players=(2, 2), traits=Traits(Chance.SEEDED, Information.HIDDEN))``:
        it sets ``id``, ``title``, ``min_players``, ``max_players`` and ``traits``. A subclass
        without these keywords inherits or sets them itself."""
        super().__init_subclass__(**kwargs)
        if id is not None:
            cls.id = id
        if title is not None:
            cls.title = title
        if players is not None:
            cls.min_players, cls.max_players = players
        if traits is not None:
            if not isinstance(traits, Traits):
                raise TypeError(f"traits must be a Traits, not {traits!r}")
            cls.traits = traits

    # ----- set-up ---------------------------------------------------------------------------

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, str]:
        """Fill in defaults and check every given option; keys and values are case-insensitive."""
        resolved = {name: opt.default for name, opt in self.options.items()}
        for raw_key, raw_value in (options or {}).items():
            key = str(raw_key).strip().lower().replace("_", "-")
            match = next((n for n in self.options if n.replace("_", "-") == key), None)
            if match is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise BadOptions(_("{game} has no option '{key}' (options: {known})",
                                   game=self.title, key=raw_key, known=known))
            value = str(raw_value).strip().lower()
            allowed = self.options[match].values
            if value not in allowed:
                raise BadOptions(_("'{value}' is not a value of {key} (choose one of: {allowed})",
                                   value=raw_value, key=self.options[match].name or match,
                                   allowed=self.options[match].choices()))
            resolved[match] = value
        return resolved

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
              seed: int | str = 0) -> S:
        players = [str(p) for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            want = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            raise BadOptions(_("{game} needs {want} players, not {count}", game=self.title,
                                 want=want, count=len(players)))
        if len(set(players)) != len(players):
            raise BadOptions(_("every seat needs its own player id"))
        return self._setup(players, self.resolve_options(options), seed_to_int(seed))

    # ----- play -----------------------------------------------------------------------------

    def apply(self, state: S, player: str, move: str) -> S:
        """Return the state after ``player`` plays ``move``; raise ``IllegalMove`` if they can't."""
        self.check_can_act(state, player)
        parsed = self.parse_move(move)
        return self._apply(state, str(player), parsed)

    def check_can_act(self, state: S, player: str) -> None:
        if self.result(state) is not None:
            raise GameOver(_("the game is over: no more moves"))
        player = str(player)
        if player not in self.players(state):
            raise NotYourTurn(_("{player} is not playing in this game", player=player))
        acting = self.to_act(state)
        if player not in acting:
            waiting = ", ".join(sorted(acting))
            raise NotYourTurn(_("it is not your turn (waiting for {waiting})", waiting=waiting))

    def check_can_resign(self, state: S, player: str) -> None:
        """What every game's ``resign`` checks first: the game still runs, and ``player``
        plays in it (whether they resigned already is the game's own question)."""
        if self.result(state) is not None:
            raise GameOver(_("the game is over already"))
        if player not in self.players(state):
            raise IllegalMove(_("{player} is not playing in this game", player=player))

    def normalize_move(self, text: str) -> str:
        """The canonical spelling of ``text`` (syntax only, no legality check)."""
        return self.format_move(self.parse_move(text))

    def buttons(self, state: S, player: str, path: str = "") -> list[Button]:
        """Choices worth a click for ``player`` now (at most 25; default none).

        ``path`` is empty for the buttons under the turn message; menus are asked again with
        the ``path`` of the button that was clicked.
        """
        return []

    def waiting_for(self, state: S) -> frozenset[str]:
        """Who the game waits for: they are pinged and reminded. Usually ``to_act``; a game
        where someone *may* act at any moment (Krasserfall's stone) leaves them out."""
        return self.to_act(state)

    def result_lines(self, result: Result, names: Mapping[str, str]) -> Sequence[str]:
        """Extra lines for the final message (a score breakdown, what was left to do)."""
        return []

    def turn_complete(self, before: S, after: S, player: str) -> bool:
        """Whether the channel should hear of this move now.

        Games whose turn is several actions answer False for an action that leaves the
        same player in the middle of their turn; the channel then gets one message when
        the turn is done (or at once on a scoring, if the game says so here).
        """
        return True

    def pass_move(self, state: S, player: str) -> str | None:
        """The move that passes ``player``'s turn when their time runs out, if the rules have one."""
        return None

    def auto_move(self, state: S, player: str) -> str | None:
        """The move the bot may play for ``player`` at once because they have no choice, or None.

        The default: ``player`` alone may act (nobody could act before them, as Krasserfall's
        stone holder may) and has exactly one legal move. Games override it to keep a single
        move that is still the player's moment: one they trigger to learn something (a die
        roll, a draw), whose timing is theirs.
        """
        player = str(player)
        if self.result(state) is not None or self.to_act(state) != frozenset({player}):
            return None
        moves = self.legal_moves(state, player)
        return moves[0] if len(moves) == 1 else None

    def seat_tag(self, state: S, player: str) -> Text | None:
        """A word of the game's own for ``player``'s seat (Kraqua: its chip's animal), or None.

        The bot shows it with the name ("hana (seahorse)") and accepts it before a move
        (``seahorse: lay i``), so that one person's seats are told apart.
        """
        return None

    def why_not_undo(self, before: S, after: S, player: str, move: str,
                     samples: int = 12) -> Text | None:
        """Why ``move`` (played by ``player`` in ``before``, giving ``after``) may not be taken
        back, or None when it may: in the words of the game, for the player.

        Board Game Arena's policy: only a move that revealed nothing hidden to anyone and that
        chance did not decide. In a game with nothing unseen (:attr:`Traits.nothing_unseen`)
        that is every move, so the default allows it without a look. Otherwise the default
        knows nothing of the game (see :meth:`reveals`) and gives a generic reason; games
        override it to name what happened (a tile drawn, a card shown), and may decide exactly
        where sampling could miss a world.
        """
        if self.traits.nothing_unseen:
            return None
        if self.reveals(before, after, player, move, samples):
            return _("it revealed something hidden or was decided by chance")
        return None

    def can_undo(self, before: S, after: S, player: str, move: str, samples: int = 12) -> bool:
        """Whether :meth:`why_not_undo` has no objection."""
        return self.why_not_undo(before, after, player, move, samples) is None

    def reveals(self, before: S, after: S, player: str, move: str, samples: int = 12) -> bool:
        """Whether playing ``move`` told anyone something they did not know, or chance decided it.

        The move is replayed in worlds that each seat (and the public) cannot tell apart from
        ``before`` (``resample``). A world in which the move is impossible is one the move rules
        out: a Kahuna bridge on a HUNA line proves a HUNA card in the hand, so the others learn
        it. A world in which some seat would then see a different result means the move told
        that seat something, or chance decided it. A seat that sees no more than the public
        has the public's worlds, so it is not checked twice.
        """
        public = self.view(before, None)
        for viewer in (None, *self.players(before)):
            if viewer is not None and self.view(before, viewer) == public:
                continue
            seen = self.view(after, viewer)
            for k in range(samples):
                world = self.resample(before, viewer, f"undo-check-{k}")
                try:
                    other = self.apply(world, player, move)
                except GameError:
                    return True
                if self.view(other, viewer) != seen:
                    return True
        return False

    def suggestions(self, state: S, player: str) -> Suggestions:
        """Every autocomplete entry of ``player`` in ``state``, ranked once, so that each
        keystroke only filters: ``suggestions(s, p).pick(typed, n) == suggest(s, p, typed, n)``.

        The default ranks with ``suggest(state, player, "")`` and filters that order by
        prefix; it suits games whose order of two moves does not depend on which other moves
        match. Games whose ranking does (or that match otherwise) override it.
        """
        return Suggestions(self.suggest(state, player, "", sys.maxsize))

    def suggest(self, state: S, player: str, typed: str,
                limit: int = 25) -> Sequence[tuple[str, str]]:
        """Autocomplete: up to ``limit`` (value, label) pairs of legal moves matching ``typed``.

        The default keeps the order of ``legal_moves`` and matches on prefixes of the
        canonical form; games override it to put the most useful moves first.
        """
        words = " ".join(typed.lower().split())
        out = []
        for m in self.legal_moves(state, player):
            if m.lower().startswith(words):
                out.append((m, m))
                if len(out) >= limit:
                    break
        return out

    # ----- serialisation --------------------------------------------------------------------

    def dump(self, state: S) -> str:
        payload = {"game": self.id, "format": self.format_version, "state": self._to_json(state)}
        return json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=False)

    def load(self, text: str) -> S:
        try:
            payload = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise CorruptState(f"not a dumped {self.title} state: {exc}") from None
        if not isinstance(payload, dict) or payload.get("game") != self.id:
            raise CorruptState(f"not a dumped {self.title} state")
        if payload.get("format") != self.format_version:
            raise CorruptState(
                f"{self.title} state format {payload.get('format')} is not {self.format_version}"
            )
        try:
            return self._from_json(payload["state"])
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptState(f"broken {self.title} state: {exc}") from None

    # ----- what each game implements -------------------------------------------------------

    @abstractmethod
    def _setup(self, players: list[str], options: dict[str, str], seed: int) -> S: ...

    @abstractmethod
    def players(self, state: S) -> tuple[str, ...]:
        """Player ids in seat order."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[str]:
        """Players who may act now; empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S, player: str) -> list[str]:
        """Canonical move strings ``player`` may play now (empty if they may not act)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move (syntax only); raise ``InvalidMove`` naming the text."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        """The canonical string of a move; ``parse_move(format_move(m)) == m``."""

    @abstractmethod
    def _apply(self, state: S, player: str, move: M) -> S: ...

    @abstractmethod
    def view(self, state: S, player: str | None = None) -> Mapping[str, Any]:
        """JSON-able view for ``player`` (``None``: the public view, no hidden information)."""

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    @abstractmethod
    def resign(self, state: S, player: str) -> S:
        """The state after ``player`` gives up (the game ends or goes on, as its rules allow)."""

    def resample(self, state: S, player: str | None, seed: int | str) -> S:
        """A state ``player`` cannot tell apart from ``state``: all it cannot see redrawn.

        The default serves games with nothing unseen (:attr:`Traits.nothing_unseen`): their
        only world is the state itself. A game with chance or hidden information must redraw
        them (the registry refuses one that does not override this).
        """
        if self.traits.nothing_unseen:
            return state
        raise NotImplementedError(f"{self.title} has chance or hidden information: "
                                  "its resample must redraw what a seat cannot see")

    @abstractmethod
    def describe(self, before: S, player: str, move: str,
                 names: Mapping[str, str] | None = None) -> str:
        """Public account of ``move`` played in ``before``, without the mover's name.

        ``names`` maps player ids to display names for any other player mentioned.
        """

    @abstractmethod
    def prompt(self, state: S, player: str, names: Mapping[str, str] | None = None) -> str:
        """What ``player`` should do now, in one or two public lines."""

    @abstractmethod
    def _to_json(self, state: S) -> Any: ...

    @abstractmethod
    def _from_json(self, data: Any) -> S: ...


#: A game of any kind: the AI and the registry treat every game alike, whatever its state and
#: move types.
AnyGame = Game[Any, Any]
