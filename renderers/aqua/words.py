"""The words of Aqua's picture that the game keeps in English only: the ecosystem tiles' names
and conditions (``games.aqua.material.ECOSYSTEMS``), and the legend of the marks on an area.

Each name is one phrase per tile, so that a language can inflect it ("Rotes Riff").
"""

from __future__ import annotations

from games.text import Text, translator

_ = translator("aqua")

#: Ecosystem id -> (name, condition in words), the picture's words for each tile.
ECOSYSTEM_WORDS: dict[str, tuple[Text, Text]] = {
    "E01": (_("Lagoon"), _("small animals of all six species: 6")),
    "E02": (_("Barrier reef"), _("a reef of 12+ corals: 6")),
    "E03": (_("Atoll"), _("reefs in 3+ colours: 5")),
    "E04": (_("Kelp forest"), _("2 per large animal")),
    "E05": (_("Shoal"), _("10+ small animals: 5")),
    "E06": (_("Rainbow reef"), _("a reef bordered by small animals of 4+ species: 5")),
    "E07": (_("Twin habitats"), _("1 per pair of adjacent small animals of one species")),
    "E08": (_("Coral diversity"), _("1 per colour with 10+ corals")),
    "E09": (_("Seamount"), _("3 small animals on sites in a straight row: 4")),
    "E10": (_("Reef crest"), _("2 per reef of 6+ corals")),
    "E11": (_("Hot spot"), _("1 per small animal within 2 steps of the hot spot")),
    "E12": (_("Deep sea"), _("3 per large animal on 4 sites")),
    "E13": (_("Red reef"), _("a red reef of 7+ corals: 4")),
    "E14": (_("Orange reef"), _("an orange reef of 7+ corals: 4")),
    "E15": (_("Yellow reef"), _("a yellow reef of 7+ corals: 4")),
    "E16": (_("Green reef"), _("a green reef of 7+ corals: 4")),
    "E17": (_("Blue reef"), _("a blue reef of 7+ corals: 4")),
    "E18": (_("Purple reef"), _("a purple reef of 7+ corals: 4")),
    "E19": (_("Crab colony"), _("3+ crabs: 4")),
    "E20": (_("Starfish colony"), _("3+ starfish: 4")),
    "E21": (_("Clownfish colony"), _("3+ clownfish: 4")),
    "E22": (_("Sea turtle colony"), _("3+ sea turtles: 4")),
    "E23": (_("Jellyfish colony"), _("3+ jellyfish: 4")),
    "E24": (_("Seahorse colony"), _("3+ seahorses: 4")),
}

#: What the marks and numbers on an area mean (the rules say the rest).
LEGEND: tuple[Text, ...] = (
    _("q,r on a free hex: where a tile can go  ·  q,r under an animal: its site, the top corner "
      "of tile q,r"),
    _("Badge on an animal: its points  ·  gold band: a large animal and its points"),
    _("Glowing vent: the hot spot, where your 3 start tiles meet (no colour)  ·  white: just "
      "placed"),
)
