"""`REDIS_URL` naming a Unix socket: the production command boots, and sessions and rates live in that Redis."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import redis as redis_client
import requests

from agent_system.errors import ConfigurationError
from agent_system.web.settings import WebSettings
from tests.support import ANA_CPF, CLINIC_TODAY, PATIENT_TOKEN, wait_for_redis
from tests.web.test_production import Production

ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}


@pytest.fixture
def redis_socket():
    """A real redis-server listening on a Unix socket only; yields its `unix://` URL."""
    folder = Path(tempfile.mkdtemp(prefix="redis-", dir="/tmp"))  # a socket path must stay short
    socket_path = folder / "redis.sock"
    server = subprocess.Popen([shutil.which("redis-server"), "--port", "0", "--unixsocket", str(socket_path),
                               "--unixsocketperm", "700", "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"unix://{socket_path}?db=0"
    wait_for_redis(url)
    yield url
    server.terminate()
    server.wait()
    shutil.rmtree(folder, ignore_errors=True)


def test_the_production_command_boots_on_a_unix_socket_redis(clinics, redis_socket, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_URL": clinics.url(cid) for cid in clinics.ports}
    env |= {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "ENV_FILE": os.devnull, "WEB_WORKERS": "1",
            "REDIS_URL": redis_socket, "SESSIONS_PER_IP": "2 per minute"}
    server = Production(env, tmp_path)
    try:
        health = requests.get(f"{server.url}/api/health", timeout=10)
        opened = [requests.post(f"{server.url}/api/session", json=ANA, timeout=10) for _ in range(3)]
    finally:
        server.stop()
    assert (health.status_code, health.json()["redis"]) == (200, "up")
    assert [reply.status_code for reply in opened] == [201, 201, 429]  # the rate counted in that Redis
    stored = redis_client.Redis.from_url(redis_socket)
    assert stored.exists(f"clinic-assistant:session:{opened[0].json()['session_id']}") == 1
    assert any(key.startswith(b"LIMITS") for key in stored.keys())


@pytest.mark.parametrize("url", ["http://127.0.0.1:6379", "127.0.0.1:6379", "/run/redis/redis.sock"])
def test_a_redis_url_redis_cannot_read_is_refused_at_start_naming_the_variable(registry, url):
    with pytest.raises(ConfigurationError, match="REDIS_URL: unsupported scheme"):
        WebSettings.from_env({"REDIS_URL": url}, registry)
