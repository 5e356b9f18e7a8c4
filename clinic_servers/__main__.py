"""`python -m clinic_servers`: run the six clinics until Ctrl-C or SIGTERM."""
from __future__ import annotations

import signal
import sys
from pathlib import Path

from clinic_servers.contract.environment import PROJECT_ROOT, read_environment
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import start_fleet


def main() -> int:
    """Start every clinic, report where they listen, and stop them all on a signal."""
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
