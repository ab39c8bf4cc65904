"""The kernel manager nbgrader's autograde uses (``Execute.kernel_manager_class``).

Each kernel gets a private directory for its connection file and its unix sockets (transport
``ipc``), so the jailed kernel (grading._kernel_jail) can have that one directory bound in and
needs no network; the directory goes when the kernel's resources are cleaned up. The kernel spec
is this module's, whatever the notebook names: a grading worker needs no installed kernel spec,
and nothing in a workspace can point the kernel elsewhere.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import HBChannel
from jupyter_client.kernelspec import KernelSpec
from jupyter_client.manager import AsyncKernelManager
from traitlets import DottedObjectName, Type

SPEC = KernelSpec(argv=[sys.executable, str(Path(__file__).with_name("_kernel_jail.py")), "-f", "{connection_file}"],
                  display_name="Python 3 (grading jail)", language="python", interrupt_mode="message",
                  metadata={"debugger": False})


class _HeartbeatChannel(HBChannel):
    """jupyter_client's heartbeat thread, let go when it does not stop: after a kernel dies (a
    submission's os._exit) its REQ socket can block in send for good, and HBChannel.stop would
    wait on it forever, holding the grading job. The thread is a daemon; its socket goes with it."""

    def stop(self) -> None:
        self._running = False
        self._exit.set()
        self.join(5)
        if not self.is_alive():
            self.close()


class JailedKernelClient(AsyncKernelClient):
    hb_channel_class = Type(_HeartbeatChannel)


class JailedKernelManager(AsyncKernelManager):
    """An AsyncKernelManager whose kernel talks over unix sockets in a directory of its own."""

    client_class = DottedObjectName("grading._kernel_manager.JailedKernelClient")
    client_factory = Type(JailedKernelClient)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._private_dir = tempfile.mkdtemp(prefix="grading-kernel-")
        self.transport = "ipc"
        self.connection_file = os.path.join(self._private_dir, "kernel.json")
        self.ip = os.path.join(self._private_dir, "kernel-ipc")
        self._kernel_spec = SPEC

    async def _async_launch_kernel(self, kernel_cmd, **kw) -> None:
        # The kernel's own chatter (ipykernel's banner, a submission's writes to fds 1 and 2) goes
        # nowhere: the cells' outputs travel over the kernel's sockets, not the worker's terminal.
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.DEVNULL)
        await super()._async_launch_kernel(kernel_cmd, **kw)

    _launch_kernel = _async_launch_kernel

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart)
        if not restart:
            shutil.rmtree(self._private_dir, ignore_errors=True)

