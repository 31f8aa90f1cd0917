"""The files of deploy/ (issue 39, item 7; docs/operations.md, "Deploying with deploy/"): a real nginx (Debian's)
rendered from deploy/nginx-museion.conf, with a throw-away certificate, in front of a real server: a game over
the proxy (REST and WebSocket), the client's network seen through X-Forwarded-For (and a forged one ignored),
the ``__Host-`` secure cookie over TLS. The systemd unit is checked by ``systemd-analyze verify`` where it exists,
and parsed either way; the container files are parsed (no image is built here: no container engine runs in CI),
and every flag and setting they pass is one ``museion serve`` accepts."""

from __future__ import annotations

import argparse
import configparser
import contextlib
import http.client
import json
import os
import re
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from websockets.sync.client import connect

from museion.server.settings import defaults, resolve
from museion.server.testing import GENEROUS, ServerProcess, free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = "/usr/sbin/nginx"
CREATES = 3
"""Tables one network may create a minute here (--limit-create): the fourth is refused."""


def _serve_args(words: list[str]) -> dict[str, object]:
    """``museion serve`` WORDS parsed by museion's own parser (a flag it lacks fails the test)."""
    from museion.cli import build_parser

    return vars(build_parser().parse_args(["serve", *words]))


def _env_file(path: Path) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if line and not line.startswith("#"))
    return {name: value for name, value in pairs}


def _settings_named(environ: dict[str, str]) -> dict[str, str]:
    """The ``MUSEION_*`` variables of ``environ``, each checked to name a setting of ``museion serve``."""
    known = set(defaults())
    named = {k.removeprefix("MUSEION_").lower(): v for k, v in environ.items() if k.startswith("MUSEION_")}
    assert set(named) <= known, set(named) - known
    resolve(argparse.Namespace(**_serve_args([])), environ)  # each value of its setting's type (or ValueError)
    return named


def _seconds(text: str) -> float:
    found = re.fullmatch(r"(\d+)(s|min)?", text.strip())
    assert found, text
    return float(found.group(1)) * (60 if found.group(2) == "min" else 1)


def test_the_systemd_unit_restarts_the_server_and_waits_for_its_drain(tmp_path):
    text = (DEPLOY / "museion.service").read_text()
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys are case-sensitive
    unit.read_string(text)
    service = unit["Service"]
    assert service["Restart"] == "on-failure" and service["KillSignal"] == "SIGTERM"
    env = _settings_named(_env_file(DEPLOY / "museion.env"))
    assert _seconds(service["TimeoutStopSec"]) >= float(env["drain_seconds"]) + float(env["shutdown_seconds"]) + 10
    command = shlex.split(service["ExecStart"])
    assert command[:2] == ["/opt/museion/venv/bin/museion", "serve"]
    args = _serve_args(command[2:])
    assert args["forwarded_allow_ips"] == "127.0.0.1" and args["host"] == "127.0.0.1" and args["port"] == 8000
    verify = shutil.which("systemd-analyze")
    if verify is None:
        return
    museion = str(Path(sys.executable).with_name("museion"))
    copy = tmp_path / "museion.service"
    copy.write_text(text.replace("/opt/museion/venv/bin/museion", museion))  # the one path not on this machine
    checked = subprocess.run([verify, "verify", str(copy)], capture_output=True, text=True, timeout=60)
    said = [line for line in (checked.stdout + checked.stderr).splitlines() if "museion.service" in line]
    assert checked.returncode == 0 and not said, said  # systemd warns (exit 0) about a value it ignores


def test_the_container_image_and_compose_files_start_museion_with_postgresql():
    image = (DEPLOY / "Containerfile").read_text()
    extras = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for wanted in re.findall(r"\[([a-z,]+)\]\"", image):
        assert set(wanted.split(",")) <= set(extras), wanted
    entry = json.loads(re.search(r"^ENTRYPOINT (.+)$", image, re.MULTILINE).group(1))
    assert entry[:2] == ["museion", "serve"] and "STOPSIGNAL SIGTERM" in image
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    web, db = compose["services"]["web"], compose["services"]["db"]
    assert (DEPLOY / web["build"]["context"] / web["build"]["dockerfile"]).resolve() == DEPLOY / "Containerfile"
    args = _serve_args([*entry[2:], *web["command"]])
    assert args["forwarded_allow_ips"] and args["host"] == "0.0.0.0"
    env = _settings_named(web["environment"])
    assert re.fullmatch(r"postgresql\+psycopg://museion:\$\{MUSEION_DB_PASSWORD:\?[^}]*\}@db/museion", env["db"])
    assert db["image"] == "postgres:15" and web["depends_on"]["db"]["condition"] == "service_healthy"
    assert _seconds(web["stop_grace_period"]) >= float(env["drain_seconds"]) + float(env["shutdown_seconds"]) + 10


