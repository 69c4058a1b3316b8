"""OTIO → `vedl import` → `vedl render`: every rendered frame is the one OTIO says."""

from fractions import Fraction

import opentimelineio as otio
import pytest

from conftest import exact_rate, ir, make_audio, make_video, read_frames, run_vedl


def rt(frames, rate):
    return otio.opentime.RationalTime(frames, rate)


def tr(start, duration, rate):
    return otio.opentime.TimeRange(rt(start, rate), rt(duration, rate))


def clip(name, url, start, duration, rate, speed=None, markers=()):
    c = otio.schema.Clip(
        name=name, media_reference=otio.schema.ExternalReference(target_url=url),
        source_range=tr(start, duration, rate),
    )
    if speed is not None:
        c.effects.append(otio.schema.LinearTimeWarp(time_scalar=speed))
    for m in markers:
        c.markers.append(m)
    return c


def build_timeline(rate, folder):
    """Cuts, a gap, a 2x clip, a dissolve, missing media, an overlay track, two audio
    tracks and a marker; media in `folder`, referenced by relative paths and a file URL."""
    t = otio.schema.Timeline(name="oracle")
    v1 = otio.schema.Track(name="V1", kind=otio.schema.TrackKind.Video)
    marker = otio.schema.Marker(name="focus", marked_range=tr(15, 0, rate), color=otio.schema.MarkerColor.GREEN)
    v1.append(clip("shotA", "a.mp4", 10, 20, rate, markers=[marker]))
    v1.append(otio.schema.Gap(source_range=tr(0, 6, rate)))
    v1.append(clip("shotB", "b.mp4", 0, 12, rate, speed=2.0))
    v1.append(otio.schema.Transition(
        transition_type=otio.schema.TransitionTypes.SMPTE_Dissolve, in_offset=rt(4, rate), out_offset=rt(4, rate)))
    v1.append(clip("shotC", (folder / "c.mp4").as_uri(), 30, 24, rate))
    v1.append(otio.schema.Clip(
        name="lost", media_reference=otio.schema.MissingReference(), source_range=tr(0, 6, rate)))
    v2 = otio.schema.Track(name="V2", kind=otio.schema.TrackKind.Video)
    v2.append(otio.schema.Gap(source_range=tr(0, 8, rate)))
    v2.append(clip("insert", "d.mp4", 5, 8, rate))
    a1 = otio.schema.Track(name="A1", kind=otio.schema.TrackKind.Audio)
    a1.append(clip("music", "music.wav", 24, 30, rate))
    a2 = otio.schema.Track(name="A2", kind=otio.schema.TrackKind.Audio)
    a2.append(otio.schema.Gap(source_range=tr(0, 12, rate)))
    a2.append(clip("dialogue", "a.mp4", 0, 18, rate))
    t.tracks.extend([v1, v2, a1, a2])
    return t


CLIP_IDS = {"a.mp4": 1, "b.mp4": 2, "c.mp4": 3, "d.mp4": 4}


def expected_frames(timeline, rate):
    """What OTIO says each timeline frame shows: (clip id, source frame), "black" for a gap,
    or None where it is a blend (a dissolve) or a placeholder."""
    total = int(round(timeline.duration().value))
    result = [None] * total
    v1, v2 = timeline.video_tracks()
    for track, top in ((v1, False), (v2, True)):
        windows = []
        for index, child in enumerate(track):
            if isinstance(child, otio.schema.Transition):
                cut = track.range_of_child_at_index(index + 1).start_time.value
                windows.append((cut - child.in_offset.value, cut + child.out_offset.value))
        for index, child in enumerate(track):
            if isinstance(child, otio.schema.Transition):
                continue
            placed = track.range_of_child_at_index(index)
            start = int(round(placed.start_time.value))
            for k in range(start, start + int(round(placed.duration.value))):
                if any(a <= k < b for a, b in windows):
                    value = None
                elif isinstance(child, otio.schema.Gap):
                    if top:
                        continue
                    value = "black"
                elif isinstance(child.media_reference, otio.schema.MissingReference):
                    value = None
                else:
                    scalar = 1.0
                    for e in child.effects:
                        if isinstance(e, otio.schema.LinearTimeWarp):
                            scalar *= e.time_scalar
                    name = child.media_reference.target_url.rsplit("/", 1)[-1]
                    frame = child.source_range.start_time.value + (k - start) * scalar
                    value = (CLIP_IDS[name], int(frame))
                result[k] = value
    return result


