#!/usr/bin/python3
# orca-private.py: the real Orca, started as /usr/bin/orca starts it, but
# blind to the other Orcas of the machine.
#
#   orca-private.py [ORCA OPTIONS]
#
# /usr/bin/orca refuses to start while another Orca of the same user runs
# (`pgrep -u UID -x orca`), and with --replace it kills every one with
# SIGKILL, whatever its display and buses.  Each test runs Orca in a
# session of its own (Xvfb, buses), so those others are someone else's:
# parallel tests, or other checkouts tested at the same time, which then
# died with -9 in the middle of their runs.  This launcher loads
# /usr/bin/orca as a module, sees no other Orca, and names the process
# "felt-orca", so that another Orca's --replace leaves this one alone.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import importlib.machinery
import importlib.util
import shutil
import sys

path = shutil.which("orca") or "/usr/bin/orca"
loader = importlib.machinery.SourceFileLoader("orca_launcher", path)
spec = importlib.util.spec_from_loader("orca_launcher", loader)
orca = importlib.util.module_from_spec(spec)
loader.exec_module(orca)

set_name = orca.setProcessName
orca.setProcessName = lambda name: set_name("felt-orca")
orca.otherOrcas = lambda: []
sys.argv = [path] + sys.argv[1:]
sys.exit(orca.main())
