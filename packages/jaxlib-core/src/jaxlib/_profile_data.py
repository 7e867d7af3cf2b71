"""jaxlib._profile_data: profile records; only a profiling session makes
them, and this jaxlib has none, so their factories raise."""

from jaxlib._src.runtime.profiler_api import ProfileData, ProfileEvent, ProfileLine, ProfilePlane

__all__ = ["ProfileData", "ProfileEvent", "ProfileLine", "ProfilePlane"]
