"""Fixtures shared by every suite: a fleet of the six real clinic processes on ephemeral ports."""
from __future__ import annotations

import pytest

from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import start_fleet
from tests.support import clinic_env, free_port


@pytest.fixture(scope="session")
def registry() -> ClinicRegistry:
    return ClinicRegistry.load()


@pytest.fixture(scope="session")
def clinics(registry, tmp_path_factory):
    """The six clinics as gunicorn processes with fresh stores and CLINIC_TODAY fixed."""
    var_dir = tmp_path_factory.mktemp("clinics-var")
    ports = {c.id: free_port() for c in registry.clinics}
    fleet = start_fleet(registry, clinic_env(var_dir), var_dir, ports=ports)
    yield fleet
    fleet.stop()


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL cluster for the whole run; tests take fresh databases from it."""
    from tests.support.postgres_cluster import start_cluster
    try:
        cluster = start_cluster()
    except RuntimeError as e:
        pytest.fail(str(e))
    yield cluster
    cluster.stop()
