#!/usr/bin/env python3
"""Runs every browser test module of `enote serve` (scripts/test-web): serve_browser_tests.py
(the harness, and the list, search, note, editor and live tests), screens_browser_tests.py and
vault_screens_browser_tests.py (the original app's other screens), tasks_browser_tests.py (the
Tasks page), attachment_browser_tests.py (text in pictures and PDFs) and query_browser_tests.py
(a note's query views)."""
import sys

import serve_browser_tests as harness
import attachment_browser_tests  # noqa: F401
import query_browser_tests  # noqa: F401
import screens_browser_tests  # noqa: F401
import tasks_browser_tests  # noqa: F401
import vault_screens_browser_tests  # noqa: F401

if __name__ == "__main__":
    sys.exit(harness.main())
