"""Entry point of `scripts/play` and the `sobremesa` command."""
import sys


def main(argv=None) -> int:
    print("Sobremesa: the host (TV table and phones) is not built yet — see issue 3.\n"
          "Today you can watch bots play: scripts/simulate ferrocarril --games 1",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
