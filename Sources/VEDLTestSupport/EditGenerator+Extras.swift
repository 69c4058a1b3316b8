import VEDLSema

extension EditWriter {
  // MARK: Captions

  /// The caption lane: cues of an imported SRT file and inline cues in separate slots of
  /// the edit (they must not overlap), and a style.
  func writeCaptions(end: Int) {
    use("captions")
    var line = "captions"
    let burnIn = rng.chance(0.8)
    if !burnIn || rng.chance(0.2) {
      line += " burnIn: \(burnIn)"
      use("captions burnIn:")
    }
    body.append(line + " {")
    let slots = rng.int(1...3)
    let width = max(1, end / slots)
    var srt: [String] = []
    for slot in 0..<slots {
      let start = slot * width + rng.int(0...max(0, width / 4))
      let stop = min(start + max(1, width / 2), (slot + 1) * width)
      guard stop > start else { continue }
      let text = rng.pick(["Hello", "Second cue", "Ünïcode ✓", "two\\nlines"])
      if rng.chance(0.5) {
        // Milliseconds of the frames, as an SRT file writes them.
        func stamp(_ frames: Int) -> String {
          let ms = frames * 1000 * rate.denominator / rate.numerator
          return String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000)
        }
        srt.append(
          "\(srt.count + 1)\n\(stamp(start)) --> \(stamp(stop))\n\(text.replacingOccurrences(of: "\\n", with: "\n"))\n")
      } else {
        use("cue")
        body.append("  cue \(time(start))..\(time(stop)) \(string(text))")
      }
    }
    if !srt.isEmpty {
      let path = "media/captions\(media.count).srt"
      media.append(MediaRecipe(path: path, content: .text(srt.joined(separator: "\n"))))
      use("import")
      body.append("  import \(string(path))")
    }
    if rng.chance(0.6) {
      use("style")
      let parts = otherArguments(of: "style", in: .captions, handled: [], p: 0.5)
      body.append("  style" + (parts.isEmpty ? " size: 10" : " " + parts.joined(separator: " ")))
    }
    body.append("}")
    hasCaptions = true
  }

  // MARK: The export

  func writeExport(end: Int) {
    use("export")
    let format = rng.pick(["mp4", "mp4", "mp4", "mov", "webm", "png"])
    var line = "export \(string("out/edit.\(format)"))"
    if rng.chance(0.6) {
      line += " quality: \(value(.enumeration(Enumerations.quality), statement: "export", label: "quality"))"
      use("export quality:")
    }
    if format == "png", rng.chance(0.7) {
      line += " at: \(time(rng.int(0...max(0, end - 1))))"
      use("export at:")
    }
    if format != "png", rng.chance(0.1) {
      line += " loudness: \(rng.pick(["youtube", "podcast", "broadcast", "-16dB", "-20.5dB"]))"
      use("export loudness:")
      if rng.chance(0.5) {
        line += " truePeak: \(rng.pick(["-1dB", "-2dB", "-0.5dB"]))"
        use("export truePeak:")
      }
    }
    var lines: [String] = []
    if rng.chance(0.4) {
      use("watermark")
      var watermark = "watermark "
      if rng.chance(0.7) {
        watermark += stillSource()
      } else {
        watermark += videoSource(milliseconds: 500).expression
      }
      watermark += " " + otherArguments(of: "watermark", in: .export, handled: [], p: 0.6).joined(separator: " ")
      lines.append(watermark.trimmingCharacters(in: .whitespaces))
    }
    if format != "png", rng.chance(0.3) {
      use("thumbnail")
      use("thumbnail at:")
      lines.append("thumbnail \(string("out/thumb.jpg")) at: \(time(rng.int(0...max(0, end - 1))))")
    }
    if hasCaptions, rng.chance(0.5) {
      use("sidecar")
      lines.append("sidecar \(string("out/edit.\(rng.pick(["srt", "vtt"]))"))")
    }
    body.append(line + block(lines, indent: ""))
  }

  // MARK: The editor block

  /// An editor block: it does not change the picture, but every statement of the language
  /// is generated somewhere.
  func writeEditor() {
    use("editor")
    var lines: [String] = []
    var ids: [String] = []
    if rng.chance(0.7) {
      use("header")
      lines.append("header {")
      for group in ["leading", "center", "trailing"] where rng.chance(0.7) {
        use(group)
        var items: [String] = []
        for item in ["timecode", "playPause", "loop", "toggleExpanded", "spacer"].shuffled(using: &rng)
        where rng.chance(0.4) && !ids.contains(item) {
          use(item)
          var text = item
          if item != "spacer" {
            ids.append(item)
            let extra = otherArguments(of: item, in: .headerItems, handled: [], p: 0.3)
            if !extra.isEmpty { text += " " + extra.joined(separator: " ") }
          }
          items.append(text)
        }
        if rng.chance(0.3) {
          use("custom")
          let id = "my.item.\(ids.count)"
          ids.append(id)
          let extra = otherArguments(of: "custom", in: .headerItems, handled: [], p: 0.5)
          items.append((["custom \(string(id))"] + extra).joined(separator: " "))
        }
        lines.append("  \(group) { \(items.joined(separator: "; ")) }")
      }
      lines.append("}")
      if !ids.isEmpty, rng.chance(0.6) {
        use("modifyHeader")
        lines.append("modifyHeader {")
        let anchor = rng.pick(ids)
        let written = anchor.contains(".") ? string(anchor) : anchor
        // The operation cycles with the seed (the stream is still drawn from, so the rest of
        // the edit is unchanged): few seeds reach here, and each operation must be covered.
        switch (rng.int(0...5) &+ Int(seed % 6)) % 6 {
        case 0:
          use("remove")
          lines.append("  remove \(written)")
        case 1:
          use("addAfter")
          lines.append("  addAfter \(written) { spacer }")
        case 2:
          use("addBefore")
          lines.append("  addBefore \(written) { custom \(string("my.before")) }")
        case 3:
          use("replace")
          lines.append("  replace \(written) { custom \(string("my.replaced")) icon: \(string("star")) }")
        case 4:
          use("addFirst")
          lines.append("  addFirst leading { custom \(string("my.first")) }")
        default:
          use("addLast")
          lines.append("  addLast trailing { spacer }")
        }
        lines.append("}")
      }
    }
    for (button, context, offered) in [
      ("addClip", StatementContext.addClip, ["camera", "library", "photoRoll", "custom"]),
      ("addAudio", .addAudio, ["music", "voiceover", "custom"]),
    ] where rng.chance(0.5) {
      use(button)
      var sources: [String] = []
      for source in offered where rng.chance(0.6) {
        use(source)
        let head = source == "custom" ? "custom \(string("my.\(button).stock"))" : source
        sources.append(([head] + otherArguments(of: source, in: context, handled: [], p: 0.4)).joined(separator: " "))
      }
      let labels = otherArguments(of: button, in: .editor, handled: [], p: 0.4)
      lines.append(([button] + labels).joined(separator: " ") + " { \(sources.joined(separator: "; ")) }")
    }
    if rng.chance(0.5) {
      use("height")
      lines.append(
        rng.chance(0.5) ? "height dynamic(maximumTracks: \(rng.int(0...4)))" : "height fixed(tracks: \(rng.int(0...4)))"
      )
    }
    if rng.chance(0.5) {
      use("expanded")
      lines.append("expanded \(rng.chance(0.5))")
    }
    body.append(lines.isEmpty ? "editor {}" : "editor" + block(lines, indent: ""))
  }
}
