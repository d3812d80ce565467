"""Runs a command on a real pseudo-terminal, answers each `[y/N]` prompt in turn, and prints what a
person would see on the screen: the output is rendered the way a terminal renders it (carriage
return, backspace, tab, and the cursor and erase sequences CSI A B C D G H K J), not stripped of
escapes. Prints one JSON object: {"screen": [lines…], "raw": "<base64 of every byte>", "status": N}.
Usage: pty-screen.py ANSWERS CMD ARGS... where ANSWERS is comma-separated, e.g. `n,n`."""
import base64
import json
import os
import pty
import re
import select
import sys

answers = [answer for answer in sys.argv[1].split(',') if answer]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])

raw = b''
answered = 0
while True:
    ready, _, _ = select.select([fd], [], [], 20)
    if not ready:
        break
    try:
        data = os.read(fd, 4096)
    except OSError:  # EIO: the child closed the terminal
        break
    if not data:
        break
    raw += data
    if raw.count(b'[y/N] ') > answered and answered < len(answers):
        os.write(fd, (answers[answered] + '\n').encode())
        answered += 1
_, status = os.waitpid(pid, 0)


class Screen:
    """An unbounded terminal: rows grow as the cursor moves down; no scrolling region, no wrapping."""

    def __init__(self):
        self.rows = [[]]
        self.row = 0
        self.col = 0

    def line(self):
        while len(self.rows) <= self.row:
            self.rows.append([])
        return self.rows[self.row]

    def put(self, char):
        line = self.line()
        while len(line) < self.col:
            line.append(' ')
        if self.col < len(line):
            line[self.col] = char
        else:
            line.append(char)
        self.col += 1

    def erase_line(self, mode):
        line = self.line()
        if mode == 0:
            del line[self.col:]
        elif mode == 1:
            for i in range(min(self.col + 1, len(line))):
                line[i] = ' '
        else:
            line.clear()

    def erase_display(self, mode):
        if mode == 0:
            self.erase_line(0)
            del self.rows[self.row + 1:]
        elif mode == 1:
            for i in range(self.row):
                self.rows[i] = []
            self.erase_line(1)
        else:
            self.rows = [[] for _ in self.rows]

    def csi(self, params, final):
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip('?').split(';')] if params else []
        n = numbers[0] if numbers and numbers[0] > 0 else 1
        first = numbers[0] if numbers else 0
        if final == 'K':
            self.erase_line(first)
        elif final == 'J':
            self.erase_display(first)
        elif final == 'G':
            self.col = n - 1
        elif final == 'C':
            self.col += n
        elif final == 'D':
            self.col = max(0, self.col - n)
        elif final == 'A':
            self.row = max(0, self.row - n)
        elif final == 'B':
            self.row += n
        elif final in 'Hf':
            self.row = (numbers[0] if len(numbers) > 0 and numbers[0] > 0 else 1) - 1
            self.col = (numbers[1] if len(numbers) > 1 and numbers[1] > 0 else 1) - 1
        # SGR (m) and everything else change no text

    def feed(self, text):
        i = 0
        while i < len(text):
            char = text[i]
            if char == '\x1b':
                match = re.match(r'\x1b\[([0-9;?]*)([ -/]*)([@-~])', text[i:])
                if match:
                    self.csi(match.group(1), match.group(3))
                    i += match.end()
                    continue
                osc = re.match(r'\x1b\][^\x07\x1b]*(\x07|\x1b\\)', text[i:])
                if osc:
                    i += osc.end()
                    continue
                i += 2  # a two-character escape such as ESC 7
                continue
            if char == '\r':
                self.col = 0
            elif char == '\n':
                self.row += 1
            elif char == '\b':
                self.col = max(0, self.col - 1)
            elif char == '\t':
                self.col = (self.col // 8 + 1) * 8
            elif ord(char) < 0x20 or ord(char) == 0x7f:
                pass
            else:
                self.put(char)
            i += 1

    def lines(self):
        return [''.join(row).rstrip() for row in self.rows]


screen = Screen()
screen.feed(raw.decode('utf-8', 'replace'))
json.dump({'screen': screen.lines(), 'raw': base64.b64encode(raw).decode(), 'status': os.waitstatus_to_exitcode(status)}, sys.stdout)
