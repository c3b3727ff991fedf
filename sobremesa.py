"""`python -m sobremesa` (`py -m sobremesa` on Windows): the host, the same as the `sobremesa`
command, for a laptop where pip's scripts folder is not on the PATH. Also the bundle's program
(packaging/sobremesa.spec)."""
import sys

from server.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