def _connect_args(words: list[str]) -> dict[str, object]:
    """``museion bot connect`` WORDS parsed by museion's own parser (a flag it lacks fails the test)."""
    from museion.cli import build_parser

    return vars(build_parser().parse_args(["bot", "connect", *words]))


def test_the_house_bot_unit_and_compose_service_run_bot_connect_with_the_token_from_the_environment(tmp_path):
    """deploy/museion-house-bot@.service and compose's house-bot (issue 41 item 5): ``museion bot connect`` to the
    server beside them, the token only in the environment file (``MUSEION_TOKEN``), never on a command line."""
    from museion.bots.base import make_bot

    text = (DEPLOY / "museion-house-bot@.service").read_text()
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string(text)
    service = unit["Service"]
    env = _env_file(DEPLOY / "house-bot.env")
    assert service["EnvironmentFile"] == "/etc/museion/house-bot-%i.env" and set(env) == {"MUSEION_TOKEN", "HOUSE_BOT"}
    command = shlex.split(service["ExecStart"].replace("${HOUSE_BOT}", env["HOUSE_BOT"]))
    assert command[:3] == ["/opt/museion/venv/bin/museion", "bot", "connect"]
    args = _connect_args(command[3:])
    assert args["token"] is None and args["server"] == "http://127.0.0.1:8000" and make_bot(str(args["bot"]))
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]["house-bot"]
    assert compose["entrypoint"][:3] == ["museion", "bot", "connect"] and compose["profiles"] == ["house-bot"]
    args = _connect_args([*compose["entrypoint"][3:], *compose["command"]])
    assert args["token"] is None and compose["env_file"] == "house-bot.env" and make_bot(str(args["bot"]))
    assert compose["network_mode"] == "service:web" and urlsplit(str(args["server"])).hostname == "127.0.0.1"
    verify = shutil.which("systemd-analyze")
    if verify is None:
        return
    copy = tmp_path / "museion-house-bot@expert.service"
    copy.write_text(text.replace("/opt/museion/venv/bin/museion", str(Path(sys.executable).with_name("museion"))))
    checked = subprocess.run([verify, "verify", str(copy)], capture_output=True, text=True, timeout=60)
    said = [line for line in (checked.stdout + checked.stderr).splitlines() if "house-bot" in line]
    assert checked.returncode == 0 and not said, said


# -- a real nginx in front of a real server -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    for needed in (NGINX, "openssl"):
        if shutil.which(needed) is None:
            if os.environ.get("CI") == "true":
                pytest.fail(f"{needed} is missing: .ci/run installs Debian's nginx and openssl for this test")
            pytest.skip(f"{needed} is not installed (apt-get install nginx openssl): the deploy/ proxy test runs a "
                        "real nginx with a throw-away certificate")
    root = tmp_path_factory.mktemp("nginx")
    _certificate(root)
    server = ServerProcess(root / "museion.db", bot_delay=0.01,
                           args=(*GENEROUS, "--limit-create", f"{CREATES}/minute", "--forwarded-allow-ips",
                                 "127.0.0.1")).start()
    try:
        tls, plain = free_port(), free_port()
        (root / "nginx.conf").write_text(_nginx_conf(root, server.port, tls, plain))
        with _nginx(root):
            _wait_listening(tls, root)
            yield server, tls, plain
    finally:
        server.stop()


@contextlib.contextmanager
def _nginx(root: Path) -> Iterator[subprocess.Popen[bytes]]:
    nginx = subprocess.Popen([NGINX, "-p", str(root), "-c", str(root / "nginx.conf"), "-e", str(root / "error.log")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield nginx
    finally:
        nginx.send_signal(signal.SIGQUIT)  # graceful stop of the master and its workers
        try:
            nginx.wait(10)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait(10)


def _certificate(root: Path) -> None:
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                    "-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem")],
                   check=True, capture_output=True, timeout=60)


