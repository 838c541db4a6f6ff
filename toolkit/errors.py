"""The one failure a build step reports."""


class BuildError(Exception):
    """A step of the build failed; the message says which and why."""
