"""Shared fixtures of the OTIO oracle tests: the `vedl` binary, media made with ffmpeg whose
frames say which clip and which source frame they are, and helpers to run `vedl`."""

import json
import os
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

WIDTH, HEIGHT = 192, 108
# Grey levels of the three stripes: 40 + 16·digit, so that a digit survives H.264 with room.
BASE, STEP = 40, 16


def vedl_bin():
    path = os.environ.get("VEDL_BIN")
    if not path:
        pytest.exit("VEDL_BIN is not set (scripts/test-otio.sh sets it)", returncode=2)
    return path


def run_vedl(*args, cwd, check=True):
    result = subprocess.run([vedl_bin(), *args], cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"vedl {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
    return result


def rate_text(rate):
    return {23.976: "24000/1001", 29.97: "30000/1001"}.get(rate, str(rate))


def exact_rate(rate):
    return Fraction(rate_text(rate))


def make_video(path, clip_id, rate, seconds=6):
    """A video whose every frame shows its clip id and frame number as three grey stripes:
    [id][tens][units]."""
    level = lambda d: f"({BASE}+{STEP}*({d}))"
    lum = (
        f"if(lt(X,W/3),{level(clip_id)},"
        f"if(lt(X,2*W/3),{level('trunc(N/10)')},{level('mod(N,10)')}))"
    )
    subprocess.run(
        [
            "ffmpeg", "-v", "error", "-y", "-f", "lavfi",
            "-i", f"color=c=black:s={WIDTH}x{HEIGHT}:r={rate_text(rate)}:d={seconds}",
            "-vf", f"format=yuv420p,geq=lum='{lum}':cb=128:cr=128",
            "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", str(path),
        ],
        check=True,
    )


def make_audio(path, seconds=6):
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"sine=f=440:d={seconds}", str(path)], check=True
    )


def read_frames(path):
    """The rendered video's frames, each decoded to (id, frame) or "black"."""
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "gray", "-"],
        check=True, capture_output=True,
    ).stdout
    size = WIDTH * HEIGHT
    frames = []
    for i in range(len(raw) // size):
        data = raw[i * size:(i + 1) * size]
        values = []
        for stripe in range(3):
            x0 = stripe * WIDTH // 3 + WIDTH // 12
            x1 = (stripe + 1) * WIDTH // 3 - WIDTH // 12
            total = count = 0
            for y in range(HEIGHT * 3 // 10, HEIGHT * 7 // 10, 4):
                row = data[y * WIDTH:(y + 1) * WIDTH]
                total += sum(row[x0:x1])
                count += x1 - x0
            # ffmpeg's `gray` is full range: back to the video's Y′ levels (16-235).
            values.append(total / count * 219 / 255 + 16)
        if all(v < BASE - STEP // 2 for v in values):
            frames.append("black")
        else:
            digits = [round((v - BASE) / STEP) for v in values]
            frames.append((digits[0], digits[1] * 10 + digits[2]))
    return frames


def ir(path, cwd):
    return json.loads(run_vedl("ir", str(path), cwd=cwd).stdout)


@pytest.fixture
def workdir(tmp_path):
    return tmp_path
