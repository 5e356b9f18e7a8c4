"""The page itself: one HTML document; everything else it needs comes from /static and /api."""
from __future__ import annotations

from flask import Blueprint, render_template

pages = Blueprint("pages", __name__)


@pages.get("/")
def index() -> str:
    """The chat page."""
    return render_template("index.html")
