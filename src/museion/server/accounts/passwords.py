"""Usernames, passwords and recovery codes: the rules a new one must follow, and how each is stored.

Passwords follow NIST SP 800-63B (5.1.1.2, memorized secrets): length over composition (at least
``MIN_PASSWORD`` characters, up to ``MAX_PASSWORD``, any characters, spaces and emoji included, no rule such as
"a digit and a capital"), normalised with NFKC before hashing, and refused when they are common (the shipped list,
``common-passwords.md``), repetitive or sequential, or the service's or the account's name. They are stored as
Argon2id hashes (argon2-cffi, its RFC 9106 "low memory" profile: 3 passes over 64 MiB).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import pathlib
import re
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from museion.core.errors import Reason

MIN_PASSWORD = 8
MAX_PASSWORD = 128
"""NIST: at least 64 allowed. A bound all the same: hashing costs the same for any length, but a body is read."""
MIN_USERNAME = 3
MAX_USERNAME = 24
USERNAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
"""ASCII letters, digits and ``_ . -``: no two names that look alike (Latin "a" and Cyrillic "а")."""
RESERVED = frozenset({"admin", "administrator", "museion", "operator", "root", "system", "moderator", "deleted"})
SERVICE_WORDS = ("museion",)
COMMON = pathlib.Path(__file__).resolve().parent / "common-passwords.txt.gz"
RECOVERY_CODES = 10
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
"""Without letters read as others (I, L, O, U; 0 and 1): 30 symbols, 12 of them per code, about 59 bits."""
CODE_LENGTH = 12

HASHER = PasswordHasher()
"""argon2-cffi's defaults are RFC 9106's low-memory profile for Argon2id."""


class Refused(ValueError):
    """A username or password that is not allowed: ``code`` (the API's error code) and ``reason`` (texts)."""

    def __init__(self, code: str, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason


def username_key(username: str) -> str:
    """The form an account is found by: case does not tell two accounts apart."""
    return username.lower()


def check_username(username: str) -> str:
    """The username, or :class:`Refused` saying what is allowed."""
    if not (MIN_USERNAME <= len(username) <= MAX_USERNAME) or not USERNAME.fullmatch(username):
        raise Refused("bad_username", f"a username has {MIN_USERNAME} to {MAX_USERNAME} characters: letters a-z, "
                      "digits and _ . - (starting with a letter or digit)",
                      {"key": "accounts.username_rules", "args": {"min": MIN_USERNAME, "max": MAX_USERNAME}})
    if username_key(username) in RESERVED:
        raise Refused("reserved_username", "this username is reserved; choose another",
                      {"key": "accounts.username_reserved", "args": {}})
    return username


def normalise(password: str) -> str:
    """NFKC, as NIST asks, so that the same password typed on another keyboard is the same password."""
    return unicodedata.normalize("NFKC", password)


def check_password(password: str, username: str) -> str:
    """The normalised password, or :class:`Refused` saying why it cannot be used."""
    password = normalise(password)
    if len(password) < MIN_PASSWORD:
        raise Refused("password_too_short", f"a password needs at least {MIN_PASSWORD} characters (any characters; "
                      "a few words make a good one)", {"key": "accounts.password_short", "args": {"min": MIN_PASSWORD}})
    if len(password) > MAX_PASSWORD:
        raise Refused("password_too_long", f"a password may have at most {MAX_PASSWORD} characters",
                      {"key": "accounts.password_long", "args": {"max": MAX_PASSWORD}})
    lowered = password.lower()
    if lowered in common_passwords():
        raise Refused("password_common", "this password is among the most common ones, which are tried first; "
                      "choose another", {"key": "accounts.password_common", "args": {}})
    if username_key(username) in lowered or any(word in lowered for word in SERVICE_WORDS):
        raise Refused("password_context", "a password may not contain the username or the site's name",
                      {"key": "accounts.password_context", "args": {}})
    if _repetitive(password):
        raise Refused("password_repetitive", "a password may not be one or two characters repeated, or a sequence "
                      "such as 12345678 or abcdefgh", {"key": "accounts.password_repetitive", "args": {}})
    return password


def _repetitive(password: str) -> bool:
    """``aaaaaaaa``, ``abababab``, ``12345678``, ``hgfedcba``: guessed at once, whatever their length."""
    if len(set(password)) <= 2:
        return True
    steps = {ord(b) - ord(a) for a, b in zip(password, password[1:], strict=False)}
    return len(steps) == 1


@functools.cache
def common_passwords() -> frozenset[str]:
    with gzip.open(COMMON, "rt", encoding="utf-8") as f:
        return frozenset(line.strip() for line in f if line.strip())


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (costs one Argon2id hash either way)."""
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def dummy_hash() -> str:
    """Checked against when a username has no account, so that the answer costs the same hash as a wrong password
    (the time of the answer does not tell whether the account exists)."""
    return hash_password(secrets.token_urlsafe(24))


def new_recovery_codes() -> list[str]:
    """Codes shown once at sign-up, each usable once to set a new password (no mail server is assumed)."""
    codes = ["".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)) for _ in range(RECOVERY_CODES)]
    return ["-".join(code[i:i + 4] for i in range(0, CODE_LENGTH, 4)) for code in codes]


def code_hash(code: str) -> str:
    """How a recovery code is stored and found: typed in any case, with or without dashes and spaces."""
    return hashlib.sha256(re.sub(r"[\s-]", "", code).upper().encode()).hexdigest()
