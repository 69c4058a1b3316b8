import Foundation
import VEDLMedia
import VEDLRaster

/// The pipeline's first stage: a thread of its own that draws the timeline frames in order
/// and puts each picture into the queue, while the calling thread converts and encodes the
/// previous ones. It stops after the last frame, at the first error (which it puts into the
/// queue), when the render is cancelled, or when the consumer abandons the queue.
///
/// The drawing closure (in practice `NativeFrameRenderer.frame(_:)`) is used on this thread
/// only, from `start` until `waitUntilFinished` returns: the renderer is handed over, not
/// shared, which is why the box around it may be `@unchecked Sendable`.
final class NativePipelineCompositingThread {
  /// Draws one timeline frame.
  typealias Draw = (Int64) throws(NativePipelineError) -> RGBAImage

  /// The closure and the frames, moved to the thread as one value.
  private final class Work: @unchecked Sendable {
    let draw: Draw
    let frames: [Int64]
    let queue: NativePipelineFrameQueue
    let cancellation: CancellationFlag?
    let done = DispatchSemaphore(value: 0)

    init(draw: @escaping Draw, frames: [Int64], queue: NativePipelineFrameQueue, cancellation: CancellationFlag?) {
      self.draw = draw
      self.frames = frames
      self.queue = queue
      self.cancellation = cancellation
    }

    func run() {
      defer {
        queue.finish()
        done.signal()
      }
      for index in frames {
        if queue.isAbandoned || cancellation?.isCancelled == true { return }
        do throws(NativePipelineError) {
          let image = try draw(index)
          if !queue.put(.picture(index: index, image: image)) { return }
        } catch {
          queue.put(.failure(error))
          return
        }
      }
    }
  }

  private let work: Work

  /// Starts drawing `frames` (timeline frame indices, in the order wanted) with `draw` into
  /// `queue`.
  init(
    frames: [Int64], queue: NativePipelineFrameQueue, cancellation: CancellationFlag?, draw: @escaping Draw
  ) {
    work = Work(draw: draw, frames: frames, queue: queue, cancellation: cancellation)
    let work = work
    let thread = Thread { work.run() }
    thread.name = "vedl native compositing"
    // Compositing code may recurse through nested pictures; give it a main-thread-sized stack.
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Blocks until the thread has stopped; after this the drawing closure is no longer used.
  func waitUntilFinished() {
    work.done.wait()
    // Keep the semaphore signalled for a second call.
    work.done.signal()
  }
}
