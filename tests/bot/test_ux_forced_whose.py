"""The mover's reply says whose forced move followed theirs (the review read ben's only
move as anna's: "Gespielt: `setzen groß grün`. Danach automatisch gespielt …")."""

from __future__ import annotations

from bot.i18n import tr
from bot.service import GameService

from .conftest import PLACE
from .test_ux_forced import ACTORS, KRASSERFALL, current, start


async def test_the_reply_names_the_other_player_whose_move_played_itself(service: GameService) -> None:
    await start(service)
    row, state = await current(service)
    opener, other = KRASSERFALL.players(state)
    for player, move in ((opener, "ring-start red"), (opener, "place small red"),
                         (other, "place big yellow")):
        await service.play.move(ACTORS[player], PLACE, move)
    # the opener fills one of the two empty boats: the other's small figure must go into the last
    out = await service.play.move(ACTORS[opener], PLACE, "place small blue")
    log = await service.store.games.moves(row.id)
    assert (log[-1].kind, log[-1].player_id, log[-1].move) == ("forced", other, "place small green")
    name = ACTORS[other].name
    reply = out.reply
    assert str(reply) == (f"Played `place small blue`. Then {name}'s only possible move played "
                          "itself: `place small green`.")
    assert tr(reply, "de").endswith(f"Danach wurde der einzige mögliche Zug von {name} automatisch "
                                    "gespielt: `setzen klein grün`.")
    assert tr(reply, "da").endswith(f"Derefter blev `sæt lille grøn` spillet automatisk for {name} "
                                    "(det eneste mulige træk).")


async def test_the_movers_own_forced_move_is_theirs() -> None:
    from bot.service.forced import Forced, forced_reply

    forced = [Forced("a", "roll", "rolled", False), Forced("a", "push", "pushed", True),
              Forced("b", "roll", "rolled", False)]
    said = forced_reply("krasserfall", "a", forced, {"a": "anna", "b": "ben"})
    assert [str(s) for s in said] == [
        "Then your only possible moves played themselves: `roll` and `push`.",
        "Then ben's only possible move played itself: `roll`."]
    assert tr(said[0], "da").startswith("Derefter blev")
