"""`python -m clinic_servers`: run the six clinics until Ctrl-C or SIGTERM."""
from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from clinic_servers.contract.environment import PROJECT_ROOT, read_environment
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import start_fleet


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line: no options but --help; everything else is configured by the environment."""
    parser = argparse.ArgumentParser(
        prog="python -m clinic_servers",
        description="Start the registry's clinics (six by default), each its own gunicorn process on its own port "
                    "(127.0.0.1:8001-8006), restart any that dies, and stop them all on Ctrl-C or SIGTERM.",
        epilog="Configured by environment variables or a .env file (README, Configuration): CLINIC_HOST, "
               "CLINIC_A_PORT ... CLINIC_F_PORT, CLINIC_TOKEN, CLINIC_STAFF_TOKEN, VAR_DIR, CLINIC_REGISTRY, "
               "CLINIC_<ID>_DATABASE_URL. A generated patient token is saved to VAR_DIR/clinic_tokens.json.")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Start every clinic, report where they listen, and stop them all on a signal."""
    parse_arguments(argv)
    env = read_environment()
    var_dir = Path(env.get("VAR_DIR") or PROJECT_ROOT / "var")
    registry = ClinicRegistry.from_env(env)
    fleet = start_fleet(registry, env, var_dir)
    fleet.supervise(var_dir)
    for clinic in registry.clinics:
        print(f"{clinic.id} ({clinic.name}, {clinic.specialty.name_pt}) -> {fleet.url(clinic.id)}", flush=True)
    print("Clinics ready. Ctrl-C stops them.", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        signal.pause()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        fleet.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
