extension Schema {
  /// Statements of the edit's sound: `duck` (ducking, resolved to `volume` keys).
  static let audioStatements: [StatementSchema] = [
    StatementSchema(
      "duck", in: [.clip, .audioTrack],
      labelled: [
        ArgumentSchema(
          "under", .string, required: true,
          "The name of the overlay or audio track whose items are the voice (`\"voice\"`)."),
        ArgumentSchema("by", .gain, default: "-12dB", "How far the sound goes down while the voice plays (negative)."),
        ArgumentSchema(
          "ramp", .duration, default: "200ms",
          "How long going down and coming back up take (linear in decibels); `0s` jumps."),
      ],
      repeatable: false,
      "Ducking: lowers the sound of this clip (in a clip's block) or of every clip of this audio track while the items of the named track play, with linear-in-decibel ramps. It means `volume` keys (shown by `vedl ir`); a clip's static `volume:` is added to it."
    )
  ]

  /// `export … loudness: truePeak:` (EBU R128 normalisation of the mix).
  static let loudnessArguments: [ArgumentSchema] = [
    ArgumentSchema(
      "loudness", .oneOf([.gain, .enumeration(Enumerations.loudnessPreset)]),
      "Normalises the mix to this integrated loudness (EBU R128, LUFS written as `-14dB`) or a delivery preset: `youtube` and `spotify` −14, `apple` −16, `podcast` −16, `broadcast` −23 (EBU R128)."
    ),
    ArgumentSchema(
      "truePeak", .gain, default: "-1dB",
      "With `loudness:`: the true-peak ceiling (dBTP) a limiter keeps the normalised mix under."),
  ]
}
