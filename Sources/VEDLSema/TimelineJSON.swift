import Foundation
import VEDLTime

/// The documented JSON form of a resolved timeline (`vedl ir`; see docs/ir.md). Exact times
/// are strings (`"3/2"`), with seconds as numbers and frames as integers beside them.
extension Timeline {
  public var jsonObject: [String: Any] {
    let grid = canvas.grid
    func time(_ t: Rational) -> [String: Any] {
      ["exact": t.description, "seconds": t.doubleValue, "frame": grid.frameFloor(at: t)]
    }
    func exact(_ t: Rational) -> [String: Any] { ["exact": t.description, "seconds": t.doubleValue] }
    var object: [String: Any] = [
      "version": 1,
      "canvas": [
        "width": canvas.width, "height": canvas.height,
        "fps": ["exact": canvas.rate.framesPerSecond.description, "value": canvas.rate.framesPerSecond.doubleValue],
        "background": ColorNames.hex(canvas.background),
      ] as [String: Any],
      "duration": time(duration),
      "frameCount": frameCount,
    ]
    object["sources"] = sources.enumerated().map { index, s -> [String: Any] in
      var o: [String: Any] = ["index": index, "kind": s.kind.rawValue]
      if let p = s.path { o["path"] = p }
      if let w = s.writtenPath { o["written"] = w }
      if let c = s.color { o["color"] = ColorNames.hex(c) }
      if let f = s.frequency { o["frequency"] = f.doubleValue }
      // A waveform: the index of the sound it draws, and its style.
      if let a = s.waveformAudio { o["audio"] = a }
      if let style = s.waveformStyle { o["style"] = style.rawValue }
      if let facts = s.facts {
        var f: [String: Any] = [
          "hasVideo": facts.hasVideo, "hasAudio": facts.hasAudio, "stillImage": facts.isStillImage,
        ]
        if let d = facts.duration { f["duration"] = exact(d) }
        if let w = facts.width, let h = facts.height { f["width"] = w; f["height"] = h }
        // Width and height are the size as shown; a turned file says how it is turned.
        if facts.orientation.rotation != 0 { f["rotation"] = facts.orientation.rotation }
        if facts.orientation.mirrored { f["mirrored"] = true }
        if facts.hasSideAlpha { f["sideAlpha"] = true }
        if let r = facts.frameRate { f["fps"] = ["exact": r.description, "value": r.doubleValue] as [String: Any] }
        if let n = facts.frameCount { f["frameCount"] = n }
        o["facts"] = f
      }
      return o
    }
    object["tracks"] = tracks.map { track -> [String: Any] in
      var t: [String: Any] = ["kind": track.kind.rawValue]
      if let n = track.name { t["name"] = n }
      t["items"] = track.items.map { item -> [String: Any] in
        var o: [String: Any] = [
          "kind": item.kind.rawValue, "start": time(item.start), "end": time(item.end),
          "startFrame": item.startFrame, "endFrame": item.endFrame, "frames": item.endFrame - item.startFrame,
        ]
        if let id = item.id { o["id"] = id }
        if let s = item.source {
          o["source"] = s
          o["speed"] = ["exact": item.speed.description, "value": item.speed.doubleValue] as [String: Any]
          o["volumeDB"] = item.volume.doubleValue
          o["muted"] = item.muted
          if let a = item.sourceStart, let b = item.sourceEnd {
            var range: [String: Any] = ["start": exact(a), "end": exact(b)]
            if let rate = sources[s].facts?.frameRate, !sources[s].isStillImageSource {
              let sourceGrid = FrameRate(rate).map(FrameGrid.init(rate:))
              if let g = sourceGrid {
                range["startFrame"] = g.frameFloor(at: a)
                range["endFrame"] = g.frameCeiling(at: b)
              }
            }
            o["sourceRange"] = range
          }
          // Time operations (§4.15): the source range above is one pass.
          if item.loops { o["loop"] = true }
          if item.reverses { o["reverse"] = true }
          if let f = item.freeze {
            if item.sourceStart == item.sourceEnd, let a = item.sourceStart {
              o["frame"] = exact(a)
            } else {
              o["freeze"] = ["at": exact(f.at), "duration": exact(f.duration)] as [String: Any]
            }
          }
          if item.hasTimeOperations, let map = ClipTimeMap(item, grid: grid) { o["passFrames"] = map.passFrames }
        }
        if let text = item.text { o["text"] = text }
        if let shape = item.shape { o["shape"] = shape.rawValue }
        if !item.attributes.isEmpty { o["attributes"] = item.attributes.mapValues(\.jsonValue) }
        o["modifiers"] = item.modifiers.map { m -> [String: Any] in
          var mo: [String: Any] = ["name": m.name]
          if !m.positional.isEmpty { mo["positional"] = m.positional.map(\.jsonValue) }
          if !m.labelled.isEmpty { mo["labelled"] = m.labelled.mapValues(\.jsonValue) }
          return mo
        }
        if !item.animations.isEmpty {
          let origin = grid.time(ofFrame: item.startFrame)
          o["animations"] = item.animations.map { a -> [String: Any] in
            var ao: [String: Any] = [
              "property": a.property.rawValue,
              "keys": a.keys.map { k -> [String: Any] in
                var ko: [String: Any] = [
                  "time": exact(k.time), "timelineTime": time(origin + k.time), "easing": k.easing.scriptText,
                ]
                switch k.value {
                case .number(let v): ko["value"] = ["exact": v.description, "value": v.doubleValue] as [String: Any]
                case .point(let x, let y):
                  ko["x"] = ["exact": x.description, "value": x.doubleValue] as [String: Any]
                  ko["y"] = ["exact": y.description, "value": y.doubleValue] as [String: Any]
                }
                return ko
              },
            ]
            // The keys of a `duck`: the settings they come from.
            if let d = a.ducking {
              ao["ducking"] =
                [
                  "under": d.under, "by": ["exact": d.by.description, "decibels": d.by.doubleValue],
                  "ramp": exact(d.ramp),
                ] as [String: Any]
            }
            return ao
          }
        }
        if !item.presets.isEmpty {
          let origin = grid.time(ofFrame: item.startFrame)
          o["presets"] = item.presets.map { p -> [String: Any] in
            var po: [String: Any] = [
              "phase": p.phase.rawValue, "kind": p.kind.rawValue, "duration": exact(p.duration),
              "easing": p.easing.scriptText,
              // The keyframes it means: its presence, 0 (absent) to 1 (fully there).
              "keys": p.keys(itemLength: item.length).map { k -> [String: Any] in
                var ko: [String: Any] = [
                  "time": exact(k.time), "timelineTime": time(origin + k.time), "easing": k.easing.scriptText,
                ]
                if case .number(let v) = k.value { ko["presence"] = v.doubleValue }
                return ko
              },
            ]
            if p.kind == .slide || p.kind == .wipe { po[p.phase == .enter ? "from" : "to"] = p.edge.rawValue }
            return po
          }
        }
        return o
      }
      return t
    }
    object["transitions"] = transitions.map { tr -> [String: Any] in
      var o: [String: Any] = [
        "kind": tr.kind.rawValue, "fromItem": tr.fromItem, "toItem": tr.toItem, "start": time(tr.start),
        "end": time(tr.end),
        "startFrame": tr.startFrame, "endFrame": tr.endFrame,
      ]
      if let d = tr.direction { o["direction"] = d.rawValue }
      if let e = tr.easing { o["easing"] = e.scriptText }
      return o
    }
    var style: [String: Any] = [
      "font": captions.style.font, "size": captions.style.size.doubleValue,
      "color": ColorNames.hex(captions.style.color),
      "position": captions.style.position.rawValue, "margin": captions.style.margin.doubleValue,
    ]
    if let b = captions.style.box { style["box"] = ColorNames.hex(b) }
    if let o = captions.style.outline { style["outline"] = ColorNames.hex(o) }
    object["captions"] =
      [
        "burnIn": captions.burnIn,
        "style": style,
        "cues": captions.cues.map { c -> [String: Any] in
          var o: [String: Any] = [
            "start": time(c.start), "end": time(c.end), "startFrame": c.startFrame, "endFrame": c.endFrame,
            "text": c.text,
          ]
          if let f = c.file { o["file"] = f }
          if let p = c.path { o["path"] = p }
          return o
        },
      ] as [String: Any]
    object["exports"] = exports.map { e -> [String: Any] in
      var o: [String: Any] = [
        "path": e.path, "written": e.writtenPath, "format": e.format.rawValue, "quality": e.quality,
      ]
      if let w = e.watermark {
        o["watermark"] = ["source": w.source, "position": w.position, "margin": w.margin.doubleValue] as [String: Any]
      }
      if let t = e.stillTime { o["still"] = time(t) }
      if let l = e.loudness {
        var lo: [String: Any] = ["integrated": exact(l.integrated), "truePeak": exact(l.truePeak)]
        if let p = l.preset { lo["preset"] = p }
        o["loudness"] = lo
      }
      o["sidecars"] = e.sidecars.map { ["path": $0.path, "written": $0.writtenPath] }
      o["thumbnails"] = e.thumbnails.map {
        ["path": $0.path, "written": $0.writtenPath, "at": time($0.time)] as [String: Any]
      }
      return o
    }
    object["parameters"] = parameters.mapValues(\.jsonValue)
    return object
  }

