"""`vedl export` read back by OTIO's library, and OTIO's own writer read by `vedl import`."""

import copy
from fractions import Fraction

import opentimelineio as otio

from conftest import ir, make_audio, make_video, run_vedl

SCRIPT = """\
canvas 192x108 fps: 24
let a = video("a.mp4")
track main {
  clip a trim: 1s..2s id: opening
  crossfade 6f
  clip video("b.mp4") trim: 0s..1.25s speed: 2x
  gap 12f
  clip a trim: 3s..4s { fit contain }
}
track overlay "titles" {
  text "Hello" at: 0.5s duration: 1s { font "DejaVu Sans" size: 20 }
  shape rect at: 2s duration: 12f { fill #FF0000 }
}
track audio "music" {
  clip audio("music.wav") trim: 2s..4s at: 6f
}
"""


def strip(timeline):
    """The supported subset: no metadata, no media available ranges."""
    t = copy.deepcopy(timeline)
    t.metadata.clear()
    t.tracks.metadata.clear()
    for track in t.tracks:
        track.metadata.clear()
        for child in track:
            child.metadata.clear()
            if isinstance(child, otio.schema.Clip):
                child.media_reference.metadata.clear()
                if isinstance(child.media_reference, otio.schema.ExternalReference):
                    child.media_reference.available_range = None
    return t


def rt(frames):
    return otio.opentime.RationalTime(frames, 24)


def tr(start, duration):
    return otio.opentime.TimeRange(rt(start), rt(duration))


def expected_timeline():
    """The OTIO timeline the script means, built with OTIO's own classes."""
    t = otio.schema.Timeline(name="edit")
    main = otio.schema.Track(name="main", kind=otio.schema.TrackKind.Video)

    def ext(url):
        reference = otio.schema.ExternalReference(target_url=url)
        reference.name = url
        return reference

    # The 6-frame crossfade is split at its middle: 3 frames before the cut, 3 after.
    main.append(otio.schema.Clip(name="opening", media_reference=ext("a.mp4"), source_range=tr(24, 21)))
    main.append(otio.schema.Transition(
        transition_type=otio.schema.TransitionTypes.SMPTE_Dissolve, in_offset=rt(3), out_offset=rt(3)))
    fast = otio.schema.Clip(name="b.mp4", media_reference=ext("b.mp4"), source_range=tr(6, 12))
    fast.effects.append(otio.schema.LinearTimeWarp(time_scalar=2.0))
    main.append(fast)
    main.append(otio.schema.Gap(source_range=tr(0, 12)))
    main.append(otio.schema.Clip(name="a.mp4", media_reference=ext("a.mp4"), source_range=tr(72, 24)))
    titles = otio.schema.Track(name="titles", kind=otio.schema.TrackKind.Video)
    titles.append(otio.schema.Gap(source_range=tr(0, 12)))
    titles.append(otio.schema.Clip(
        name="Hello", media_reference=otio.schema.GeneratorReference(name="text", generator_kind="VEDLText"),
        source_range=tr(0, 24)))
    titles.append(otio.schema.Gap(source_range=tr(0, 12)))
    titles.append(otio.schema.Clip(
        name="rect", media_reference=otio.schema.GeneratorReference(name="shape", generator_kind="VEDLShape"),
        source_range=tr(0, 12)))
    music = otio.schema.Track(name="music", kind=otio.schema.TrackKind.Audio)
    music.append(otio.schema.Gap(source_range=tr(0, 6)))
    music.append(otio.schema.Clip(name="music.wav", media_reference=ext("music.wav"), source_range=tr(48, 48)))
    t.tracks.extend([main, titles, music])
    return t


def prepare(workdir):
    make_video(workdir / "a.mp4", 1, 24)
    make_video(workdir / "b.mp4", 2, 24)
    make_audio(workdir / "music.wav")
    (workdir / "edit.vedl").write_text(SCRIPT)


def test_export_is_the_timeline_otio_expects(workdir):
    prepare(workdir)
    run_vedl("export", "edit.vedl", "-o", "edit.otio", cwd=workdir)
    exported = otio.adapters.read_from_file(str(workdir / "edit.otio"))
    expected = expected_timeline()
    assert strip(exported).is_equivalent_to(expected), otio.adapters.write_to_string(strip(exported))
    # OTIO's length is the edit's: 21 + 12 + 12 + 24 frames (the crossfade overlaps, a dissolve does not).
    resolved = ir(workdir / "edit.vedl", workdir)
    assert exported.duration().value == resolved["frameCount"] == 69
    # The 2x clip uses 24 source frames for its 12 timeline frames (OTIO's record duration).
    fast = exported.video_tracks()[0][2]
    assert fast.source_range.duration.value == 12
    assert fast.effects[0].time_scalar == 2.0


def test_otio_writer_round_trip_keeps_the_resolved_timeline(workdir):
    prepare(workdir)
    run_vedl("export", "edit.vedl", "-o", "edit.otio", cwd=workdir)
    # Re-written by OTIO's own serializer: the import must read what OTIO writes.
    timeline = otio.adapters.read_from_file(str(workdir / "edit.otio"))
    otio.adapters.write_to_file(timeline, str(workdir / "rewritten.otio"))
    run_vedl("import", "rewritten.otio", "-o", "again.vedl", cwd=workdir)
    run_vedl("fmt", "--check", "again.vedl", cwd=workdir)
    assert ir(workdir / "again.vedl", workdir) == ir(workdir / "edit.vedl", workdir)


def test_rates_survive_export(workdir):
    for fps, rate in (("23.976", Fraction(24000, 1001)), ("25", Fraction(25)), ("29.97", Fraction(30000, 1001))):
        (workdir / "r.vedl").write_text(
            f"canvas 192x108 fps: {fps}\ntrack main {{\n  clip testpattern() duration: 37f\n  clip color(red) duration: 5f\n}}\n")
        run_vedl("export", "r.vedl", "-o", "r.otio", cwd=workdir)
        t = otio.adapters.read_from_file(str(workdir / "r.otio"))
        track = t.video_tracks()[0]
        assert [c.source_range.duration.value for c in track] == [37, 5]
        assert abs(track[0].source_range.duration.rate - float(rate)) < 1e-9
        run_vedl("import", "r.otio", "-o", "r2.vedl", cwd=workdir)
        assert ir(workdir / "r2.vedl", workdir) == ir(workdir / "r.vedl", workdir)
