"""Replaceable RECONSTRUCTED tables (option ``tables``), their validation (PER-DATA-1 and the checks that name the
entry at fault) and the game-end rules that depend on dates (PER-END-1, PER-END-2 with equal dates of two types)."""

from __future__ import annotations

import copy
import json

import pytest

import museion
from museion import OptionError
from museion.cli import main
from museion.core.check import check_game
from museion.core.play import random_game
from museion.games.pergamon import tables
from museion.games.pergamon.state import PergamonGame
from museion.games.pergamon.tables import RECONSTRUCTED_FILE, reconstructed

from .fixtures import SPECIALS
from .helpers import act, exhibit, fixture_game, fixture_tiles, give, phase3, set_coins, set_turn

EXAMPLE = json.loads(RECONSTRUCTED_FILE.read_text(encoding="utf-8"))


def write(tmp_path, data, name="printed.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- PER-DATA-1 --------------------------------------------------------------------------------------------------
def test_dates_unique_within_a_type_PER_DATA_1():
    """PER-DATA-1: two tiles numbering the right half of one type alike would give two objects of that type the
    same date: such tables are refused, naming both entries (with_tables, data and files alike)."""
    tiles = list(fixture_tiles(SPECIALS))
    vase = next(i for i, t in enumerate(tiles) if t[0] == "V" and t[1] == 85)       # V85|4B
    other = next(i for i, t in enumerate(tiles) if i > vase and t[0] == "V" and t[2] != 4)
    tiles[other] = ("V", 85, tiles[other][2], tiles[other][3])
    with pytest.raises(OptionError, match=rf"tiles\[{vase}\] 'V85\|4B' and tiles\[{other}\] .*PER-DATA-1"):
        PergamonGame.with_tables(tiles=tiles)
    data = {"tiles": [tables.tile_text(t) for t in tiles]}
    with pytest.raises(OptionError, match="two vases would share a date"):
        museion.load("pergamon", tables=data)
    # the same number under the right halves of two different types is allowed
    tiles = list(fixture_tiles(SPECIALS))
    jug = next(i for i, t in enumerate(tiles) if t[0] == "J" and t[2] != 4)
    tiles[jug] = ("J", 85, tiles[jug][2], tiles[jug][3])
    assert PergamonGame.with_tables(tiles=tiles).tile_codes[jug].endswith(".85")


def _equal_dates_game(**options):
    """Fixture tiles where a vase and a jug can both be dated 570: ring A (player 0) makes vase 570 + jug 110,
    ring B (player 1) jug 570 + vase 220 (PER-DATA-1 holds: the two 70s number different types)."""
    specials = (("J", 10, 5, "V"), ("V", 70, 1, "J"), ("V", 20, 5, "J"), ("J", 70, 2, "V"))
    return fixture_game(specials, **options)


def test_equal_dates_of_two_types_share_places_PER_END_1_PER_END_2():
    """PER-END-1 with equally old objects of two types (possible with custom tables only): they share their place
    (3 VP each) and the next object takes the place after them (1 VP); PER-END-2: tied players whose oldest objects
    are equally old stay tied: shared victory."""
    state = set_turn(phase3(3, _equal_dates_game(players=3)), 12)
    give(state, 0, ("5.10", "1.70"))
    give(state, 1, ("5.20", "2.70"))
    set_coins(state, 0, 0)
    exhibit(state, ("5.10", "1.70"))
    assert sorted(state.objects(), reverse=True) == [(570, 0, 0), (110, 1, 0)]
    act(state, "end")
    state.victory_points[0] += 1      # so that the final bonus leaves both tied
    set_coins(state, 1, 0)
    exhibit(state, ("5.20", "2.70"))
    assert state.is_terminal()
    # player 0: 1 (exhibit) + its band + 3 (vase 570) + the 1 added; player 1: 1 + its band + 3 (jug 570)
    # + 1 (vase 220, third place); the jug 110 gets nothing (fourth)
    space_vp = state.game.space_vp
    spaces = state.marker_spaces
    assert state.victory_points[:2] == [1 + space_vp[spaces[0]] + 3 + 1, 1 + space_vp[spaces[3]] + 3 + 1]
    assert state.victory_points[0] == state.victory_points[1] and state.winners() == [0, 1]


# -- the option: paths, data, normal form ------------------------------------------------------------------------
def test_example_file_is_the_reconstruction_PER_TILE_4():
    """The shipped example file holds today's reconstruction; loading it as a file changes no table value."""
    game = museion.load("pergamon", tables=str(RECONSTRUCTED_FILE))
    default = museion.load("pergamon")
    assert (game.tiles, game.track, game.bands) == (default.tiles, default.track, default.bands)
    assert game.options["tables"]["name"] == EXAMPLE["name"] and default.options["tables"] is None
    assert tables.normalise(EXAMPLE)["tiles"] == EXAMPLE["tiles"]
    assert (reconstructed().tiles, reconstructed().track, reconstructed().bands) == (
        default.tiles, default.track, default.bands)


def test_with_tables_replaces_only_the_tables_given():
    """PergamonGame.with_tables (the tests' door to the option): no table given is the plain game; each table given
    replaces that one only."""
    from .helpers import FIXTURE_BANDS, FIXTURE_TRACK

    assert PergamonGame.with_tables(players=3) == museion.load("pergamon", players=3)
    track_only = PergamonGame.with_tables(track=FIXTURE_TRACK, players=3)
    assert track_only.track == FIXTURE_TRACK and track_only.tiles == reconstructed().tiles
    bands_only = PergamonGame.with_tables(bands=FIXTURE_BANDS)
    assert bands_only.bands == FIXTURE_BANDS and bands_only.track == reconstructed().track


def test_tables_file_replaces_the_tables_everywhere(tmp_path):
    """A file with the printed tables (here: other bands and a track with other galleries) is used by
    museion.load (path or data), records keep the data (they replay without the file) and partial files keep the
    reconstruction for the tables they leave out."""
    data = copy.deepcopy(EXAMPLE)
    data["name"] = "printed, 1st edition"
    data["museum_bands"] = [{"first": 1, "last": 12, "vp": 1}, {"first": 13, "last": 24, "vp": 5}]
    data["research_track"][1]["deepest_gallery"] = "I"
    path = write(tmp_path, data)
    game = museion.load("pergamon", players=3, tables=path)
    assert game.bands == ((1, 12, 1), (13, 24, 5)) and game.max_gallery[1] == 1
    assert museion.load("pergamon", players=3, tables=data) == game == museion.load("pergamon", players=3,
                                                                                      tables=str(path))
    assert "printed, 1st edition" in game.tables_in_use and "tables=<printed, 1st edition>" in repr(game)
    report = check_game(game, games=2, seed=3)
    assert report.games == 2
    state = random_game(game, 5)
    record = museion.Record.from_state(state)
    path.unlink()
    again = museion.Record.from_json(record.to_json()).final_state()
    assert again.key() == state.key() and again.game.bands == ((1, 12, 1), (13, 24, 5))
    partial = museion.load("pergamon", tables={"name": "bands only", "museum_bands": data["museum_bands"]})
    assert partial.bands == ((1, 12, 1), (13, 24, 5)) and partial.tiles == reconstructed().tiles
    assert "museum bands:    bands only" in partial.tables_in_use
    assert "tiles:           RECONSTRUCTED" in partial.tables_in_use


def test_rules_and_cli_name_the_tables_in_use(tmp_path, capsys):
    """`museion rules pergamon` says which tables are in use; -o tables=FILE works for every command."""
    path = write(tmp_path, {"name": "my transcription", "museum_bands": [{"first": 1, "last": 24, "vp": 2}]})
    assert main(["rules", "pergamon", "--spec"]) == 0
    out = capsys.readouterr().out
    assert "research track:  RECONSTRUCTED" in out and "PER-DATA-1" in out
    assert main(["rules", "pergamon", "--spec", "-o", f"tables={path}"]) == 0
    out = capsys.readouterr().out
    assert "museum bands:    my transcription" in out and "tiles:           RECONSTRUCTED" in out
    assert main(["check", "pergamon", "--players", "2", "-o", f"tables={path}", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    bad = write(tmp_path, {"museum_bands": [{"first": 1, "last": 23, "vp": 2}]}, "bad.json")
    assert main(["check", "pergamon", "-o", f"tables={bad}"]) == 2
    assert "no band covers space 24" in capsys.readouterr().err


# -- validation names the entry at fault -------------------------------------------------------------------------
def _edit(path: str, value):
    """A copy of the example data with the value at ``path`` ("tiles/3", "research_track/4/coins") replaced
    (``...`` deletes it)."""
    data = copy.deepcopy(EXAMPLE)
    *parents, last = path.split("/")
    node = data
    for key in parents:
        node = node[int(key) if key.isdigit() else key]
    key = int(last) if last.isdigit() else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return data


def _swap_century(data, i, century):
    text = data["tiles"][i]
    data["tiles"][i] = text[:4] + str(century) + text[5:]
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_edit("tiles/3", "B31-1J"), r"tiles\[3\]: got 'B31-1J'; a tile is written as it lies"),
        (_edit("tiles/3", 17), r"tiles\[3\]: got 17"),
        (_edit("tiles/3", "B31|1B"), r"tiles\[3\] 'B31\|1B': the two halves of a tile are of different types"),
        (_edit("tiles/59", ...), "tiles: got 59 entries; allowed: a list of 60 tiles"),
        (_swap_century(copy.deepcopy(EXAMPLE), 0, 2), "century 1 is on 11 tiles; PER-TILE-4 needs 12"),
        (_edit("tiles/0", "V02|1B"), r"the right half \(left edge\) of a vase is on 16 tiles; PER-TILE-4 needs 15"),
        (_edit("research_track/12", ...), "research_track: got 12 entries; allowed: a list of 13 spaces"),
        (_edit("research_track/4/space", "P4"), r"research_track\[4\] \(P5\): space is 'P4', expected 'P5'"),
        (_edit("research_track/4/coins", -1), r"research_track\[4\] \(P5\): coins -1; allowed: a whole number >= 0"),
        (_edit("research_track/4/coins", True), r"research_track\[4\] \(P5\): coins True"),
        (_edit("research_track/5/coins", 1), r"research_track\[5\] \(P6\) requests 1 coins, fewer than P5's 2: "
                                             r"requests rise from right to left \(PER-FUNDS-3\)"),
        (_edit("research_track/0/deepest_gallery", "VI"), r"research_track\[0\] \(P1\): deepest_gallery 'VI'"),
        (_edit("research_track/0/deepest_gallery", 5), r"deepest_gallery 5; allowed: I, II, III, IV, V"),
        (_edit("research_track/0/tomb_raider", "2 bags"), r"symbol '2 bags' is on P1, P5 space; PER-RAIDER-1"),
        (_edit("research_track/8/tomb_raider", None), r"symbol '2 chests' is on no space"),
        (_edit("research_track/8/tomb_raider", "3 chests"), r"research_track\[8\] \(P9\): tomb_raider '3 chests'"),
        (_edit("research_track/8/extra", 1), r"research_track\[8\] \(P9\): got .*allowed: an object with keys"),
        (_edit("museum_bands/1/first", 4), r"museum_bands\[0\] and museum_bands\[1\] both cover space 4"),
        (_edit("museum_bands/1/first", 6), "no band covers space 5"),
        (_edit("museum_bands/5/last", 25), r"museum_bands\[5\]: spaces 21-25; allowed"),
        (_edit("museum_bands/2/vp", 0), r"museum_bands\[2\] \(9-12\): vp 0; allowed: a whole number >= 1"),
        (_edit("museum_bands/2/points", 3), r"museum_bands\[2\]: got .*allowed: an object with keys first, last, vp"),
        (_edit("museum_bands", []), "museum_bands: got \\[\\]"),
        (_edit("colour", "red"), "unknown key 'colour' in tables data; allowed: name, comment, research_track"),
        ({"name": "nothing"}, "replaces none of research_track, museum_bands, tiles"),
        (_edit("name", "x" * 101), "name: got 'xxx"),
        (["tiles"], "got list; allowed: None, the path of a tables file, or its data"),
    ],
)
def test_errors_name_the_entry_at_fault(data, message):
    with pytest.raises(OptionError, match=rf"option 'tables' of pergamon: .*{message}"):
        museion.load("pergamon", tables=data)


