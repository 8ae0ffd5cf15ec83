#!/usr/bin/env python3
"""Harness protocol v1 server of the Python reference port: `python ports/python/serve.py`."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from closer_port.protocol import serve  # noqa: E402

if __name__ == "__main__":
    serve()
