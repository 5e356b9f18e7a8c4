"""Production serving of the web app: `gunicorn -c gunicorn_web.conf.py` (from the project root).

Why gevent workers: a chat answer is an SSE stream that stays open for the whole turn, and slow
or idle clients hold their connection for as long as they like. With threaded workers every such
connection pins an OS thread, so a few dozen slow clients (slowloris) or open streams use up a
worker; with gevent each connection is a greenlet of a few KiB, so thousands fit in one process
and a client that sends one byte a second costs nothing but a socket. The app's blocking I/O
(clinic calls, Redis, the LLM over httpx) goes through the patched socket module.

It reads the environment and `.env` like every other entry point, starts the six clinics (tied to
this master: they stop with it, even on SIGKILL) unless clinic URLs are configured, and gives each
instance its own control socket, so two instances on one machine never share one.
"""
from gevent import monkey

# Before anything imports ssl or threading (the clinic launcher pulls in requests): patched late,
# ssl contexts created earlier would block the whole worker. Workers fork from this process.
monkey.patch_all()

import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from clinic_servers.contract.environment import PROJECT_ROOT, read_environment  # noqa: E402

_env = read_environment()
_port = int(_env.get("PORT") or 5000)
_var_dir = Path(_env.get("VAR_DIR") or PROJECT_ROOT / "var")

wsgi_app = "web_app:create_app()"
bind = f"{_env.get('WEB_HOST', '127.0.0.1')}:{_port}"
worker_class = "gevent"
workers = int(_env.get("WEB_WORKERS") or 2)
worker_connections = int(_env.get("WEB_CONNECTIONS") or 2000)  # per worker: open streams + idle + slow clients
keepalive = 5  # with gevent workers also the time a client gets to send a request's headers
timeout = 30  # a worker whose loop is blocked this long is restarted
graceful_timeout = 15  # turns in progress get this long to finish on a restart or stop
limit_request_line = 4096
limit_request_fields = 50
accesslog = _env.get("WEB_ACCESS_LOG") or None
loglevel = _env.get("WEB_LOG_LEVEL", "info")


def _control_socket() -> str:
    # One per instance (by port); a Unix socket path must stay under ~100 bytes.
    path = _var_dir / f"gunicorn-web-{_port}.ctl"
    return str(path if len(str(path)) < 100 else Path(tempfile.gettempdir()) / f"clinic-assistant-web-{_port}.ctl")


control_socket = _env.get("WEB_CONTROL_SOCKET") or _control_socket()
_var_dir.mkdir(parents=True, exist_ok=True)

# Greenlets are cheap: as many turns, and as many of their clinic calls, may run as connections can be
# open, so turns waiting on a slow clinic never queue the others behind them.
os.environ.setdefault("TURN_WORKERS", str(worker_connections))
os.environ.setdefault("ROUTER_PARALLEL", str(worker_connections))
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if _soft != resource.RLIM_INFINITY and _soft < 2 * worker_connections:
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(2 * worker_connections + 256, _hard), _hard))

_fleet = None


def on_starting(server):
    """Start the local clinics before the workers fork, so they inherit the patient token."""
    global _fleet
    from agent_system.settings import remote_clinics
    from clinic_servers.launcher import start_fleet
    from clinic_servers.contract.registry import ClinicRegistry

    registry = ClinicRegistry.from_env(_env)
    if remote_clinics(registry, _env):
        return
    _fleet = start_fleet(registry, _env, _var_dir)
    _fleet.supervise(_var_dir)
    # The workers get the patient token only: the chat never calls a staff tool.
    os.environ["CLINIC_TOKEN"] = _fleet.env["CLINIC_TOKEN"]


def on_exit(server):
    """Stop the clinics this instance started."""
    if _fleet is not None:
        _fleet.stop()
