#!/usr/bin/env python3
"""escape: a player that tries to get out of its sandbox, for tabula's tests.

    python3 tests/players/escape.py MODE --bot PATH/random_bot.py [--name NAME]
        [--target=PATH ...] [--sleep-ms=MS]

It plays like examples/random_bot.py (imported from --bot), and at its first genmove
does, according to MODE:

    probe     writes to stderr (its log) what it can reach: every descriptor it holds
              ("FD 7 -> /path"), then tries descriptors 7 (reads it: "FD7-READ
              text"), 8 (appends a line: "FD8-WROTE") and 9 (lists the folder it is:
              "FD9-LISTED names", and reads each file in it: "FD9-READ text"); tries
              to write /pwned, /etc/pwned, /dev/pwned, /dev/shm/probe, /tmp/probe
              ("WROTE PATH" / "CANNOT-WRITE PATH"); copies its /proc/self/mountinfo
              ("MOUNT line") and the command line of its sandbox's first process
              ("PROC1 words"); makes a socket of each family ("SOCKET AF_UNIX made",
              "SOCKET AF_VSOCK refused ERRNO"); reads every --target ("READ PATH
              text" / "CANNOT-READ PATH"); then sleeps --sleep-ms (default 0) and
              answers a legal move
    message   answers "? " with terminal controls (a screen clear, a colour, a
              window title, a bell, a right-to-left override), 16 characters that
              are not seen (tags, variation selectors, fillers...) and 12 KB of text
    garbage   answers "= " with the same controls and characters: no move at all
    close     closes its standard output and spins
    closein   closes its standard input and spins
    lastwords writes a Python traceback to stderr and exits with status 1
    ptrace    calls ptrace(PTRACE_TRACEME), then keyctl, through ctypes, and says on
              stderr what they returned ("PTRACE 0"), then plays on

Further words are taken and not used. Paths to read are given as --target=PATH, one word, so that a sandbox does not take
them for the player's own files.
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True


def bot_folder(argv):
    for k, arg in enumerate(argv):
        if arg == "--bot" and k + 1 < len(argv):
            return str(Path(argv[k + 1]).parent)
        if arg.startswith("--bot="):
            return str(Path(arg[len("--bot="):]).parent)
    return str(Path(__file__).resolve().parent.parent.parent / "examples")


sys.path.insert(0, bot_folder(sys.argv[1:]))
import random_bot  # noqa: E402

# Characters that are not seen, one of each kind (tests/it/common/mod.rs, INVISIBLE):
# tags, variation selectors, the soft hyphen, the Mongolian vowel separator, the Hangul
# fillers, the braille blank and other default-ignorable ones.
INVISIBLE = "".join(map(chr, [0xE0041, 0xE007F, 0xFE0F, 0xE0100, 0xAD, 0x180E, 0x3164, 0x115F,
                              0x1160, 0xFFA0, 0x2800, 0x34F, 0x17B4, 0x180B, 0x1BCA0, 0x1D173]))
CONTROLS = "\x1b[2J\x1b[31mRED\x1b]0;pwned-title\x07\x07\u202eevil" + INVISIBLE


def log(*parts):
    sys.stderr.write(" ".join(str(p) for p in parts) + "\n")
    sys.stderr.flush()


def one_line(data):
    return data.decode("utf-8", "replace").replace("\n", " ").strip()


class Escape(random_bot.Player):
    def __init__(self, mode, name, targets, sleep_ms):
        super().__init__(name, 1)
        self.mode, self.targets, self.sleep_ms = mode, targets, sleep_ms
        self.done = False

    def genmove(self, ms):
        if self.done:
            return super().genmove(ms)
        self.done = True
        if self.mode == "message":
            return "? " + CONTROLS + " " + "x" * 12000
        if self.mode == "garbage":
            return "= " + CONTROLS
        if self.mode == "close":
            sys.stdout.flush()
            os.close(1)
            while True:
                pass
        if self.mode == "closein":
            os.close(0)
            while True:
                pass
        if self.mode == "ptrace":
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            log("PTRACE", libc.ptrace(0, 0, 0, 0))
            log("KEYCTL", libc.syscall(250, 0, 0, 0, 0))
            return super().genmove(ms)
        if self.mode == "lastwords":
            log("Traceback (most recent call last):")
            log('  File "bot.py", line 1, in <module>')
            log("ModuleNotFoundError: No module named 'numpy'")
            os._exit(1)
        self.probe()
        time.sleep(self.sleep_ms / 1000)
        return super().genmove(ms)

    def probe(self):
        for fd in sorted(os.listdir("/proc/self/fd"), key=int):
            try:
                log("FD", fd, "->", os.readlink("/proc/self/fd/" + fd))
            except OSError:
                pass
        try:
            log("FD7-READ", one_line(os.pread(7, 4096, 0)))
        except OSError as e:
            log("FD7-FAILED", e.errno)
        try:
            os.write(8, b"FD8-WROTE by an escaping player\n")
            log("FD8-WROTE")
        except OSError as e:
            log("FD8-FAILED", e.errno)
        try:
            names = os.listdir(9)
            log("FD9-LISTED", " ".join(names))
            for n in names:
                try:
                    fd = os.open(n, os.O_RDONLY, dir_fd=9)
                    log("FD9-READ", one_line(os.read(fd, 4096)))
                    os.close(fd)
                except OSError:
                    pass
        except OSError as e:
            log("FD9-FAILED", e.errno)
        for path in ["/pwned", "/etc/pwned", "/dev/pwned", "/dev/shm/probe", "/tmp/probe"]:
            try:
                with open(path, "w") as f:
                    f.write("pwned\n")
                log("WROTE", path)
            except OSError:
                log("CANNOT-WRITE", path)
        try:
            with open("/proc/self/mountinfo") as f:
                for line in f:
                    log("MOUNT", line.strip())
        except OSError:
            log("CANNOT-READ /proc/self/mountinfo")
        try:
            with open("/proc/1/cmdline", "rb") as f:
                log("PROC1", one_line(f.read().replace(b"\0", b" ")))
        except OSError:
            log("CANNOT-READ /proc/1/cmdline")
        import socket
        for family in ["AF_UNIX", "AF_INET", "AF_INET6", "AF_NETLINK", "AF_PACKET", "AF_VSOCK"]:
            number = getattr(socket, family, None)
            if number is None:
                continue
            kind = socket.SOCK_DGRAM if family in ("AF_NETLINK", "AF_PACKET") else socket.SOCK_STREAM
            try:
                socket.socket(number, kind).close()
                log("SOCKET", family, "made")
            except OSError as e:
                log("SOCKET", family, "refused", e.errno)
        for path in self.targets:
            try:
                with open(path, "rb") as f:
                    log("READ", path, one_line(f.read(4096)))
            except OSError:
                log("CANNOT-READ", path)


def main():
    parser = argparse.ArgumentParser(description="A tabula player that tries to escape.")
    parser.add_argument("mode", choices=["probe", "message", "garbage", "close", "closein", "lastwords",
                                         "ptrace"])
    parser.add_argument("--name", default=None)
    parser.add_argument("--bot", default=None)
    parser.add_argument("--target", action="append", default=[])
    parser.add_argument("--sleep-ms", type=int, default=0)
    args, _words = parser.parse_known_args()  # further words: given, unused
    random_bot.serve(Escape(args.mode, args.name or "escape-" + args.mode, args.target,
                            args.sleep_ms))


if __name__ == "__main__":
    main()
