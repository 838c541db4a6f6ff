"""The crawler that becomes the bookmarklet: Python that Transcrypt turns into JavaScript."""
