"""Kernel launcher for nbgrader's autograde: ipykernel under CPU and memory limits.

The grading workspace installs a ``python3`` kernel spec that runs this file, so a memory bomb
or runaway loop in a student notebook hits a limit instead of the grading machine.
AUTOGRAD_KERNEL_MEMORY (bytes) and AUTOGRAD_KERNEL_CPU (seconds) set the limits.
"""
import os
import resource

mem = int(os.environ.get("AUTOGRAD_KERNEL_MEMORY", str(4 << 30)))
cpu = int(os.environ.get("AUTOGRAD_KERNEL_CPU", "3600"))
resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

if __name__ == "__main__":
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
