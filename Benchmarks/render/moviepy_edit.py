"""The reference edit (reference.vedl) scripted with MoviePy 2.x, for the render benchmark.

    python moviepy_edit.py MEDIA_DIR OUT.mp4 [REPEAT]

Same cuts, crossfade, speed, title, watermark and music bed as reference.vedl; differences
are listed in README.md (MoviePy's speed-up raises the pitch of the sound, its crossfade is a
fade-in of the later clip over the earlier one, the title fades by opacity).
"""
import sys

from moviepy import (AudioFileClip, CompositeAudioClip, CompositeVideoClip, ImageClip,
                     TextClip, VideoFileClip, afx, vfx)

W, H, FPS = 1080, 1920, 30
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def portrait(clip):
  """crop 9:16 (centred), then scale to the canvas."""
  w, h = clip.size
  cw = round(h * 9 / 16)
  return clip.with_effects([vfx.Crop(x_center=w / 2, y_center=h / 2, width=cw, height=h)]).resized((W, H))


def main():
  media, out = sys.argv[1], sys.argv[2]
  sources = [VideoFileClip(f"{media}/clip{i}.mp4") for i in (1, 2, 3)]
  layers, t = [], 0.0
  # the clips: a 1..7 s, crossfade 1 s, b 1..9 s at 2x, cut, c 2..8 s
  a = portrait(sources[0].subclipped(1, 7)).with_start(t)
  a = a.with_audio(a.audio.with_effects([afx.AudioFadeOut(1)]))
  layers.append(a)
  t += a.duration - 1
  b = portrait(sources[1].subclipped(1, 9)).with_effects([vfx.MultiplySpeed(2)])
  b = b.with_effects([vfx.CrossFadeIn(1)]).with_start(t)
  b = b.with_audio(b.audio.with_effects([afx.AudioFadeIn(1)]))
  layers.append(b)
  t += b.duration
  c = portrait(sources[2].subclipped(2, 8)).with_start(t)
  layers.append(c)
  t += c.duration
  total = t
  title = (TextClip(font=FONT, text="VEDL render benchmark", font_size=72, color="white")
           .with_start(0.5).with_duration(3)
           .with_effects([vfx.CrossFadeIn(0.25), vfx.CrossFadeOut(0.25)]))
  title = title.with_position(((W - title.w) / 2, 160))
  logo = ImageClip(f"{media}/logo.png").with_duration(total)
  logo = logo.with_position((W - logo.w, H - logo.h))
  video = CompositeVideoClip(layers + [title, logo], size=(W, H), bg_color=(0, 0, 0)).with_duration(total)
  music = (AudioFileClip(f"{media}/music.wav").subclipped(0, total)
           .with_volume_scaled(10 ** (-12 / 20)).with_effects([afx.AudioFadeOut(2)]))
  video = video.with_audio(CompositeAudioClip([video.audio, music]).with_duration(total))
  video.write_videofile(out, fps=FPS, codec="libx264", preset="medium", audio_codec="aac",
                        audio_bitrate="160k", audio_fps=48000,
                        ffmpeg_params=["-crf", "20", "-pix_fmt", "yuv420p", "-movflags", "+faststart"],
                        logger=None)


if __name__ == "__main__":
  main()
