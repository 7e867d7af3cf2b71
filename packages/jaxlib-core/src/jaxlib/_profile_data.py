"""jaxlib._profile_data: profiles (XSpaces) read back as planes, lines and
events."""

from jaxlib._src.runtime.profiler_api import ProfileData, ProfileEvent, ProfileLine, ProfilePlane

__all__ = ["ProfileData", "ProfileEvent", "ProfileLine", "ProfilePlane"]