  /// Pretty-printed JSON with sorted keys (stable for golden tests).
  public var jsonText: String {
    let data =
      (try? JSONSerialization.data(
        withJSONObject: jsonObject, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}

extension SourceInfo {
  var isStillImageSource: Bool { kind == .image || (facts?.isStillImage ?? false) }
}

extension Value {
  /// A JSON form: `{"type": …, …}` with exact values as strings.
  public var jsonValue: [String: Any] {
    func r(_ x: Rational) -> [String: Any] { ["exact": x.description, "value": x.doubleValue] }
    switch self {
    case .number(let x): return ["type": "number"].merging(r(x)) { a, _ in a }
    case .duration(let x): return ["type": "duration"].merging(r(x)) { a, _ in a }
    case .range(let a, let b): return ["type": "range", "start": r(a), "end": r(b)]
    case .ratio(let a, let b): return ["type": "ratio", "width": a, "height": b]
    case .size(let w, let h): return ["type": "size", "width": w, "height": h]
    case .gain(let x): return ["type": "gain"].merging(r(x)) { a, _ in a }
    case .speed(let x): return ["type": "speed"].merging(r(x)) { a, _ in a }
    case .angle(let x): return ["type": "angle"].merging(r(x)) { a, _ in a }
    case .color(let c): return ["type": "color", "value": ColorNames.hex(c)]
    case .string(let s): return ["type": "string", "value": s]
    case .bool(let b): return ["type": "bool", "value": b]
    case .source(let i): return ["type": "source", "value": i]
    case .word(let w): return ["type": "word", "value": w]
    case .call(let name, let args): return ["type": "call", "name": name, "arguments": args.mapValues(\.jsonValue)]
    }
  }
}
