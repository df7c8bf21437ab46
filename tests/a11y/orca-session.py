#!/usr/bin/python3
# orca-session.py: run the real Felt and the real Orca screen reader under
# Xvfb, with a private session bus and accessibility bus, send keys with
# xdotool and return what Orca spoke after each key.
#
# Orca is started with --debug-file; its debug log has one line
#   SPEECH OUTPUT: 'text' ...
# for everything it would say (no speech server or sound device is needed:
# the line is written before the text goes to the speech server, and the
# harness gives Orca a settings file that turns the server off).
#
# Used as a module (OrcaSession) by the tests in this folder, or on its own:
#   orca-session.py FELT [--game G --seed N] -- KEY KEY ...
# prints, for each key, the key and what Orca spoke.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# The line is SPEECH OUTPUT: 'text' [voice=NAME]{ACSS dict}; text may hold quotes.
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*)'(?: voice=\S+)?\s*(?:\{.*\})?\s*$", re.M)

# A session bus that starts only the accessibility bus (tests/dbus-session.conf
# explains why the UI tests' bus starts nothing: portals and the like make
# GTK wait).  at-spi-bus-launcher then starts its own bus and the registry.
BUS_CONF = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""

A11Y_SERVICE = """[D-BUS Service]
Name=org.a11y.Bus
Exec=/usr/libexec/at-spi-bus-launcher
"""

# Orca's preferences: speech on (so the scripts generate speech, and the
# debug log records it) but no speech server, so nothing waits for
# speech-dispatcher; no braille; no "Welcome to Orca" tutorial messages.
ORCA_SETTINGS = """{
    "general": {
        "enableSpeech": true,
        "speechServerFactory": "feltsilentspeech",
        "speechServerInfo": null,
        "enableBraille": false,
        "enableBrailleMonitor": false,
        "enableTutorialMessages": false,
        "enableKeyEcho": false,
        "enablePrintableKeys": false,
        "enableModifierKeys": false,
        "enableFunctionKeys": false,
        "enableActionKeys": false,
        "enableNavigationKeys": false,
        "enableDiacriticalKeys": false,
        "enableEchoByCharacter": false,
        "enableEchoByWord": false,
        "enableEchoBySentence": false,
        "enableMnemonicSpeaking": false,
        "onlySpeakDisplayedText": false,
        "startingProfile": ["Default", "default"],
        "activeProfile": ["Default", "default"],
        "profile": ["Default", "default"]
    },
    "keybindings": {},
    "pronunciations": {},
    "profiles": {
        "default": {
            "profile": ["Default", "default"]
        }
    }
}
"""


def which(name):
    path = shutil.which(name)
    if path is None:
        raise RuntimeError("%s is not installed" % name)
    return path


