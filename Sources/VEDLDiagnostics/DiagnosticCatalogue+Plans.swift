extension DiagnosticCode {
  public static let planOutOfDate = DiagnosticCode("E0820")
  public static let planVersionMismatch = DiagnosticCode("E0821")
  public static let chunksNotReady = DiagnosticCode("E0822")
  public static let invalidPlan = DiagnosticCode("E0823")
}

extension DiagnosticCatalogue {
  /// Codes raised by the jobs of a plan (`E082x`): `vedl render --chunks N --plan`,
  /// `vedl batch --plan` and `vedl job` (docs/scale-out.md).
  static let plans: [CatalogueEntry] = [
    CatalogueEntry(
      "E0820", .error, "the job no longer matches its plan",
      explanation: """
        A job of a plan refuses to run because the render it stands for changed since the \
        plan was made: the script was edited, a media, caption or font file it reads has \
        other contents, or the job's settings differ. Every line of a plan carries `plan`, a \
        hash of the checked edit, its inputs' digests, the chunking and the versions of \
        vedl and libav; chunks made from different inputs would not join into one edit, so \
        the job renders nothing.

        ```sh
        vedl render edit.vedl -o out.mp4 --chunks 8 --plan > plan.jsonl
        # … edit.vedl is changed …
        vedl job plan.jsonl --index 3    # error[E0820]
        ```

        Make the plan again and run its jobs; chunks already made for the new plan are kept.
        """),
    CatalogueEntry(
      "E0821", .error, "the worker's vedl or libav differs from the plan's",
      explanation: """
        The plan records the versions of vedl and of the libav libraries (FFmpeg) of the \
        machine that made it, and every job checks that its worker runs the same: another \
        encoder version can make other pictures from the same frames, and chunks of one \
        output must come from one encoder.

        Install the planner's versions on every worker (one container image does it), or \
        make the plan again on a machine like the workers.
        """),
    CatalogueEntry(
      "E0822", .error, "chunks are missing or stale",
      explanation: """
        The assemble job of a chunked render joins the chunks into the output, and refuses \
        while any chunk is not done: its file is missing, or it was made for another plan \
        (stale). The message names every such chunk. Nothing is written to the output.

        ```sh
        vedl job plan.jsonl --status     # done / missing / stale, line by line
        ```

        Run the missing chunks' jobs (they are idempotent: running every job again redoes \
        only what is not done), then the assemble job.
        """),
    CatalogueEntry(
      "E0823", .error, "cannot use the plan",
      explanation: """
        `vedl job PLAN.jsonl` could not find the job to run: the file cannot be read, a line \
        is not a plan line (JSON with `kind` and `argv`), or the index — from `--index`, \
        `VEDL_JOB_INDEX`, `SLURM_ARRAY_TASK_ID`, `JOB_COMPLETION_INDEX` or \
        `AWS_BATCH_JOB_ARRAY_INDEX` — is missing or past the plan's last line.

        Lines are numbered from 0; a plan from `vedl render FILE --chunks N --plan` has \
        `N + 1` lines, the last one assembling the chunks.
        """),
  ]
}
