"""A new page that keeps the errors it throws, for the tests and benchmarks that assert none."""


def watched_page(context):
    """A new page of a Playwright context; every uncaught error the page throws is kept,
    as text, in page.errors."""
    page = context.new_page()
    page.errors = []
    page.on('pageerror', lambda error: page.errors.append(str(error)))
    return page
