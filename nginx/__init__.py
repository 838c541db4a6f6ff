"""nginx configurations to copy, and the runner that the tests and `make demo` use."""
