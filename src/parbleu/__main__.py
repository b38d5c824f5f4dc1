"""``python -m parbleu``: the command line."""

import sys

from parbleu.cli.main import main

sys.exit(main())
