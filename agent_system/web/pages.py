"""The page itself: one HTML document with the page's word catalogues; the rest comes from /static and /api."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, render_template
from flask.blueprints import BlueprintSetupState
from jinja2.utils import htmlsafe_json_dumps

pages = Blueprint("pages", __name__)
Catalogues = dict[str, dict[str, Any]]


def read_catalogues(folder: Path) -> Catalogues:
    """Every `<code>.json` catalogue in `folder`, by language code."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}


@pages.record_once
def _load_catalogues(state: BlueprintSetupState) -> None:
    # Read once, when the app is built: the page embeds them, so the browser has its words before any
    # module runs (no request for them, no waiting), and a new language is one more file.
    static_folder = state.app.static_folder or Path(state.app.root_path, "static")  # Flask's default
    # Serialised here too (HTML-safe, as `tojson` would): a page request only pastes the text in.
    state.app.extensions["catalogues"] = htmlsafe_json_dumps(read_catalogues(Path(static_folder, "i18n")),
                                                             sort_keys=True)


@pages.get("/")
def index() -> str:
    """The chat page."""
    return render_template("index.html", catalogues=current_app.extensions["catalogues"])
