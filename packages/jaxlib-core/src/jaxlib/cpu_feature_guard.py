"""jaxlib.cpu_feature_guard: this jaxlib is pure Python plus portable C++,
built for the machine it runs on, so there are no CPU features to check."""


def check_cpu_features() -> None:
    """Nothing to check: no ISA extensions beyond the build machine's are used."""
