/// A value handed from the thread that made it to the one thread that uses it from then on
/// (the frame renderer, moved to the compositing thread). The pipeline guarantees the
/// hand-over — the maker never touches the value again until the user has stopped — which
/// the compiler cannot see, hence `@unchecked Sendable`.
final class NativePipelineHandover<Value>: @unchecked Sendable {
  /// The value handed over.
  let value: Value

  /// A box around `value`.
  init(_ value: Value) {
    self.value = value
  }
}
