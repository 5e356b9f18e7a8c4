"""The quantitative evaluation (blueprint §5, DESIGN §7): cases, executor, detectors and metrics."""
