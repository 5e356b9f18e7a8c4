"""The lexicon's cues as the semantic head reads them: one 0/1 row per text, in the order of CUES."""
from __future__ import annotations

import numpy as np

from agent_system.triage.cues import CUES, cues


def named(text: str) -> set[str]:
    return {CUES[i] for i in np.flatnonzero(cues([text], ["pt"])[0])}


def test_a_negated_sign_is_a_negated_cue_and_never_a_live_one():
    found = named("meu filho não tem febre, só tosse")
    assert "negated:FEVER" in found and "live:FEVER" not in found
    assert {"live:CHILD", "live:COUGH"} <= found and "hit" not in found


def test_a_hit_names_its_categories_and_the_signs_that_made_it():
    found = named("a cobra picou meu pai e a perna tá inchando")
    assert {"hit", "hit:poisoning", "live:VENOMOUS", "live:BITE"} <= found


def test_a_past_episode_is_a_cue_the_head_can_weigh():
    found = named("minha mãe teve um AVC em 2019, quero marcar o retorno")
    assert {"live:DISTANT_PAST", "live:STROKE"} <= found and "hit" not in found


def test_a_plain_booking_has_no_cue():
    assert named("quero marcar dermatologista na sexta de manhã") == set()


def test_an_english_no_negates_only_when_the_message_is_read_as_english():
    english, portuguese = cues(["no fever, just a cough"] * 2, ["en", "pt"])
    assert english[CUES.index("negated:FEVER")] == 1 and english[CUES.index("live:FEVER")] == 0
    assert portuguese[CUES.index("live:FEVER")] == 1


def test_one_row_per_text_in_the_order_given():
    rows = cues(["quero marcar dermatologista na sexta de manhã", "a cobra picou meu pai e a perna tá inchando", ""],
                ["pt"] * 3)
    assert rows.shape == (3, len(CUES)) and rows.dtype == np.float32
    assert rows[0].sum() == 0 and rows[1][CUES.index("hit")] == 1 and rows[2].sum() == 0
