import Foundation

/// The in-process render's second stage: a thread of its own that encodes the pictures and
/// samples the filter graph delivers and writes the packets into the output file, while the
/// calling thread decodes and filters the next ones.
///
/// The `ffmpeg` CLI (5.1) decodes, filters and encodes on one thread, so the filter graph
/// waits whenever libx264's frame threads are all busy, and libx264 waits whenever the graph
/// runs a single-threaded filter. Here the two overlap, a bounded `HandOffQueue` between them
/// (a few frames, so memory stays flat).
///
/// Ownership: once `start` has run, the muxer and every encoder handed over in a job are used
/// by this thread only, until `finish` or `abandon` returns — the session then writes the
/// trailer itself. A frame is handed over too: the caller gives each job its own `AVFrame`
/// (a new reference to the picture, `Frame.newReference()`), never touched again.
final class EncodingThread {
  /// What the thread does next.
  enum Job {
    /// Gives the muxer stream `stream` the parameters of its newly opened encoder (the header
    /// is written once every stream has them).
    case configure(encoder: StreamEncoder, stream: Int)
    /// Encodes `frame` (its `pts` in the encoder's time base) and writes the packets.
    case encode(frame: Frame, encoder: StreamEncoder, stream: Int)
    /// Drains the encoder's delayed packets at the end of its stream.
    case endOfStream(encoder: StreamEncoder, stream: Int)
  }

  /// The state shared by both threads, moved to the encoding thread as one value.
  private final class Work: @unchecked Sendable {
    let queue: HandOffQueue<Job>
    let muxer: OutputMuxer
    let done = DispatchSemaphore(value: 0)
    /// The error that stopped the thread; written by it before `done` is signalled, read by
    /// the caller after waiting for `done` (or after `put` failed, under the queue's lock).
    private let lock = NSLock()
    private var storedError: MediaRenderError?

    init(queue: HandOffQueue<Job>, muxer: OutputMuxer) {
      self.queue = queue
      self.muxer = muxer
    }

    var error: MediaRenderError? { lock.withLock { storedError } }

    func run() {
      defer { done.signal() }
      while let job = queue.take() {
        do throws(MediaRenderError) {
          try perform(job)
        } catch {
          lock.withLock { storedError = error }
          queue.abandon()
          return
        }
      }
    }

    private func perform(_ job: Job) throws(MediaRenderError) {
      switch job {
      case .configure(let encoder, let stream):
        try muxer.configure(stream: stream, from: encoder)
      case .encode(let frame, let encoder, let stream):
        for packet in try encoder.encode(frame) { try muxer.write(packet, stream: stream) }
      case .endOfStream(let encoder, let stream):
        for packet in try encoder.encode(nil) { try muxer.write(packet, stream: stream) }
      }
    }
  }

  private let work: Work
  private var started = false
  private var stopped = false

  /// Jobs that may wait at once. Eight covers the few pictures libx264's lookahead and frame
  /// threads are away with at any moment plus the audio frames in between; each 1080x1920
  /// picture is 3 MiB.
  private static let capacity = 8

  /// A thread, not yet started, that will write into `muxer`.
  init(muxer: OutputMuxer) {
    work = Work(queue: HandOffQueue(capacity: Self.capacity), muxer: muxer)
  }

  /// Starts the thread; from now on the muxer belongs to it.
  func start() {
    guard !started else { return }
    started = true
    let work = work
    let thread = Thread { work.run() }
    thread.name = "vedl encoding"
    thread.start()
  }

  /// Hands `job` to the thread, waiting while the queue is full. Throws the error that
  /// stopped the thread, if it has stopped.
  func submit(_ job: Job) throws(MediaRenderError) {
    if !started { start() }
    guard work.queue.put(job) else {
      throw work.error ?? .encodingFailed(reason: "the encoding thread stopped")
    }
  }

  /// Waits until every job has been done and the thread has ended; throws the error that
  /// stopped it, if one did. After this the muxer belongs to the caller again.
  func finish() throws(MediaRenderError) {
    guard started, !stopped else { return }
    stopped = true
    work.queue.finish()
    work.done.wait()
    if let error = work.error { throw error }
  }

  /// Stops the thread without doing the jobs that wait (an error elsewhere, Ctrl-C), and
  /// waits until it has ended.
  func abandon() {
    guard started, !stopped else { return }
    stopped = true
    work.queue.abandon()
    work.done.wait()
  }
}
