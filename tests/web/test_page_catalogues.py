"""The page's words are data: every static/i18n/<code>.json is embedded in the page, with the fallback's keys."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agent_system.web.pages import read_catalogues

CATALOGUES = Path(__file__).resolve().parent.parent.parent / "static" / "i18n"
FALLBACK = "pt"
EMBEDDED = re.compile(r'<script type="application/json" id="catalogues">(.*?)</script>', re.S)


def test_the_page_embeds_every_catalogue_as_it_is_on_disk(client):
    page = client.get("/").get_data(as_text=True)
    embedded = json.loads(EMBEDDED.search(page).group(1))
    on_disk = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in CATALOGUES.glob("*.json")}
    assert {"pt", "en"} <= set(on_disk)
    assert embedded == on_disk


@pytest.mark.parametrize("path", sorted(CATALOGUES.glob("*.json")), ids=lambda path: path.stem)
def test_every_catalogue_has_the_fallbacks_keys(path):
    fallback = json.loads((CATALOGUES / f"{FALLBACK}.json").read_text(encoding="utf-8"))
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(set(fallback) - set(catalogue)) == []


def test_a_new_language_is_one_more_file(tmp_path):
    (tmp_path / "pt.json").write_text('{"send": "Enviar"}', encoding="utf-8")
    (tmp_path / "es.json").write_text('{"send": "Enviar ✓"}', encoding="utf-8")
    assert read_catalogues(tmp_path) == {"es": {"send": "Enviar ✓"}, "pt": {"send": "Enviar"}}
