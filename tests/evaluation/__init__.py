"""The quantitative evaluation (docs/evaluation.md): cases, executor, detectors and metrics."""
