"""`/api/health` for a load balancer: 503 while a clinic or the configured Redis is down, with the detail,
and the launcher's restarts of each clinic."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
import requests

from tests.support import free_port, single_clinic, wait_for
from tests.web.test_sessions import redis_url  # noqa: F401 (a real redis-server)

ROOT = Path(__file__).resolve().parent.parent.parent
RESTART_DEADLINE_POLLS = 300  # a minute of polls at most: a bound, not a timing


def test_a_clinic_killed_with_sigkill_makes_health_503_and_names_it(make_app, web_settings, tmp_path):
    clinic_c = single_clinic("clinic_c", tmp_path / "clinic_c")
    urls = dict(web_settings.agent.clinic_urls) | {"clinic_c": clinic_c.url("clinic_c")}
    with_own_c = replace(web_settings.agent, clinic_urls=urls)
    try:
        assert make_app(agent=with_own_c).test_client().get("/api/health").status_code == 200
        os.killpg(clinic_c.processes["clinic_c"].pid, signal.SIGKILL)
        clinic_c.processes["clinic_c"].wait(10)
        reply = make_app(agent=with_own_c).test_client().get("/api/health")
    finally:
        clinic_c.stop()
    assert reply.status_code == 503
    assert reply.get_json()["status"] == "degraded"
    assert reply.get_json()["clinics"] == {f"clinic_{x}": "down" if x == "c" else "up" for x in "abcdef"}


def test_health_reports_a_configured_redis_up(make_app, redis_url):  # noqa: F811
    reply = make_app(redis_url=redis_url).test_client().get("/api/health")
    assert (reply.status_code, reply.get_json()["status"], reply.get_json()["redis"]) == (200, "ok", "up")


def test_a_configured_redis_that_is_down_makes_health_503(make_app):
    reply = make_app(redis_url=f"redis://127.0.0.1:{free_port()}/0").test_client().get("/api/health")
    assert (reply.status_code, reply.get_json()["status"], reply.get_json()["redis"]) == (503, "degraded", "down")
    assert set(reply.get_json()["clinics"].values()) == {"up"}


def clinic_process(parent: int, clinic_id: str) -> int:
    """The pid of the clinic's gunicorn master among the children of `parent`."""
    with open(f"/proc/{parent}/task/{parent}/children", encoding="ascii") as listed:
        children = [int(child) for child in listed.read().split()]
    for child in children:
        with open(f"/proc/{child}/cmdline", "rb") as cmdline:
            if f'create_app("{clinic_id}")'.encode() in cmdline.read():
                return child
    raise LookupError(clinic_id)


@pytest.mark.parametrize("command", [["web_app.py"], ["-m", "gunicorn", "-c", "gunicorn_web.conf.py"]],
                         ids=["development", "production"])
def test_the_launcher_restarts_a_killed_clinic_and_health_counts_the_restart(registry, tmp_path, command):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{c.id.upper()}_PORT": str(free_port()) for c in registry.clinics}
    env |= {"PORT": str(free_port()), "VAR_DIR": str(tmp_path), "ENV_FILE": os.devnull, "WEB_WORKERS": "1"}
    app = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{env['PORT']}/api/health"
    try:
        assert wait_for(url, app).json()["restarts"] == {c: 0 for c in registry.ids()}
        os.kill(clinic_process(app.pid, "clinic_d"), signal.SIGKILL)
        polls = []
        while len(polls) < RESTART_DEADLINE_POLLS and not (polls and polls[-1][1]["status"] == "ok"
                                                            and polls[-1][1]["restarts"]["clinic_d"] == 1):
            reply = requests.get(url, timeout=10)
            polls.append((reply.status_code, reply.json()))
            time.sleep(0.2)
    finally:
        app.send_signal(signal.SIGTERM)
        app.wait(30)
    assert polls[-1] == (200, {"status": "ok", "llm": "none", "redis": "none",
                               "clinics": {c: "up" for c in registry.ids()},
                               "restarts": {c: int(c == "clinic_d") for c in registry.ids()}})
    assert all(status == 503 for status, body in polls if "down" in body["clinics"].values())
    assert (tmp_path / "clinic_restarts.json").exists() is False  # removed with the fleet it counted
