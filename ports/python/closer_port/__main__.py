"""`python -m closer_port serve`: harness protocol v1 on stdin/stdout."""

import sys

from .protocol import serve


def main(argv: list[str]) -> int:
    if argv[1:] != ["serve"]:
        print("usage: python -m closer_port serve", file=sys.stderr)
        return 2
    serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
