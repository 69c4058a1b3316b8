"""End-to-end tests of `vedl lsp` with pytest-lsp.

The server runs as a subprocess over stdio, exactly as an editor runs it. Each test runs
three times, with the recorded client capabilities of Neovim, VS Code and Emacs, so the
server's answers are checked against what each of those clients declared (pytest-lsp's
specification checks fail a test when a result uses something the client did not offer).

Environment:
  VEDL_BIN   the `vedl` executable to test (scripts/test-lsp.sh builds it)
"""

import os
import pathlib
import shutil
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

VEDL = os.environ.get("VEDL_BIN", "vedl")
DOCS = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "diagnostics").as_uri()
CLIENTS = ["neovim", "visual-studio-code", "emacs"]


def make_media(folder: pathlib.Path) -> None:
    """A 2-second 30 fps test clip, generated with FFmpeg's own source."""
    media = folder / "media"
    media.mkdir(parents=True, exist_ok=True)
    if shutil.which("ffmpeg") is None:
        pytest.fail("ffmpeg is needed to generate the test media")
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=30:duration=2",
         "-pix_fmt", "yuv420p", str(media / "clip.mp4")],
        check=True,
    )


@pytest.fixture(scope="session")
def workspace(tmp_path_factory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("vedl-lsp-workspace")
    make_media(folder)
    return folder


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[VEDL, "lsp", "--stdio"], server_env={**os.environ, "VEDL_LSP_LOG": "info", "VEDL_DOCS_URL": DOCS}),
    params=CLIENTS,
)
async def client(request, lsp_client: LanguageClient, workspace: pathlib.Path):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=workspace.as_uri(),
    )
    await lsp_client.initialize_session(params)
    lsp_client.workspace_folder = workspace
    lsp_client.client_name = request.param
    yield
    await lsp_client.shutdown_session()
