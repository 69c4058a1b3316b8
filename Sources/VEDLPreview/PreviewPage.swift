/// The preview page: one HTML document with its script and styles inline, so it makes no
/// request beyond this server (docs/preview.md §2). Element ids are relied on by the browser
/// test (`Tests/preview/test_page.py`).
enum PreviewPage {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>VEDL preview</title>
    <link rel="icon" href="data:,">
    <style>
    body { margin: 0; font: 14px system-ui, sans-serif; background: #16161c; color: #ddd; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 12px; background: #22222a; }
    #stage { position: relative; display: flex; justify-content: center; background: #000; height: 58vh; }
    #stage img, #stage video { max-width: 100%; max-height: 100%; object-fit: contain; }
    #errors { position: absolute; left: 8px; right: 8px; top: 8px; background: #5a1010e0; color: #fff;
      padding: 8px; border-radius: 4px; white-space: pre-wrap; display: none; }
    #controls { display: flex; gap: 10px; align-items: center; padding: 8px 12px; }
    #scrubber { flex: 1; }
    #timecode, #frame-number { font-family: ui-monospace, monospace; }
    #timeline-box { position: relative; overflow-x: auto; background: #fff; cursor: crosshair; }
    #timeline-box svg { display: block; }
    #playhead { position: absolute; top: 0; bottom: 0; width: 2px; background: #e0245e; pointer-events: none; }
    #diagnostics { margin: 0; padding: 8px 28px; }
    #diagnostics .error { color: #ff8080; } #diagnostics .warning { color: #ffd070; }
    button { min-width: 64px; }
    </style>
    </head>
    <body>
    <header><strong id="title">VEDL preview</strong><span id="status"></span></header>
    <div id="stage">
      <img id="frame" alt="frame">
      <video id="proxy" muted playsinline preload="none" style="display:none"></video>
      <div id="errors"></div>
    </div>
    <div id="controls">
      <button id="play" type="button">Play</button>
      <input id="scrubber" type="range" min="0" max="0" step="1" value="0">
      <span id="timecode">00:00:00:00</span>
      <span>frame <span id="frame-number">0</span> / <span id="frame-count">0</span></span>
    </div>
    <div id="timeline-box"><div id="timeline"></div><div id="playhead"></div></div>
    <ul id="diagnostics"></ul>
    <script>
    "use strict";
    const $ = (id) => document.getElementById(id);
    const state = { frame: 0, frameCount: 0, fps: 30, nominal: 30, revision: 0, scale: null,
      playing: false, proxyRevision: -1, proxyAvailable: null, timer: null };

    function clamp(k) { return Math.max(0, Math.min(state.frameCount - 1, Math.floor(k))); }

    function timecode(k) {
      const n = state.nominal, f = k % n, s = Math.floor(k / n);
      const p = (v) => String(v).padStart(2, "0");
      return p(Math.floor(s / 3600)) + ":" + p(Math.floor(s / 60) % 60) + ":" + p(s % 60) + ":" + p(f);
    }

    function showFrameNumber(k) {
      $("frame-number").textContent = String(k);
      $("timecode").textContent = timecode(k);
      $("scrubber").value = String(k);
      const s = state.scale;
      if (s) {
        const svg = document.querySelector("#timeline svg");
        const ratio = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width || 1 : 1;
        $("playhead").style.left = ((s.originX + k * s.width / s.extent) * ratio) + "px";
      }
    }

    // Only the newest request is shown: pictures that arrive late (fast scrubbing) are dropped.
    let wanted = "";
    function loadFrame() {
      if (state.frameCount === 0) return;
      const k = state.frame, rev = state.revision;
      const url = "/frame/" + k + ".png?r=" + rev;
      wanted = url;
      const picture = new Image();
      picture.onload = () => {
        if (wanted !== url) return;
        const img = $("frame");
        img.src = url;
        img.dataset.frame = String(k);
        img.dataset.revision = String(rev);
      };
      picture.src = url;
    }

    function goTo(k, fromPlayback) {
      if (state.frameCount === 0) return;
      state.frame = clamp(k);
      history.replaceState(null, "", "#frame=" + state.frame);
      showFrameNumber(state.frame);
      if (!fromPlayback) loadFrame();
    }

    async function loadTimeline() {
      const ir = await fetch("/ir.json");
      if (!ir.ok) { state.frameCount = 0; return; }
      const t = await ir.json();
      state.frameCount = t.frameCount;
      state.fps = t.canvas.fps.value;
      state.nominal = Math.ceil(t.canvas.fps.value - 1e-9);
      $("scrubber").max = String(Math.max(0, t.frameCount - 1));
      $("frame-count").textContent = String(t.frameCount);
      const svg = await fetch("/timeline.svg");
      if (svg.ok) {
        state.scale = { originX: +svg.headers.get("X-VEDL-Origin-X"), width: +svg.headers.get("X-VEDL-Time-Width"),
          extent: +svg.headers.get("X-VEDL-Extent-Frames") };
        $("timeline").innerHTML = await svg.text();
      }
    }

