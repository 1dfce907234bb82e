"""Runs a command with its address space capped at CAP_MB and prints its peak resident memory in
MB (its own exit status is this script's). The cap keeps a memory blow-up from taking the
machine; the peak lets a check compare a refusal with an ordinary run.
Usage: peak_memory.py CAP_MB OUTPUT_FILE COMMAND..."""
import resource, subprocess, sys

cap = int(sys.argv[1]) * 1024 * 1024
limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
status = subprocess.run(sys.argv[3:], preexec_fn=limit).returncode
with open(sys.argv[2], "w") as out:
    out.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024) + "\n")
sys.exit(status if status >= 0 else 128 - status)