class OrcaSession:
    """Xvfb + D-Bus + AT-SPI + Felt + Orca.  Use as a context manager."""

    def __init__(self, felt, args=(), env=None, lang="C.UTF-8", settle=0.5,
                 keep=False, size="1280x900x24", app_name=None,
                 wake_keys=("Tab", "shift+Tab"), orca=True, settings=None):
        self.felt = felt
        self.args = list(args)
        self.extra_env = dict(env or {})
        self.lang = lang
        self.settle = settle
        self.keep = keep
        self.size = size
        self.app_name = app_name or os.path.basename(felt)
        self.wake_keys = wake_keys
        self.with_orca = orca
        # Felt's settings for this session, {key: GVariant text}; none: the
        # defaults (GSettings' memory backend).
        self.settings = settings
        self.procs = []
        self.log_pos = 0
        self._log_fh = None
        self._log_raw = b""
        self._log_text = ""

    # ---- start and stop ----------------------------------------------------

    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def _spawn(self, argv, **kw):
        p = subprocess.Popen(argv, env=self.env, start_new_session=True,
                             stdin=subprocess.DEVNULL, **kw)
        self.procs.append(p)
        return p

    def _start(self):
        self.tmp = tempfile.mkdtemp(prefix="felt-orca-")
        home = os.path.join(self.tmp, "home")
        services = os.path.join(self.tmp, "services")
        for d in (home, services, os.path.join(home, ".local/share/orca"),
                  os.path.join(self.tmp, "runtime")):
            os.makedirs(d, exist_ok=True)
        os.chmod(os.path.join(self.tmp, "runtime"), 0o700)
        with open(os.path.join(services, "org.a11y.Bus.service"), "w") as f:
            f.write(A11Y_SERVICE)
        conf = os.path.join(self.tmp, "bus.conf")
        with open(conf, "w") as f:
            f.write(BUS_CONF.format(services=services))
        with open(os.path.join(home, ".local/share/orca/user-settings.conf"), "w") as f:
            f.write(ORCA_SETTINGS)

        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DBUS_", "AT_SPI", "XDG_", "WAYLAND", "GTK_A11Y",
                                    "NO_AT_BRIDGE", "DISPLAY", "LANG", "LC_", "LANGUAGE"))}
        env.update(HOME=home, XDG_RUNTIME_DIR=os.path.join(self.tmp, "runtime"),
                   XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_DATA_HOME=os.path.join(home, ".local/share"),
                   XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   LANG=self.lang, LC_ALL=self.lang, GDK_BACKEND="x11",
                   GSETTINGS_BACKEND="memory", GTK_A11Y="atspi",
                   GTK_IM_MODULE="gtk-im-context-simple")
        if self.settings:
            keyfile_dir = os.path.join(home, ".config", "glib-2.0", "settings")
            os.makedirs(keyfile_dir, exist_ok=True)
            with open(os.path.join(keyfile_dir, "keyfile"), "w") as f:
                f.write("[io/github/feltsolitaire/Felt]\n")
                for k, v in self.settings.items():
                    f.write("%s=%s\n" % (k, v))
            env["GSETTINGS_BACKEND"] = "keyfile"
        env.update(self.extra_env)
        self.env = env

        # X server: Xvfb picks a free display itself and writes its number
        # (-displayfd): several sessions start at once (the play test runs
        # games side by side, other checkouts run their tests).
        rfd, wfd = os.pipe()
        self._spawn([which("Xvfb"), "-displayfd", str(wfd), "-screen", "0", self.size,
                     "-nolisten", "tcp"], stderr=subprocess.DEVNULL, pass_fds=(wfd,))
        os.close(wfd)
        with os.fdopen(rfd) as f:
            number = f.readline().strip()
        if not number.isdigit():
            raise RuntimeError("Xvfb did not start")
        env["DISPLAY"] = ":" + number

        bus = self._spawn([which("dbus-daemon"), "--config-file", conf, "--print-address=1",
                           "--nofork"], stdout=subprocess.PIPE, text=True)
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()

        # Start the accessibility bus now (Orca and GTK would both ask for it).
        subprocess.run([which("gdbus"), "call", "--session", "--dest", "org.a11y.Bus",
                        "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"],
                       env=env, check=True, stdout=subprocess.DEVNULL, timeout=30)
        # Some toolkits ask whether accessibility is on before they expose anything.
        subprocess.run([which("gdbus"), "call", "--session", "--dest", "org.a11y.Bus",
                        "--object-path", "/org/a11y/bus", "--method",
                        "org.freedesktop.DBus.Properties.Set", "org.a11y.Status",
                        "IsEnabled", "<true>"], env=env, stdout=subprocess.DEVNULL, timeout=30)

        self.debug = os.path.join(self.tmp, "orca-debug.out")
        self.orca = None
        if not self.with_orca:
            self.app = self._spawn([self.felt] + self.args, stdout=open(
                os.path.join(self.tmp, "felt.stderr"), "w"), stderr=subprocess.STDOUT)
            self.startup = []
            return
        self.orca_err = open(os.path.join(self.tmp, "orca.stderr"), "w")
        # Orca imports the silent speech server from this folder.
        here = os.path.dirname(os.path.abspath(__file__))
        self.env = dict(env, PYTHONPATH=here + os.pathsep + env.get("PYTHONPATH", ""))
        # Not /usr/bin/orca itself: it kills (--replace) or yields to every
        # other Orca of this user, other tests' included (orca-private.py).
        which("orca")
        self.orca = self._spawn(["/usr/bin/python3", os.path.join(here, "orca-private.py"),
                                 "--debug-file", self.debug],
                                stdout=self.orca_err, stderr=subprocess.STDOUT)
        self.env = env
        # Orca is ready when it has loaded its default script.
        self._wait_log(lambda text: "ORCA: Orca is ready" in text or "Loading default script" in text
                       or "SPEECH OUTPUT" in text, 40, "Orca did not start")
        time.sleep(1.0)

        self.felt_err = open(os.path.join(self.tmp, "felt.stderr"), "w")
        self.app = self._spawn([self.felt] + self.args, stdout=self.felt_err,
                               stderr=subprocess.STDOUT)
        # Felt is up when it has joined the accessibility bus's desktop
        # (Orca logs the event).
        self.spoken()
        self._wait_log(lambda text: "[application | %s]" % self.app_name in text, 60,
                       "%s never appeared on the accessibility bus" % self.app_name)
        self.startup = self.wait_quiet(1.0, timeout=30)
        # GTK 4.8 joins the desktop a few seconds after its window is
        # shown, so Orca misses the window's activation and the first
        # focus and has no object of focus: it then ignores every change.
        # Moving the focus away and back gives it one (README.md).
        for k in self.wake_keys:
            self.startup += self.key(k, settle=1.0)

    def _read_log(self):
        """Orca's log so far, complete lines only.  Read as it grows: the
        log of a whole game is tens of megabytes."""
        if self._log_fh is None:
            try:
                self._log_fh = open(self.debug, "rb")
            except FileNotFoundError:
                return self._log_text
        data = self._log_fh.read()
        if data:
            self._log_raw += data
            cut = self._log_raw.rfind(b"\n") + 1
            if cut:
                self._log_text += self._log_raw[:cut].decode("utf-8", "replace")
                self._log_raw = self._log_raw[cut:]
        return self._log_text

    def _wait_log(self, pred, timeout, what):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if pred(self._read_log()[self.log_pos:]):
                return
            for p in self.procs:
                if p.poll() is not None and p is not self.procs[0]:
                    if p is self.orca or p is getattr(self, "app", None):
                        raise RuntimeError("%s: %s exited with %d" % (what, p.args[0], p.returncode))
            time.sleep(0.1)
        raise RuntimeError(what)

    def close(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for p in reversed(self.procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        self.procs = []
        if self._log_fh is not None:
            self._log_fh.close()
            self._log_fh = None
        if getattr(self, "tmp", None) and not self.keep:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # ---- speech ------------------------------------------------------------

    def spoken(self):
        """What Orca spoke since the last call, as a list of utterances."""
        text = self._read_log()
        new = text[self.log_pos:]
        self.log_pos = len(text)
        return [m.group(1) for m in SPEECH.finditer(new)]

    def run(self, argv, **kw):
        """Run a command in the session (its display and buses)."""
        return subprocess.run(argv, env=self.env, **kw)

    def key(self, keysym, settle=None, grace=3.0, until=None, timeout=10.0):
        """Press one key (an xdotool key name such as "space", "ctrl+h";
        several, separated by spaces, are pressed one after the other)
        and return what Orca spoke in response.

        Orca logs each key it sees (PROCESS ATSPI_KEY_RELEASED_EVENT);
        after the release of this key, what it speaks is collected until
        its log has been quiet for `settle` seconds.  When it has said
        nothing, the harness waits until `grace` seconds after the key
        before it concludes that Orca says nothing (GTK sometimes sends
        its events a little late).

        With `until` (a function of the list of utterances), the harness
        waits, up to `timeout` seconds, until what Orca said satisfies it,
        then until the log has been quiet for `settle` seconds: a caller
        that knows what to expect need not wait the grace for the late."""
        if self.orca is not None:
            self.spoken()
        start = len(self._read_log())
        subprocess.run([which("xdotool"), "key", "--clearmodifiers"] + keysym.split(),
                       env=self.env, check=True)
        if self.orca is None:
            time.sleep(self.settle if settle is None else settle)
            return []
        deadline = time.time() + 5
        while time.time() < deadline and "PROCESS ATSPI_KEY_RELEASED_EVENT" not in self._read_log()[start:]:
            time.sleep(0.02)
        released = time.time()
        if until is not None:
            deadline = released + timeout
            while time.time() < deadline:
                said = [m.group(1) for m in SPEECH.finditer(self._read_log()[start:])]
                if until(said):
                    break
                time.sleep(0.02)
            return self.wait_quiet(settle)
        out = self.wait_quiet(settle)
        while not out and time.time() < released + grace:
            time.sleep(0.05)
            out = self.wait_quiet(settle)
        return out

    def listen(self, until, timeout=10.0, settle=0.3):
        """What Orca speaks without a key (a dialog that opens by itself):
        wait, up to `timeout` seconds, until it satisfies `until`, then
        until the log has been quiet for `settle` seconds."""
        start = self.log_pos
        deadline = time.time() + timeout
        while time.time() < deadline:
            said = [m.group(1) for m in SPEECH.finditer(self._read_log()[start:])]
            if until(said):
                break
            time.sleep(0.05)
        return self.wait_quiet(settle)

    def wait_quiet(self, settle=None, timeout=15):
        """Collect what Orca speaks until its debug log has not grown for
        `settle` seconds (Orca logs every event it handles, so a quiet
        log means it has finished with the key)."""
        settle = self.settle if settle is None else settle
        out = []
        size = -1
        last = time.time()
        deadline = last + timeout
        while time.time() < deadline:
            try:
                now = os.path.getsize(self.debug)
            except OSError:
                now = 0
            if now != size:
                size = now
                last = time.time()
            elif time.time() - last >= settle:
                break
            time.sleep(0.05)
        out += self.spoken()
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("felt")
    ap.add_argument("--settle", type=float, default=0.8)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (logs)")
    ap.add_argument("--lang", default="C.UTF-8")
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    rest = a.rest
    if "--" in rest:
        i = rest.index("--")
        felt_args, keys = rest[:i], rest[i + 1:]
    else:
        felt_args, keys = rest, []
    with OrcaSession(a.felt, felt_args, settle=a.settle, keep=a.keep, lang=a.lang) as s:
        print("start -> %r" % s.startup)
        for k in keys:
            print("%s -> %r" % (k, s.key(k)))
        if a.keep:
            print("logs in", s.tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
