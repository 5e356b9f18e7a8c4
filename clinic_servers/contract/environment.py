"""The configuration every entry point of both sides reads: the environment over a `.env` file."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

from dotenv import dotenv_values

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


def read_environment(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The configuration every entry point reads: the environment over `.env` (ENV_FILE, default ./.env).

    The environment wins over the file, as with `load_dotenv`; the file itself is never required.
    """
    environ = os.environ if environ is None else environ
    env_file = Path(environ.get("ENV_FILE") or PROJECT_ROOT / ".env")
    from_file = dotenv_values(env_file) if env_file.is_file() else {}
    return {**{k: v for k, v in from_file.items() if v is not None}, **environ}
