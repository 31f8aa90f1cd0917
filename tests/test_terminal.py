"""The terminal (``museion play``, museion.terminal): each human seat sees its own VP and never an unrevealed card
value; at a hot seat the screen is handed over between humans, in English or Spanish (PER-HIDDEN-1, PER-EVAL-4)."""

from __future__ import annotations

import re
import subprocess
import sys


def play(*args: str, lines: int = 3000) -> str:
    out = subprocess.run([sys.executable, "-m", "museion.cli", "play", "pergamon", *args], input="1\n" * lines,
                         capture_output=True, text=True, timeout=300, env={"COLUMNS": "120", "PATH": ""})
    assert out.returncode == 0, out.stderr
    return out.stdout


def _vp(board: str) -> dict[int, str]:
    return {int(p): vp for p, vp in re.findall(r"Player (\d): \d+ coins?, (\S+) VP", board)}


def test_one_human_sees_own_vp_and_never_a_face_down_value():
    """The issue's command: before, it printed ``chance: card 8`` while the board showed ``bag ?``, and the human's
    own VP as ``?``."""
    text = play("--players", "2", "--seat", "0=human", "--seat", "1=bot:greedy", "--seed", "5")
    draws = re.findall(r"chance: card (\S+)", text)
    assert draws and set(draws) <= {"bag", "chest"}
    assert re.search(r"plays P\d+ \(cards \d \d\)|play P\d+ \(cards \d \d\)", text)  # revealed with the placement
    boards = text.split("Your move")[1:]
    assert boards
    for board in boards:
        vp = _vp(board.split("╰")[0])
        assert vp[0].isdigit() and vp[1] == "?"
    assert "Final scores" in text


def test_hot_seat_hands_the_screen_over_and_shows_each_seat_its_own_view():
    text = play("--players", "2", "--seat", "0=human", "--seat", "1=human", "--seed", "3", "--lang", "es")
    turns = text.split("Pasa el turno a ")[1:]
    assert len(turns) > 5
    seen = set()
    for turn in turns:
        seat = int(re.match(r"human \(seat (\d)\)\. Pulsa Intro cuando solo", turn).group(1))
        vp = _vp(turn.split("╰")[0])
        assert vp[seat].isdigit() and vp[1 - seat] == "?"
        seen.add(seat)
        assert not re.search(r"card [1-8]\b", turn)
    assert seen == {0, 1}
    assert "Desde tu último turno:" in text and "Juegas " in text


def test_hot_seat_in_english():
    text = play("--players", "3", "--seat", "0=human", "--seat", "1=human", "--seat", "2=bot:random",
                "--seed", "4", "--lang", "en")
    assert "Hand over to human (seat 1). Press Enter when only human (seat 1) can see the screen." in text
    assert "Since your last turn:" in text
