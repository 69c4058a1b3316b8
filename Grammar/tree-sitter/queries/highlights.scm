; Highlights for the VEDL tree-sitter grammar (UNTESTED: see ../README.md).
; Capture names follow nvim-treesitter / Helix conventions.

; Keywords and declarations
["vedl" "param" "let"] @keyword
(boolean) @boolean

; The statement name is the verb of the language: clip, track, crop, export, …
(statement name: (statement_name (identifier) @keyword))

; Declared names
(param_decl name: (identifier) @variable.parameter)
(param_decl type: (type_identifier) @type.builtin)
(let_decl name: (identifier) @constant)

; Arguments
(argument label: (label) @property)
(call_argument label: (label) @property)

; Calls: source constructors and call shapes
(call function: (identifier) @function.builtin
  (#match? @function.builtin "^(video|image|audio|color|testpattern|tone|waveform|dynamic|fixed)$"))
(call function: (identifier) @function.call)

; Members: opening.end, canvas.width
(member_expression member: (member_name) @property)

; Enumeration words and colour names used as values
((identifier) @constant.builtin
  (#match? @constant.builtin "^(topLeading|top|topTrailing|leading|center|trailing|bottomLeading|bottom|bottomTrailing|main|overlay|audio|left|right|up|down|cover|contain|fill|horizontal|vertical|rect|ellipse|lossless|original|low|medium|high|blur|story|square|portrait|landscape|hd|fullhd|uhd|youtube|spotify|apple|podcast|broadcast|none|muted|end)$"))
((identifier) @constant.builtin
  (#match? @constant.builtin "^(black|white|red|green|lime|blue|yellow|cyan|aqua|magenta|fuchsia|gray|grey|silver|maroon|olive|navy|purple|teal|orange|transparent)$"))

(identifier) @variable

; Literals
(number) @number
[(duration) (timecode) (ratio) (size) (percent) (gain) (speed) (angle)] @number
(color) @string.special
(string) @string
(string_content) @string
(escape_sequence) @string.escape
(interpolation "\\(" @punctuation.special ")" @punctuation.special)

; Comments
[(line_comment) (block_comment)] @comment

; Operators and punctuation
["+" "-" "*" "/" ".." "="] @operator
["{" "}" "(" ")"] @punctuation.bracket
[":" "," ";" "."] @punctuation.delimiter
