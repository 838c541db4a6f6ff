"""What the tests share: browser drivers, servers and trees, the parity harness, the
captured corpus and its expectations, and the house-style check. The test files are in
the layers' folders beside this one; nothing here is collected as a test."""
