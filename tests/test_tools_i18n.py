"""``museion simulate``, ``check`` and ``bench`` report in the chosen language (``--lang es`` / ``MUSEION_LANG=es``):
their tables, summaries and notes come from the catalogue's ``tool.*`` texts (a contract violation from its
``check.*`` texts), so a Spanish report holds none of the
English words of those texts (names, notation, option values and ``museion.load(...)`` aside)."""

from __future__ import annotations

import json
import re

import pytest

from museion.cli import main
from museion.core import i18n


def _english_words() -> set[str]:
    """Words of the English tool and check texts that none of the Spanish ones uses."""
    def words(lang: str) -> set[str]:
        found: set[str] = set()
        for key in i18n.keys():
            if key.startswith(("tool.", "check.")):
                template = re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang) or "")
                found |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", template)}
        return found
    return words("en") - words("es") - {"openspiel", "open_spiel", "museion", "bench", "pip", "install", "ttt"}


def _without_notation(out: str) -> str:
    """The report without what is notation in both languages: the game's ``museion.load(...)`` repr and the
    option JSON, bot names and the names of the surfaces the secrecy check compares."""
    out = re.sub(r"museion\.load\([^)]*\)|\{[^}]*\}", " ", out, flags=re.S)
    return re.sub(r"\b(random|server|terminal|openspiel|pettingzoo|gymnasium|bots|tholos|pergamon)\b", " ", out)


@pytest.mark.parametrize("command", [
    ["simulate", "tholos", "--games", "3"],
    ["check", "tholos", "--games", "2"],
    ["check", "pergamon", "--games", "1", "--secrecy-games", "1"],
    ["bench", "tholos", "--seconds", "0.3"],
])
def test_developer_tools_report_in_spanish(command, capsys, monkeypatch):
    english = _english_words()
    assert main([*command, "--lang", "en"]) == 0
    out_en = capsys.readouterr().out
    assert {w.lower() for w in re.findall(r"[A-Za-z]{3,}", out_en)} & english  # the English report uses them
    assert main([*command, "--lang", "es"]) == 0
    out_es = capsys.readouterr().out
    found = {w for w in re.findall(r"[A-Za-z]{3,}", _without_notation(out_es)) if w.lower() in english}
    assert found == set(), (found, out_es)
    monkeypatch.setenv(i18n.ENV, "es")
    assert main(command) == 0
    out_env = capsys.readouterr().out
    assert not {w for w in re.findall(r"[A-Za-z]{3,}", _without_notation(out_env)) if w.lower() in english}


def test_simulate_says_what_is_wrong_in_spanish(capsys):
    assert main(["simulate", "tholos", "--bots", "random,random,random", "--lang", "es"]) == 2
    assert "--bots nombra 3 bots; tholos con estas opciones tiene 2 asientos" in capsys.readouterr().err



@pytest.mark.parametrize(("args", "english", "spanish"), [
    (["tholos", "--option", "advanced=maybe"], 'option \'advanced\' of tholos: got "maybe"; allowed: true or false',
     'opción «advanced»: no se admite "maybe"; se admite: true o false'),
    (["imhotep", "--players", "9"], "option 'players' of imhotep: got 9; allowed: an integer from 2 to 4",
     "opción «players»: no se admite 9; se admite: un número entero de 2 a 4"),
    (["pergamon", "--option", "tables=/none.json"], "option 'tables' of pergamon: cannot read tables file",
     "opción «tables»: no se puede leer el archivo de tablas"),
])
def test_option_errors_on_the_command_line_are_said_in_the_chosen_language(args, english, spanish, capsys,
                                                                           monkeypatch):
    """An option error carries its reason, so the terminal says it in the session's language like the web."""
    monkeypatch.delenv("MUSEION_LANG", raising=False)
    assert main(["simulate", *args, "--games", "1"]) == 2
    assert english in " ".join(capsys.readouterr().err.split())
    assert main(["simulate", *args, "--games", "1", "--lang", "es"]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert said.startswith("error: ") and spanish in said

@pytest.mark.pure_only
def test_a_contract_violation_is_said_in_the_chosen_language(capsys, monkeypatch):
    """A broken engine (stones from nowhere, as in tests/core/test_contract.py): ``museion check`` names the violation
    in the report's language; the record printed as JSON keeps the stable ``check.*`` key. Only the engine's own
    invariant message (its details, for the game's developer) stays as the game wrote it."""
    from museion.games.tholos.state import TholosState

    original = TholosState._take

    def leaky_take(self, action):
        original(self, action)
        self.quarry[2] += 1

    monkeypatch.setattr(TholosState, "_take", leaky_take)
    english = _english_words()
    command = ["check", "tholos", "--games", "3"]
    assert main([*command, "--lang", "en"]) == 1
    out, err_en = capsys.readouterr()
    record = json.loads(out)
    assert record["meta"]["reason"]["args"]["violation"]["key"] == "check.invariant"
    assert "VIOLATION tholos: invariant violated: stones" in " ".join(err_en.split())
    assert {"invariant", "violated", "after"} <= english  # so the Spanish check below can fail
    assert main([*command, "--lang", "es"]) == 1
    out, err_es = capsys.readouterr()
    assert json.loads(out)["meta"]["reason"] == record["meta"]["reason"]
    said = " ".join(err_es.split())
    assert "INFRACCIÓN tholos: invariante incumplido: stones" in said and "(tras 3 acciones)" in said, said
    detail = "; ".join(record["meta"]["reason"]["args"]["violation"]["args"]["problems"].split("; "))
    rest = said.replace(" ".join(detail.split()), " ")
    assert not {w for w in re.findall(r"[A-Za-z]{3,}", _without_notation(rest)) if w.lower() in english}, said
    monkeypatch.setenv(i18n.ENV, "es")
    assert main(command) == 1
    assert "invariante incumplido" in capsys.readouterr().err
