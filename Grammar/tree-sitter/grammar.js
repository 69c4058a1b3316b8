/**
 * Tree-sitter grammar for VEDL (video edit description language), following
 * Grammar/vedl.ebnf (the normative grammar).
 *
 * UNTESTED: no tree-sitter CLI can be installed where VEDL is built, so this grammar has
 * never been generated or run. It is written to the EBNF rule by rule; the TextMate grammar
 * (Grammar/vedl.tmLanguage.json) is the tested one. See README.md beside this file.
 *
 * Line breaks end statements, so `newline` is a token (not an extra); inside parentheses
 * they are allowed between arguments (S6), written here as optional newlines.
 */

const PREC = {
  range: 1,
  additive: 2,
  multiplicative: 3,
  unary: 4,
  postfix: 5,
};

const word = /[A-Za-z_][A-Za-z0-9_]*/;

module.exports = grammar({
  name: 'vedl',

  extras: $ => [/[ \t\r]/, $.line_comment, $.block_comment],

  externals: $ => [],

  word: $ => $.identifier,

  conflicts: $ => [],

  rules: {
    source_file: $ => seq(
      repeat($._separator),
      optional(seq($._item, repeat(seq(repeat1($._separator), $._item)), repeat($._separator))),
    ),

    _separator: $ => choice($._newline, ';'),
    _newline: _ => /\n/,

    _item: $ => choice($.version_decl, $.param_decl, $.let_decl, $.statement),

    version_decl: $ => seq('vedl', $.number),

    param_decl: $ => seq(
      'param',
      field('name', $.identifier),
      ':',
      field('type', $.type_identifier),
      optional(seq('=', field('default', $._expression))),
    ),

    type_identifier: $ => alias($.identifier, 'type_identifier'),

    let_decl: $ => seq('let', field('name', $.identifier), '=', field('value', $._expression)),

    // The one generic statement form (§3): NAME argument* block?
    statement: $ => seq(
      field('name', $.statement_name),
      repeat(field('argument', $.argument)),
      optional(field('block', $.block)),
    ),

    statement_name: $ => $.identifier,

    argument: $ => choice(
      seq(field('label', $.label), ':', field('value', $._expression)),
      field('value', $._expression),
    ),

    // Keywords may be labels (S4).
    label: $ => choice($.identifier, 'vedl', 'param', 'let', 'true', 'false'),

    block: $ => seq(
      '{',
      repeat($._separator),
      optional(seq($._item, repeat(seq(repeat1($._separator), $._item)), repeat($._separator))),
      '}',
    ),

    // ---- Expressions (§2.2), loosest first -------------------------------------

    _expression: $ => choice(
      $.range_expression,
      $.binary_expression,
      $.unary_expression,
      $.member_expression,
      $.call,
      $.parenthesized_expression,
      $.identifier,
      $.boolean,
      $.string,
      $._literal,
    ),

    range_expression: $ => prec.left(PREC.range, seq($._expression, '..', $._expression)),

    binary_expression: $ => choice(
      prec.left(PREC.additive, seq($._expression, choice('+', '-'), $._expression)),
      prec.left(PREC.multiplicative, seq($._expression, choice('*', '/'), $._expression)),
    ),

    unary_expression: $ => prec(PREC.unary, seq('-', $._expression)),

    member_expression: $ => prec(PREC.postfix, seq(
      field('object', $._expression),
      '.',
      field('member', alias(choice($.identifier, 'vedl', 'param', 'let', 'true', 'false'), $.member_name)),
    )),

    // S7: a call is a name IMMEDIATELY followed by `(`.
    call: $ => prec(PREC.postfix, seq(
      field('function', $.identifier),
      token.immediate('('),
      repeat($._newline),
      optional(seq(
        $.call_argument,
        repeat(seq(repeat($._newline), ',', repeat($._newline), $.call_argument)),
        optional(seq(repeat($._newline), ',')),
      )),
      repeat($._newline),
      ')',
    )),

    call_argument: $ => choice(
      seq(field('label', $.label), ':', field('value', $._expression)),
      field('value', $._expression),
    ),

    parenthesized_expression: $ => seq('(', repeat($._newline), $._expression, repeat($._newline), ')'),

    boolean: _ => choice('true', 'false'),

    // ---- Literals (L3: units are glued; longest match) -----------------------

    _literal: $ => choice(
      $.timecode, $.ratio, $.size, $.duration, $.percent, $.gain, $.speed, $.angle, $.color, $.number,
    ),

    number: _ => /\d+(\.\d+)?/,
    duration: _ => token(choice(
      /\d+f/,
      /(\d+h)?(\d+m)?(\d+s)?(\d+ms)?/,
      /((\d+h)?(\d+m)?\d+(\.\d+)?s|(\d+h)?\d+(\.\d+)?m|\d+(\.\d+)?h|(\d+h)?(\d+m)?(\d+s)?\d+(\.\d+)?ms)/,
    )),
    timecode: _ => token(/\d+:\d+:\d+([:.]\d+)?/),
    ratio: _ => token(/\d+:\d+/),
    size: _ => token(/\d+x\d+/),
    percent: _ => token(/\d+(\.\d+)?%/),
    gain: _ => token(/\d+(\.\d+)?dB/),
    speed: _ => token(/\d+(\.\d+)?x/),
    angle: _ => token(/\d+(\.\d+)?deg/),
    color: _ => token(/#([0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})/),

    // ---- Strings with escapes and interpolation (L8) -------------------------

    string: $ => seq(
      '"',
      repeat(choice($.string_content, $.escape_sequence, $.interpolation)),
      token.immediate('"'),
    ),
    string_content: _ => token.immediate(prec(1, /[^"\\\n]+/)),
    escape_sequence: _ => token.immediate(/\\(["\\nt]|u\{[0-9A-Fa-f]{1,8}\})/),
    interpolation: $ => seq(token.immediate('\\('), $._expression, ')'),

    // ---- Words and comments ---------------------------------------------------

    identifier: _ => word,

    line_comment: _ => token(seq('//', /[^\n]*/)),
    // Block comments nest in VEDL; a regular expression cannot count, so nested comments
    // need an external scanner (not written: see README.md). This rule accepts the common,
    // unnested case.
    block_comment: _ => token(seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/')),
  },
});
