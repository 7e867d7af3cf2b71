"""jaxlib-gpu's tests: deprecations in CuPy calls and in our code are errors.

jax's own tests turn every warning into an error, so a deprecated CuPy call in
a device kernel fails whole programs under jax; fail it here first."""


def pytest_configure(config):
    for module in ("cupy", "jaxlib"):  # a prefix: cupy, cupyx and their submodules
        config.addinivalue_line("filterwarnings", f"error::DeprecationWarning:{module}")
