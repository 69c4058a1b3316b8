import VEDLSema

extension Timeline {
  /// Whether a text item sets `size width:`, the only text a `TextMeasuring` can wrap — a
  /// caller can skip setting up a font library for a timeline without one.
  public var hasSizedText: Bool {
    tracks.contains { track in
      track.items.contains { item in
        guard let text = item.text, !text.isEmpty else { return false }
        return item.resolved.size?.width != nil
      }
    }
  }

  /// Whether anything is drawn with a font: a non-empty text item or a burnt-in caption —
  /// a caller sets up a text measurer (a font library) only then.
  public var drawsText: Bool {
    !captions.burntInCues.isEmpty || tracks.contains { $0.items.contains { !($0.text ?? "").isEmpty } }
  }
}
