/// The timeline header after `header` and `modifyHeader`: its items grouped by placement,
/// each group in display order. Placement only groups items; spacers push them apart.
public struct EditorHeader: Codable, Sendable, Equatable {
  /// Items at the leading edge.
  public var leading: [EditorHeaderItem]
  /// Items in the middle.
  public var center: [EditorHeaderItem]
  /// Items at the trailing edge.
  public var trailing: [EditorHeaderItem]

  /// Creates a header; groups left out are empty.
  public init(leading: [EditorHeaderItem] = [], center: [EditorHeaderItem] = [], trailing: [EditorHeaderItem] = []) {
    self.leading = leading
    self.center = center
    self.trailing = trailing
  }

  /// The group at `placement`.
  public subscript(placement: EditorHeaderPlacement) -> [EditorHeaderItem] {
    get {
      switch placement {
      case .leading: leading
      case .center: center
      case .trailing: trailing
      }
    }
    set {
      switch placement {
      case .leading: leading = newValue
      case .center: center = newValue
      case .trailing: trailing = newValue
      }
    }
  }

  /// Whether no group holds an item (the player bar is removed).
  public var isEmpty: Bool { leading.isEmpty && center.isEmpty && trailing.isEmpty }
}

/// Where a group of header items sits: `leading { … }`, `center { … }`, `trailing { … }`.
public enum EditorHeaderPlacement: String, Codable, Sendable, CaseIterable {
  case leading
  case center
  case trailing
}
