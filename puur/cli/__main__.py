"""``python -m puur.cli``: the ``puur`` command, as the installed script runs it."""

import sys

from puur.cli import main

sys.exit(main())