def test_a_find_name_used_twice_is_refused_PER_TILE_2():
    """PER-TILE-2: finds are named and laid out by century and number, so two tiles may not share both."""
    data = _edit("tiles/1", "V02|1J")  # the first tile is M02|1B: both would be find 1.02
    with pytest.raises(OptionError, match=r"tiles\[0\] 'M02\|1B' and tiles\[1\] 'V02\|1J' are both find 1.02"):
        museion.load("pergamon", tables=data)


def test_bad_files_are_refused_with_the_reason(tmp_path):
    with pytest.raises(OptionError, match="cannot read tables file .*missing.json"):
        museion.load("pergamon", tables=str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"tiles": [', encoding="utf-8")
    with pytest.raises(OptionError, match="'broken.json' is not valid JSON"):
        museion.load("pergamon", tables=broken)
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (tables.MAX_FILE_BYTES + 1), encoding="utf-8")
    with pytest.raises(OptionError, match="'huge.json' is larger than 262144 bytes"):
        museion.load("pergamon", tables=huge)
    with pytest.raises(OptionError, match="not a regular file"):
        museion.load("pergamon", tables=tmp_path)
    with pytest.raises(OptionError, match="not a regular file"):
        museion.load("pergamon", tables="/dev/zero")
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Pérgamo"}'.encode("latin-1"))
    with pytest.raises(OptionError, match="is not UTF-8 text"):
        museion.load("pergamon", tables=latin)
    with pytest.raises(OptionError, match="allowed: None, the path of a tables file, or its data"):
        museion.load("pergamon", tables=7)


def test_tables_errors_are_said_in_spanish(tmp_path):
    """A refused tables file carries its reason as a text of the catalogue (``pergamon.tables.*``), not English
    detail: a client says it in the player's language, the entry at fault and the rule ID as they are written."""
    from museion.core import i18n

    broken = tmp_path / "broken.json"
    broken.write_text('{"tiles": [', encoding="utf-8")
    cases = [
        (str(tmp_path / "missing.json"), "no se puede leer el archivo de tablas", "pergamon.tables.no_file"),
        (broken, "el archivo de tablas 'broken.json' no es JSON válido", "pergamon.tables.not_json"),
        (_edit("tiles/0", "V02|1B"), "la mitad derecha (borde izquierdo) de tipo jarrón está en 16 losetas; "
                                     "PER-TILE-4 exige 15", "pergamon.tables.half_count"),
        (_edit("tiles/59", ...), "tiles: no se admite 59 elementos; se admite: una lista de 60 losetas",
         "pergamon.tables.tiles"),
        (_edit("research_track/5/coins", 1), "research_track[5] (P6) pide 1 moneda, menos que las 2 de P5: lo que "
                                             "se pide crece de derecha a izquierda (PER-FUNDS-3)",
         "pergamon.tables.requests"),
        (_edit("museum_bands/1/first", 6), "ninguna franja cubre el espacio 5", "pergamon.tables.band_missing"),
    ]
    for value, spanish, key in cases:
        with pytest.raises(OptionError) as info:
            museion.load("pergamon", tables=value)
        reason = info.value.reason
        assert reason["key"] == "error.option_said" and reason["args"]["message"]["key"] == key
        said = i18n.say(reason, "es")
        assert said.startswith("opción «tables»: ") and spanish in said, said
        assert str(info.value).endswith(i18n.say(reason["args"]["message"], "en"))  # the English message's words
    english = {"cannot", "read", "tables", "file", "such", "valid", "half", "tiles", "needs", "requests", "fewer",
               "rise", "band", "covers", "space"}
    said = i18n.say(info.value.reason, "es")
    assert not {w for w in said.replace("museum_bands", " ").split() if w.strip(".,;:") in english}, said
