# feltsilentspeech.py: an Orca speech server factory that says nothing.
# orca-session.py names it in Orca's settings so that Orca does not start
# speech-dispatcher (no sound device on a test machine, and a slow start);
# Orca writes every utterance to its debug log before handing it to the
# server, so the tests lose nothing.
#
# SPDX-License-Identifier: GPL-3.0-or-later

from orca import debug
from orca import speechserver

# Orca opens its debug file with block buffering: the harness reads the
# log while Orca runs, so write each line as it comes.
if debug.debugFile is not None:
    try:
        debug.debugFile.reconfigure(line_buffering=True)
    except (AttributeError, ValueError):
        pass


class SpeechServer(speechserver.SpeechServer):
    _instance = None

    @staticmethod
    def getFactoryName():
        return "Silent"

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._instance is None:
            SpeechServer._instance = SpeechServer()
        return SpeechServer._instance

    @staticmethod
    def shutdownActiveServers():
        pass

    def speak(self, text=None, acss=None, interrupt=True):
        # The log line comes just before this call: make sure it is out.
        if debug.debugFile is not None:
            debug.debugFile.flush()

    def getInfo(self):
        return ["Silent", "silent"]

    def getVoiceFamilies(self):
        return []