def _nginx_conf(root: Path, upstream: int, tls: int, plain: int) -> str:
    """deploy/'s site, changed only where this machine differs (ports, certificate), inside a main file of its own
    (a prefix, pid and temporary files in ``root``: no root-owned path)."""
    site = (DEPLOY / "nginx-museion.conf").read_text()
    for old, new in [("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
                     ("listen 443 ssl;", f"listen 127.0.0.1:{tls} ssl;"), ("listen [::]:443 ssl;", ""),
                     ("listen 80;", f"listen 127.0.0.1:{plain};"), ("listen [::]:80;", ""),
                     ("/etc/letsencrypt/live/games.example/fullchain.pem", str(root / "cert.pem")),
                     ("/etc/letsencrypt/live/games.example/privkey.pem", str(root / "key.pem"))]:
        assert old in site, old
        site = site.replace(old, new)
    temp = " ".join(f"{kind}_temp_path {root / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;" if os.geteuid() == 0 else ""  # as root, workers would be nobody, without access to root
    return (f"{user} daemon off; worker_processes 1; pid {root / 'nginx.pid'}; error_log {root / 'error.log'};\n"
            f"events {{ worker_connections 128; }}\n"
            f"http {{ access_log {root / 'access.log'}; {temp}\n{site}\n}}\n")


def _wait_listening(port: int, root: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            _https(port, "GET", "/healthz")
            return
        except OSError:
            time.sleep(0.1)
    log = root / "error.log"
    raise RuntimeError(f"nginx did not answer: {log.read_text() if log.exists() else 'no error log'}")


def _context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the throw-away certificate
    return context


def _https(port: int, method: str, path: str, body: dict | None = None, source: str = "127.0.0.1",
           headers: dict[str, str] | None = None) -> tuple[int, dict, http.client.HTTPResponse]:
    conn = http.client.HTTPSConnection("127.0.0.1", port, context=_context(), timeout=10, source_address=(source, 0))
    try:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json", **(headers or {})} if data is not None else dict(headers or {})
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        text = response.read()
        return response.status, json.loads(text) if text.startswith(b"{") else {}, response
    finally:
        conn.close()


def test_a_game_over_nginx_rest_and_websocket(proxy):
    server, tls, plain = proxy
    redirect = http.client.HTTPConnection("127.0.0.1", plain, timeout=10)
    redirect.request("GET", "/api/games")
    moved = redirect.getresponse()
    assert moved.status == 301 and moved.getheader("Location") == "https://127.0.0.1/api/games"  # port 443
    redirect.close()
    status, table, _ = _https(tls, "POST", "/api/tables", {"game": "tholos", "seats": ["human", "bot:easy"],
                                                            "join": 0}, source="127.0.3.1")
    assert status == 201, table
    origin = f"https://127.0.0.1:{tls}"
    with connect(f"wss://127.0.0.1:{tls}/ws/tables/{table['id']}", ssl=_context(), origin=origin,
                 open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"], "lang": "en"}))
        moves = 0
        while moves < 3:  # three of our moves, the bot's between them: both directions through the proxy
            state = json.loads(ws.recv(timeout=30))
            if state["type"] != "state" or state["to_move"] != 0 or not state["legal"]:
                continue
            ws.send(json.dumps({"type": "move", "seq": state["seq"], "action": state["legal"][0]["id"]}))
            moves += 1
    assert "Traceback" not in server.log_text()


def test_the_server_counts_the_clients_network_from_x_forwarded_for_and_ignores_a_forged_one(proxy):
    _server, tls, _plain = proxy
    new_table = {"game": "tholos", "seats": ["human", "human"]}
    answers = [_https(tls, "POST", "/api/tables", new_table, source="127.0.1.1",
                      headers={"X-Forwarded-For": f"198.51.{n}.7"})[0] for n in range(CREATES + 1)]
    assert answers == [201] * CREATES + [429]  # one network (nginx replaces the forged header), over its limit
    assert _https(tls, "POST", "/api/tables", new_table, source="127.0.2.1")[0] == 201  # another network: its own


def test_the_session_cookie_is_the_secure_host_only_one_over_tls(proxy):
    _server, tls, _plain = proxy
    status, _, response = _https(tls, "POST", "/api/accounts", {"username": "proxied_ana",
                                                                "password": "amphora-of-olive-oil-39"})
    assert status == 201
    cookie = response.getheader("Set-Cookie")
    assert cookie.startswith("__Host-museion_session=") and "Path=/" in cookie and "Domain" not in cookie, cookie
    assert "secure" in cookie.lower() and "httponly" in cookie.lower()
