#!/usr/bin/env python3
"""Talks to an engine one command at a time: sends a line, waits for its reply, prints both.

Usage: talk.py [--gomocup] -- ENGINE [ARGS...]   (commands on stdin, one per line)
Example: printf 'boardsize 5\\ngenmove b\\nshowboard\\n' | scripts/talk.py -- sente hex --movetime 200

A pipe straight into the engine would end at EOF with the last search cut short (EOF stops the
running command at once, by design); this waits for every reply first, then sends `quit`
(GTP) or `END` (Gomocup). GTP replies end with an empty line; a Gomocup command that is
answered gets one line (`MESSAGE`/`DEBUG` lines are printed and skipped), others none.
Exits 1 if the engine ends early, a GTP reply is an error (`?`), a Gomocup reply is `ERROR` or
`UNKNOWN`, or the engine exits with a nonzero status.
"""
import subprocess, sys

ANSWERED = {"START", "RECTSTART", "RESTART", "BEGIN", "TURN", "ABOUT", "TAKEBACK", "PLAY",
            "SOLVE", "YXSHOWFORBID", "YXNBEST"}


def refused(line):
    """A Gomocup reply that refuses the command."""
    return line.startswith(("ERROR", "UNKNOWN"))

args = sys.argv[1:]
gomocup = False
if args[:1] == ["--gomocup"]:
    gomocup, args = True, args[1:]
if args[:1] != ["--"] or len(args) < 2:
    sys.exit(__doc__)
p = subprocess.Popen(args[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
failed = False
block = None  # BOARD or YXBOARD while a position block is open
for command in sys.stdin:
    command = command.strip()
    if not command:
        continue
    p.stdin.write(command + "\n")
    p.stdin.flush()
    print("> " + command, flush=True)
    word = command.split()[0].upper()
    if gomocup:
        if word in ("BOARD", "YXBOARD", "SWAP2BOARD"):
            block = word
            continue
        if block:
            if word != "DONE":
                continue
            answered, block = block != "YXBOARD", None
        else:
            answered = word in ANSWERED
        while answered:
            line = p.stdout.readline()
            if line == "":
                sys.exit("the engine ended before answering %r" % command)
            print(line.rstrip("\n"), flush=True)
            failed |= refused(line)
            if not line.startswith(("MESSAGE", "DEBUG")):
                break
    else:
        while True:
            line = p.stdout.readline()
            if line == "":
                sys.exit("the engine ended before answering %r" % command)
            if line == "\n":
                break
            failed |= line.startswith("?")
            print(line.rstrip("\n"), flush=True)
p.stdin.write("END\n" if gomocup else "quit\n")
p.stdin.close()
# What is left: the reply to quit, or an error for a command answered only on error (YXBOARD
# ... DONE), shown on stderr (stdout may be a closed pipe by now, as in `| grep -q`).
for line in p.stdout:
    if gomocup and refused(line):
        failed = True
        print(line.rstrip("\n"), file=sys.stderr, flush=True)
status = p.wait()
if status != 0:
    print("the engine exited with status %d" % status, file=sys.stderr)
sys.exit(1 if failed or status != 0 else 0)
