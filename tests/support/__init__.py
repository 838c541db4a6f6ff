"""What the tests share: browser drivers, servers and trees, the parity harness, the
captured corpus and its expectations, and the house-style check. Test files live one
folder up; nothing here is collected as a test."""
