"""Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID, RFC 8292) through ``pywebpush``; the sender runs
it in a thread. The VAPID key pair is the operator's file (``--vapid-key``, a PEM private key) or, without one,
made on the first start and stored in the database, so every process of a site signs with the same key.

A browser may subscribe only an endpoint of a known push service (``--push-services``): the server posts to that
URL, so any other would let a client make the server call an address of its choosing."""

from __future__ import annotations

import base64
import urllib.parse
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

TIMEOUT = 20.0
TTL = 7 * 86400
"""Seconds a push service keeps a notice for a browser that is offline."""
GONE = (404, 410)
"""A push service's answer for a subscription that no longer exists: it is forgotten."""


def new_key() -> str:
    """A new VAPID private key, PEM (stored once, read by every process)."""
    vapid = Vapid02()
    vapid.generate_keys()
    pem: bytes = vapid.private_pem()
    return pem.decode()


def load_key(pem: str) -> Vapid02:
    return Vapid02.from_pem(pem.encode())


def public_key(vapid: Vapid02) -> str:
    """The ``applicationServerKey`` a browser subscribes with: the public point, base64url without padding."""
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def allowed(endpoint: str, services: str) -> str | None:
    """Why ``endpoint`` may not be used (None: it may): an https URL of a listed push service's host (an entry
    ``.example.com`` allows its subdomains), or an entry's exact ``http://host:port`` origin (a test's service)."""
    parts = urllib.parse.urlsplit(endpoint)
    origin = f"{parts.scheme}://{parts.netloc}"
    for entry in (s.strip() for s in services.split(",") if s.strip()):
        if entry.startswith(("http://", "https://")):
            if origin == entry.rstrip("/"):
                return None
        elif parts.scheme == "https" and parts.hostname and (
                parts.hostname == entry or (entry.startswith(".") and parts.hostname.endswith(entry))):
            return None
    return "not the address of a known push service"


@dataclass
class Pushed:
    ok: bool
    gone: bool = False
    why: str = ""


def send(vapid: Vapid02, subject: str, subscription: Any, payload: str) -> Pushed:
    """Post one encrypted notice to a browser's push service."""
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(info, payload, vapid_private_key=vapid, vapid_claims={"sub": subject}, timeout=TIMEOUT, ttl=TTL)
    except WebPushException as exc:
        status = exc.response.status_code if exc.response is not None else None
        return Pushed(False, status in GONE, f"push service answered {status}")
    except Exception as exc:  # noqa: BLE001 - a network error is retried like a refusal
        return Pushed(False, False, type(exc).__name__)
    return Pushed(True)
