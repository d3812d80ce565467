"""Runs a command on a real pseudo-terminal, answers each `[y/N]` prompt in turn, prints everything
the command wrote, and exits with its exit code. Usage: trust-pty.py ANSWERS CMD ARGS... where
ANSWERS is a comma-separated list such as `y,n`."""
import os
import pty
import re
import select
import sys

answers = [answer for answer in sys.argv[1].split(',') if answer]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])

output = b''
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
    output += data
    if output.count(b'[y/N] ') > answered and answered < len(answers):
        os.write(fd, (answers[answered] + '\n').encode())
        answered += 1

_, status = os.waitpid(pid, 0)
# readline redraws the prompt with cursor escapes; the text a person reads is what is compared.
text = re.sub(r'\x1b\[[0-9;?]*[A-Za-z]', '', output.decode('utf-8', 'replace'))
sys.stdout.write(text.replace('\r\n', '\n'))
sys.exit(os.waitstatus_to_exitcode(status))
