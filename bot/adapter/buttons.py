"""Buttons that survive restarts: the game id (and what else they need) lives in the ``custom_id``."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from games.text import translator

from ..i18n import language_for
from ..messages import HINT_LABEL, LOBBY_LABELS, MY_VIEW_LABEL, REVIEW_LABEL
from .interaction import ServiceCall, call_service, progress_of, respond, say

_ = translator("bot")
REPLAY_LABEL = _("Replay")
_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
           "start": discord.ButtonStyle.primary, "addbot": discord.ButtonStyle.secondary}


class Rebuilt:
    """Rebuilds a button from its ``custom_id`` after a restart.

    The template's named groups are the constructor's arguments (those named ``…_id`` are
    numbers; a group that did not match is left to its default), plus the label it was sent
    with. Put it before ``DynamicItem`` among the bases.
    """

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        args = {name: int(value) if name.endswith("_id") else value
                for name, value in match.groupdict().items() if value is not None}
        build: Any = cls  # each button's own constructor, which mypy cannot see from here
        return build(**args, label=getattr(item, "label", None))


class LobbyButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"lobby:(?P<action>join|leave|start|addbot):(?P<game_id>[0-9]{1,19})"):
    """Join / Leave / Start for one lobby; stale clicks get a clear ephemeral answer."""

    def __init__(self, action: str, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(LOBBY_LABELS[action]),
                                           style=_STYLES[action],
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        action, game_id = self.action, self.game_id

        async def call(service, actor, place):
            if action == "addbot":
                return await service.bots.add_bot(actor, place, "normal", game_id)
            method = {"join": service.lobby.join, "leave": service.lobby.leave, "start": service.lobby.start}[action]
            return await method(actor, place, game_id)

        await respond(interaction, call)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"(?P<kind>mv|mn):(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,12}|\*)"
                          r":(?P<seat>[0-9]{1,2}):(?P<arg>.{1,80})"):
    """A move (``mv``) or the next level of a menu (``mn``) as a button.

    The game version in the ``custom_id`` makes a click on an old message harmless: the
    service refuses it unless the button is valid at any time (``*``). The seat says which
    of the clicker's seats it acts for (0: whichever may act).
    """

    def __init__(self, label: str, game_id: int, version: int | None, seat: int, move: str = "",
                 path: str = "") -> None:
        kind, arg = ("mv", move) if move else ("mn", path)
        tag = "*" if version is None else str(version)
        style = discord.ButtonStyle.primary if move else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"{kind}:{game_id}:{tag}:{seat}:{arg}"))
        self.game_id = game_id
        self.version = version
        self.seat = seat
        self.move = move
        self.path = path

    @classmethod  # its own: the version and the move-or-menu need more than Rebuilt does
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,  # type: ignore[override]
                             match: re.Match[str], /) -> MoveButton:
        version = None if match["version"] == "*" else int(match["version"])
        move, path = (match["arg"], "") if match["kind"] == "mv" else ("", match["arg"])
        return cls(item.label or match["arg"], int(match["game"]), version, int(match["seat"]),
                   move, path)

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id, version, seat, move, path = self.game_id, self.version, self.seat, self.move, self.path
        if move:
            await respond(interaction, lambda s, a, p: s.play.move(a, p, move, game_id=game_id,
                                                             version=version, seat=seat or None))
        else:
            await respond(interaction, lambda s, a, p: s.play.menu(a, p, game_id=game_id, version=version,
                                                                   seat=seat, path=path))


def custom_id_fits(button: object) -> bool:
    """Discord allows 100 characters in a custom_id (and 80 in a label)."""
    arg = getattr(button, "move") or getattr(button, "path")
    version = getattr(button, "version")
    text = f"mv:{getattr(button, 'game_id')}:{'*' if version is None else version}:{getattr(button, 'seat')}:{arg}"
    return 0 < len(arg) <= 80 and len(text) <= 100


class ReplayButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"replay:(?P<game_id>[0-9]{1,19})"):
    """Under a game's final message: post its animated replay (once; later clicks link to it)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(REPLAY_LABEL), emoji="🎞️",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"replay:{game_id}"))
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.history.replay_animation(a, p, game_id))


class ReviewButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"review:(?P<game_id>[0-9]{1,19})"):
    """Under a game's result: its review, posted once in the channel (or the game's thread)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or str(REVIEW_LABEL))[:80], emoji="📝",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"review:{game_id}"))
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.reviews.review(a, p, game_id,
                                                                    progress_of(interaction)))


class HintButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"hint:(?P<game_id>[0-9]{1,19})"):
    """Under a teaching game's turn prompt: the move a normal bot would play, only for the
    presser (the service checks that it is their turn in that game)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or str(HINT_LABEL))[:80], emoji="💡",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"hint:{game_id}"))
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.hints.hint(a, p, game_id))


class MyViewButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"myview:(?P<game_id>[0-9]{1,19})"):
    """Beside a board's web link: the link to the presser's own view (their hand), only for
    them (the service checks the seat: anyone else is told they have none)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or str(MY_VIEW_LABEL))[:80], emoji="🔒",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"myview:{game_id}"))
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.web.my_view(a, game_id))


class LookButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"look:(?P<game_id>[0-9]{1,19})"):
    """Under a ``/turns`` list: that game as the presser's seat sees it, only for them (the
    service checks the seat, so a button that reached someone else shows them nothing)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or f"#{game_id}")[:80], emoji="👀",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"look:{game_id}"))
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id = self.game_id
        await respond(interaction, lambda s, a, p: s.turns.look(a, p, game_id))


class WaitButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"wait:(?P<game_id>[0-9]{1,19}):(?P<player>[0-9]{1,20}(?:#[0-9]{1,3})?)"):
    """Under the notice that a player's chess clock ran out: the other players keep the game
    waiting for them instead of the on-deadline action (see :mod:`bot.service.clocks`)."""

    def __init__(self, game_id: int, player: str, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=(label or "Wait")[:80], emoji="🕰️",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"wait:{game_id}:{player}"))
        self.game_id = game_id
        self.player = player

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id, player = self.game_id, self.player
        await respond(interaction, lambda s, a, p: s.clocks.wait_for(a, p, game_id, player))


# ----- confirmations ----------------------------------------------------------------------------

CONFIRM_LABELS = {"resign": _("Resign"), "abort": _("Abort the game")}
CANCEL_LABEL = _("Cancel")
NOTHING_CHANGED = _("Nothing changed.")
NOT_YOURS = _("Only the person who asked can answer this.")
#: ``ok:abort:<game>:<user>:`` takes at most 50 of the 100 characters of a custom_id.
REASON_ROOM = 50


class _ForTheAsker:
    user_id: int

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await interaction.response.send_message(say(NOT_YOURS, language_for(interaction.locale)),
                                                ephemeral=True)
        return False


class ConfirmButton(_ForTheAsker, Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"ok:(?P<action>resign|abort):(?P<game_id>[0-9]{1,19}):(?P<user_id>[0-9]{1,20})"
                             r"(?::(?P<reason>.{0,50}))?"):
    """Carries out a ``/game resign`` or ``/game abort`` that was asked about.

    It names the game it was asked for: pressed after that game ended, it does nothing. The
    abort reason rides along in the ``custom_id`` (hence the 50-character limit on it).
    """

    def __init__(self, action: str, game_id: int, user_id: int, reason: str = "",
                 label: str | None = None) -> None:
        reason = " ".join(reason.split())[:REASON_ROOM]
        tail = f":{reason}" if action == "abort" else ""
        super().__init__(discord.ui.Button(label=label or str(CONFIRM_LABELS[action]),
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"ok:{action}:{game_id}:{user_id}{tail}"))
        self.action = action
        self.game_id = game_id
        self.user_id = user_id
        self.reason = reason

    async def callback(self, interaction: discord.Interaction) -> Any:
        game_id, reason = self.game_id, self.reason or None
        # Answer by taking the buttons off the question, so it cannot be pressed twice.
        await interaction.response.edit_message(view=None)
        if self.action == "resign":
            await respond(interaction, lambda s, a, p: s.play.resign(a, p, game_id=game_id), acknowledged=True)
        else:
            await respond(interaction, lambda s, a, p: s.lobby.abort(a, p, reason, game_id=game_id),
                          acknowledged=True)


class CancelButton(_ForTheAsker, Rebuilt, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"no:(?P<user_id>[0-9]{1,20})"):
    """Leaves everything as it was and takes the question's buttons away."""

    def __init__(self, user_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(CANCEL_LABEL),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"no:{user_id}"))
        self.user_id = user_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.response.edit_message(
            content=say(NOTHING_CHANGED, language_for(interaction.locale)), view=None)


async def ask(interaction: discord.Interaction, action: str, call: ServiceCall,
              reason: str = "") -> None:
    """Answer a command that cannot be undone with a question only the asker sees.

    ``call`` checks that the action is allowed now and words the question; nothing changes
    until the Confirm button is pressed.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await call_service(interaction, call)
    if outcome is None:
        return
    lang = language_for(interaction.locale)
    assert outcome.game_id is not None
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(action, outcome.game_id, interaction.user.id, reason,
                                say(CONFIRM_LABELS[action], lang, 80)))
    view.add_item(CancelButton(interaction.user.id, say(CANCEL_LABEL, lang, 80)))
    await interaction.followup.send(say(outcome.reply, lang), view=view, ephemeral=True)
