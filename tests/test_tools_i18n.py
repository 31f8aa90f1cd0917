"""``museion simulate``, ``check`` and ``bench`` report in the chosen language (``--lang es`` / ``MUSEION_LANG=es``):
their tables, summaries and notes come from the catalogue's ``tool.*`` texts, so a Spanish report holds none of the
English words of those texts (names, notation, option values and ``museion.load(...)`` aside)."""

from __future__ import annotations

import re

import pytest

from museion.cli import main
from museion.core import i18n


def _english_words() -> set[str]:
    """Words of the English tool texts that none of the Spanish ones uses."""
    def words(lang: str) -> set[str]:
        found: set[str] = set()
        for key in i18n.keys():
            if key.startswith("tool."):
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