@pytest.mark.parametrize("rate", [24, 25, 29.97])
def test_rendered_frames_are_the_ones_otio_says(workdir, rate):
    otio_rate = float(exact_rate(rate))
    for name, clip_id in CLIP_IDS.items():
        make_video(workdir / name, clip_id, rate)
    make_audio(workdir / "music.wav")
    timeline = build_timeline(otio_rate, workdir)
    otio.adapters.write_to_file(timeline, str(workdir / "edit.otio"))

    imported = run_vedl("import", "edit.otio", "-o", "edit.vedl", cwd=workdir)
    # Only the missing clip is warned about.
    assert imported.stderr.count("warning[W0901]") == 1
    assert "warning[" not in imported.stderr.replace("warning[W0901]", "")
    run_vedl("fmt", "--check", "edit.vedl", cwd=workdir)
    run_vedl("render", "edit.vedl", "-o", "out.mp4", cwd=workdir)

    expected = expected_frames(timeline, otio_rate)
    frames = read_frames(workdir / "out.mp4")
    assert len(frames) == len(expected)
    compared = 0
    for k, (want, got) in enumerate(zip(expected, frames)):
        if want is None:
            continue
        assert got == want, f"frame {k}: OTIO says {want}, the render shows {got}"
        compared += 1
    assert compared >= len(expected) - 20

    # The audio tracks: OTIO's positions and source ranges, in frames.
    resolved = ir(workdir / "edit.vedl", workdir)
    audio = [t for t in resolved["tracks"] if t["kind"] == "audio"]
    assert [t["name"] for t in audio] == ["A1", "A2"]
    fps = Fraction(resolved["canvas"]["fps"]["exact"])
    music, dialogue = audio[0]["items"][0], audio[1]["items"][0]
    assert (music["startFrame"], music["endFrame"]) == (0, 30)
    assert Fraction(music["sourceRange"]["start"]["exact"]) * fps == 24
    assert (dialogue["startFrame"], dialogue["endFrame"]) == (12, 30)
    # The placeholder keeps the missing clip's length.
    main = resolved["tracks"][0]["items"]
    placeholder = main[-1]
    assert resolved["sources"][placeholder["source"]]["kind"] == "testpattern"
    assert placeholder["frames"] == 6

    # The marker is a comment above its clip: at frame 5 of the timeline.
    script = (workdir / "edit.vedl").read_text()
    lines = script.splitlines()
    marker_line = next(i for i, line in enumerate(lines) if line.strip().startswith("// marker \"focus\""))
    assert lines[marker_line + 1].strip().startswith("clip a ") or "a.mp4" in lines[marker_line + 1]
    at = lines[marker_line].split(" at ")[1].split(" ")[0]
    assert at in ("5f", f"{Fraction(5) / fps}s") or Fraction(at.rstrip("s")) == Fraction(5) / fps


def test_relative_media_outside_the_script_folder(workdir):
    (workdir / "edit").mkdir()
    (workdir / "media").mkdir()
    make_video(workdir / "media" / "a.mp4", 1, 24)
    t = otio.schema.Timeline(name="paths")
    v1 = otio.schema.Track(kind=otio.schema.TrackKind.Video)
    v1.append(clip("a", "../media/a.mp4", 0, 12, 24.0))
    t.tracks.append(v1)
    otio.adapters.write_to_file(t, str(workdir / "edit" / "paths.otio"))
    run_vedl("import", "edit/paths.otio", "-o", "paths.vedl", cwd=workdir)
    resolved = ir(workdir / "paths.vedl", workdir)
    assert resolved["sources"][0]["path"] == str(workdir / "media" / "a.mp4")
    assert resolved["frameCount"] == 12