    async function loadDiagnostics() {
      const response = await fetch("/diagnostics.json");
      const list = response.ok ? await response.json() : [];
      const ul = $("diagnostics");
      ul.textContent = "";
      const errors = [];
      for (const d of list) {
        const li = document.createElement("li");
        li.className = d.severity;
        const where = d.file + ":" + d.range.start.line + ":" + d.range.start.column;
        li.textContent = where + ": " + d.severity + "[" + d.code + "]: " + d.message;
        ul.appendChild(li);
        if (d.severity === "error") errors.push(li.textContent);
      }
      $("errors").textContent = errors.join("\n");
      $("errors").style.display = errors.length ? "block" : "none";
      $("status").textContent = errors.length ? "errors: showing the last good revision" : "";
    }

    async function reload(revision) {
      state.revision = revision;
      await Promise.all([loadTimeline(), loadDiagnostics()]);
      if (state.frameCount > 0) goTo(Math.min(state.frame, state.frameCount - 1));
    }

    function stopPlaying() {
      if (!state.playing) return;
      state.playing = false;
      $("play").textContent = "Play";
      if (state.timer) { clearInterval(state.timer); state.timer = null; }
      const video = $("proxy");
      if (!video.paused) video.pause();
      video.style.display = "none";
      $("frame").style.display = "";
      goTo(state.frame);
    }

    function startPlaying() {
      if (state.playing || state.frameCount === 0) return;
      state.playing = true;
      $("play").textContent = "Pause";
      const video = $("proxy");
      if (state.proxyRevision === state.revision) {
        // The proxy plays smoothly; the exact frame is drawn again when it pauses.
        video.currentTime = (state.frame + 0.5) / state.fps;
        video.style.display = "";
        $("frame").style.display = "none";
        video.play().catch(() => {});
        const follow = () => {
          if (!state.playing) return;
          goTo(video.currentTime * state.fps, true);
          if (video.ended) { stopPlaying(); return; }
          requestAnimationFrame(follow);
        };
        requestAnimationFrame(follow);
      } else {
        state.timer = setInterval(() => {
          if (state.frame >= state.frameCount - 1) { stopPlaying(); return; }
          goTo(state.frame + 1);
        }, 1000 / state.fps);
      }
    }

    // The server says when a proxy is ready (`hello`, `proxy`); it is used only while it
    // shows the revision on screen.
    function useProxy(revision) {
      if (revision === null || revision === undefined) return;
      state.proxyAvailable = revision;
      if (revision === state.revision && revision !== state.proxyRevision) {
        state.proxyRevision = revision;
        $("proxy").src = "/proxy.mp4?r=" + revision;
      }
    }

    $("play").addEventListener("click", () => state.playing ? stopPlaying() : startPlaying());
    $("scrubber").addEventListener("input", (e) => { stopPlaying(); goTo(+e.target.value); });
    document.addEventListener("keydown", (e) => {
      const step = e.shiftKey ? 10 : 1;
      if (e.key === "ArrowRight") { stopPlaying(); goTo(state.frame + step); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { stopPlaying(); goTo(state.frame - step); e.preventDefault(); }
      else if (e.key === "Home") { stopPlaying(); goTo(0); e.preventDefault(); }
      else if (e.key === "End") { stopPlaying(); goTo(state.frameCount - 1); e.preventDefault(); }
      else if (e.key === " ") { state.playing ? stopPlaying() : startPlaying(); e.preventDefault(); }
    });
    $("timeline-box").addEventListener("click", (e) => {
      const svg = document.querySelector("#timeline svg");
      const s = state.scale;
      if (!svg || !s) return;
      const box = svg.getBoundingClientRect();
      const x = (e.clientX - box.left) * svg.viewBox.baseVal.width / box.width;
      stopPlaying();
      goTo((x - s.originX) * s.extent / s.width);
    });
    window.addEventListener("resize", () => showFrameNumber(state.frame));
    window.addEventListener("hashchange", () => {
      const m = /frame=(\d+)/.exec(location.hash);
      if (m && +m[1] !== state.frame) goTo(+m[1]);
    });

    const start = /frame=(\d+)/.exec(location.hash);
    if (start) state.frame = +start[1];
    const events = new EventSource("/events");
    const onRevision = (e) => {
      const message = JSON.parse(e.data);
      if (message.revision !== state.revision) {
        reload(message.revision).then(() => useProxy(message.proxy ?? state.proxyAvailable));
      }
    };
    events.addEventListener("hello", onRevision);
    events.addEventListener("changed", onRevision);
    events.addEventListener("proxy", (e) => useProxy(JSON.parse(e.data).revision));
    </script>
    </body>
    </html>
    """#
}
