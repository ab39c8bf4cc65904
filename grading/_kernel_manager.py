"""The kernel manager nbgrader's autograde uses (``Execute.kernel_manager_class``).

Each kernel gets a private directory for its connection file and its unix sockets (transport
``ipc``), so the jailed kernel (grading._kernel_jail) can have that one directory bound in and
needs no network; the directory goes when the kernel's resources are cleaned up.
"""
from __future__ import annotations

import os
import shutil
import tempfile

from jupyter_client.manager import AsyncKernelManager


class JailedKernelManager(AsyncKernelManager):
    """An AsyncKernelManager whose kernel talks over unix sockets in a directory of its own."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._private_dir = tempfile.mkdtemp(prefix="grading-kernel-")
        self.transport = "ipc"
        self.connection_file = os.path.join(self._private_dir, "kernel.json")
        self.ip = os.path.join(self._private_dir, "kernel-ipc")

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart)
        if not restart:
            shutil.rmtree(self._private_dir, ignore_errors=True)

